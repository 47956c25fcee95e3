/* The /outbox page: what waits on this phone, what was refused (fix or discard), what the office
 * received lately, and what was discarded. Drawn from IndexedDB on every change of the queue. */
import { all, getMeta } from "./db.js";
import { el, say, userId } from "./dom.js";
import { resultLines } from "./entry-state.js";
import { dogById } from "./dataset.js";
import { describeErrors, kindLabel, plural, when } from "./format.js";
import { receiptNumber } from "./keeping.js";
import { progressFor } from "./photo-upload.js";
import { discard, entriesFor } from "./queue.js";

function stateText(entries, paused, uid) {
  const waiting = entries.filter((e) => e.status !== "failed" && e.status !== "attention").length;
  let text = entries.length ? `${waiting} waiting to be sent, ${entries.length - waiting} need your attention.` : "Everything has been sent.";
  if (paused && paused.value && String(paused.value.user_id) === uid) {
    text += paused.value.why === "wrong_user" ? " Paused: these were recorded by another officer."
      : " Paused: your session ended. Sign in again to send them.";
  } else if (!navigator.onLine && waiting) {
    text += " No signal: they will be sent when it returns.";
  }
  return text;
}

// When the entry was recorded on the phone (a fixed one keeps it), in the town's words.
const recordedAt = when;

// What the entry is about, as the officer knows it: the dog (name and ID number, from the
// phone's copy) or its description, and the place.
async function about(e) {
  const p = e.payload || {};
  // A seized dog not on file may be described by its colour and breed alone (the DL-18 fields).
  let dog = p.dog_description || [p.dog_color, p.dog_breed].filter(Boolean).join(" ");
  const rec = p.dog_id ? await dogById(p.dog_id) : null;
  if (rec && rec.dog) dog = rec.dog.name + (rec.dog.id_number ? ` (ID no. ${rec.dog.id_number})` : "");
  else if (p.dog_id && !dog) dog = "a dog on file";
  const place = p.location_text || (p.latitude ? `GPS ${p.latitude}, ${p.longitude}` : "");
  return { dog, place };
}

async function heading(e) {
  const { dog, place } = await about(e);
  return [el("strong", { class: "outbox-what" }, kindLabel(e.kind) + (dog ? ` · ${dog}` : "")),
    place ? el("p", { class: "outbox-place" }, place) : null,
    el("p", { class: "muted outbox-when" }, `Recorded ${recordedAt(e.created_at)}`)];
}

// A 409 on the entry's own id: its number is taken. Any other 409 (a correction that lost to
// another officer's) says in its own words what changed.
function sameNumberTaken(e) {
  return Boolean(e.conflict && e.last_error && "id" in e.last_error);
}

function statusLine(e) {
  const photos = (e.photos || []).length;
  const photoNote = photos ? ` · ${plural(photos, "photo")}` : "";
  if (e.status === "failed") {
    return el("p", { class: "outbox-status error" }, (sameNumberTaken(e) ? "Not accepted: the office already has a different entry with this number. " :
      "Not accepted by the office: ") + describeErrors(e.last_error));
  }
  if (e.status === "attention") {
    return el("p", { class: "outbox-status error" }, `Needs attention: the office's server failed on this entry ` +
      `${plural(e.server_errors || 3, "time")} in a row (${describeErrors(e.last_error)}). It is kept, and the entries ` +
      `after it were sent. Tap “Sync now” to try it again, or call the office.` + photoNote);
  }
  if (e.status === "sending") return el("p", { class: "outbox-status" }, "Sending now…" + photoNote);
  const tried = e.attempts ? ` (tried ${plural(e.attempts, "time")}${e.last_error ? ": " + describeErrors(e.last_error) : ""})` : "";
  // The records go first: only its photos wait, each line below says how far.
  if (e.result) return el("p", { class: "outbox-status" }, `Received by the office; its photos follow${tried}.`);
  if (e.waiting_for) {
    return el("p", { class: "outbox-status" }, "Waiting for the violation it follows: that entry " +
      "needs your attention first (above). It is sent right after it." + photoNote);
  }
  return el("p", { class: "outbox-status" }, (e.attempts ? `Waiting${tried}` : "Waiting to be sent") + photoNote);
}

// A photo's way to the office, in KB: "Photo 1: 180 of 640 KB sent". A cut link loses at most a
// chunk of it (photo-upload.js), so the officer sees it resume rather than start over.
const kb = (bytes) => Math.round(bytes / 1024);
export function photoText(index, offset, total, received) {
  return received ? `Photo ${index + 1}: received by the office (${kb(total)} KB).`
    : `Photo ${index + 1}: ${kb(offset)} of ${kb(total)} KB sent.`;
}

function photoLine(index, offset, total, received) {
  return el("li", { class: "outbox-photo", "data-photo-index": String(index) },
    el("span", { class: "outbox-photo-text" }, photoText(index, offset, total, received)),
    el("progress", { max: String(total), value: String(received ? total : offset), "aria-hidden": "true" }));
}

