// The queue's "Nearest first": the great-circle distance between two points (no map service).
import assert from "node:assert/strict";
import { test } from "node:test";

import { changesSince, distanceKm } from "../../fieldapp/static/js/calls.js";

test("a degree of latitude is about 111 km, and a point is 0 km from itself", () => {
  assert.ok(Math.abs(distanceKm({ lat: 43.0, lon: -76.0 }, { lat: 44.0, lon: -76.0 }) - 111.2) < 0.5);
  assert.equal(distanceKm({ lat: 43.65, lon: -76.08 }, { lat: 43.65, lon: -76.08 }), 0);
});

test("nearer is smaller whatever the direction", () => {
  const here = { lat: 43.6459, lon: -76.0752 };
  assert.ok(distanceKm(here, { lat: 43.65, lon: -76.07 }) < distanceKm(here, { lat: 43.70, lon: -76.20 }));
});

test("the phone's copy says which calls were taken by another, closed, or came in since the page", () => {
  const items = [{ entry: "a", officer: "" }, { entry: "b", officer: "Dale Crofoot" }, { entry: "c", officer: "" }];
  const rows = [{ entry_id: "a", officer: "Dana Pratt" }, { entry_id: "b", officer: "Dale Crofoot" }, { entry_id: "d" }];
  const found = changesSince(0, items, rows);
  assert.deepEqual(found.taken, [{ entry: "a", officer: "Dana Pratt" }]);
  assert.deepEqual(found.closed, ["c"]);
  assert.equal(found.added, 1);
});
