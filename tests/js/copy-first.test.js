// When the phone's copy answers a tag's link before the office (copy-first.js, the service
// worker's /t/<token> navigation): only the signed-in officer's own, live, young copy, and only
// for a tag it holds; a signed-out phone (a finder's) gets the office's page.
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

const db = await import("../../fieldapp/static/js/db.js");
const { copyAnswers, copyCard, copyRefusal } = await import("../../fieldapp/static/js/copy-first.js");
const { htmlEl } = await import("../../fieldapp/static/js/html-el.js");
(await import("../../fieldapp/static/js/urls.js")).useUrls({ newViolation: "/field/violations/new", newSeizure: "/field/seizures/new",
  newTicket: "/field/tickets/new", newComplaint: "/field/complaints/new", scan: "/field/scan" });

const NOW = Date.parse("2026-12-05T10:00:00Z");
const HOUR = 3600000;
const header = (over = {}) => ({ user_id: "7", generated_at: new Date(NOW - HOUR).toISOString(),
  // The session runs 8 h from the real clock too: dataset.js drops a lapsed session's copy by it.
  expires_ms: Math.max(NOW, Date.now()) + 8 * HOUR, copy_max_age_hours: 24, ...over });

async function signedInWithCopy(over = {}) {
  await db.setMeta("session", "7");
  await db.setMeta("dataset", header(over));
  await db.put("dogs", { id: 1, tag: "ABC123", dog: { id: 1, name: "Max <b>", id_number: 1001 },
    license: { expires_on: "2027-06-30", number: "2026-00005" }, rabies: { valid_until: "2020-01-01" },
    owners: [{ name: "Donna Hadley", address: "1 Main St", phone: "(315) 555-0100" }], flags: [] });
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

  test("the card is HTML text, readable before any script: the copy's mark, its age, the statuses", async () => {
    await signedInWithCopy();
    const card = await copyCard("ABC123", NOW);
    assert.equal(card.userId, "7");
    assert.equal(card.age, "From the phone's copy, 60 min old");
    assert.match(card.html, /^<article class="status-card" id="status-card" data-dog-id="1">/);
    assert.match(card.html, /Max &lt;b&gt;/); // what the office typed is text, never markup
    assert.match(card.html, /data-status="rabies-expired"/);
    assert.match(card.html, /href="tel:3155550100"/);
    assert.match(card.html, /href="\/field\/seizures\/new\?dog=1"/);
    const replaced = await copyCard("OLD999", NOW);
    assert.match(replaced.html, /^<p class="card-invalid" id="tag-retired">Tag replaced on .* 2 Jan 2026 — not valid<\/p><article/);
  });

  test("html-el escapes attributes and text and closes what it opens", () => {
    const node = htmlEl("p", { title: 'a "b" & c' }, "x < y", htmlEl("br"), null, "");
    assert.equal(node.outerHTML, '<p title="a &quot;b&quot; &amp; c">x &lt; y<br></p>');
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
