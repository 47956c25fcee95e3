// The outbox's policy (queue.js) under Node's test runner, on an in-memory IndexedDB
// (fake-indexeddb) and a fake office answering POST /api/sync/batch as api/batch.py does:
// an outcome per entry (201 new, 200 the same again, 409, 422, 424, 5xx), or one answer for the
// whole request (a network error, 401, 503).
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

globalThis.BroadcastChannel = undefined; // no other tabs here (a channel would keep Node running)
const queue = await import("../../fieldapp/static/js/queue.js");
const db = await import("../../fieldapp/static/js/db.js");

const URLS = { syncBatch: "/api/sync/batch", photo: "/api/sync/{id}/photos/{n}", discarded: "/api/sync/discarded" };
queue.configure(URLS);

// The office: `answer(entry)` gives an outcome for one entry; `whole` (if set) answers the request.
function office({ answer = () => ({ http: 201, result: { ok: true } }), whole = null } = {}) {
  const seen = [];
  globalThis.fetch = async (url, init) => {
    if (url !== URLS.syncBatch) return new Response(null, { status: 204 });
    const body = JSON.parse(init.body);
    seen.push(body.entries.map((e) => e.id));
    if (whole) return whole(body);
    // As the server: an entry that follows one refused in the same batch is 424, not applied.
    const refused = new Set();
    const outcomes = body.entries.map((e) => {
      const before = e.payload && e.payload.violation_entry_id;
      const outcome = before && refused.has(before) ? { http: 424 } : answer(e);
      if (outcome.http >= 400) refused.add(e.id);
      return { id: e.id, ...outcome };
    });
    return Response.json({ outcomes }, { status: 200 });
  };
  return seen;
}

async function store(n, payload = () => ({})) {
  const made = [];
  for (let i = 0; i < n; i++) {
    made.push(await queue.add({ kind: "violation", payload: payload(i), photos: [], createdAt: `2026-12-04T10:0${i % 10}`, uid: "7" }));
  }
  return made;
}

const left = async () => (await queue.entriesFor("7"));

beforeEach(async () => {
  for (const s of ["outbox", "sent", "meta", "discards", "used_ids"]) await db.clear(s);
  await db.setMeta("session", "7");
});

describe("exactly once", () => {
  test("an entry leaves the outbox only when the office confirmed it, and moves to sent", async () => {
    const [a, b] = await store(2);
    office();
    const result = await queue.flush("manual");
    assert.equal(result.sent, 2);
    assert.deepEqual(await left(), []);
    assert.deepEqual((await db.all("sent")).map((e) => e.id).sort(), [a.id, b.id].sort());
  });

  test("a network error keeps every entry, in order, for the next try", async () => {
    await store(3);
    globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
    const result = await queue.flush("manual");
    assert.equal(result.stopped, "network");
    assert.equal(result.retry, true);
    const kept = await left();
    assert.equal(kept.length, 3);
    assert.deepEqual(kept.map((e) => e.seq), [1, 2, 3]);
    assert.ok(kept.every((e) => e.status === "pending"));
  });

  test("the office's 200 for an entry it already has confirms it too (a retry after a lost answer)", async () => {
    await store(1);
    office({ answer: () => ({ http: 200, result: { ok: true, again: true } }) });
    assert.equal((await queue.flush("manual")).sent, 1);
  });
});

describe("one bad entry never stops the others", () => {
  test("a refused entry (422) waits for a person; the ones behind it are sent", async () => {
    const [a] = await store(3, (i) => ({ n: i }));
    office({ answer: (e) => (e.payload.n === 0 ? { http: 422, errors: { codes: "Pick an offence." } } : { http: 201, result: {} }) });
    const result = await queue.flush("manual");
    assert.equal(result.sent, 2);
    assert.equal(result.failed, 1);
    const kept = await left();
    assert.deepEqual(kept.map((e) => [e.id, e.status]), [[a.id, "failed"]]);
    assert.deepEqual(kept[0].last_error, { codes: "Pick an offence." });
  });

  test(`an entry the server fails on ${queue.SERVER_TRIES} times in a row is set aside; the rest go on`, async () => {
    const [bad] = await store(2, (i) => ({ n: i }));
    office({ answer: (e) => (e.payload.n === 0 ? { http: 500, message: "boom" } : { http: 201, result: {} }) });
    for (let i = 0; i < queue.SERVER_TRIES; i++) await queue.flush("manual");
    const kept = await left();
    assert.deepEqual(kept.map((e) => [e.id, e.status]), [[bad.id, "attention"]]);
    assert.equal((await db.all("sent")).length, 1);
  });

  test("an entry that follows a refused one waits with it and says so", async () => {
    const [violation] = await store(1, () => ({ n: 0 }));
    const [seizure] = await store(1, () => ({ violation_entry_id: violation.id }));
    office({ answer: (e) => (e.id === violation.id ? { http: 422, errors: { _: "no" } } : { http: 201, result: {} }) });
    const result = await queue.flush("manual");
    assert.equal(result.waiting, 1);
    await queue.flush("manual"); // the next flush does not send it while the violation is refused
    const after = Object.fromEntries((await left()).map((e) => [e.id, e]));
    assert.equal(after[violation.id].status, "failed");
    assert.equal(after[seizure.id].waiting_for, violation.id);
  });

  test("a 409 (the same id with other content) needs a new id when the person fixes it", async () => {
    const [a] = await store(1);
    office({ answer: () => ({ http: 409, message: "Stored before with other content." }) });
    await queue.flush("manual");
    const [kept] = await left();
    assert.equal(kept.status, "failed");
    assert.equal(kept.conflict, true);
    const fixed = await queue.add({ editing: a.id, kind: "violation", payload: {}, photos: [], createdAt: "x", uid: "7" });
    assert.notEqual(fixed.id, a.id);
  });
});

describe("the request as a whole", () => {
  test("a 401 pauses the queue for this officer, and keeps everything", async () => {
    await store(2);
    office({ whole: () => Response.json({ status: "signed_out" }, { status: 401 }) });
    const result = await queue.flush("manual");
    assert.equal(result.stopped, "signed_out");
    assert.equal((await left()).length, 2);
    office();
    assert.equal((await queue.flush("timer")).stopped, "signed_out"); // paused until signed in
    assert.equal((await queue.flush("manual")).sent, 2);
  });

  test("a 503 is not the entries' fault: none is counted against", async () => {
    await store(2);
    office({ whole: () => Response.json({ message: "busy" }, { status: 503 }) });
    const result = await queue.flush("manual");
    assert.equal(result.stopped, "server");
    assert.ok((await left()).every((e) => e.status === "pending" && !e.server_errors));
  });

  test(`entries go ${queue.BATCH_SIZE} a request, in the order they were made`, async () => {
    await store(queue.BATCH_SIZE + 5);
    const seen = office();
    await queue.flush("manual");
    assert.deepEqual(seen.map((ids) => ids.length), [queue.BATCH_SIZE, 5]);
  });
});
