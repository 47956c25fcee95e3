/* The outbox on every page (base.html loads this module; also on the sign-in page, which clears
 * the offline copy after sign-out): the badge, the flushes from the page, the session handed to
 * the service worker, and what each page drawn from IndexedDB needs after an htmx swap.
 *
 * The session ends on the server too (a deactivation, a new role or password, idle too long):
 * any answer that says "not signed in" (a 401 to the outbox, the copy's fetch or an htmx
 * request; the sign-in page, a redirect included) drops the copy of the field data and the
 * officer's cached pages, as signing out does. The outbox stays, paused until the same
 * officer signs in again.
 *
 *   db.js         the IndexedDB schema and helpers        queue.js      add, list, flush, discard
 *   forms.js      form submits into the outbox            outbox-page.js  the /outbox page
 *   entry-state.js  "what now": where an entry is          dataset.js    the phone's copy of the field data
 *   tickets.js    §9 ticket books                          sw-register.js  the service worker
 *   rules.js      the entries' rules, checked before queueing
 *   keeping.js    lasting storage asked for; warnings when refused or entries wait; receipts
 *
 * window.outbox and window.FieldOutbox are for the browser tests and the benchmark to wait on.
 */
import "./refusal.js";
import * as db from "./db.js";
import { refreshDataset } from "./dataset.js";
import { say, userId } from "./dom.js";
import { renderEntryState } from "./entry-state.js";
import { keepFilesAsFiles } from "./files.js";
import { localIso } from "./format.js";
import { askToKeep, paintKeeping } from "./keeping.js";
import { captureSubmits, startEditing } from "./forms.js";
import { paintProgress, renderOutbox } from "./outbox-page.js";
import { refreshRules } from "./rules.js";
import * as queue from "./queue.js";
import { postToWorker, registerWorker, requestFlush } from "./sw-register.js";
import { fillTicketForms, keepTicketsStocked, renderTicketBook } from "./tickets.js";
import { urls } from "./urls.js";

const TIMER_MS = 15000;
const channel = queue.channel;
const core = Object.assign({}, db, { flush: queue.flush, discard: queue.discard, entriesFor: queue.entriesFor,
  currentUser: queue.currentUser, withLock: queue.withLock, localIso, channel, stats: queue.stats });
let readyResolve;
const api = {
  flushes: 0, lastResult: null, pendingCount: 0,
  ready: new Promise((r) => { readyResolve = r; }),
  flush: (reason) => runFlush(reason || "manual"),
  count: () => refreshCount(),
  refreshDataset: (force) => refreshCopy(force !== false),
  // Entries confirmed by the server, by this page or the worker (tests wait on it).
  workerSent: 0,
  sentCount: () => queue.stats.sent + api.workerSent,
  core,
};
window.FieldOutbox = core;
keepFilesAsFiles();
window.outbox = api;
queue.configure(urls());

async function runFlush(reason) {
  if (reason === "manual") await db.setMeta("paused", null);
  const pausedBefore = await db.pausedSignedOut();
  const result = await queue.flush(reason);
  // This flush met a 401 (not a pause from an earlier one): the server ended the session.
  if (result && result.stopped === "signed_out" && !pausedBefore && await db.pausedSignedOut()) await sessionEnded();
  api.flushes += 1;
  api.lastResult = result;
  await refreshCount();
  if (result && result.sent) copyChanged();
  return result;
}

const flushSoon = () => requestFlush(() => runFlush("queued"));

async function refreshCopy(force) {
  if (sessionOver) return null;
  const data = await refreshDataset(force);
  if (data && data.dogs) api.datasetVersion = data.version; // fetched now (not the copy's header)
  return data;
}

// Entries reached the office (an impoundment, a violation...): fetch the copy's delta now, so
// the offline card shows them without waiting for the next 5-minute refresh.
function copyChanged() {
  api.datasetRefresh = refreshCopy(true).catch(() => null);
  return api.datasetRefresh;
}

