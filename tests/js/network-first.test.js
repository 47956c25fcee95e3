// A page the officer opens: the office's, the phone's kept one, or the offline page (network-first.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

const { networkFirst } = await import("../../fieldapp/static/js/network-first.js");

const after = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
const failing = (ms) => new Promise((_, reject) => setTimeout(() => reject(new Error("offline")), ms));
const open = (fetched, keptPage) => networkFirst({
  fetched, kept: async () => keptPage, offline: () => "offline page", quickMs: 30, patientMs: 200,
});

describe("network-first", () => {
  test("the office's page when it comes quickly", async () => {
    assert.equal(await open(after(5, "office page"), "kept page"), "office page");
  });
  test("the kept page when the office is slow", async () => {
    assert.equal(await open(after(100, "office page"), "kept page"), "kept page");
  });
  test("the kept page when the link fails", async () => {
    assert.equal(await open(failing(5), "kept page"), "kept page");
  });
  test("with no kept page, a slow office's page is waited for, not called offline", async () => {
    assert.equal(await open(after(100, "office page"), null), "office page");
  });
  test("with no kept page, the offline page when the link fails or the office never answers", async () => {
    assert.equal(await open(failing(5), null), "offline page");
    assert.equal(await open(failing(100), null), "offline page");
    assert.equal(await open(new Promise(() => {}), null), "offline page");
  });
});
