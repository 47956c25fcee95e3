/* The officer's queue of open calls (calls/queue.html, a page the phone keeps): "Nearest first"
 * sorts the calls that have a position by their distance from where the phone is now (no map
 * service: the great-circle distance), the rest after them, oldest first as the page had them.
 * Without JavaScript or a position the page keeps the office's order (urgent, then oldest). */
import { datasetInfo } from "./dataset.js";
import { el, onEveryPage } from "./dom.js";

export function distanceKm(a, b) {
  const rad = (d) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat), dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function sortFrom(list, said, here) {
  const items = Array.from(list.querySelectorAll("li[data-call]"));
  const placed = items.filter((li) => li.dataset.lat);
  const unplaced = items.filter((li) => !li.dataset.lat);
  placed.forEach((li) => { li._km = distanceKm(here, { lat: Number(li.dataset.lat), lon: Number(li.dataset.lon) }); });
  placed.sort((x, y) => x._km - y._km);
  for (const li of placed.concat(unplaced)) {
    list.append(li);
    let tag = li.querySelector("[data-distance]");
    if (li._km !== undefined) {
      if (!tag) { tag = document.createElement("span"); tag.dataset.distance = ""; tag.className = "badge"; li.prepend(tag); }
      tag.textContent = `${li._km.toFixed(1)} km`;
    }
  }
  said.textContent = `Nearest first from where you are; ${unplaced.length} call${unplaced.length === 1 ? "" : "s"} with no position at the end.`;
}

// The page may be the one kept on the phone (as of app open); the phone's copy of the open calls
// is fetched every few minutes with signal. Where the copy is newer, the page says what changed:
// a call another officer took, a call closed since, calls that came in since.
export function changesSince(rendered, items, rows) {
  const byEntry = new Map(rows.map((r) => [r.entry_id, r]));
  const onPage = new Set(items.map((i) => i.entry));
  return {
    taken: items.filter((i) => byEntry.get(i.entry) && byEntry.get(i.entry).officer && byEntry.get(i.entry).officer !== i.officer)
      .map((i) => ({ entry: i.entry, officer: byEntry.get(i.entry).officer })),
    closed: items.filter((i) => !byEntry.has(i.entry)).map((i) => i.entry),
    added: rows.filter((r) => !onPage.has(r.entry_id)).length,
  };
}

async function showCopy(list) {
  const rendered = Date.parse(list.dataset.renderedAt || "");
  const info = await datasetInfo().catch(() => null);
  if (!info || !info.calls || !(info.fetched_ms > rendered)) return;
  const lis = Array.from(list.querySelectorAll("li[data-call-entry]"));
  const items = lis.map((li) => ({ entry: li.dataset.callEntry, officer: (li.querySelector("[data-taken-by]") || {}).dataset?.officer || "" }));
  const found = changesSince(rendered, items, info.calls);
  for (const { entry, officer } of found.taken) {
    const li = lis.find((x) => x.dataset.callEntry === entry);
    li.querySelector(".muted").append(el("span", { "data-copy-taken": "" }, ` · taken by ${officer} (this phone's copy)`));
  }
  for (const entry of found.closed) {
    const li = lis.find((x) => x.dataset.callEntry === entry);
    li.prepend(el("p", { class: "flash", "data-copy-closed": "" }, "Closed since this list was saved (this phone's copy)."));
  }
  if (found.added) {
    list.before(el("p", { class: "flash", "data-copy-added": "" },
      `${found.added} call${found.added === 1 ? "" : "s"} came in since this list was saved: they show here with signal.`));
  }
}

function init() {
  const list = document.querySelector("[data-open-calls]");
  const button = document.querySelector("[data-sort-nearest]");
  const said = document.querySelector("[data-sort-status]");
  if (list && !list.dataset.copyShown) { list.dataset.copyShown = "1"; showCopy(list); }
  if (!list || !button || button.dataset.ready || typeof navigator === "undefined" || !navigator.geolocation) return;
  button.dataset.ready = "1";
  button.hidden = false;
  button.addEventListener("click", () => {
    said.textContent = "Finding your position…";
    navigator.geolocation.getCurrentPosition(
      (pos) => sortFrom(list, said, { lat: pos.coords.latitude, lon: pos.coords.longitude }),
      () => { said.textContent = "No position: the calls stay oldest first."; },
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 120000 });
  });
}

if (typeof document !== "undefined") onEveryPage(init);