// One refresh at a time, in order (a late one never paints older numbers over newer), and the
// badge last: when it changes, the lists on the page already say the same. Calls that come while
// one waits to start join it (a flush of 500 entries says "sent" 500 times; one paint after
// the last says all of it, where 500 would each read the whole outbox again).
let refreshChain = Promise.resolve();
let refreshWaiting = null;
function refreshCount() {
  if (refreshWaiting) return refreshWaiting;
  const paint = () => { refreshWaiting = null; return paintCount(); };
  refreshWaiting = refreshChain = refreshChain.then(paint, paint);
  return refreshWaiting;
}

async function paintCount() {
  const uid = userId();
  const entries = uid ? await queue.entriesFor(uid) : [];
  const n = entries.length;
  await paintKeeping(entries);
  if (document.getElementById("outbox-list")) await renderOutbox(() => { flushSoon(); return refreshCount(); });
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

async function signedOut() {
  // Another person may pick up this phone: drop the officer's cached pages and data copy, and
  // what the office made of the entries (ticket numbers...). The outbox stays.
  await db.forgetSession();
  await postToWorker({ type: "signed-out" }, { waitForWorker: false });
}

// The server said "not signed in" while this page thought someone was: as a sign-out, once,
// and no more requests from this page until someone signs in again.
let sessionOver = false;
async function sessionEnded() {
  if (sessionOver) return;
  sessionOver = true;
  startedFor = null;
  await signedOut();
  say("Your session has ended: sign in again. The entries in the outbox are kept and sent once you do.", true);
}

// The officer's start on this phone: on app open, and when signing in swapped the page (htmx).
let startedFor = null;
async function signedIn() {
  const uid = userId();
  if (!uid || uid === startedFor) return;
  startedFor = uid;
  sessionOver = false;
  // The copy first (one request: every tag's status, and what a tag's link is answered from),
  // not waiting for the worker (a first install fetches the whole shell), the pages after (a
  // dozen requests, a round trip each on a weak link: seconds).
  await refreshCopy(false);
  await askToKeep();
  await postToWorker({ type: "session", userId: uid });
  // The entry forms of the towns served under another law (town-pick.js brings them).
  const townForms = (document.body.dataset.townForms || "").split(" ").filter(Boolean);
  await postToWorker({ type: "cache-pages", userId: uid, extra: townForms });
  await runFlush("app-open");
  await refreshRules();
  await keepTicketsStocked();
  fillTicketForms();
  renderTicketBook();
}

async function setupPage() {
  const uid = userId();
  if (uid) {
    const before = await queue.currentUser();
    await db.setMeta("session", uid);
    const paused = await db.getMeta("paused");
    if (before !== uid || (paused && paused.value && paused.value.why === "signed_out")) await db.setMeta("paused", null);
  }
  await refreshCount();
  await startEditing();
  fillTicketForms();
  renderTicketBook();
}

// After a boosted (htmx) page swap the body's attributes are still the old page's: copy them.
// And `ready` is the new page's: it resolves once that page is set up (as on a page load).
let settled = null;
function syncBodyAttributes(evt) {
  const xhr = evt.detail && evt.detail.xhr;
  if (!evt.detail.boosted || !xhr || !xhr.responseText || !evt.detail.shouldSwap) return;
  if (!settled) api.ready = new Promise((r) => { settled = r; });
  const doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
  if (!doc.body) return;
  for (const name of ["data-user-id", "data-user-role", "data-powers", "data-town-forms", "hx-headers"]) {
    const v = doc.body.getAttribute(name);
    if (v === null) document.body.removeAttribute(name); else document.body.setAttribute(name, v);
  }
}

// On the document, not the form: an htmx swap brings a new sign-out form.
function confirmSignOut() {
  document.addEventListener("submit", (ev) => {
    const logout = ev.target;
    if (!(logout instanceof HTMLFormElement) || logout.id !== "logout-form") return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    const n = api.pendingCount;
    if (n && !confirm(`${n} entr${n > 1 ? "ies are" : "y is"} not sent yet. They stay on this phone and are sent when you sign in again. Sign out?`)) return;
    HTMLFormElement.prototype.submit.call(logout); // a full page load, not an htmx swap
  }, true);
}

// Entries still in the outbox are sent as the town acted for when they go (the session's): an
// officer changing town with some waiting is asked first (main/home.html, "Your towns").
function confirmTownChange() {
  document.addEventListener("submit", (ev) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || form.id !== "town-form") return;
    const n = api.pendingCount;
    if (n && !confirm(`${n} entr${n > 1 ? "ies are" : "y is"} not sent yet: sent after the change, they would be recorded for the town you pick. Change town anyway?`)) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
    }
  }, true);
}

