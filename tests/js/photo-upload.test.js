// A photo sent in chunks (photo-upload.js, driven by queue.js) under Node's test runner, on an
// in-memory IndexedDB (fake-indexeddb) and a fake office that keeps chunks as
// services/photo_uploads.py does: a chunk at the offset held is kept, one already held is
// answered without writing, one past it is a 409 naming the offset held; the last byte keeps
// the photo once. The link is cut mid-photo; the photo must arrive whole, once.
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

globalThis.BroadcastChannel = undefined;
const queue = await import("../../fieldapp/static/js/queue.js");
const db = await import("../../fieldapp/static/js/db.js");
const photoUpload = await import("../../fieldapp/static/js/photo-upload.js");
const { PHOTO_CHUNK, PHOTO_CHUNK_MAX, CONFLICTS_MAX, afterAnswer } = photoUpload;
const C = PHOTO_CHUNK;

const URLS = { syncBatch: "/api/sync/batch", photo: "/api/sync/{id}/photos/{n}", discarded: "/api/sync/discarded" };
queue.configure(URLS);

// The office. `cut(n)`: true when the n-th chunk request (from 1) is lost on the way there;
// `lostAnswer(n)`: true when it arrives and is kept but its answer is lost on the way back.
function office({ cut = () => false, lostAnswer = () => false } = {}) {
  const held = new Map(); // "<id>/<n>" -> Uint8Array of the bytes held
  const kept = new Map(); // "<id>/<n>" -> the photo's bytes, once
  const seen = { chunks: [], stores: 0 };
  globalThis.fetch = async (url, init) => {
    if (url === URLS.syncBatch) {
      const body = JSON.parse(init.body);
      return Response.json({ outcomes: body.entries.map((e) => ({ id: e.id, http: 201, result: { ok: true } })) });
    }
    const m = /^\/api\/sync\/([^/]+)\/photos\/(\d+)$/.exec(url);
    if (!m) return new Response(null, { status: 204 });
    const key = `${m[1]}/${m[2]}`;
    const offset = Number(init.headers["Upload-Offset"]);
    const total = Number(init.headers["Upload-Length"]);
    seen.chunks.push(offset);
    if (cut(seen.chunks.length)) throw new TypeError("Failed to fetch");
    const data = new Uint8Array(await init.body.arrayBuffer());
    const answer = (status, body) => Response.json({ total, ...body }, { status });
    if (kept.has(key)) return answer(200, { status: "stored", offset: total });
    const have = held.get(key) || new Uint8Array(0);
    if (offset > have.length) return answer(409, { status: "conflict", offset: have.length });
    let now = have;
    if (offset + data.length > have.length) {
      now = new Uint8Array(offset + data.length);
      now.set(have);
      now.set(data.subarray(have.length - offset), have.length);
      held.set(key, now);
    }
    let reply;
    if (now.length === total) {
      kept.set(key, now);
      held.delete(key);
      seen.stores += 1;
      reply = answer(201, { status: "stored", offset: total });
    } else {
      reply = answer(200, { status: "partial", offset: now.length });
    }
    if (lostAnswer(seen.chunks.length)) throw new TypeError("Failed to fetch");
    return reply;
  };
  return { held, kept, seen };
}

function photoOf(size) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 251;
  return { bytes, blob: new Blob([bytes], { type: "image/jpeg" }) };
}

async function storeWithPhoto(size) {
  const photo = photoOf(size);
  const entry = await queue.add({ kind: "violation", payload: {}, photos: [photo.blob], createdAt: "2026-12-04T10:00", uid: "7" });
  return { entry, photo };
}

beforeEach(async () => {
  for (const s of ["outbox", "sent", "meta", "discards", "used_ids", "uploads"]) await db.clear(s);
  await db.setMeta("session", "7");
});

describe("the chunk policy", () => {
  const at = (offset, conflicts = 0, size = C) => ({ offset, total: 640 * 1024, conflicts, size });

  test("a partial answer sends the next chunk from the offset the office holds, twice as big", () => {
    assert.deepEqual(afterAnswer(at(0), 200, { status: "partial", offset: C }), { offset: C, conflicts: 0, size: 2 * C });
    assert.deepEqual(afterAnswer(at(C, 0, PHOTO_CHUNK_MAX), 200, { status: "partial", offset: 2 * C }),
      { offset: 2 * C, conflicts: 0, size: PHOTO_CHUNK_MAX });
  });

  test("stored (201, or 200 'stored' for a photo kept already) is done", () => {
    assert.deepEqual(afterAnswer(at(0), 201, { status: "stored", offset: 10 }), { done: true });
    assert.deepEqual(afterAnswer(at(PHOTO_CHUNK), 200, { status: "stored" }), { done: true });
  });

  test("a 409 resumes where the office says, small again; another size starts the photo over", () => {
    assert.deepEqual(afterAnswer(at(3 * C, 0, 4 * C), 409, { offset: C, total: 640 * 1024 }), { offset: C, conflicts: 1, size: C });
    assert.deepEqual(afterAnswer(at(3 * C), 409, { offset: C, total: 1 }), { offset: 0, conflicts: 1, size: C });
  });

  test(`${CONFLICTS_MAX} conflicts in a row refuse the photo instead of looping`, () => {
    const step = afterAnswer(at(0, CONFLICTS_MAX - 1), 409, { offset: 0, total: 640 * 1024, message: "no" });
    assert.equal(step.status, 409);
    assert.ok(step.refused);
    assert.ok(afterAnswer(at(C, CONFLICTS_MAX - 1), 200, { status: "partial", offset: C }).refused);
  });

  test("a 5xx or 429 stops for now, a 401 pauses, a 422 is refused with the office's words", () => {
    assert.deepEqual(afterAnswer(at(0), 503, null), { stop: "server" });
    assert.deepEqual(afterAnswer(at(0), 429, null), { stop: "server" });
    assert.deepEqual(afterAnswer(at(0), 401, null), { stop: "signed_out" });
    assert.deepEqual(afterAnswer(at(0), 422, { status: "rejected", errors: { photos: "Not a photo." } }),
      { refused: { photos: "Not a photo." }, status: 422 });
  });
});

