// A ticket number's letters follow the town; its digits name it (ticket-number.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

const { digitsOf, sameNumber, withLetters } = await import("../../fieldapp/static/js/ticket-number.js");

describe("ticket-number", () => {
  test("the digits name the number, with any letters or none", () => {
    assert.equal(digitsOf("SC-000123"), 123);
    assert.equal(digitsOf("et-123"), 123);
    assert.equal(digitsOf("123"), 123);
    assert.equal(digitsOf(""), null);
    assert.equal(digitsOf("SC-"), null);
  });
  test("one number under two towns' letters is one number", () => {
    assert.ok(sameNumber("SC-000123", "ET-000123"));
    assert.ok(!sameNumber("SC-000123", "SC-000124"));
    assert.ok(!sameNumber("", ""));
  });
  test("the town's letters replace the block's", () => {
    assert.equal(withLetters("SC-000123", "ET"), "ET-000123");
    assert.equal(withLetters("SC-000123", ""), "SC-000123");
    assert.equal(withLetters("", "ET"), "");
  });
});
