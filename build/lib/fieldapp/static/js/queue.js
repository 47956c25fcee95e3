/* The outbox queue, shared by the page and the service worker (sw.js imports it).
 *
 * Laid out like Workbox's background-sync Queue (add, list, replay one at a time, put back on
 * failure, retry with backoff), but the rows are our own entries, which a person can read, fix
 * and discard on /outbox, not stored Requests:
 *   {id, seq, kind, payload, photos, photos_sent, created_at, user_id, status, attempts, last_error, form_url,
 *    server_errors, waiting_for}
 * status: pending | sending | failed (refused, 4xx: fix or discard) | attention (5xx SERVER_TRIES times).
 * `seq` is the phone's counter (meta "entry_seq"), taken when the entry is stored: the order sent.
 *
 * Exactly once: each entry keeps its client UUID; the server is idempotent on it (the same id
 * again answers 200 with the same result). An entry leaves the phone only after the server
 * confirmed it (2xx with a result) and its photos are stored. One flush at a time, page or
 * worker, under navigator.locks "outbox-flush"; an entry being sent can't be edited or discarded.
 *
 * A confirmed entry moves to the "sent" store with the server's result (violation no., holding
 * period end, ticket number), kept SENT_KEEP_DAYS, so the "what now" page can say where an entry
 * is (on the phone, being sent, refused, received) with or without signal.
 */
import { all, del, get, getMeta, put, putAll, req, setMeta, tx } from "./db.js";
import { localIso } from "./format.js";
import { SERVER_TRIES, dependsOn, post, sendAlone, sendBatch } from "./outbox-batch.js";
import { forgetProgress, sendPhoto } from "./photo-upload.js";
import { fill } from "./urls.js";

const SENT_KEEP_DAYS = 7;
const LOCK = "outbox-flush";
const AUTOMATIC = ["timer", "worker-start"]; // these wait out the backoff; "online", app open, "Sync now" don't
export const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("outbox") : null;
// Counters of this context (page or worker), for tests and the benchmark to wait on.
export const stats = { sent: 0, photos: 0, flushes: 0 };
// {sync, photo: ".../{id}/photos/{n}", discarded}: from the page's URL table or the worker's SHELL.
let urls = null;

export function configure(table) { urls = table; }

export function withLock(fn) {
  if (typeof navigator !== "undefined" && navigator.locks) return navigator.locks.request(LOCK, fn);
  return fn(); // very old browsers: the server's idempotency still prevents doubles
}

// This context's own listeners (a channel never hears its own messages): the page's outbox
// draws a photo's progress as its own flush sends it.
const listeners = new Set();
export const listen = (fn) => listeners.add(fn);

export function notify(type, extra) {
  const message = Object.assign({ type }, extra || {});
  if (channel) channel.postMessage(message);
  for (const fn of listeners) fn(message);
}

export async function currentUser() {
  const session = await getMeta("session");
  return session && session.value ? String(session.value) : null;
}

// List: this officer's entries in the order they were made (the order they are sent in): by
// their sequence number, never by the phone's clock (in the repeated hour of the autumn clock
// change, or after the clock is set back, a later entry can carry an earlier time).
export const bySeq = (a, b) => (a.seq ?? -1) - (b.seq ?? -1) || (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0);

