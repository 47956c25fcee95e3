// When the phone's copy answers a tag's link before the office (copy-first.js, the service
// worker's /t/<token> navigation): only the signed-in officer's own, live, young copy, and only
// for a tag it holds; a signed-out phone (a finder's) gets the office's page.
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

const db = await import("../../fieldapp/static/js/db.js");
const { copyAnswers, copyRefusal } = await import("../../fieldapp/static/js/copy-first.js");

const NOW = Date.parse("2026-12-05T10:00:00Z");
const HOUR = 3600000;
const header = (over = {}) => ({ user_id: "7", generated_at: new Date(NOW - HOUR).toISOString(),
  expires_ms: NOW + 8 * HOUR, copy_max_age_hours: 24, ...over });

async function signedInWithCopy(over = {}) {
  await db.setMeta("session", "7");
  await db.setMeta("dataset", header(over));
  await db.put("dogs", { id: 1, tag: "ABC123", dog: { id: 1, name: "Max" } });
  await db.put("retired", { token: "OLD999", retired_on: "2026-01-02", dog_id: 1 });
}

describe("copy-first", () => {
  beforeEach(async () => {
    await db.forgetSession();
    await db.clear("dogs");
  });

  test("the signed-in officer's copy answers a tag it holds, worn or replaced", async () => {
    await signedInWithCopy();
    assert.equal(await copyAnswers("ABC123", NOW), true);
    assert.equal(await copyAnswers("OLD999", NOW), true);
  });

  test("a tag the copy does not hold goes to the office", async () => {
    await signedInWithCopy();
    assert.equal(await copyAnswers("NEW000", NOW), false);
  });

  test("signed out (the copy is dropped with the session): the office's public page", async () => {
    await signedInWithCopy();
    await db.forgetSession(); // sign-out, or a "not signed in" answer
    assert.equal(await copyAnswers("ABC123", NOW), false);
  });

  test("another officer's copy, a lapsed session or a copy past the town's limit never answers", () => {
    const session = { value: "7" };
    assert.equal(copyRefusal({ session: null, dataset: { value: header() }, now: NOW }), "signed_out");
    assert.equal(copyRefusal({ session, dataset: null, now: NOW }), "no_copy");
    assert.equal(copyRefusal({ session: { value: "8" }, dataset: { value: header() }, now: NOW }), "another_officer");
    assert.equal(copyRefusal({ session, dataset: { value: header({ expires_ms: NOW - 1 }) }, now: NOW }), "session_lapsed");
    assert.equal(copyRefusal({ session, dataset: { value: header({ copy_max_age_hours: 0 }) }, now: NOW }), "too_old");
    assert.equal(copyRefusal({ session, dataset: { value: header({ copy_max_age_hours: undefined,
      generated_at: new Date(NOW - 25 * HOUR).toISOString() }) }, now: NOW }), "too_old");
    assert.equal(copyRefusal({ session, dataset: { value: header() }, now: NOW }), null);
  });
});
