// While the office builds a county's whole copy (a build of minutes, services/copy_store.py) the
// copy's fetch answers 202 with Retry-After, or an older copy with Retry-After: the phone keeps
// what it holds, shows no error, and asks again after the seconds it was given (copy-retry.js).
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";

const db = await import("../../fieldapp/static/js/db.js");
const { cancelRetry, retryAfterMs, retryWaiting, RETRY_DEFAULT_MS, RETRY_MAX_MS, RETRY_MIN_MS } =
  await import("../../fieldapp/static/js/copy-retry.js");
const { clearDataset, datasetInfo, refreshDataset } = await import("../../fieldapp/static/js/dataset.js");
(await import("../../fieldapp/static/js/urls.js")).useUrls({ dataset: "/api/field-dataset" });

// Let a try started by a timer run to its end (IndexedDB reads, the fetch, the write).
const settle = async () => { for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve)); };
const NOW = Date.parse("2026-12-05T10:00:00Z");
const copy = (version) => ({ version, full: true, since: null, generated_at: "2026-12-05T09:00:00+00:00",
  today: "2026-12-05", dogs: [{ dog: { id: 1, name: "Max" }, tag: "ABC123", retired_tags: [] }],
  redemption_deadlines: [], calls: [], copy_max_age_hours: 24 });

function answer(status, body, headers = {}) {
  return { status, ok: status >= 200 && status < 300, json: async () => body,
    headers: { get: (name) => headers[name] ?? null } };
}

describe("copy retry policy", () => {
  test("Retry-After in seconds or as a date; kept between 5 s and 10 min; 30 s when absent or unreadable", () => {
    assert.equal(retryAfterMs("30", NOW), 30000);
    assert.equal(retryAfterMs(" 120 ", NOW), 120000);
    assert.equal(retryAfterMs(new Date(NOW + 90000).toUTCString(), NOW), 90000);
    assert.equal(retryAfterMs("0", NOW), RETRY_MIN_MS);
    assert.equal(retryAfterMs(new Date(NOW - 60000).toUTCString(), NOW), RETRY_MIN_MS);
    assert.equal(retryAfterMs("86400", NOW), RETRY_MAX_MS);
    for (const v of [null, undefined, "", "soon", "-5", "1.5"]) assert.equal(retryAfterMs(v, NOW), RETRY_DEFAULT_MS);
  });
});

describe("the copy's fetch while the office builds it", () => {
  const asked = [];
  let answers = [];
  beforeEach(async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    globalThis.document = { body: { dataset: { userId: "7", powers: "enforce" } } };
    Object.defineProperty(globalThis, "navigator", { value: { onLine: true }, configurable: true });
    globalThis.fetch = async (url) => { asked.push(url); return answers.shift(); };
    asked.length = 0;
    await db.forgetSession();
    await clearDataset();
  });
  afterEach(() => { cancelRetry(); mock.timers.reset(); });

  test("202: no copy, no error, one try again after Retry-After, which takes the copy", async () => {
    answers = [answer(202, { status: "building" }, { "Retry-After": "30" })];
    assert.equal(await refreshDataset(true), null);
    assert.equal(await datasetInfo(), null);
    assert.ok(retryWaiting());
    answers = [answer(202, { status: "building" }, { "Retry-After": "30" })];
    assert.equal(await refreshDataset(true), null); // a second 202 meanwhile sets no second try
    assert.equal(asked.length, 2);
    answers = [answer(200, copy(9), { "X-Session-Idle-Seconds": "3600", "X-Copy-As-Of": "2026-12-05T10:00:00+00:00" })];
    mock.timers.tick(29999);
    assert.equal(asked.length, 2);
    mock.timers.tick(1);
    await settle();
    assert.equal(asked.length, 3);
    assert.equal(asked[2], "/api/field-dataset");
    assert.equal((await datasetInfo()).version, 9);
    assert.ok(!retryWaiting()); // the copy came: no further try
  });

  test("an older copy with Retry-After is kept, and the changes since it are asked for then", async () => {
    answers = [answer(200, copy(5), { "X-Session-Idle-Seconds": "3600", "Retry-After": "60" })];
    const data = await refreshDataset(true);
    assert.equal(data.version, 5);
    const info = await datasetInfo();
    assert.equal(info.version, 5);
    assert.equal(info.generated_at, "2026-12-05T09:00:00+00:00"); // the older copy's own age
    assert.ok(retryWaiting());
    answers = [answer(200, { version: 8, full: false, since: 5, dogs: [], calls: [] }, { "X-Session-Idle-Seconds": "3600" })];
    mock.timers.tick(59999);
    await settle();
    assert.equal(asked.length, 1);
    mock.timers.tick(1);
    await settle();
    assert.equal(asked[1], "/api/field-dataset?since=5");
    assert.equal((await datasetInfo()).version, 8);
  });
});
