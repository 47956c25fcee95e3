/* Dog Control: the service worker, a module worker (registered by sw-register.js).
 *
 * - App shell: the static files are precached on install; the field pages are cached from a
 *   signed-in page (they carry the officer), per officer, and dropped on sign-out.
 * - A tag's link (/t/<token>, the phone's camera app opening a printed tag) for the signed-in
 *   officer whose copy holds the tag: answered at once with the offline card page drawn from the
 *   copy, marked as the copy with its age; the page then asks the office (offline-card.js:
 *   confirmFromOffice) and shows its card. Signed out there is no copy: the finder's page, as ever.
 * - Navigations: network first with a short timeout, then the cached page; a page not cached waits
 *   longer for the office before the offline page (network-first.js).
 *   A dog's card (the tag page, the dog's card page) falls back to the offline card, drawn from
 *   the phone's copy of the field data.
 * - Outbox replay: the same queue as the page (static/js/queue.js, imported below), on
 *   Background Sync, on worker start and when a page asks. navigator.locks serializes them.
 * - Session end: a replay answered "not signed in" (401), or a field page fetched for the cache
 *   redirected to the sign-in page, drops the phone's copy of the field data and the cached
 *   pages (db.js: forgetSession); the outbox waits for the same officer.
 *
 * The server fills SHELL below when serving this file: the version (a hash of the static files
 * and templates, so every deploy changes this file byte for byte and installs cleanly), the
 * files and pages to cache, and the app's URLs from url_for (so it works under a URL prefix).
 * The imports are relative to this file, which is served at the app's root.
 */
import { forgetSession, getMeta, pausedSignedOut, setMeta } from "./static/js/db.js";
import { copyCard } from "./static/js/copy-first.js";
import { networkFirst } from "./static/js/network-first.js";
import { escapeHtml } from "./static/js/html-el.js";
import { configure, flush } from "./static/js/queue.js";
import { match, useUrls } from "./static/js/urls.js";

const SHELL = self.__SHELL__;
const URLS = SHELL.urls;
const STATIC_CACHE = `static-${SHELL.version}`;
const PAGES_CACHE = `pages-${SHELL.version}`;
const NAV_TIMEOUT_MS = 3000;
const NAV_PATIENCE_MS = 20000; // a page the phone does not keep: wait this much longer for the office
const isCard = (path) => !!(match(URLS.tag, path) || match(URLS.dogCard, path));
configure(URLS);
useUrls(URLS); // card-render.js links the card's buttons

// The queue's flush; one that met a 401 (not a pause from an earlier one) ends the session here.
async function replay(reason) {
  const pausedBefore = await pausedSignedOut();
  const result = await flush(reason);
  if (result && result.stopped === "signed_out" && !pausedBefore && await pausedSignedOut()) await sessionEnded();
  return result;
}

async function sessionEnded() {
  await forgetSession();
  await caches.delete(PAGES_CACHE);
}

self.addEventListener("install", (event) => {
  // No skipWaiting here: the page shows "A new version is ready — Reload" and asks for it.
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => Promise.all(SHELL.static.map((path) => precache(cache, path)))));
});

// One file of the shell, tried three times: on a weak link one dropped request would otherwise
// fail the whole install (as cache.addAll does) and leave the phone with nothing offline.
async function precache(cache, path, tries = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(path, { cache: "no-cache" });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return await cache.put(path, response);
    } catch (err) {
      if (attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== STATIC_CACHE && name !== PAGES_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  const reply = (value) => event.ports[0] && event.ports[0].postMessage(value);
  if (msg.type === "skip-waiting") {
    self.skipWaiting();
  } else if (msg.type === "claim") {
    // sw-register.js: a page that missed the activation's claim (it loaded meanwhile).
    event.waitUntil(self.clients.claim());
  } else if (msg.type === "session") {
    // The page says who is signed in; another officer's cached pages are dropped.
    event.waitUntil(setSession(msg.userId).then(() => replay("worker-message")).then(reply, reply));
  } else if (msg.type === "cache-pages") {
    event.waitUntil(cachePages(msg.userId, msg.extra).then(reply, (err) => reply({ error: String(err) })));
  } else if (msg.type === "signed-out") {
    event.waitUntil(caches.delete(PAGES_CACHE).then(() => reply({ ok: true })));
  } else if (msg.type === "flush") {
    event.waitUntil(replay("worker-message").then(reply, (err) => reply({ error: String(err) })));
  } else if (msg.type === "version") {
    reply({ version: SHELL.version });
  }
});

async function setSession(userId) {
  const pagesUser = await getMeta("pages_user");
  if (pagesUser && String(pagesUser.value) !== String(userId)) await caches.delete(PAGES_CACHE);
}

