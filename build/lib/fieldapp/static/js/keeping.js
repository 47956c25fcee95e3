/* The phone keeps what it holds: the outbox (entries not yet at the office) and the copy live in
 * the browser's storage, which a browser may clear when the phone is short of space, or (iOS
 * Safari) after days without use. So the app asks for lasting ("persistent") storage at sign-in,
 * and says plainly, on the start page and the outbox, when the browser refused it or when
 * entries have waited more than a day. The office's receipt of each sent entry (what it recorded,
 * with its number) is on the outbox, so "the phone said sent" is never a question.
 */
import { getMeta, setMeta } from "./db.js";
import { el } from "./dom.js";
import { plural, when } from "./format.js";

export const WAITED_TOO_LONG_MS = 24 * 3600000;

// Ask once a sign-in; the answer is noted in meta "storage" ({persisted, asked_ms}; null: the
// browser has no such promise to give, e.g. an old Safari).
export async function askToKeep(storage = globalThis.navigator && navigator.storage) {
  let persisted = null;
  try {
    if (storage && storage.persisted) persisted = await storage.persisted();
    if (persisted === false && storage.persist) persisted = await storage.persist();
  } catch (err) {
    persisted = false;
  }
  await setMeta("storage", { persisted, asked_ms: Date.now() });
  return persisted;
}

// What to say, from plain values: [{code, text}] (none when all is well).
export function keepingWarnings({ storage, entries, now }) {
  const out = [];
  if (storage && storage.persisted !== true) {
    out.push({ code: "not_kept", text: "This phone's browser has not promised to keep what the app stores here. " +
      "If the phone runs short of space, or the app is not opened for some days, the browser may wipe the outbox " +
      "and the copy of the town. Send what waits while you have signal (Outbox, Sync now); on an iPhone, add the " +
      "app to the home screen and open it every day." });
  }
  const old = (entries || []).filter((e) => now - new Date(e.created_at).getTime() > WAITED_TOO_LONG_MS);
  if (old.length) {
    const oldest = old.map((e) => e.created_at).sort()[0];
    out.push({ code: "waited", text: `${plural(old.length, "entry", "entries")} on this phone ha${old.length > 1 ? "ve" : "s"} ` +
      `waited more than a day to reach the office (the oldest recorded ${when(oldest)}). Find signal and tap ` +
      "“Sync now” on the outbox; if they still do not go, call the office: until they arrive the office does not have them." });
  }
  return out;
}

// The office's number for what it recorded from an entry (its receipt), from the sync's result.
export function receiptNumber(kind, r) {
  r = r || {};
  if (kind === "ticket_void") return r.ticket_number ? `Ticket number ${r.ticket_number} voided` : "Ticket number voided";
  if (r.ticket_number) return `Ticket number ${r.ticket_number}`;
  if (r.record_number) return `Impoundment record ${r.record_number}`;
  if (r.violation_id) return `Violation no. ${r.violation_id}`;
  if (r.complaint_id) return `Sworn complaint no. ${r.complaint_id}`;
  if (r.rabies_request_id) return `Rabies vaccination request no. ${r.rabies_request_id}`;
  return null;
}

// #keeping-warnings (start page, outbox): filled on every repaint of the outbox count.
export async function paintKeeping(entries) {
  const box = document.getElementById("keeping-warnings");
  if (!box) return;
  const storage = await getMeta("storage");
  const warnings = keepingWarnings({ storage: storage && storage.value, entries, now: Date.now() });
  box.replaceChildren(...warnings.map((w) => el("p", { class: "flash flash-error", "data-warning": w.code }, w.text)));
  box.hidden = !warnings.length;
}
