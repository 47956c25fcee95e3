// The town where it happened: the phone offers the last town picked (town-pick.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

const { anotherLaw, formForTown, townToShow } = await import("../../fieldapp/static/js/town-pick.js");

describe("town-pick", () => {
  test("the page's own choice wins", () => {
    assert.equal(townToShow("3", "2", ["", "2", "3"]), "3");
  });
  test("else the town picked last, while the officer still serves it", () => {
    assert.equal(townToShow("", "2", ["", "2", "3"]), "2");
    assert.equal(townToShow("", "9", ["", "2", "3"]), "");
    assert.equal(townToShow("", null, ["", "2", "3"]), "");
  });
  test("a town under another law than the form's offences is said", () => {
    assert.equal(anotherLaw("local-2011", "aml-article-7"), true);
    assert.equal(anotherLaw("local-2011", "local-2011"), false);
    assert.equal(anotherLaw("local-2011", ""), false);  // the dog's own town: the office judges it
  });
  test("the town in the address comes before the remembered one", () => {
    assert.equal(townToShow("", "2", ["", "2", "3"], "3"), "3");
    assert.equal(townToShow("", "2", ["", "2", "3"], "9"), "2");  // a town not served: as if none
  });
  test("a town under another law brings its own form, keeping the dog and the call", () => {
    const here = "https://dc.example/field/violations/new?dog=9&call=abc";
    assert.equal(formForTown(here, "sandy-creek-ll2-2011", "2", "aml-article-7"),
      "/field/violations/new?dog=9&call=abc&town=2");
    // Back to the dog's own town (else the town acted for): the address without a town.
    assert.equal(formForTown("https://dc.example/field/violations/new?dog=9&town=2", "aml-article-7", "",
      "sandy-creek-ll2-2011"), "/field/violations/new?dog=9");
  });
  test("the same law, or this address being that town's form already, stays", () => {
    assert.equal(formForTown("https://dc.example/field/tickets/new", "aml-article-7", "3", "aml-article-7"), null);
    // The phone kept no form for town 2: this is the form without one; the page says so instead.
    assert.equal(formForTown("https://dc.example/field/tickets/new?town=2", "sandy-creek-ll2-2011", "2",
      "aml-article-7"), null);
  });
});
