/* Sending entries to the office in batches (POST /api/sync/batch) and reading its answer, each
 * entry's own outcome; a request that failed as a whole is sent again one entry at a time.
 * Used by queue.js (flush), which holds the lock; the rows are the outbox's (see queue.js).
 */
import { getMeta, put, putAll, setMeta } from "./db.js";

// An entry the server failed on SERVER_TRIES times in a row (5xx) is set aside ("attention").
export const SERVER_TRIES = 3;
export const dependsOn = (entry) => (entry.payload && entry.payload.violation_entry_id) || null;

export async function readJson(res) {
  try { return await res.json(); } catch (err) { return null; }
}

export function problem(body, status) {
  if (body && body.errors) return body.errors;
  return { _: (body && body.message) || `The server answered ${status}.` };
}

export const post = (url, headers, body) => fetch(url, { method: "POST", credentials: "same-origin", cache: "no-store", headers, body });
export const retryable = (status) => status >= 500 || status === 408 || status === 429;

// Up to BATCH_SIZE entries in one request (one round trip on a weak link), in their order; the
// server answers each entry's own outcome (with its id, and its `index` in the batch). Returns null,
// how the request itself stopped: "network" | "server" (5xx, 408, 429 for the whole request) |
// "signed_out" | "wrong_user", or {alone, status, errors}: it failed as a whole for a reason that
// may be one of its entries' (see sendAlone).
export async function sendBatch(url, batch, held, result) {
  let res;
  try {
    res = await post(url, { "Content-Type": "application/json", "Accept": "application/json" },
      JSON.stringify({ officer_id: Number(batch[0].user_id), entries: batch.map((e) => (
        { id: e.id, kind: e.kind, recorded_at: e.created_at, payload: e.payload })) }));
  } catch (err) {
    return "network";
  }
  const body = await readJson(res);
  if (res.status === 401) return "signed_out";
  if (res.status === 403 && body && body.status === "wrong_user") return "wrong_user";
  const outcomes = (body && Array.isArray(body.outcomes)) ? body.outcomes : [];
  const answered = new Set();
  for (const [i, entry] of batch.entries()) {
    // By its id; by its place in the batch when the office could not read the id as text.
    const outcome = outcomes.find((o) => o.id === entry.id) || outcomes.find((o) => o.id === null && o.index === i);
    if (!outcome) continue;
    answered.add(entry.id);
    await applyOutcome(entry, outcome, held, result);
  }
  // The confirmed ones kept with their results in one write (applyOutcome leaves them to this).
  const confirmed = batch.filter((e) => answered.has(e.id) && e.confirmed_at && e.result);
  if (confirmed.length) await putAll("outbox", confirmed);
  if (res.ok) {
    await setMeta("batch_failures", 0);
    // An entry the answer left out (an older or a cut-off answer) waits for the next try.
    for (const entry of batch.filter((e) => !answered.has(e.id))) { entry.status = "pending"; await put("outbox", entry); }
    return null;
  }
  // The request as a whole (the server down, the database out of reach, a proxy): not the
  // entries' fault, so not counted against them. Those it did not reach wait for the next try.
  const rest = batch.filter((e) => !answered.has(e.id));
  const errors = problem(body, res.status);
  for (const entry of rest) entry.last_error = errors;
  if (res.status === 403) {
    // Refused to this officer whatever the entries hold: each says so, until a person looks.
    for (const entry of rest) { await refuse(entry, res.status, errors); held.add(entry.id); result.failed += 1; }
    return null;
  }
  if (res.status >= 400 && res.status < 500 && !retryable(res.status)) return { alone: rest, status: res.status, errors };
  if (res.status === 500 && body && body.error === 500) {
    // The office's own 500 for the request (JSON: it ran, and failed on what was sent), not a
    // proxy's or an outage's: after SERVER_TRIES in a row, look for the entry it fails on.
    const row = await getMeta("batch_failures");
    const failures = (row ? row.value : 0) + 1;
    await setMeta("batch_failures", failures);
    if (failures >= SERVER_TRIES) return { alone: rest, status: res.status, errors };
  }
  return "server";
}

