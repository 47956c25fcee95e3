/* The phone's copy of the field dataset: what a scan needs with no signal (GET /api/field-dataset).
 *
 * Fetched whole once, then as deltas since its version, at most every DATASET_EVERY_MS (or at
 * once when entries reached the office). Kept per officer: another officer's copy is dropped.
 * Read by offline-card.js (the card), field.js (cached forms) and entry-state.js.
 *
 * The copy lives no longer than the session it was given to: the server says with each answer
 * how long a session lasts unused (X-Session-Idle-Seconds, the setting session_idle_minutes),
 * and past that time since the last answer the copy is dropped unread. A "not signed in" answer
 * (401) drops it at once, and tells the page ("session-ended", app.js drops the rest).
 *
 * A county's whole copy is built in the background: while it is, the answer is 202 (the phone
 * keeps what it holds) or an older copy, with Retry-After; either way the phone asks again then
 * (copy-retry.js), for the copy or for what changed since the older one. No error is shown.
 */
import { askAgainLater, retryAfterMs } from "./copy-retry.js";
import { all, forgetSession, get, getMeta, req, tx } from "./db.js";
import { holds, userId } from "./dom.js";
import { prefixOf, urls } from "./urls.js";

const DATASET_EVERY_MS = 5 * 60 * 1000;

// The copy's header: {user_id, version, generated_at, fetched_ms, expires_ms, today, redemption_deadlines,
// calls (the open calls for service, whole at each fetch), copy_max_age_hours (the town's limit
// for showing the copy as the status, copy-first.js)}.
// Null when there is no copy, or its session's lifetime has passed (then the copy is dropped).
export async function datasetInfo() {
  const row = await getMeta("dataset");
  if (!row || !row.value) return null;
  if (!(Date.now() <= row.value.expires_ms)) {
    await clearDataset();
    return null;
  }
  return row.value;
}

const live = async () => !!(await datasetInfo());

export function sessionEnded() {
  if (typeof document !== "undefined") document.dispatchEvent(new CustomEvent("session-ended"));
}

export async function refreshDataset(force) {
  const uid = userId();
  if (!uid || !holds("enforce") || !navigator.onLine) return null;
  let current = await datasetInfo();
  if (current && current.user_id !== uid) { await clearDataset(); current = null; }
  if (!force && current && Date.now() - current.fetched_ms < DATASET_EVERY_MS) return current;
  const since = current ? `?since=${current.version}` : "";
  let res;
  try { res = await fetch(urls().dataset + since, { credentials: "same-origin", cache: "no-store" }); } catch (err) { return null; }
  if (res.status === 401) {
    await forgetSession();
    sessionEnded();
    return null;
  }
  const again = () => askAgainLater(() => refreshDataset(true), retryAfterMs(res.headers.get("Retry-After")));
  if (res.status === 202) { again(); return null; } // being built: nothing new yet
  if (!res.ok) return null;
  // No lifetime given: the copy is not kept past this answer.
  const idleMs = (Number(res.headers.get("X-Session-Idle-Seconds")) || 0) * 1000;
  const data = await res.json();
  await tx(["dogs", "retired", "meta"], "readwrite", (s) => {
    if (data.full) { s.dogs.clear(); s.retired.clear(); }
    for (const rec of data.dogs) {
      s.dogs.put(Object.assign({ id: rec.dog.id }, rec));
      for (const t of rec.retired_tags || []) s.retired.put({ token: t.token, retired_on: t.retired_on, dog_id: rec.dog.id });
    }
    // A stored whole copy (services/copy_store.py) was built earlier; its data are as of the answer.
    const asOf = res.headers.get("X-Copy-As-Of") || data.generated_at;
    const now = Date.now(); // read once: the copy's lifetime is exactly the session's
    s.meta.put({ key: "dataset", value: { user_id: uid, version: data.version, generated_at: asOf,
      fetched_ms: now, expires_ms: now + idleMs, today: data.today,
      redemption_deadlines: data.redemption_deadlines, calls: data.calls || [],
      copy_max_age_hours: data.copy_max_age_hours } });
  });
  if (res.headers.get("Retry-After")) again(); // an older copy: the current one is being built
  return data;
}

export async function clearDataset() {
  await tx(["dogs", "retired", "meta"], "readwrite", (s) => {
    s.dogs.clear(); s.retired.clear(); s.meta.delete("dataset");
  });
}

// A dog's record in the copy: {dog, license, rabies, flags, owners, retired_tags}.
export async function dogById(id) {
  if (!Number.isInteger(Number(id)) || !(await live())) return null;
  return get("dogs", Number(id));
}

