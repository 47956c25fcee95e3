// Each town's own tables on a roadside form: the town where it happened picks (town-tables.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

const { mergeTables, tableFor, townOf } = await import("../../fieldapp/static/js/town-tables.js");

const tables = { "": { court: "Sandy Creek Town Court" }, 1: { court: "Sandy Creek Town Court" },
  2: { court: "Example Town Court" } };

describe("town-tables", () => {
  test("the town picked on the form, else the dog's own town, else the town acted for", () => {
    assert.equal(townOf("2", "1"), "2");
    assert.equal(townOf("", "2"), "2");
    assert.equal(townOf("", ""), "");
  });
  test("that town's table, else the town acted for's", () => {
    assert.equal(tableFor(tables, "2").court, "Example Town Court");
    assert.equal(tableFor(tables, "").court, "Sandy Creek Town Court");
    assert.equal(tableFor(tables, "9").court, "Sandy Creek Town Court");
    assert.equal(tableFor(null, "2"), null);
  });
  test("the copy's fresher tables merge in town by town; a copy keyed by day is left out", () => {
    const into = { "": { "2026-12-01": "a" }, 2: { "2026-12-01": "b" } };
    mergeTables(into, { 2: { "2026-12-02": "c" }, 3: { "2026-12-02": "d" } });
    assert.deepEqual(into, { "": { "2026-12-01": "a" }, 2: { "2026-12-01": "b", "2026-12-02": "c" },
      3: { "2026-12-02": "d" } });
    mergeTables(into, { "2026-12-03": { owner_known: "2026-12-12" } });
    assert.equal(into["2026-12-03"], undefined);
  });
});
