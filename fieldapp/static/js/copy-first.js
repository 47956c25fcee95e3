/* When the phone's copy may answer a tag's link before the office does (the service worker's
 * copy-first navigation of /t/<token>, the phone's own camera app opening a printed tag).
 *
 * Only for the signed-in officer the copy was given to: the copy exists in IndexedDB only while
 * someone is signed in (db.js: forgetSession on sign-out and on any "not signed in" answer), so a
 * finder's phone, or a signed-out one, has none and gets the office's public page. Never a copy
 * past its session's life (dataset.js: expires_ms) or older than the town's copy_max_age_hours
 * (the same limit as the in-app scan), and never a tag the copy does not hold (a new tag: the
 * office answers). Shared by the worker and the pages; no DOM.
 */
import { getMeta, req, tx } from "./db.js";

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

// The tag is in the copy: worn by a dog of the copy, or a replaced tag of one (the card says so).
async function holdsTag(token) {
  const [worn, retired] = await tx(["dogs", "retired"], "readonly", (s) => Promise.all([
    req(s.dogs.index("tag").getKey(token)), req(s.retired.getKey(token))]));
  return worn !== undefined || retired !== undefined;
}

// True when the worker answers /t/<token> from the copy at once.
export async function copyAnswers(token, now = Date.now()) {
  if (!token) return false;
  const [session, dataset] = [await getMeta("session"), await getMeta("dataset")];
  if (copyRefusal({ session, dataset, now })) return false;
  return holdsTag(token);
}