export async function dogByTag(token) {
  if (!(await live())) return null;
  const hits = await tx("dogs", "readonly", (s) => req(s.dogs.index("tag").getAll(token)));
  return (hits && hits[0]) || null;
}

// A replaced tag: {token, retired_on, dog_id}.
export const retiredTag = async (token) => ((await live()) ? get("retired", token) : null);

// §8: the dog is held now, as the phone knows it: the copy's "impounded" flag, or a seizure of it
// recorded on this phone (waiting in the outbox, or sent lately and not in the copy yet).
export async function heldOnPhone(dogId) {
  try {
    const rec = await dogById(dogId);
    if (rec && (rec.flags || []).some((f) => f.code === "impounded")) return true;
    // A seizure sent before the copy was last fetched is in the copy already (held, or since redeemed).
    const info = await datasetInfo();
    const copiedMs = info ? info.fetched_ms : 0;
    const sent = (await all("sent")).filter((e) => !e.confirmed_at || new Date(e.confirmed_at).getTime() > copiedMs);
    const entries = (await all("outbox")).concat(sent);
    return entries.some((e) => e.kind === "seizure" && String((e.payload && e.payload.dog_id) || e.dog_id || "") === String(dogId));
  } catch (err) {
    return false;
  }
}

// An ID number, tag number or token: one read of an index each, all in one transaction, in the
// order findInCopy checks them (reading every dog of a 5,000-dog copy takes ~100 ms on a phone).
// A miss (or a database an older script opened, without these indexes) falls back to the full read.
function byKey(compact) {
  const serial = compact.replace(/^TAG#?/, "");
  return tx("dogs", "readonly", (s) => {
    const one = (index, key) => req(s.dogs.index(index).get(key));
    return Promise.all([
      /^\d{1,9}$/.test(compact) ? one("id_number", Number(compact)) : null,
      /^\d{1,9}$/.test(serial) ? one("tag_serial", Number(serial)) : null,
      one("tag", compact),
      // A microchip number is stored as the reader shows it: 9 to 15 digits, a string.
      /^\d{9,15}$/.test(compact) && s.dogs.indexNames.contains("microchip") ? one("microchip", compact) : null,
    ]);
  }).then(([byId, bySerial, byToken, byChip]) => byId || bySerial || byToken || byChip || null);
}

// What an officer types on the scan screen, looked up in the copy as the server's lookup does
// (field/views.py: lookup): an ID number, then a tag's printed number ("57", "TAG 57") or the
// code printed on it, with or without its spaces; anything else searches owner, address and
// description. Returns {dog} for one dog, or {dogs} (a search), or {retired} for a replaced tag.
export async function findInCopy(typed) {
  let text = String(typed || "").trim();
  const tagPart = prefixOf(urls().tag).replace(/^.*(\/[^/]+\/)$/, "$1"); // a scanned tag link: ".../t/<token>"
  if (tagPart && text.includes(tagPart)) text = text.split(tagPart).pop().split("?")[0].replace(/\/+$/, "");
  const compact = text.replace(/[\s-]/g, "").toUpperCase().replace(/^#/, "");
  if (!compact || !(await live())) return { dogs: [] };
  const hit = await byKey(compact).catch(() => null);
  if (hit) return { dog: hit };
  const dogs = await tx("dogs", "readonly", (s) => req(s.dogs.getAll()));
  if (/^\d{1,9}$/.test(compact)) {
    const byId = dogs.find((r) => String(r.dog.id_number) === String(Number(compact)));
    if (byId) return { dog: byId };
  }
  const serial = compact.replace(/^TAG#?/, "");
  if (/^\d{1,9}$/.test(serial)) {
    const bySerial = dogs.find((r) => String(r.tag_serial) === String(Number(serial)));
    if (bySerial) return { dog: bySerial };
  }
  const byToken = dogs.find((r) => r.tag === compact);
  if (byToken) return { dog: byToken };
  const byChip = /^\d{9,15}$/.test(compact) && dogs.find((r) => r.dog.microchip === compact);
  if (byChip) return { dog: byChip };
  const retired = await retiredTag(compact);
  if (retired) return { retired, dog: dogs.find((r) => r.id === retired.dog_id) || null };
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = dogs.filter((r) => {
    const hay = [r.dog.name, r.dog.description, r.dog.id_number].concat(
      (r.owners || []).flatMap((o) => [o.name, o.address, o.phone])).join(" ").toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  hits.sort((a, b) => String(a.dog.name).localeCompare(String(b.dog.name)));
  return { dogs: hits.slice(0, 50) };
}