export async function entriesFor(userId) {
  const rows = await all("outbox");
  return rows.filter((e) => String(e.user_id) === String(userId)).sort(bySeq);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function chooseId(formId, editing) {
  if (editing) {
    const old = await get("outbox", editing);
    // Never stored by the server: the same UUID; a conflict (409): a new one.
    if (old && !old.conflict) return old.id;
    return crypto.randomUUID();
  }
  // A cached form page carries the id it was rendered with: use it only once.
  if (UUID.test(formId || "") && !(await get("used_ids", formId)) && !(await get("outbox", formId))) return formId;
  return crypto.randomUUID();
}

// Add: store an entry before anything is sent. `editing`: the id of a refused entry it replaces.
export function add({ formId, editing, kind, payload, photos, createdAt, uid, formUrl }) {
  // A new entry needs no lock (nobody else knows it); replacing an edited one does.
  const run = editing ? withLock : (fn) => fn();
  return run(async () => {
    const id = await chooseId(formId, editing);
    let old = null;
    if (editing) {
      old = await get("outbox", editing);
      if (old && old.status === "sending") throw new Error("the entry is being sent right now");
      if (old) await del("outbox", editing);
    }
    // A fixed entry keeps when it was recorded and its place in the order; one refused for the
    // phone's clock (recorded_at) takes the time of the fix, the clock set right.
    const clockWrong = old && old.last_error && old.last_error.recorded_at;
    const entry = { id, kind, payload, photos, photos_sent: 0, created_at: old && !clockWrong ? old.created_at : createdAt, attempts: 0,
                    last_error: null, status: "pending", user_id: uid, form_url: old ? old.form_url : formUrl };
    await tx(["outbox", "used_ids", "meta", "uploads"], "readwrite", async (s) => {
      // A replaced entry's photos start afresh (the same id may carry other photos now).
      if (old) forgetProgress(s.uploads, old.id, (old.photos || []).length);
      if (old && old.seq !== undefined) entry.seq = old.seq;
      else {
        // The next number of the phone's counter, in the same transaction as the entry.
        const row = await req(s.meta.get("entry_seq"));
        entry.seq = (row ? row.value : 0) + 1;
        s.meta.put({ key: "entry_seq", value: entry.seq });
      }
      s.outbox.put(entry);
      s.used_ids.put({ id, at: Date.now() });
    });
    notify("changed");
    return entry;
  });
}

// Its photos, in chunks (photo-upload.js), from the first not yet stored and where it got to.
// Null when all are stored.
async function sendPhotos(entry, photos) {
  for (let i = entry.photos_sent || 0; i < photos.length; i++) {
    const progress = (offset, total) => notify("progress", { id: entry.id, index: i, offset, total });
    const step = await sendPhoto(fill(urls.photo, { id: entry.id, n: i }), entry.id, i, photos[i], progress);
    if (step.stop === "server") entry.last_error = { photos: `The office could not take photo ${i + 1} just now.` };
    if (step.stop) return step.stop;
    if (step.refused) {
      entry.status = "failed";
      entry.http_status = step.status;
      entry.last_error = step.refused;
      entry.last_error.photos = entry.last_error.photos || `Photo ${i + 1} was refused.`;
      await put("outbox", entry);
      return "failed";
    }
    entry.photos_sent = i + 1;
    stats.photos += 1;
    await put("outbox", entry);
  }
  return null;
}

// A confirmed entry's photos, then off the outbox. Returns "sent" | "failed" | "network" | "server" | "signed_out".
async function finishEntry(entry) {
  const photos = entry.photos || [];
  const photoOutcome = await sendPhotos(entry, photos);
  if (photoOutcome) return photoOutcome;
  await moveToSent([entry]);
  return "sent";
}

const photosLeft = (entry) => (entry.photos || []).length > (entry.photos_sent || 0);

// Confirmed entries off the outbox and into "sent" in one transaction: never in both, never in
// neither (a shift's worth is one write, not one per entry).
async function moveToSent(entries) {
  if (!entries.length) return;
  await tx(["outbox", "sent", "uploads"], "readwrite", (s) => {
    for (const entry of entries) {
      s.outbox.delete(entry.id);
      forgetProgress(s.uploads, entry.id, (entry.photos || []).length);
      s.sent.put({ id: entry.id, kind: entry.kind, user_id: entry.user_id, result: entry.result,
                   created_at: entry.created_at, confirmed_at: entry.confirmed_at,
                   photos: (entry.photos || []).length, dog_id: entry.payload && entry.payload.dog_id, seq: entry.seq,
                   codes: entry.payload && entry.payload.codes, payload: entry.payload });
    }
  });
  for (const entry of entries) {
    stats.sent += 1;
    notify("sent", { id: entry.id });
  }
}

// Sent entries are kept a few days (the "what now" page, the outbox's "sent" list), then dropped.
async function pruneSent() {
  const cutoff = new Date(Date.now() - SENT_KEEP_DAYS * 86400000).toISOString();
  const old = (await all("sent")).filter((e) => (e.confirmed_at || "") < cutoff);
  if (old.length) await tx("sent", "readwrite", (s) => { for (const e of old) s.sent.delete(e.id); });
}

// Backoff for automatic replays after a network error or 5xx: 2 s, 4 s, ... up to 2 min.
const backoffMs = (attempts) => Math.min(120000, 2000 * Math.pow(2, Math.min(attempts - 1, 6)));

async function backoffUntil() {
  const row = await getMeta("retry_at");
  return row ? row.value : 0;
}

// Replay: send what waits, oldest first, one at a time; stop at the first that can't go now.
export async function flush(reason) {
  // No network at all: don't count it as an attempt. (onLine true proves nothing; false does.)
  if (typeof navigator !== "undefined" && navigator.onLine === false) return { reason, stopped: "offline", retry: true, sent: 0, failed: 0 };
  if (AUTOMATIC.includes(reason) && Date.now() < await backoffUntil()) return { reason, stopped: "backoff", retry: true, sent: 0, failed: 0 };
  const result = await withLock(() => flushLocked(reason));
  notify("flushed", { result });
  return result;
}

// No head-of-line blocking: an entry the server failed on SERVER_TRIES times in a row (5xx) is
// set aside as "attention", kept with the server's message; the entries behind it go on. It is
// tried again only when the officer taps "Sync now". An entry that follows another (a seizure or
// ticket after its violation, `violation_entry_id`) waits while that one is refused or set aside.
export { SERVER_TRIES };
export const BATCH_SIZE = 100; // the server's BATCH_MAX

async function flushLocked(reason) {
  const result = { reason, sent: 0, failed: 0, attention: 0, waiting: 0, stopped: null, retry: false };
  const userId = await currentUser();
  if (!userId) { result.stopped = "signed_out"; return result; }
  const paused = await getMeta("paused");
  if (paused && paused.value && String(paused.value.user_id) === userId && reason !== "manual") {
    result.stopped = paused.value.why;
    return result;
  }
  await sendDiscards(userId);
  const entries = await entriesFor(userId);
  const held = new Set(entries.filter((e) => e.status === "failed" || (e.status === "attention" && reason !== "manual"))
    .map((e) => e.id));
  // 1. The entries themselves, in order, BATCH_SIZE a request: the records reach the office first.
  let stop = null;
  let batch = [];
  const sendNow = async () => {
    for (const e of batch) { e.status = "sending"; e.waiting_for = null; }
    await putAll("outbox", batch);
    notify("changed");
    stop = await sendBatch(urls.syncBatch, batch, held, result);
    if (stop && typeof stop === "object") stop = await sendAlone(urls.syncBatch, stop, batch.length, held, result);
    if (stop) await putBack(batch.filter((e) => !e.result && !held.has(e.id)), stop, userId, result);
    batch = [];
  };
  for (const entry of entries) {
    if (held.has(entry.id) || entry.result) continue; // confirmed already: only its photos are left
    const before = dependsOn(entry);
    if (before && held.has(before)) {
      // Waits with the entry it follows (sent after it, or the office could not link them).
      held.add(entry.id);
      result.waiting += 1;
      if (entry.waiting_for !== before) { entry.waiting_for = before; await put("outbox", entry); }
      continue;
    }
    batch.push(entry);
    if (batch.length >= BATCH_SIZE) await sendNow();
    if (stop) break;
  }
  if (!stop && batch.length) await sendNow();
  // 2. Confirmed entries with no photo left go off the outbox at once, together; then the photos
  // of the others, in chunks, each entry off the outbox when its last photo is stored.
  if (!stop) {
    const confirmed = (await entriesFor(userId)).filter((e) => e.result && !held.has(e.id));
    const done = confirmed.filter((e) => !photosLeft(e));
    await moveToSent(done);
    result.sent += done.length;
    for (const entry of confirmed.filter(photosLeft)) {
      const outcome = await finishEntry(entry);
      if (outcome === "sent") { result.sent += 1; continue; }
      if (outcome === "failed") { result.failed += 1; notify("changed"); continue; }
      stop = outcome;
      await putBack([entry], outcome, userId, result);
      break;
    }
  }
  if (result.retry && !result.stopped) await setMeta("retry_at", Date.now() + backoffMs(2));
  else if (!result.stopped) await setMeta("retry_at", 0);
  if (result.sent) await pruneSent();
  stats.flushes += 1;
  notify("changed");
  return result;
}

// Put back: the entries stay, in order, for the next attempt; the queue backs off or pauses.
async function putBack(entries, outcome, userId, result) {
  let attempts = 1;
  for (const entry of entries) {
    entry.status = "pending";
    if (outcome === "network") {
      entry.server_errors = 0; // only failures in a row of a working server count
      entry.last_error = { _: "No connection to the server." };
    }
    if (outcome === "network" || outcome === "server") entry.attempts = (entry.attempts || 0) + 1;
    attempts = Math.max(attempts, entry.attempts || 1);
    entry.last_attempt_at = new Date().toISOString();
    await put("outbox", entry);
  }
  if (outcome === "network" || outcome === "server") {
    await setMeta("retry_at", Date.now() + backoffMs(attempts));
    result.retry = true;
  } else {
    await setMeta("paused", { user_id: userId, why: outcome }); // signed out, or another officer's
  }
  result.stopped = outcome;
}

// Discards are logged to the server (audit) when it can be reached, kept locally until then.
async function sendDiscards(userId) {
  for (const d of await all("discards")) {
    if (String(d.user_id) !== String(userId)) continue;
    try {
      const res = await post(urls.discarded, { "Content-Type": "application/json" }, JSON.stringify(d));
      if (!(res.ok || (res.status >= 400 && res.status < 500 && res.status !== 401))) return;
      await del("discards", d.id);
    } catch (err) {
      return;
    }
  }
}

// Discard an entry that is not being sent (asks the lock so no flush holds it right now).
export function discard(id) {
  return withLock(async () => {
    const entry = await get("outbox", id);
    if (!entry || entry.status === "sending") return false;
    await put("discards", {
      id: entry.id, kind: entry.kind, payload: entry.payload, last_error: entry.last_error,
      created_at: entry.created_at, discarded_at: localIso(new Date()), user_id: entry.user_id,
    });
    await tx(["outbox", "uploads"], "readwrite", (s) => {
      s.outbox.delete(id);
      forgetProgress(s.uploads, id, (entry.photos || []).length);
    });
    notify("changed");
    return true;
  });
}
