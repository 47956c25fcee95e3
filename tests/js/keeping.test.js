// The phone keeps what it holds (keeping.js): lasting storage asked for at sign-in, plain warnings
// when the browser refused it or entries waited more than a day, the office's receipt numbers.
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { describe, test } from "node:test";

const db = await import("../../fieldapp/static/js/db.js");
const { askToKeep, keepingWarnings, receiptNumber } = await import("../../fieldapp/static/js/keeping.js");

const NOW = Date.parse("2026-12-05T15:00:00Z");
const entry = (hoursAgo) => ({ created_at: new Date(NOW - hoursAgo * 3600000).toISOString() });

describe("keeping", () => {
  test("lasting storage is asked for when not granted yet, and the answer noted", async () => {
    const asked = [];
    const refused = { persisted: async () => false, persist: async () => { asked.push(1); return false; } };
    assert.equal(await askToKeep(refused), false);
    assert.equal(asked.length, 1);
    assert.equal((await db.getMeta("storage")).value.persisted, false);
    const granted = { persisted: async () => true, persist: async () => { asked.push(2); return true; } };
    assert.equal(await askToKeep(granted), true);
    assert.equal(asked.length, 1); // already kept: not asked again
    assert.equal(await askToKeep(undefined), null); // no storage API: nothing promised
  });

  test("refused, or no promise at all: the warning says what may be wiped and what to do", () => {
    for (const persisted of [false, null]) {
      const [w] = keepingWarnings({ storage: { persisted }, entries: [], now: NOW });
      assert.equal(w.code, "not_kept");
      assert.match(w.text, /may wipe the outbox/);
    }
    assert.deepEqual(keepingWarnings({ storage: { persisted: true }, entries: [], now: NOW }), []);
    assert.deepEqual(keepingWarnings({ storage: null, entries: [], now: NOW }), []); // not asked yet
  });

  test("entries waiting more than a day are counted, with the oldest's time", () => {
    const warnings = keepingWarnings({ storage: { persisted: true }, entries: [entry(2), entry(25), entry(49)], now: NOW });
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].code, "waited");
    assert.match(warnings[0].text, /^2 entries on this phone have waited more than a day/);
    assert.match(warnings[0].text, /the oldest recorded Thu 3 Dec 2026/);
    assert.deepEqual(keepingWarnings({ storage: { persisted: true }, entries: [entry(23)], now: NOW }), []);
  });

  test("the receipt names the office's number for each kind", () => {
    assert.equal(receiptNumber("violation", { violation_id: 41 }), "Violation no. 41");
    assert.equal(receiptNumber("seizure", { impoundment_id: 3, record_number: "2026-007" }), "Impoundment record 2026-007");
    assert.equal(receiptNumber("ticket", { ticket_number: "T-00012" }), "Ticket number T-00012");
    assert.equal(receiptNumber("ticket_void", { ticket_number: "T-00013", status: "void" }), "Ticket number T-00013 voided");
    assert.equal(receiptNumber("complaint", { complaint_id: 9 }), "Sworn complaint no. 9");
    assert.equal(receiptNumber("rabies_request", { rabies_request_id: 5 }), "Rabies vaccination request no. 5");
    assert.equal(receiptNumber("violation", null), null);
  });
});
