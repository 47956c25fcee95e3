/* When the phone's copy may answer a tag's link before the office does (the service worker's
 * copy-first navigation of /t/<token>, the phone's own camera app opening a printed tag).
 *
 * Only for the signed-in officer the copy was given to: the copy exists in IndexedDB only while
 * someone is signed in (db.js: forgetSession on sign-out and on any "not signed in" answer), so a
 * finder's phone, or a signed-out one, has none and gets the office's public page. Never a copy
 * past its session's life (dataset.js: expires_ms) or older than the town's copy_max_age_hours
 * (the same limit as the in-app scan), and never a tag the copy does not hold (a new tag: the
 * office answers). The card is drawn as HTML text (card-render.js with html-el.js), so the
 * status is readable as soon as the page is parsed, before any script. No DOM.
 */
import { renderCard } from "./card-render.js";
import { heldOnPhone } from "./dataset.js";
import { get, getMeta, req, tx } from "./db.js";
import { longdate, townToday } from "./format.js";
import { htmlEl } from "./html-el.js";

// Why the copy may not answer, or null when it may: {session, dataset, now} are plain values.
export function copyRefusal({ session, dataset, now }) {
  if (!session || !session.value) return "signed_out";
  const info = dataset && dataset.value;
  if (!info) return "no_copy";
  if (String(info.user_id) !== String(session.value)) return "another_officer";
  if (!(now <= info.expires_ms)) return "session_lapsed";
  const made = new Date(info.generated_at).getTime();
  // A copy from before the server said its limit: the in-app scan's default (24 h).
  const hours = Number.isFinite(info.copy_max_age_hours) ? info.copy_max_age_hours : 24;
  if (!(now - made <= hours * 3600000)) return "too_old";
  return null;
}

// "From the phone's copy, 12 min old": the copy's mark on a tag's link answered before the office.
export function copyAge(iso, now = Date.now()) {
  const mins = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60000));
  const old = mins < 90 ? `${mins} min` : mins < 48 * 60 ? `${Math.round(mins / 60)} h` : `${Math.round(mins / 1440)} days`;
  return `From the phone's copy, ${old} old`;
}

// The card the worker answers /t/<token> with, as HTML text: {userId, html, age}; null when the
// copy may not answer (copyRefusal) or does not hold the tag (worn by a dog of the copy, or a
// replaced tag of one: then the card says so first, as offline-card.js does).
export async function copyCard(token, now = Date.now(), { inTown = false } = {}) {
  if (!token) return null;
  const [session, dataset] = [await getMeta("session"), await getMeta("dataset")];
  if (copyRefusal({ session, dataset, now })) return null;
  const [worn, retired] = await tx(["dogs", "retired"], "readonly", (s) => Promise.all([
    req(s.dogs.index("tag").get(token)), req(s.retired.get(token))]));
  let rec = worn;
  let notice = null;
  if (!rec && retired) {
    rec = await get("dogs", retired.dog_id);
    notice = htmlEl("p", { class: "card-invalid", id: "tag-retired" },
      `Tag replaced on ${retired.retired_on ? longdate(retired.retired_on) : "an earlier date"} — not valid`);
  }
  if (!rec) return null;
  const nodes = [notice, ...renderCard(rec, townToday(), await heldOnPhone(rec.dog.id), htmlEl, { inTown })];
  return { userId: String(session.value), html: nodes.filter(Boolean).map((n) => n.outerHTML).join(""),
    age: copyAge(dataset.value.generated_at, now) };
}

// True when the worker answers /t/<token> from the copy at once.
export const copyAnswers = async (token, now = Date.now()) => !!(await copyCard(token, now));
