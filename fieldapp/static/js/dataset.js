/* The phone's copy of the field dataset: what a scan needs with no signal (GET /api/field-dataset).
 *
 * Fetched whole once, then as deltas since its version, at most every DATASET_EVERY_MS (or at
 * once when entries reached the office). Kept per officer: another officer's copy is dropped.
 * Read by offline-card.js (the card), field.js (cached forms) and entry-state.js.
 */
import { get, getMeta, req, tx } from "./db.js";
import { holds, userId } from "./dom.js";
import { urls } from "./urls.js";

const DATASET_EVERY_MS = 5 * 60 * 1000;

// The copy's header: {user_id, version, generated_at, fetched_ms, today, redemption_deadlines}.
export async function datasetInfo() {
  const row = await getMeta("dataset");
  return row ? row.value : null;
}

export async function refreshDataset(force) {
  const uid = userId();
  if (!uid || !holds("enforce") || !navigator.onLine) return null;
  let current = await datasetInfo();
  if (current && current.user_id !== uid) { await clearDataset(); current = null; }
  if (!force && current && Date.now() - current.fetched_ms < DATASET_EVERY_MS) return current;
  const since = current ? `?since=${current.version}` : "";
  let res;
  try { res = await fetch(urls().dataset + since, { credentials: "same-origin", cache: "no-store" }); } catch (err) { return null; }
  if (!res.ok) return null;
  const data = await res.json();
  await tx(["dogs", "retired", "meta"], "readwrite", (s) => {
    if (data.full) { s.dogs.clear(); s.retired.clear(); }
    for (const rec of data.dogs) {
      s.dogs.put(Object.assign({ id: rec.dog.id }, rec));
      for (const t of rec.retired_tags || []) s.retired.put({ token: t.token, retired_on: t.retired_on, dog_id: rec.dog.id });
    }
    s.meta.put({ key: "dataset", value: { user_id: uid, version: data.version, generated_at: data.generated_at,
      fetched_ms: Date.now(), today: data.today, redemption_deadlines: data.redemption_deadlines } });
  });
  return data;
}

export async function clearDataset() {
  await tx(["dogs", "retired", "meta"], "readwrite", (s) => {
    s.dogs.clear(); s.retired.clear(); s.meta.delete("dataset");
  });
}

// A dog's record in the copy: {dog, license, rabies, flags, owners, retired_tags}.
export const dogById = (id) => (Number.isInteger(Number(id)) ? get("dogs", Number(id)) : Promise.resolve(null));

export async function dogByTag(token) {
  const hits = await tx("dogs", "readonly", (s) => req(s.dogs.index("tag").getAll(token)));
  return (hits && hits[0]) || null;
}

// A replaced tag: {token, retired_on, dog_id}.
export const retiredTag = (token) => get("retired", token);