async function photoLines(e) {
  const photos = e.photos || [];
  if (!photos.length) return null;
  const sent = e.photos_sent || 0;
  const kept = await progressFor(e.id, photos.length);
  return el("ul", { class: "outbox-photos" }, ...photos.map((p, i) =>
    photoLine(i, kept[i] && kept[i].total === p.size ? kept[i].offset : 0, p.size, i < sent)));
}

// A chunk of a photo went in (queue.js notifies "progress"): its line says so, nothing redrawn.
export function paintProgress({ id, index, offset, total }) {
  const row = [...document.querySelectorAll("#outbox-list .outbox-entry")].find((li) => li.dataset.entryId === id);
  const line = row && row.querySelector(`.outbox-photo[data-photo-index="${Number(index)}"]`);
  if (!line) return;
  line.querySelector(".outbox-photo-text").textContent = photoText(Number(index), offset, total, false);
  line.querySelector("progress").value = offset;
}

// One waiting entry: what it is, where it stands, "Fix and send again"; "Discard" apart, asking first.
async function entryRow(e, changed) {
  const actions = el("div", { class: "actions" });
  if (e.status === "failed" && e.form_url && !e.result) {
    const p = e.payload || {};
    const q = new URLSearchParams();
    if (p.dog_id) q.set("dog", p.dog_id);
    if (p.violation_entry_id) q.set("violation", p.violation_entry_id);
    q.set("outbox_edit", e.id);
    actions.append(el("a", { class: "btn btn-primary btn-block outbox-edit", href: `${e.form_url}?${q}` }, "Fix and send again"));
  }
  const row = el("li", { class: `outbox-entry outbox-${e.status}`, "data-entry-id": e.id }, ...(await heading(e)), statusLine(e),
    await photoLines(e), actions);
  if (e.status !== "sending") {
    const drop = el("button", { type: "button", class: "btn btn-danger outbox-discard" }, "Discard this entry");
    drop.addEventListener("click", async () => {
      if (!confirm(`Discard this ${kindLabel(e.kind).toLowerCase()}? It will never be sent. The office is told it was discarded.`)) return;
      if (!(await discard(e.id))) say("This entry is being sent right now and can't be discarded.", true);
      await changed();
    });
    row.append(el("div", { class: "outbox-discard-box" }, drop));
  }
  return row;
}

// The office's receipt: when it arrived, the number of what the office recorded, the rest.
async function sentItem(e) {
  const number = receiptNumber(e.kind, e.result);
  const li = el("li", { class: "outbox-sent-entry", "data-entry-id": e.id }, ...(await heading(e)),
    el("p", { class: "receipt" }, el("strong", {}, `Received by the office${e.confirmed_at ? " " + when(e.confirmed_at) : ""}`),
      number ? ": " : ".", number ? el("strong", { class: "receipt-number" }, number) : null),
    el("p", {}, resultLines(e.result || {}).join(" ")));
  if (e.result && e.result.url) li.append(el("p", {}, el("a", { href: e.result.url }, "Open the record")));
  return li;
}

const RECEIPTS_SHOWN = 30;
let showAllReceipts = false;

// `changed()`: after a discard (the app flushes the discard report and repaints the badge).
export async function renderOutbox(changed) {
  const list = document.getElementById("outbox-list");
  const uid = userId();
  if (!list || !uid) return;
  const entries = await entriesFor(uid);
  document.getElementById("outbox-state").textContent = stateText(entries, await getMeta("paused"), uid);
  list.replaceChildren(...(await Promise.all(entries.map((e) => entryRow(e, changed)))));
  const sentList = document.getElementById("outbox-sent");
  if (sentList) {
    const sent = (await all("sent")).filter((e) => String(e.user_id) === uid)
      .sort((a, b) => ((a.confirmed_at || "") < (b.confirmed_at || "") ? 1 : -1));
    // The newest first; the whole week on request (hundreds of receipts redrawn after every
    // entry sent would slow the very flush they report on).
    const shown = showAllReceipts ? sent : sent.slice(0, RECEIPTS_SHOWN);
    const items = await Promise.all(shown.map(sentItem));
    if (shown.length < sent.length) {
      const more = el("button", { type: "button", class: "btn", id: "all-receipts" }, `Show all ${sent.length} receipts`);
      more.addEventListener("click", () => { showAllReceipts = true; renderOutbox(changed); });
      items.push(el("li", { class: "receipts-more" }, more));
    }
    sentList.replaceChildren(...items);
  }
  const discards = document.getElementById("outbox-discards");
  if (discards) {
    const mine = (await all("discards")).filter((d) => String(d.user_id) === uid);
    discards.replaceChildren(...mine.map((d) => el("li", {},
      `${kindLabel(d.kind)}, discarded ${when(d.discarded_at)} — reported to the office when there is signal.`)));
  }
}
