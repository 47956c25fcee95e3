/* When the office is still building the whole copy of a county (GET /api/field-dataset: a build
 * takes minutes there, services/copy_store.py), it answers 202 with Retry-After, or an older copy
 * with Retry-After. Either is no error: the phone keeps what it holds (or takes the older copy)
 * and asks again after the seconds it was given, kept within bounds, with one try waiting at a
 * time. dataset.js uses it.
 */
export const RETRY_MIN_MS = 5 * 1000; // a server saying "0" is not asked in a tight loop
export const RETRY_MAX_MS = 10 * 60 * 1000; // nor is an officer left without a copy for an hour
export const RETRY_DEFAULT_MS = 30 * 1000; // the server's own default (FIELD_COPY_RETRY_AFTER)

// Retry-After as milliseconds from `nowMs`: whole seconds, or an HTTP date.
export function retryAfterMs(value, nowMs = Date.now()) {
  const text = value === null || value === undefined ? "" : String(value).trim();
  let ms = RETRY_DEFAULT_MS;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (/[a-z]/i.test(text) && !Number.isNaN(Date.parse(text))) ms = Date.parse(text) - nowMs; // "Sat, 05 Dec 2026 10:01:30 GMT"
  return Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, ms));
}

let waiting = null;

// Run `fn` after `ms`, unless a try is waiting already (then that one stands). True when set.
export function askAgainLater(fn, ms) {
  if (waiting !== null) return false;
  waiting = setTimeout(() => { waiting = null; fn(); }, ms);
  return true;
}

export function retryWaiting() {
  return waiting !== null;
}

export function cancelRetry() {
  if (waiting !== null) clearTimeout(waiting);
  waiting = null;
}