// The officer's pages, PAGE_FETCHES at a time: one after another they cost a round trip each
// (a dozen pages: seconds on a weak link). The offline card first: a tag's link is answered
// with it (copyFirst).
const PAGE_FETCHES = 4;
// `extra`: the page's own list (the entry forms of the officer's towns under another law, with
// `?town=`); only the app's own addresses.
async function cachePages(userId, extra = []) {
  if (!userId) return { cached: 0 };
  await setSession(userId);
  const cache = await caches.open(PAGES_CACHE);
  const own = (Array.isArray(extra) ? extra : []).filter((path) => typeof path === "string" &&
    path.startsWith(URLS.root) && !path.startsWith("//"));
  const waiting = [URLS.offlineCard].concat(SHELL.pages.filter((path) => path !== URLS.offlineCard), own);
  // Whose pages these are, now: each page is served as soon as it is kept (the officer may lose
  // the signal before the last one comes). A session found ended below drops them all.
  await setMeta("pages_user", String(userId));
  let cached = 0, signedOut = false, offline = false;
  async function fetchOne(path) {
    const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
    // A redirect means signed out or not allowed: never keep the sign-in page as this page.
    if (response.redirected && new URL(response.url).pathname === URLS.login) signedOut = true;
    else if (response.ok && !response.redirected && !signedOut) {
      await cache.put(path, response);
      cached += 1;
    }
  }
  async function worker() {
    while (waiting.length && !signedOut && !offline) {
      try { await fetchOne(waiting.shift()); } catch (err) { offline = true; } // offline: keep what is cached
    }
  }
  await Promise.all(Array.from({ length: PAGE_FETCHES }, worker));
  if (signedOut) {
    await sessionEnded(); // the server ended the session
    return { cached: 0, signedOut: true };
  }
  return { cached, version: SHELL.version };
}

self.addEventListener("sync", (event) => {
  if (event.tag === "outbox-sync") {
    event.waitUntil(replay("background-sync").then((result) => {
      // Rejecting asks the browser to try again later (network still down).
      if (result && result.retry) throw new Error("outbox not empty: " + result.stopped);
    }));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(URLS.api) || url.pathname === URLS.sw) return;
  if (url.pathname.startsWith(URLS.static)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(navigate(request, url));
  }
});

async function cacheFirst(request) {
  const hit = await caches.match(request, { cacheName: STATIC_CACHE, ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) (await caches.open(STATIC_CACHE)).put(request, response.clone());
  return response;
}

async function navigate(request, url) {
  const tag = match(URLS.tag, url.pathname);
  if (tag) {
    const fromCopy = await copyFirst(tag.token).catch(() => null);
    if (fromCopy) return fromCopy;
  }
  const fetched = fetch(request).then((response) => {
    if (response.status >= 500) throw new Error(`server error ${response.status}`);
    return response;
  });
  return networkFirst({
    fetched, kept: () => keptPage(url), offline: () => offlinePage(),
    quickMs: NAV_TIMEOUT_MS, patientMs: NAV_PATIENCE_MS,
  });
}

// The offline card page with the copy's card drawn in (copy-first.js), marked (data-copy-first)
// so the page asks the office next (offline-card.js). Only for the officer the copy was given
// to, with a card page cached for them (it carries who is signed in).
async function copyFirst(token) {
  const cached = await (await caches.open(PAGES_CACHE)).match(URLS.offlineCard);
  if (!cached) return null;
  const text = await cached.text();
  // The officer's towns under another law (base.html: data-town-forms): the card's forms open in the dog's town.
  const card = await copyCard(token, Date.now(), { inTown: text.includes("data-town-forms=") });
  if (!card || !text.includes(`data-user-id="${card.userId}"`)) return null;
  const html = text.replace('id="offline-card"', 'id="offline-card" data-copy-first="1"')
    .replace(/(<p class="data-age" id="offline-card-age">)[^<]*/, `$1${escapeHtml(card.age)} · checking with the office…`)
    .replace(/<div id="offline-card-body">[\s\S]*?<\/div>/, () => `<div id="offline-card-body" data-drawn="1">${card.html}</div>`)
    .replace('id="offline-card-actions"', 'id="offline-card-actions" hidden');
  // Fresh headers: the cached ones may name a length or an encoding this text no longer has.
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-From-Phone-Copy": "1" };
  return new Response(html, { status: 200, headers });
}

// The page the phone keeps for this address, for the officer signed in; or null.
async function keptPage(url) {
  if (!await sameUser()) return null;
  const cache = await caches.open(PAGES_CACHE);
  if (isCard(url.pathname)) {
    const card = await cache.match(URLS.offlineCard);
    if (card) return card;
  }
  if (url.pathname === URLS.lookup) {
    // A typed lookup: the scan page answers it from the phone's copy (scan.js reads ?q=).
    const scan = await cache.match(URLS.scan, { ignoreSearch: true });
    if (scan) return scan;
  }
  const ignoreSearch = SHELL.ignoreSearch.includes(url.pathname);
  if (ignoreSearch) {
    // An entry form: the town's own (`?town=`, town-pick.js) if kept, else the form without one,
    // never another town's by chance of the cache's order.
    const town = url.searchParams.get("town");
    const page = (town && await cache.match(`${url.pathname}?town=${encodeURIComponent(town)}`)) ||
      await cache.match(url.pathname);
    if (page) return page;
  }
  return (await cache.match(url.pathname + (ignoreSearch ? "" : url.search), { ignoreSearch })) || null;
}

async function sameUser() {
  const session = await getMeta("session");
  const pagesUser = await getMeta("pages_user");
  return !!(session && pagesUser && String(session.value) === String(pagesUser.value));
}

async function offlinePage() {
  const offline = await sameUser() && await (await caches.open(PAGES_CACHE)).match(URLS.offline);
  if (offline) return offline;
  return new Response("<!doctype html><meta name=viewport content='width=device-width'><title>Offline</title>" +
    "<h1>You are offline</h1><p>This page isn't saved on the phone. Entries you record are kept in the outbox.</p>" +
    `<p><a href="${URLS.outbox}">Outbox</a></p>`, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// No Background Sync (iOS Safari) or a sync the browser gave up on: replay whenever the worker starts.
replay("worker-start").catch(() => {});
