/* The phone's IndexedDB database "fieldapp": its schema, opening it, and small promise helpers.
 *
 * Plain IndexedDB, wrapped small (no library): the app needs one database, one-shot reads and
 * writes, and transactions whose requests are all queued at once (`tx`), which is what the
 * 60 lines below give. Shared by the pages and the service worker.
 *
 * Stores:
 *   outbox    entries waiting to be sent (by id; index user_id)      — queue.js
 *   sent      entries the server confirmed, with its result, a few days — queue.js
 *   discards  entries a person discarded, until the office is told   — queue.js
 *   used_ids  entry ids already used on this phone                  — forms.js
 *   uploads   how far each photo of a waiting entry got ("<id>/<n>" → offset, total) — photo-upload.js
 *   dogs      the phone's copy of the field dataset (indexes tag, id_number, tag_serial, microchip) — dataset.js
 *   retired   replaced tags' tokens → dog                            — dataset.js
 *   meta      {key, value}: session, paused, retry_at, dataset info, ticket books, device id
 *
 * When the session ends (signed out, or the server answers "not signed in"), `forgetSession`
 * drops what the office gave this phone for the officer; the outbox stays.
 */
const DB_NAME = "fieldapp";
const DB_VERSION = 5;
let dbPromise = null;

function upgrade(db, oldVersion, versionTx) {
  if (oldVersion < 1) {
    db.createObjectStore("outbox", { keyPath: "id" }).createIndex("user_id", "user_id");
    db.createObjectStore("meta", { keyPath: "key" });
    db.createObjectStore("dogs", { keyPath: "id" }).createIndex("tag", "tag");
    db.createObjectStore("retired", { keyPath: "token" });
    db.createObjectStore("discards", { keyPath: "id" });
    db.createObjectStore("used_ids", { keyPath: "id" });
  }
  if (oldVersion < 2) db.createObjectStore("sent", { keyPath: "id" });
  if (oldVersion < 3) {
    // A typed ID or tag number is one index read, not every dog of the copy (~100 ms at 5,000).
    const dogs = versionTx.objectStore("dogs");
    dogs.createIndex("id_number", "dog.id_number");
    dogs.createIndex("tag_serial", "tag_serial");
  }
  // A typed microchip number (a shelter's reader) is one index read too.
  if (oldVersion < 4) versionTx.objectStore("dogs").createIndex("microchip", "dog.microchip");
  // A photo sent in chunks resumes where a cut link stopped it (photo-upload.js).
  if (oldVersion < 5) db.createObjectStore("uploads", { keyPath: "key" });
}

export function openDb(anyVersion) {
  if (dbPromise) return dbPromise;
  dbPromise = new Promise((resolve, reject) => {
    // anyVersion: a newer script (a deploy, in another tab) already upgraded the database; this
    // older worker or page keeps using the stores it knows rather than failing every flush.
    const open = anyVersion ? indexedDB.open(DB_NAME) : indexedDB.open(DB_NAME, DB_VERSION);
    open.onupgradeneeded = (ev) => upgrade(open.result, ev.oldVersion, open.transaction);
    open.onsuccess = () => {
      const db = open.result;
      db.onversionchange = () => { db.close(); dbPromise = null; };
      resolve(db);
    };
    open.onerror = () => {
      dbPromise = null;
      if (!anyVersion && open.error && open.error.name === "VersionError") openDb(true).then(resolve, reject);
      else reject(open.error);
    };
  });
  return dbPromise;
}

// One transaction; `work(stores)` queues requests; resolves with its return value on commit.
export async function tx(names, mode, work) {
  const db = await openDb();
  return new Promise((resolve, reject) => {
    const t = db.transaction(names, mode);
    const stores = {};
    for (const n of [].concat(names)) stores[n] = t.objectStore(n);
    let value;
    Promise.resolve(work(stores)).then((v) => { value = v; }, reject);
    t.oncomplete = () => resolve(value);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error || new Error("transaction aborted"));
  });
}

// An IDBRequest as a promise (inside `tx`).
export const req = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
export const get = (store, key) => tx(store, "readonly", (s) => req(s[store].get(key)));
export const put = (store, value) => tx(store, "readwrite", (s) => { s[store].put(value); });
// Many rows in one transaction: a batch of 100 entries is one write, not a hundred.
export const putAll = (store, values) => tx(store, "readwrite", (s) => { for (const v of values) s[store].put(v); });
export const del = (store, key) => tx(store, "readwrite", (s) => { s[store].delete(key); });
export const all = (store) => tx(store, "readonly", (s) => req(s[store].getAll()));
export const clear = (store) => tx(store, "readwrite", (s) => { s[store].clear(); });
export const getMeta = (key) => get("meta", key);
export const setMeta = (key, value) => put("meta", { key, value });

// The session ended: signed out here, or the server said "not signed in" (ended there: a
// deactivation, a new role or password, idle too long). The copy of the field data (owners'
// names, addresses, phones) and what the office made of sent entries go, with who was signed in.
// The outbox, its discards and the ticket books stay: the entries wait for the same officer.
export const forgetSession = () => tx(["dogs", "retired", "sent", "meta"], "readwrite", (s) => {
  s.dogs.clear(); s.retired.clear(); s.sent.clear();
  for (const key of ["dataset", "session", "pages_user"]) s.meta.delete(key);
});

// The outbox paused because the server said "not signed in" (queue.js sets it on a 401).
export async function pausedSignedOut() {
  const paused = await getMeta("paused");
  return !!(paused && paused.value && paused.value.why === "signed_out");
}