// A request that failed as a whole, for a reason that may be one entry's (a 4xx, or the office's
// own 500 SERVER_TRIES times): no head-of-line blocking. Each entry it did not answer is sent
// alone, in order; one refused alone (4xx) is refused with the office's message, one the office
// fails on alone while others go through is set aside ("attention"), and the rest go on. When
// none goes through, it is the office, not an entry: SERVER_TRIES failures in a row stop the
// round as "server" (nothing counted), fewer are counted against each entry as a 5xx outcome.
export async function sendAlone(url, failed, size, held, result) {
  if (size === 1) return lone(failed.alone[0], failed, held, result);
  const suspects = [];
  let through = false;
  for (const entry of failed.alone) {
    if (entry.result || held.has(entry.id)) continue;
    const before = dependsOn(entry);
    if (before && held.has(before)) {
      held.add(entry.id);
      entry.status = "pending";
      entry.waiting_for = before;
      result.waiting += 1;
      await put("outbox", entry);
      continue;
    }
    const stop = await sendBatch(url, [entry], held, result);
    if (stop === null) { through = true; continue; }
    if (typeof stop !== "object") return stop; // signed out, another officer, the network, the office down
    if (stop.status < 500) { through = true; await lone(entry, stop, held, result); continue; }
    suspects.push([entry, stop]);
    if (!through && suspects.length >= SERVER_TRIES) return "server";
  }
  for (const [entry, stop] of suspects) {
    if (through) entry.server_errors = SERVER_TRIES - 1; // the others went through: this one it is
    await lone(entry, stop, held, result);
  }
  if (through) await setMeta("batch_failures", 0);
  return null;
}

// One entry, sent alone, that the request failed on: refused (4xx) or counted as a 5xx outcome.
async function lone(entry, { status, errors }, held, result) {
  if (status >= 500) {
    const message = errors && errors._;
    return applyOutcome(entry, { http: status, message: message ? `${message} (the office fails on this entry)` : null },
      held, result).then(() => null);
  }
  await refuse(entry, status, errors);
  held.add(entry.id);
  result.failed += 1;
  return null;
}

async function refuse(entry, status, errors) {
  entry.status = "failed";
  entry.http_status = status;
  entry.conflict = status === 409; // stored before with other content: needs a new id
  entry.last_error = errors;
  await put("outbox", entry);
}

// One entry's outcome in a batch: confirmed, refused (4xx), waiting for the one it follows
// (424), or failed on the server (5xx: counted, and set aside after SERVER_TRIES in a row).
async function applyOutcome(entry, outcome, held, result) {
  const code = outcome.http;
  if ((code === 200 || code === 201) && "result" in outcome) {
    entry.result = outcome.result;
    entry.server_errors = 0;
    entry.confirmed_at = new Date().toISOString();
    return; // stored with the rest of its batch (sendBatch)
  }
  held.add(entry.id);
  if (code === 424) {
    entry.status = "pending";
    entry.waiting_for = dependsOn(entry);
    result.waiting += 1;
  } else if (retryable(code)) {
    entry.server_errors = (entry.server_errors || 0) + 1;
    entry.attempts = (entry.attempts || 0) + 1;
    entry.last_error = { _: outcome.message || `The server answered ${code}.` };
    entry.last_attempt_at = new Date().toISOString();
    if (entry.server_errors >= SERVER_TRIES) {
      entry.status = "attention";
      result.attention += 1;
    } else {
      entry.status = "pending";
      result.retry = true;
    }
  } else {
    await refuse(entry, code, outcome.errors || { _: outcome.message || `The server answered ${code}.` });
    result.failed += 1;
    return;
  }
  await put("outbox", entry);
}