describe("a photo over a link that drops", () => {
  test("a link cut mid-photo resumes where it stopped; the photo arrives whole, once", async () => {
    const size = 20 * C + 1234;
    const { entry, photo } = await storeWithPhoto(size);
    const seenProgress = [];
    queue.listen((m) => { if (m.type === "progress") seenProgress.push(m.offset); });
    const the = office({ cut: (n) => n === 4 }); // the 4th chunk request is lost
    const first = await queue.flush("manual");
    assert.equal(first.stopped, "network");
    // Each chunk the office took doubles the next: 64, 128, 256 KiB, then 512 (cut).
    assert.deepEqual(the.seen.chunks, [0, C, 3 * C, 7 * C]);
    assert.deepEqual(await photoUpload.progressOf(entry.id, 0),
      { key: `${entry.id}/0`, entry_id: entry.id, index: 0, offset: 7 * C, total: size });
    assert.deepEqual(seenProgress, [C, 3 * C, 7 * C]);
    // The link is back: from where it stopped, not from zero, small again and growing.
    const second = await queue.flush("manual");
    assert.equal(second.sent, 1);
    assert.deepEqual(the.seen.chunks.slice(4), [7 * C, 8 * C, 10 * C, 14 * C]);
    assert.equal(the.seen.stores, 1);
    assert.deepEqual(the.kept.get(`${entry.id}/0`), photo.bytes);
    assert.deepEqual(await queue.entriesFor("7"), []);
    assert.deepEqual(await db.all("uploads"), []); // its progress left with it
  });

  test("a chunk kept whose answer was lost is sent again and not kept twice", async () => {
    const size = 8 * C;
    const { entry, photo } = await storeWithPhoto(size);
    const the = office({ lostAnswer: (n) => n === 2 });
    assert.equal((await queue.flush("manual")).stopped, "network");
    assert.equal(the.held.get(`${entry.id}/0`).length, 3 * C); // the office has it; the phone doesn't know
    assert.equal((await queue.flush("manual")).sent, 1);
    assert.deepEqual(the.seen.chunks, [0, C, C, 3 * C, 5 * C]);
    assert.deepEqual(the.kept.get(`${entry.id}/0`), photo.bytes);
    assert.equal(the.seen.stores, 1);
  });

  test("the phone's offset ahead of the office's (it dropped the chunks) resumes from the office's", async () => {
    const size = 4 * C;
    const { entry, photo } = await storeWithPhoto(size);
    const the = office();
    await db.put("outbox", { ...(await db.get("outbox", entry.id)), result: { ok: true } }); // confirmed already
    await photoUpload.saveProgress(entry.id, 0, 2 * C, size);
    assert.equal((await queue.flush("manual")).sent, 1);
    assert.deepEqual(the.seen.chunks, [2 * C, 0, C, 3 * C]);
    assert.deepEqual(the.kept.get(`${entry.id}/0`), photo.bytes);
  });

  test("a photo refused at its last byte marks the entry for a person, with the office's words", async () => {
    await storeWithPhoto(C + 10);
    globalThis.fetch = async (url, init) => {
      if (url === URLS.syncBatch) {
        const body = JSON.parse(init.body);
        return Response.json({ outcomes: body.entries.map((e) => ({ id: e.id, http: 201, result: { ok: true } })) });
      }
      const offset = Number(init.headers["Upload-Offset"]);
      if (offset === 0) return Response.json({ status: "partial", offset: C, total: C + 10 });
      return Response.json({ status: "rejected", errors: { photos: "This file is not a photo we can read." } }, { status: 422 });
    };
    const result = await queue.flush("manual");
    assert.equal(result.failed, 1);
    const [left] = await queue.entriesFor("7");
    assert.equal(left.status, "failed");
    assert.equal(left.last_error.photos, "This file is not a photo we can read.");
  });
});
