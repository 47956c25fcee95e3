/* The offline outbox (issue 6): every field entry is stored on the phone first, then sent.
 *
 * Shared by the page and the service worker (sw.js imports this file): the IndexedDB store and
 * the flush live in `FieldOutbox`; the page part (forms, badge, /outbox, dataset, ticket block)
 * runs only where there is a document.
 *
 * Exactly once: each entry keeps its client UUID; the server is idempotent on it (the same id
 * again answers 200 with the same result). An entry leaves the phone only after the server
 * confirmed it (2xx with a result) and its photos are stored. One flush at a time, page or
 * worker, under navigator.locks "outbox-flush"; an entry being sent can't be edited or discarded.
 *
 * A confirmed entry moves to the "sent" store with the server's result (violation no., holding
 * period end, ticket number), kept SENT_KEEP_DAYS, so the "what now" page can say where an entry
 * is (on the phone, being sent, refused, received) with or without signal.
 */
(function (global) {
  "use strict";
  const DB_NAME = "fieldapp";
  const DB_VERSION = 2;
  const SENT_KEEP_DAYS = 7;
  const LOCK = "outbox-flush";
  const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("outbox") : null;
  let dbPromise = null;

  function openDb(anyVersion) {
    if (dbPromise) return dbPromise;
    dbPromise = new Promise((resolve, reject) => {
      // anyVersion: a newer script (a deploy, in another tab) already upgraded the database; this
      // older worker or page keeps using the stores it knows rather than failing every flush.
      const req = anyVersion ? indexedDB.open(DB_NAME) : indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = (ev) => {
        const db = req.result;
        if (ev.oldVersion < 1) {
          const outbox = db.createObjectStore("outbox", { keyPath: "id" });
          outbox.createIndex("user_id", "user_id");
          db.createObjectStore("meta", { keyPath: "key" });
          db.createObjectStore("dogs", { keyPath: "id" }).createIndex("tag", "tag");
          db.createObjectStore("retired", { keyPath: "token" });
          db.createObjectStore("discards", { keyPath: "id" });
          db.createObjectStore("used_ids", { keyPath: "id" });
        }
        if (ev.oldVersion < 2) db.createObjectStore("sent", { keyPath: "id" });
      };
      req.onsuccess = () => {
        const db = req.result;
        db.onversionchange = () => { db.close(); dbPromise = null; };
        resolve(db);
      };
      req.onerror = () => {
        dbPromise = null;
        if (!anyVersion && req.error && req.error.name === "VersionError") openDb(true).then(resolve, reject);
        else reject(req.error);
      };
    });
    return dbPromise;
  }

  // One transaction; `work(stores)` queues requests; resolves with its return value on commit.
  async function tx(names, mode, work) {
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

  const req = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
  const get = (store, key) => tx(store, "readonly", (s) => req(s[store].get(key)));
  const put = (store, value) => tx(store, "readwrite", (s) => { s[store].put(value); });
  const del = (store, key) => tx(store, "readwrite", (s) => { s[store].delete(key); });
  const all = (store) => tx(store, "readonly", (s) => req(s[store].getAll()));
  const clear = (store) => tx(store, "readwrite", (s) => { s[store].clear(); });
  const getMeta = (key) => get("meta", key);
  const setMeta = (key, value) => put("meta", { key, value });

  // Counters of this context (page or worker), for tests and the benchmark to wait on.
  const stats = { sent: 0, photos: 0, flushes: 0 };

  function withLock(fn) {
    if (global.navigator && navigator.locks) return navigator.locks.request(LOCK, fn);
    return fn(); // very old browsers: the server's idempotency still prevents doubles
  }

  function notify(type, extra) {
    if (channel) channel.postMessage(Object.assign({ type }, extra || {}));
  }

  async function currentUser() {
    const session = await getMeta("session");
    return session && session.value ? String(session.value) : null;
  }

  async function entriesFor(userId) {
    const rows = await all("outbox");
    return rows.filter((e) => String(e.user_id) === String(userId))
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  }

  async function readJson(res) {
    try { return await res.json(); } catch (err) { return null; }
  }

  function problem(body, status) {
    if (body && body.errors) return body.errors;
    return { _: (body && body.message) || `The server answered ${status}.` };
  }

  // Send one entry and its photos. Returns "sent" | "failed" | "network" | "server" | "signed_out" | "wrong_user".
  async function sendEntry(entry) {
    if (!entry.result) {
      let res;
      try {
        res = await fetch("/api/sync", {
          method: "POST", credentials: "same-origin", cache: "no-store",
          headers: { "Content-Type": "application/json", "Accept": "application/json" },
          body: JSON.stringify({ id: entry.id, kind: entry.kind, recorded_at: entry.created_at,
                                 payload: entry.payload, officer_id: Number(entry.user_id) }),
        });
      } catch (err) {
        return "network";
      }
      const body = await readJson(res);
      if ((res.status === 200 || res.status === 201) && body && "result" in body) {
        entry.result = body.result;
        entry.confirmed_at = new Date().toISOString();
      } else if (res.status === 401) {
        return "signed_out";
      } else if (res.status === 403 && body && body.status === "wrong_user") {
        return "wrong_user";
      } else if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
        entry.status = "failed";
        entry.http_status = res.status;
        entry.conflict = res.status === 409; // stored before with other content: needs a new id
        entry.last_error = problem(body, res.status);
        await put("outbox", entry);
        return "failed";
      } else {
        entry.last_error = problem(body, res.status);
        return "server";
      }
      await put("outbox", entry);
    }
    const photos = entry.photos || [];
    for (let i = entry.photos_sent || 0; i < photos.length; i++) {
      let res;
      try {
        res = await fetch(`/api/sync/${entry.id}/photos/${i}`, {
          method: "POST", credentials: "same-origin", cache: "no-store",
          headers: { "Content-Type": photos[i].type || "image/jpeg" }, body: photos[i],
        });
      } catch (err) {
        return "network";
      }
      if (res.status === 401) return "signed_out";
      if (res.status >= 500 || res.status === 408 || res.status === 429) {
        entry.last_error = { photos: `The server answered ${res.status} to photo ${i + 1}.` };
        return "server";
      }
      if (!res.ok) {
        entry.status = "failed";
        entry.http_status = res.status;
        entry.last_error = problem(await readJson(res), res.status);
        entry.last_error.photos = entry.last_error.photos || `Photo ${i + 1} was refused.`;
        await put("outbox", entry);
        return "failed";
      }
      entry.photos_sent = i + 1;
      stats.photos += 1;
      await put("outbox", entry);
    }
    // Off the outbox and into "sent" in one transaction: never in both, never in neither.
    await tx(["outbox", "sent"], "readwrite", (s) => {
      s.outbox.delete(entry.id);
      s.sent.put({ id: entry.id, kind: entry.kind, user_id: entry.user_id, result: entry.result,
                   created_at: entry.created_at, confirmed_at: entry.confirmed_at,
                   photos: photos.length, dog_id: entry.payload && entry.payload.dog_id,
                   codes: entry.payload && entry.payload.codes });
    });
    stats.sent += 1;
    notify("sent", { id: entry.id });
    return "sent";
  }

  // Sent entries are kept a few days (the "what now" page, the outbox's "sent" list), then dropped.
  async function pruneSent() {
    const cutoff = new Date(Date.now() - SENT_KEEP_DAYS * 86400000).toISOString();
    const old = (await all("sent")).filter((e) => (e.confirmed_at || "") < cutoff);
    if (old.length) await tx("sent", "readwrite", (s) => { for (const e of old) s.sent.delete(e.id); });
  }

  // Backoff for automatic replays after a network error or 5xx: 2 s, 4 s, ... up to 2 min.
  async function backoffUntil() {
    const row = await getMeta("retry_at");
    return row ? row.value : 0;
  }

  async function flush(reason) {
    // No network at all: don't count it as an attempt. (onLine true proves nothing; false does.)
    if (global.navigator && navigator.onLine === false) return { reason, stopped: "offline", retry: true, sent: 0, failed: 0 };
    // The timer and worker starts back off after errors; "online", app open and "Sync now" try at once.
    const automatic = ["timer", "worker-start"].includes(reason);
    if (automatic && Date.now() < await backoffUntil()) return { reason, stopped: "backoff", retry: true, sent: 0, failed: 0 };
    const result = await withLock(() => flushLocked(reason));
    notify("flushed", { result });
    return result;
  }

  async function flushLocked(reason) {
    const result = { reason, sent: 0, failed: 0, stopped: null, retry: false };
    const userId = await currentUser();
    if (!userId) { result.stopped = "signed_out"; return result; }
    const paused = await getMeta("paused");
    if (paused && paused.value && String(paused.value.user_id) === userId && reason !== "manual") {
      result.stopped = paused.value.why;
      return result;
    }
    await sendDiscards(userId);
    const entries = await entriesFor(userId);
    for (const entry of entries) {
      if (entry.status === "failed") continue;
      entry.status = "sending"; // we hold the lock: any earlier "sending" was cut off mid-flight
      await put("outbox", entry);
      notify("changed");
      const outcome = await sendEntry(entry);
      if (outcome === "sent") { result.sent += 1; continue; }
      if (outcome === "failed") { result.failed += 1; notify("changed"); continue; }
      // Stop here; the entry stays, in order, for the next attempt.
      entry.status = "pending";
      if (outcome === "network" || outcome === "server") {
        entry.attempts = (entry.attempts || 0) + 1;
        if (outcome === "network") entry.last_error = { _: "No connection to the server." };
        const delay = Math.min(120000, 2000 * Math.pow(2, Math.min(entry.attempts - 1, 6)));
        await setMeta("retry_at", Date.now() + delay);
        result.retry = true;
      } else {
        await setMeta("paused", { user_id: userId, why: outcome });
      }
      entry.last_attempt_at = new Date().toISOString();
      await put("outbox", entry);
      result.stopped = outcome;
      break;
    }
    if (!result.stopped) await setMeta("retry_at", 0);
    if (result.sent) await pruneSent();
    stats.flushes += 1;
    notify("changed");
    return result;
  }

  // Discards are logged to the server (audit) when it can be reached, kept locally until then.
  async function sendDiscards(userId) {
    for (const d of await all("discards")) {
      if (String(d.user_id) !== String(userId)) continue;
      try {
        const res = await fetch("/api/outbox/discarded", {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json" }, body: JSON.stringify(d),
        });
        if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 401)) {
          d.reported_at = new Date().toISOString();
          await del("discards", d.id);
        } else {
          return;
        }
      } catch (err) {
        return;
      }
    }
  }

  // Discard an entry that is not being sent (asks the lock so no flush holds it right now).
  function discard(id) {
    return withLock(async () => {
      const entry = await get("outbox", id);
      if (!entry) return false;
      if (entry.status === "sending") return false;
      await put("discards", {
        id: entry.id, kind: entry.kind, payload: entry.payload, last_error: entry.last_error,
        created_at: entry.created_at, discarded_at: localIso(new Date()), user_id: entry.user_id,
      });
      await del("outbox", id);
      notify("changed");
      return true;
    });
  }

  function localIso(d) {
    const pad = (n) => String(Math.floor(Math.abs(n))).padStart(2, "0");
    const off = -d.getTimezoneOffset();
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:` +
      `${pad(d.getMinutes())}:${pad(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, "0")}` +
      `${off >= 0 ? "+" : "-"}${pad(off / 60)}:${pad(off % 60)}`;
  }

  const core = { openDb, tx, get, put, del, all, clear, getMeta, setMeta, flush, discard,
                 entriesFor, currentUser, localIso, withLock, channel, stats };
  global.FieldOutbox = core;
  if (typeof document === "undefined") return; // in the service worker: no page to drive

  /* ------------------------------------------------------------------ the page ------ */
  const OFFICER_ROLES = ["dco", "constable", "admin"];
  const SKIP = new Set(["csrf_token", "entry_id", "recorded_at", "kind"]);
  const KIND_LABELS = { violation: "Violation", seizure: "Seizure", ticket: "Appearance ticket",
    complaint: "Sworn complaint", rabies_request: "Rabies certificate request", ticket_void: "Voided ticket number" };
  const DATASET_EVERY_MS = 5 * 60 * 1000;
  const TIMER_MS = 15000;
  const LOW_TICKETS = 5;
  let readyResolve;
  const api = {
    flushes: 0, lastResult: null, pendingCount: 0,
    ready: new Promise((r) => { readyResolve = r; }),
    flush: (reason) => runFlush(reason || "manual"),
    count: () => refreshCount(),
    refreshDataset: (force) => refreshDataset(force !== false),
    // Entries confirmed by the server, by this page or the worker (tests wait on it).
    workerSent: 0,
    sentCount: () => core.stats.sent + api.workerSent,
    core,
  };
  global.outbox = api;

  const userId = () => document.body && document.body.dataset.userId ? String(document.body.dataset.userId) : null;
  const isOfficer = () => OFFICER_ROLES.includes(document.body.dataset.userRole || "");

  // Same shape as the server's form_to_payload: repeated names become lists; files are photos.
  function formToEntry(form, submitter) {
    const data = new FormData(form, submitter || undefined);
    const values = new Map();
    const photos = [];
    for (const [key, value] of data.entries()) {
      if (typeof value !== "string") {
        if (value && value.size > 0) photos.push(value);
        continue;
      }
      if (SKIP.has(key)) continue;
      if (!values.has(key)) values.set(key, []);
      values.get(key).push(value);
    }
    const payload = {};
    for (const [key, list] of values) {
      payload[key.endsWith("[]") ? key.slice(0, -2) : key] = list.length > 1 || key.endsWith("[]") ? list : list[0];
    }
    const idField = form.querySelector("input[name=entry_id]");
    return { formId: idField ? idField.value : "", payload, photos };
  }

  function nextUrl(template, entry) {
    if (!template) return null;
    return template.replace(/\{(\w+)\}/g, (m, name) => {
      const v = name === "id" ? entry.id : (entry.payload[name] !== undefined ? entry.payload[name] : "");
      return encodeURIComponent(Array.isArray(v) ? v.join(",") : v);
    });
  }

  async function chooseId(formId, editing) {
    if (editing) {
      const old = await get("outbox", editing);
      // Never stored by the server: the same UUID; a conflict (409): a new one.
      if (old && !old.conflict) return old.id;
      return crypto.randomUUID();
    }
    const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(formId || "");
    // A cached form page carries the id it was rendered with: use it only once.
    if (valid && !(await get("used_ids", formId)) && !(await get("outbox", formId))) return formId;
    return crypto.randomUUID();
  }

  function onSubmit(ev) {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || !form.matches("form[data-outbox-kind]")) return;
    const uid = userId();
    if (!uid) return; // not signed in: the form posts to the server as it would without JS
    ev.preventDefault();
    ev.stopImmediatePropagation();
    // Read and clear the form before the first await, so a fast second submit is its own entry.
    const { formId, payload, photos } = formToEntry(form, ev.submitter);
    const kind = form.dataset.outboxKind;
    const next = form.dataset.outboxNext;
    const editing = form.dataset.outboxEditing || null;
    const formUrl = location.pathname;
    const createdAt = localIso(new Date());
    form.reset();
    delete form.dataset.outboxEditing;
    const idField = form.querySelector("input[name=entry_id]");
    if (idField) idField.value = crypto.randomUUID();
    clearErrors(form);
    queueEntry({ formId, payload, photos, kind, editing, formUrl, createdAt, uid })
      .then((entry) => {
        fillTicketNumber(form);
        const url = nextUrl(next, entry);
        requestFlush();
        if (url) {
          location.assign(url);
        } else {
          say(`Saved to the outbox: ${KIND_LABELS[kind] || kind}. It is sent when there is signal.`);
        }
      })
      .catch((err) => say(`Could not save the entry on this phone: ${err}`, true));
  }

  async function queueEntry(e) {
    // A new entry needs no lock (nobody else knows it); replacing an edited one does.
    const run = e.editing ? withLock : (fn) => fn();
    return run(async () => {
      const id = await chooseId(e.formId, e.editing);
      if (e.editing) {
        const old = await get("outbox", e.editing);
        if (old && old.status === "sending") throw new Error("the entry is being sent right now");
        if (old) await del("outbox", e.editing);
      }
      const entry = { id, kind: e.kind, payload: e.payload, photos: e.photos, photos_sent: 0,
                      created_at: e.createdAt, attempts: 0, last_error: null, status: "pending",
                      user_id: e.uid, form_url: e.formUrl };
      await tx(["outbox", "used_ids"], "readwrite", (s) => {
        s.outbox.put(entry);
        s.used_ids.put({ id, at: Date.now() });
      });
      if ((e.kind === "ticket" || e.kind === "ticket_void") && e.payload.ticket_number) {
        await takeTicketNumber(e.uid, e.payload.ticket_number);
      }
      notify("changed");
      return entry;
    });
  }

  async function runFlush(reason) {
    if (reason === "manual") await setMeta("paused", null);
    const result = await flush(reason);
    api.flushes += 1;
    api.lastResult = result;
    await refreshCount();
    if (result && result.sent) copyChanged();
    return result;
  }

  // Entries reached the office (an impoundment, a violation...): fetch the copy's delta now, so
  // the offline card shows them without waiting for the next 5-minute refresh.
  function copyChanged() {
    api.datasetRefresh = refreshDataset(true).catch(() => null);
    return api.datasetRefresh;
  }

  // Ask the worker (it outlives this page) and Background Sync; the page flushes too if no worker.
  function requestFlush() {
    const sw = navigator.serviceWorker;
    if (sw && sw.ready) {
      sw.ready.then((reg) => reg.sync && reg.sync.register("outbox-sync")).catch(() => {});
    }
    if (sw && sw.controller) {
      sw.controller.postMessage({ type: "flush" });
    } else {
      runFlush("queued");
    }
  }

  // One refresh at a time, in order (a late one never paints older numbers over newer), and the
  // badge last: when it changes, the lists on the page already say the same.
  let refreshChain = Promise.resolve();
  function refreshCount() {
    refreshChain = refreshChain.then(paintCount, paintCount);
    return refreshChain;
  }

  async function paintCount() {
    const uid = userId();
    const n = uid ? (await entriesFor(uid)).length : 0;
    if (document.getElementById("outbox-list")) await renderOutbox();
    if (document.querySelector("[data-entry-state]")) await renderEntryState();
    api.pendingCount = n;
    const badge = document.getElementById("outbox-count");
    if (badge) {
      badge.textContent = String(n);
      const link = badge.closest(".outbox-badge") || badge;
      link.classList.toggle("has-pending", n > 0);
      badge.classList.toggle("has-pending", n > 0);
    }
    return n;
  }

  /* ------------------------------------- "what now": where this entry is ---------- */
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  function longdate(iso) { // the server's `longdate` filter: Wed 2 Dec 2026
    if (!iso) return "";
    const d = new Date(String(iso).slice(0, 10) + "T00:00:00Z");
    return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  }

  function node(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
    for (const c of children) if (c !== null && c !== undefined && c !== "") el.append(c);
    return el;
  }

  // What the server said it made of the entry, in the words of the online pages.
  function resultLines(kind, r) {
    const lines = [];
    if (r.violation_id) lines.push(`Violation no. ${r.violation_id}.`);
    if (r.redemption_deadline) lines.push(`Hold the dog until the end of ${longdate(r.redemption_deadline)} (§8(B)).`);
    if (r.ticket_number) lines.push(`Ticket number ${r.ticket_number}: appear ${longdate(r.appear_on)}${r.appear_time ? " at " + r.appear_time : ""}.`);
    if (r.complaint_id) lines.push(`Sworn complaint no. ${r.complaint_id}${r.status === "forwarded" ? ", forwarded to the Town Justice" : ""}.`);
    if (r.rabies_due_on || r.due_on) lines.push(`Rabies vaccination due ${longdate(r.rabies_due_on || r.due_on)} (§5(B)(1)).`);
    return lines;
  }

  // What the phone knows before the server answers (the form's own §8(B) and §9 figures).
  function pendingLines(entry) {
    const p = entry.payload || {};
    const lines = [];
    if (entry.kind === "seizure" && p.deadline_shown) lines.push(`Hold the dog until the end of ${longdate(p.deadline_shown)} (§8(B)).`);
    if (entry.kind === "ticket") lines.push(p.ticket_number ? `Ticket number ${p.ticket_number}.` : "The office gives the ticket its number when it arrives.");
    const photos = (entry.photos || []).length;
    if (photos) lines.push(`${photos} photo${photos > 1 ? "s" : ""} ${entry.photos_sent ? `(${entry.photos_sent} sent)` : "to send"}.`);
    return lines;
  }

  async function renderEntryState() {
    const box = document.querySelector("[data-entry-state]");
    const uid = userId();
    if (!box || !uid) return;
    const params = new URLSearchParams(location.search);
    const live = document.getElementById("entry-state");
    const id = params.get("entry");
    // The server already said "received": it is the record; the phone adds nothing.
    if (live && id && box.querySelector("[data-pending]")) {
      const queued = await get("outbox", id);
      const sent = queued ? null : await get("sent", id);
      const mine = (queued || sent) && String((queued || sent).user_id) === uid;
      if (mine) {
        let state, lines, head;
        if (sent) {
          state = "sent"; head = "Received by the office.";
          lines = resultLines(sent.kind, sent.result || {});
        } else if (queued.status === "failed") {
          state = "failed"; head = "Not accepted by the server.";
          lines = [describeErrors(queued.last_error)];
        } else {
          state = queued.status === "sending" ? "sending" : "pending";
          head = state === "sending" ? "Sending to the office now…" : "Saved on this phone, waiting to be sent.";
          if (state === "pending" && queued.attempts) lines = [`Tried ${queued.attempts} time${queued.attempts > 1 ? "s" : ""}: ${describeErrors(queued.last_error) || "no answer"}.`];
          lines = (lines || []).concat(pendingLines(queued));
        }
        const children = [node("p", {}, node("strong", { class: "entry-state-head" }, head))];
        for (const text of lines) if (text) children.push(node("p", {}, text));
        if (state === "sent" && sent.result && sent.result.url) children.push(node("p", {}, node("a", { href: sent.result.url }, "Open the record")));
        if (state === "failed") children.push(node("p", {}, node("a", { href: "/outbox" }, "Fix it in the outbox")));
        if (state === "pending" || state === "sending") children.push(node("p", { class: "muted" }, "It is sent by itself when there is signal; the outbox at the top counts what is waiting."));
        live.replaceChildren(...children);
        live.className = `entry-state entry-${state}`;
        live.dataset.state = state;
        live.hidden = false;
        box.querySelector("[data-pending]").hidden = true;
      }
    }
    // Opened from the cache with no signal: the dog's name from the phone's copy.
    const line = box.querySelector("[data-dog-from-copy]");
    const dogId = Number(params.get("dog"));
    if (line && dogId && !line.dataset.filled) {
      const rec = await get("dogs", dogId);
      if (rec && rec.dog) {
        const owner = (rec.owners || [])[0];
        line.replaceChildren("Dog: ", node("a", { href: `/field/dogs/${dogId}` }, rec.dog.name),
          ` — ${rec.dog.description || ""}${owner ? ` · owner ${owner.name}` : ""}`);
        line.dataset.filled = "1";
        line.hidden = false;
      }
    }
  }

  function say(text, bad) {
    let box = document.getElementById("app-status");
    if (!box) return;
    box.textContent = text;
    box.className = "app-status flash" + (bad ? " flash-error" : "");
    box.hidden = false;
  }

  /* ----------------------------------------------------------- the /outbox page --- */
  function describeErrors(errors) {
    if (!errors) return "";
    return Object.entries(errors).map(([k, v]) => (k === "_" ? v : `${k.replace(/_/g, " ")}: ${v}`)).join(" · ");
  }

  async function renderOutbox() {
    const list = document.getElementById("outbox-list");
    const state = document.getElementById("outbox-state");
    const uid = userId();
    if (!list || !uid) return;
    const entries = await entriesFor(uid);
    const paused = await getMeta("paused");
    const waiting = entries.filter((e) => e.status !== "failed").length;
    const failed = entries.length - waiting;
    let text = entries.length ? `${waiting} waiting to be sent, ${failed} need your attention.` : "Everything has been sent.";
    if (paused && paused.value && String(paused.value.user_id) === uid) {
      text += paused.value.why === "wrong_user" ? " Paused: these were recorded by another officer."
        : " Paused: your session ended. Sign in again to send them.";
    } else if (!navigator.onLine && waiting) {
      text += " No signal: they will be sent when it returns.";
    }
    state.textContent = text;
    list.replaceChildren(...entries.map(entryItem));
    const sentList = document.getElementById("outbox-sent");
    if (sentList) {
      const sent = (await all("sent")).filter((e) => String(e.user_id) === uid)
        .sort((a, b) => ((a.confirmed_at || "") < (b.confirmed_at || "") ? 1 : -1)).slice(0, 20);
      sentList.replaceChildren(...sent.map((e) => {
        const li = node("li", { class: "outbox-sent-entry", "data-entry-id": e.id },
          node("strong", {}, KIND_LABELS[e.kind] || e.kind),
          node("span", { class: "muted" }, ` · recorded ${new Date(e.created_at).toLocaleString()}`),
          node("p", {}, "Received by the office. " + resultLines(e.kind, e.result || {}).join(" ")));
        if (e.result && e.result.url) li.append(node("p", {}, node("a", { href: e.result.url }, "Open the record")));
        return li;
      }));
    }
    const discards = document.getElementById("outbox-discards");
    if (discards) {
      const mine = (await all("discards")).filter((d) => String(d.user_id) === uid);
      discards.replaceChildren(...mine.map((d) => {
        const li = document.createElement("li");
        li.textContent = `${KIND_LABELS[d.kind] || d.kind}, discarded ${new Date(d.discarded_at).toLocaleString()} — reported to the office when there is signal.`;
        return li;
      }));
    }
  }

  function entryItem(e) {
    const li = document.createElement("li");
    li.className = `outbox-entry outbox-${e.status}`;
    li.dataset.entryId = e.id;
    const title = document.createElement("strong");
    title.textContent = KIND_LABELS[e.kind] || e.kind;
    const when = document.createElement("span");
    when.className = "muted";
    when.textContent = ` · recorded ${new Date(e.created_at).toLocaleString()}`;
    const status = document.createElement("p");
    status.className = "outbox-status";
    const photos = (e.photos || []).length;
    const photoNote = photos ? ` · ${photos} photo${photos > 1 ? "s" : ""}` : "";
    if (e.status === "failed") {
      status.textContent = (e.conflict ? "Not accepted: the server already has a different entry with this number. " :
        "Not accepted by the server. ") + describeErrors(e.last_error);
      status.classList.add("error");
    } else if (e.status === "sending") {
      status.textContent = "Sending now…" + photoNote;
    } else {
      status.textContent = (e.attempts ? `Waiting (tried ${e.attempts} time${e.attempts > 1 ? "s" : ""}` +
        `${e.last_error ? ": " + describeErrors(e.last_error) : ""})` : "Waiting to be sent") + photoNote;
    }
    li.append(title, when, status);
    const actions = document.createElement("div");
    actions.className = "actions";
    if (e.status === "failed" && e.form_url && !e.result) {
      const edit = document.createElement("a");
      edit.className = "btn btn-primary outbox-edit";
      edit.href = `${e.form_url}?outbox_edit=${encodeURIComponent(e.id)}`;
      edit.textContent = "Fix and send again";
      actions.append(edit);
    }
    if (e.status !== "sending") {
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "btn btn-danger outbox-discard";
      drop.textContent = "Discard";
      drop.addEventListener("click", async () => {
        if (!confirm(`Discard this ${KIND_LABELS[e.kind] || e.kind}? It will never be sent. The office is told it was discarded.`)) return;
        if (!(await discard(e.id))) say("This entry is being sent right now and can't be discarded.", true);
        requestFlush();
        await refreshCount();
      });
      actions.append(drop);
    }
    li.append(actions);
    return li;
  }

  /* ------------------------------------------------ editing a refused entry ------- */
  async function startEditing() {
    const id = new URLSearchParams(location.search).get("outbox_edit");
    if (!id) return;
    const entry = await get("outbox", id);
    const form = entry && document.querySelector(`form[data-outbox-kind="${entry.kind}"]`);
    if (!form) return;
    if (entry.status === "sending") { say("This entry is being sent right now; try again in a moment.", true); return; }
    form.dataset.outboxEditing = entry.id;
    for (const [name, value] of Object.entries(entry.payload || {})) {
      const values = [].concat(value).map(String);
      const fields = form.querySelectorAll(`[name="${CSS.escape(name)}"], [name="${CSS.escape(name)}[]"]`);
      for (const el of fields) {
        if (el.type === "checkbox" || el.type === "radio") el.checked = values.includes(el.value);
        else if (el.tagName === "SELECT" && el.multiple) for (const o of el.options) o.selected = values.includes(o.value);
        else if (el.type !== "file") el.value = values[0] !== undefined ? values[0] : "";
      }
    }
    showErrors(form, entry.last_error || {});
    say("Fix what the server refused, then send it again.", true);
  }

  function showErrors(form, errors) {
    clearErrors(form);
    for (const [name, message] of Object.entries(errors)) {
      const el = form.querySelector(`[name="${CSS.escape(name)}"], [name="${CSS.escape(name)}[]"]`);
      const p = document.createElement("p");
      p.className = "error outbox-error";
      p.textContent = name === "_" || !el ? describeErrors({ [name]: message }) : message;
      if (el) {
        p.id = `outbox-error-${name}`;
        el.setAttribute("aria-describedby", p.id);
        el.setAttribute("aria-invalid", "true");
        (el.closest(".field") || el.parentElement).classList.add("has-error");
        el.insertAdjacentElement("afterend", p);
      } else {
        form.prepend(p);
      }
    }
  }

  function clearErrors(form) {
    form.querySelectorAll(".outbox-error").forEach((p) => p.remove());
    form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
  }

  /* ------------------------------------------- offline copy of the field data ----- */
  async function refreshDataset(force) {
    const uid = userId();
    if (!uid || !isOfficer() || !navigator.onLine) return null;
    const meta = (await getMeta("dataset")) || { value: null };
    let current = meta.value;
    if (current && current.user_id !== uid) { await clearDataset(); current = null; }
    if (!force && current && Date.now() - current.fetched_ms < DATASET_EVERY_MS) return current;
    const since = current ? `?since=${current.version}` : "";
    let res;
    try { res = await fetch(`/api/field-dataset${since}`, { credentials: "same-origin", cache: "no-store" }); } catch (err) { return null; }
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
    api.datasetVersion = data.version;
    return data;
  }

  async function clearDataset() {
    await tx(["dogs", "retired", "meta"], "readwrite", (s) => {
      s.dogs.clear(); s.retired.clear(); s.meta.delete("dataset");
    });
  }

  /* --------------------------------------------------- §9 ticket number block ----- */
  async function deviceId() {
    let row = await getMeta("device_id");
    if (!row) { row = { value: crypto.randomUUID() }; await setMeta("device_id", row.value); }
    return row.value;
  }

  async function ticketBook(uid) {
    const row = await getMeta(`tickets:${uid}`);
    return row && row.value ? row.value : { remaining: [], blocks: [] };
  }

  async function takeTicketNumber(uid, number) {
    const book = await ticketBook(uid);
    book.remaining = book.remaining.filter((n) => n !== number);
    await setMeta(`tickets:${uid}`, book);
  }

  async function reserveBlock() {
    const uid = userId();
    if (!uid || !isOfficer()) return null;
    const res = await fetch("/api/ticket-blocks", {
      method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ device_id: await deviceId() }),
    });
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    const { block } = await res.json();
    const book = await ticketBook(uid);
    book.blocks.push({ id: block.id, first: block.first, last: block.last });
    book.remaining = book.remaining.concat(block.numbers);
    await setMeta(`tickets:${uid}`, book);
    return book;
  }

  async function keepTicketsStocked() {
    const uid = userId();
    if (!uid || !isOfficer()) return;
    const book = await ticketBook(uid);
    if (book.remaining.length < LOW_TICKETS && navigator.onLine) {
      try { await reserveBlock(); } catch (err) { /* offline or refused: warn below */ }
    }
  }

  async function fillTicketNumber(form) {
    const uid = userId();
    if (!uid || form.dataset.outboxKind !== "ticket") return;
    const field = form.querySelector("[name=ticket_number]");
    const book = await ticketBook(uid);
    if (field && !field.value && book.remaining.length) field.value = book.remaining[0];
    let warn = form.querySelector(".ticket-low");
    if (book.remaining.length < LOW_TICKETS) {
      if (!warn) { warn = document.createElement("p"); warn.className = "flash flash-warning ticket-low"; form.prepend(warn); }
      warn.textContent = book.remaining.length
        ? `Only ${book.remaining.length} ticket number${book.remaining.length > 1 ? "s" : ""} left on this phone. Connect to reserve more.`
        : "No ticket numbers left on this phone: the server gives the ticket its number when it arrives.";
    } else if (warn) {
      warn.remove();
    }
  }

  async function renderTicketBook() {
    const state = document.getElementById("ticket-block-state");
    const uid = userId();
    if (!state || !uid) return;
    const book = await ticketBook(uid);
    const r = book.remaining;
    state.textContent = r.length ? `${r.length} number${r.length > 1 ? "s" : ""} left on this phone: next ${r[0]}` +
      (r.length > 1 ? `, last ${r[r.length - 1]}.` : ".") : "No ticket numbers on this phone yet.";
    state.classList.toggle("flash-warning", r.length < LOW_TICKETS);
    const btn = document.getElementById("reserve-block");
    if (btn && !btn.dataset.wired) {
      btn.dataset.wired = "1";
      btn.addEventListener("click", async () => {
        try { await reserveBlock(); say("A new block of ticket numbers is on this phone."); } catch (err) {
          say(`Could not reserve numbers (${navigator.onLine ? err.message : "no signal"}).`, true);
        }
        renderTicketBook();
      });
    }
  }

  /* ------------------------------------------------ service worker and session ---- */
  function postToWorker(message) {
    const sw = navigator.serviceWorker;
    if (!sw) return Promise.resolve(null);
    return sw.ready.then((reg) => new Promise((resolve) => {
      const target = sw.controller || reg.active;
      if (!target) return resolve(null);
      const ch = new MessageChannel();
      ch.port1.onmessage = (ev) => resolve(ev.data);
      target.postMessage(message, [ch.port2]);
      setTimeout(() => resolve(null), 15000);
    }));
  }

  function registerWorker() {
    const sw = navigator.serviceWorker;
    if (!sw) return Promise.resolve(null);
    return sw.register("/sw.js", { scope: "/" }).then((reg) => {
      const offer = () => { if (reg.waiting && sw.controller) offerUpdate(reg); };
      offer();
      reg.addEventListener("updatefound", () => {
        const incoming = reg.installing;
        if (incoming) incoming.addEventListener("statechange", () => { if (incoming.state === "installed") offer(); });
      });
      return reg;
    }).catch(() => null);
  }

  function offerUpdate(reg) {
    if (document.getElementById("app-update")) return;
    const bar = document.createElement("div");
    bar.id = "app-update";
    bar.className = "app-update";
    bar.setAttribute("role", "status");
    bar.textContent = "A new version is ready — ";
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "btn";
    btn.textContent = "Reload";
    btn.addEventListener("click", () => {
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
      if (reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
    });
    bar.append(btn);
    document.body.prepend(bar);
  }

  async function signedOut() {
    // Another person may pick up this phone: drop the officer's cached pages and data copy.
    await clearDataset();
    await clear("sent"); // what the office made of the entries (ticket numbers...) is not for the next person
    await setMeta("session", null);
    await setMeta("pages_user", null);
    await postToWorker({ type: "signed-out" });
  }

  async function setupPage() {
    const uid = userId();
    if (uid) {
      const before = await currentUser();
      await setMeta("session", uid);
      const paused = await getMeta("paused");
      if (before !== uid || (paused && paused.value && paused.value.why === "signed_out")) await setMeta("paused", null);
    }
    await refreshCount();
    await startEditing();
    document.querySelectorAll("form[data-outbox-kind=ticket]").forEach(fillTicketNumber);
    renderTicketBook();
  }

  // After a boosted (htmx) page swap the body's attributes are still the old page's: copy them.
  function syncBodyAttributes(evt) {
    const xhr = evt.detail && evt.detail.xhr;
    if (!evt.detail.boosted || !xhr || !xhr.responseText) return;
    const doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
    if (!doc.body) return;
    for (const name of ["data-user-id", "data-user-role", "hx-headers"]) {
      const v = doc.body.getAttribute(name);
      if (v === null) document.body.removeAttribute(name); else document.body.setAttribute(name, v);
    }
  }

  async function start() {
    document.addEventListener("submit", onSubmit, true);
    const logout = document.getElementById("logout-form");
    if (logout) {
      logout.addEventListener("submit", async (ev) => {
        ev.preventDefault();
        ev.stopImmediatePropagation();
        const n = api.pendingCount;
        if (n && !confirm(`${n} entr${n > 1 ? "ies are" : "y is"} not sent yet. They stay on this phone and are sent when you sign in again. Sign out?`)) return;
        HTMLFormElement.prototype.submit.call(logout); // a full page load, not an htmx swap
      }, true);
    }
    if (new URLSearchParams(location.search).get("signed_out") || document.getElementById("signed-out")) {
      await signedOut();
    }
    if (channel) channel.onmessage = (ev) => {
      if (ev.data && ev.data.type === "flushed") {
        api.workerFlushes = (api.workerFlushes || 0) + 1;
        if (ev.data.result && ev.data.result.sent && userId()) copyChanged();
      }
      if (ev.data && ev.data.type === "sent") api.workerSent += 1;
      refreshCount();
    };
    document.body.addEventListener("htmx:beforeSwap", syncBodyAttributes);
    document.body.addEventListener("htmx:afterSettle", () => setupPage());
    // No signal during a boosted click: load the page for real so the worker can answer it.
    const fallback = (evt) => {
      const path = evt.detail && evt.detail.pathInfo && evt.detail.pathInfo.requestPath;
      const verb = evt.detail && evt.detail.requestConfig && evt.detail.requestConfig.verb;
      if (path && (!verb || verb === "get")) location.assign(path);
    };
    document.body.addEventListener("htmx:sendError", fallback);
    document.body.addEventListener("htmx:timeout", fallback);
    if (global.htmx) htmx.config.timeout = 8000;
    else document.addEventListener("DOMContentLoaded", () => { if (global.htmx) htmx.config.timeout = 8000; });
    window.addEventListener("online", () => { runFlush("online"); refreshDataset(false); keepTicketsStocked(); });
    window.addEventListener("offline", () => refreshCount());
    document.addEventListener("click", (ev) => {
      if (ev.target && ev.target.id === "sync-now") {
        runFlush("manual").then((r) => say(r.stopped === "network" ? "No connection to the server; the entries are kept."
          : r.stopped === "signed_out" ? "Your session ended: sign in again to send them." : "Sync finished."));
      }
    });

    await setupPage();
    await registerWorker();
    const uid = userId();
    if (uid) {
      await postToWorker({ type: "session", userId: uid });
      await postToWorker({ type: "cache-pages", userId: uid });
      await runFlush("app-open");
      await refreshDataset(false);
      await keepTicketsStocked();
      document.querySelectorAll("form[data-outbox-kind=ticket]").forEach(fillTicketNumber);
      renderTicketBook();
    }
    setInterval(() => {
      if (!userId()) return;
      if (api.pendingCount) runFlush("timer");
      refreshDataset(false);
    }, TIMER_MS);
    readyResolve(true);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})(typeof self !== "undefined" ? self : window);
