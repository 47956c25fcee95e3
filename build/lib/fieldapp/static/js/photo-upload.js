/* A photo sent in chunks, resumed where a cut link stopped it (api sync_photo with
 * Upload-Offset / Upload-Length; the server's rules are in services/photo_uploads.py).
 *
 * Kept apart as in queue.js:
 *   storage  how far each photo got, in IndexedDB ("uploads": {key: "<entry id>/<n>", entry_id,
 *            index, offset, total}), so the outbox shows it with or without signal and a
 *            photo resumes after the app or the phone was closed;
 *   policy   `afterAnswer`: what the office's answer to a chunk means (next offset, done,
 *            refused, stop for now) — pure, tested in tests/js/photo-upload.test.js;
 *   request  `sendChunk`: one POST of bytes [offset, offset + size) of the photo.
 * queue.js (sendPhotos) drives `sendPhoto` under the outbox lock, one photo after another.
 */
import { get, put, req, tx } from "./db.js";
import { post, problem, readJson, retryable } from "./outbox-batch.js";

// Bytes a request, first and after a cut: small enough that a weak link carries one between
// drops (a cut costs at most this much again). Each chunk the office takes doubles the next, up
// to PHOTO_CHUNK_MAX (the server's CHUNK_MAX), so a steady link pays few round trips: 64 KiB
// chunks alone made a 2 MB photo 32 requests, twice the time of one whole POST at a 300 ms
// round trip (benchmarks/bench_photo_resume.py).
export const PHOTO_CHUNK = 64 * 1024;
export const PHOTO_CHUNK_MAX = 1024 * 1024;
// 409s in a row for one photo (the office holds another offset or size) before it is refused:
// each one names where to resume, so more than a few means something else is wrong.
export const CONFLICTS_MAX = 4;

// --- storage ---------------------------------------------------------------------------------
const progressKey = (entryId, index) => `${entryId}/${index}`;

export async function progressOf(entryId, index) {
  return (await get("uploads", progressKey(entryId, index))) || null;
}

export function saveProgress(entryId, index, offset, total) {
  return put("uploads", { key: progressKey(entryId, index), entry_id: entryId, index, offset, total });
}

// An entry's photos' progress, by index (the outbox page).
export function progressFor(entryId, count) {
  return tx("uploads", "readonly", (s) => Promise.all(Array.from({ length: count }, (_, i) => req(s.uploads.get(progressKey(entryId, i))))));
}

// Inside a transaction on "uploads" (the entry leaving the outbox, or discarded): its rows go.
export function forgetProgress(store, entryId, count) {
  for (let i = 0; i < count; i++) store.delete(progressKey(entryId, i));
}

// --- policy ----------------------------------------------------------------------------------
// `state` {offset, total, conflicts, size}; the office's answer (status, JSON body) -> one of
//   {offset, conflicts, size}  send `size` bytes at `offset` next
//   {done: true}         the office keeps the photo (now, or it had it already)
//   {refused, status}    a person must look (4xx: not a photo, too big, ...)
//   {stop: "server" | "signed_out"}  not now: the queue backs off or pauses
export function afterAnswer(state, status, body) {
  const said = body && Number.isInteger(body.offset) ? body.offset : null;
  if (status >= 200 && status < 300) {
    if (status === 201 || (body && body.status === "stored")) return { done: true };
    if (said === null || said > state.total) return { stop: "server" }; // not an answer we can read
    // An answer that does not move on (a proxy's replay?) counts as a conflict.
    const moved = said > state.offset;
    const conflicts = moved ? 0 : state.conflicts + 1;
    if (conflicts >= CONFLICTS_MAX) return { refused: { photos: "The office did not take this photo's pieces in order." }, status };
    return { offset: said, conflicts, size: moved ? Math.min(PHOTO_CHUNK_MAX, 2 * (state.size || PHOTO_CHUNK)) : PHOTO_CHUNK };
  }
  if (status === 401) return { stop: "signed_out" };
  if (retryable(status)) return { stop: "server" };
  if (status === 409 && said !== null && state.conflicts + 1 < CONFLICTS_MAX) {
    // Resume where the office says; a photo it began with another size starts over from 0.
    const same = body.total === state.total;
    return { offset: same && said <= state.total ? said : 0, conflicts: state.conflicts + 1, size: PHOTO_CHUNK };
  }
  return { refused: problem(body, status), status };
}

// --- request ---------------------------------------------------------------------------------
export function sendChunk(url, blob, offset, size = PHOTO_CHUNK) {
  const end = Math.min(blob.size, offset + size);
  return post(url, { "Content-Type": blob.type || "image/jpeg", "Upload-Offset": String(offset), "Upload-Length": String(blob.size) },
    blob.slice(offset, end, blob.type || "image/jpeg"));
}

// One photo, chunk after chunk from where it got, until the office keeps it, refuses it, or
// the link or the office stops it (then the next flush resumes from the offset kept).
// `progress(offset, total)` after each chunk the office took. Returns afterAnswer's last step,
// or {stop: "network"}.
export async function sendPhoto(url, entryId, index, blob, progress) {
  const total = blob.size;
  const kept = await progressOf(entryId, index);
  // Each try (after a cut, on the next flush) begins small again.
  let state = { offset: kept && kept.total === total ? Math.min(kept.offset, total) : 0, total, conflicts: 0, size: PHOTO_CHUNK };
  if (state.offset >= total) state.offset = 0; // all sent but no "stored" heard: the last chunk again
  for (;;) {
    let res;
    try {
      res = await sendChunk(url, blob, state.offset, state.size);
    } catch (err) {
      return { stop: "network" };
    }
    const step = afterAnswer(state, res.status, await readJson(res));
    if (step.offset === undefined) return step;
    if (step.offset >= total) return { stop: "server" }; // held all, yet not stored: ask again later
    state = { offset: step.offset, total, conflicts: step.conflicts, size: step.size };
    await saveProgress(entryId, index, state.offset, total);
    if (progress) progress(state.offset, total);
  }
}
