// The town where it happened: the phone offers the last town picked (town-pick.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

const { anotherLaw, townToShow } = await import("../../fieldapp/static/js/town-pick.js");

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
});