function listen() {
  // A photo's chunk went in, sent by this page or by the worker: its line on /outbox moves on.
  queue.listen((message) => { if (message.type === "progress") paintProgress(message); });
  if (channel) channel.onmessage = (ev) => {
    if (ev.data && ev.data.type === "progress") { paintProgress(ev.data); return; }
    if (ev.data && ev.data.type === "flushed") {
      api.workerFlushes = (api.workerFlushes || 0) + 1;
      if (ev.data.result && ev.data.result.sent && userId()) copyChanged();
    }
    if (ev.data && ev.data.type === "sent") api.workerSent += 1;
    refreshCount();
  };
  document.body.addEventListener("htmx:beforeSwap", syncBodyAttributes);
  // This module runs once per page load; an htmx swap brings a new page (maybe a new user).
  // A "not signed in" answer to the copy's fetch or an htmx request (dataset.js, request-errors.js).
  document.addEventListener("session-ended", () => { sessionEnded(); });
  // A boosted click answered with the sign-in page (the server ended the session): as its load.
  const signInPage = () => (!userId() && document.getElementById("signed-out") ? signedOut() : null);
  document.body.addEventListener("htmx:afterSettle", () => Promise.resolve(signInPage()).then(setupPage).then(signedIn).finally(() => {
    if (settled) settled(true);
    settled = null;
  }));
  // No signal during a boosted click: load the page for real so the worker can answer it.
  const fallback = (evt) => {
    const info = evt.detail && evt.detail.pathInfo;
    const path = info && (info.finalRequestPath || info.requestPath); // a GET form's query too
    const verb = evt.detail && evt.detail.requestConfig && evt.detail.requestConfig.verb;
    if (path && (!verb || verb === "get")) location.assign(path);
  };
  document.body.addEventListener("htmx:sendError", fallback);
  document.body.addEventListener("htmx:timeout", fallback);
  if (window.htmx) window.htmx.config.timeout = 8000;
  else document.addEventListener("DOMContentLoaded", () => { if (window.htmx) window.htmx.config.timeout = 8000; });
  window.addEventListener("online", () => { runFlush("online"); refreshCopy(false); refreshRules(); keepTicketsStocked(); });
  window.addEventListener("offline", () => refreshCount());
  document.addEventListener("click", (ev) => {
    if (ev.target && ev.target.id === "sync-now") {
      runFlush("manual").then((r) => say(r.stopped === "network" ? "No connection to the server; the entries are kept."
        : r.stopped === "signed_out" ? "Your session ended: sign in again to send them." : "Sync finished."));
    }
  });
}

async function start() {
  // The badge counts a new entry at once: a form with no next page (a call's steps) stays on screen.
  captureSubmits(() => { refreshCount(); flushSoon(); });
  confirmSignOut();
  confirmTownChange();
  if (new URLSearchParams(location.search).get("signed_out") || document.getElementById("signed-out")) {
    await signedOut();
  }
  listen();
  await setupPage();
  // Not waited for before the copy: registering fetches the worker and its imports (round trips).
  const registered = registerWorker();
  await signedIn();
  await registered;
  setInterval(() => {
    if (!userId() || sessionOver) return;
    if (api.pendingCount) runFlush("timer");
    refreshCopy(false);
  }, TIMER_MS);
  readyResolve(true);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
