/* Sandy Creek Dog Control: the service worker (issue 6).
 *
 * - App shell: the static files are precached on install; the field pages are cached from a
 *   signed-in page (they carry the officer), per officer, and dropped on sign-out.
 * - Navigations: network first with a short timeout, then the cached page, then /offline.
 *   A dog's card (/t/<token>, /field/dogs/<id>) falls back to /offline-card, drawn from the
 *   phone's copy of the field data.
 * - Outbox replay: the same flush as the page (static/js/outbox.js, imported below), on
 *   Background Sync, on worker start and when a page asks. navigator.locks serializes them.
 *
 * The server fills SHELL below (version hash of static files + templates) when serving /sw.js,
 * so every deploy changes this file byte for byte and installs cleanly.
 */
const SHELL = self.__SHELL__;
const STATIC_CACHE = `static-${SHELL.version}`;
const PAGES_CACHE = `pages-${SHELL.version}`;
const NAV_TIMEOUT_MS = 3000;
const CARD_PATH = /^\/(t\/[^/]+|field\/dogs\/\d+)\/?$/;

importScripts(SHELL.static.find((u) => u.endsWith("/js/outbox.js")));
const core = self.FieldOutbox;

self.addEventListener("install", (event) => {
  // No skipWaiting here: the page shows "A new version is ready — Reload" and asks for it.
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll(SHELL.static)));
});

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
  } else if (msg.type === "session") {
    // The page says who is signed in; another officer's cached pages are dropped.
    event.waitUntil(setSession(msg.userId).then(() => core.flush("worker-message")).then(reply, reply));
  } else if (msg.type === "cache-pages") {
    event.waitUntil(cachePages(msg.userId).then(reply, (err) => reply({ error: String(err) })));
  } else if (msg.type === "signed-out") {
    event.waitUntil(caches.delete(PAGES_CACHE).then(() => reply({ ok: true })));
  } else if (msg.type === "flush") {
    event.waitUntil(core.flush("worker-message").then(reply, (err) => reply({ error: String(err) })));
  } else if (msg.type === "version") {
    reply({ version: SHELL.version });
  }
});

async function setSession(userId) {
  const pagesUser = await core.getMeta("pages_user");
  if (pagesUser && String(pagesUser.value) !== String(userId)) await caches.delete(PAGES_CACHE);
}

async function cachePages(userId) {
  if (!userId) return { cached: 0 };
  await setSession(userId);
  const cache = await caches.open(PAGES_CACHE);
  let cached = 0;
  for (const path of SHELL.pages) {
    try {
      const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
      // A redirect means signed out or not allowed: never keep the sign-in page as this page.
      if (response.ok && !response.redirected) {
        await cache.put(path, response);
        cached += 1;
      }
    } catch (err) {
      break; // offline: keep what is cached
    }
  }
  await core.setMeta("pages_user", String(userId));
  return { cached, version: SHELL.version };
}

self.addEventListener("sync", (event) => {
  if (event.tag === "outbox-sync") {
    event.waitUntil(core.flush("background-sync").then((result) => {
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
  if (url.pathname.startsWith("/api/") || url.pathname === "/sw.js") return;
  if (url.pathname.startsWith("/static/")) {
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

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then((v) => { clearTimeout(timer); resolve(v); }, (e) => { clearTimeout(timer); reject(e); });
  });
}

async function navigate(request, url) {
  try {
    const response = await withTimeout(fetch(request), NAV_TIMEOUT_MS);
    if (response.status < 500) return response;
    throw new Error(`server error ${response.status}`);
  } catch (err) {
    return offlinePage(url);
  }
}

async function offlinePage(url) {
  const session = await core.getMeta("session");
  const pagesUser = await core.getMeta("pages_user");
  const sameUser = session && pagesUser && String(session.value) === String(pagesUser.value);
  const cache = await caches.open(PAGES_CACHE);
  if (sameUser) {
    if (CARD_PATH.test(url.pathname)) {
      const card = await cache.match("/offline-card");
      if (card) return card;
    }
    const ignoreSearch = SHELL.ignoreSearch.includes(url.pathname);
    const page = await cache.match(url.pathname + (ignoreSearch ? "" : url.search), { ignoreSearch });
    if (page) return page;
  }
  const offline = sameUser && await cache.match("/offline");
  if (offline) return offline;
  return new Response("<!doctype html><meta name=viewport content='width=device-width'><title>Offline</title>" +
    "<h1>You are offline</h1><p>This page isn't saved on the phone. Entries you record are kept in the outbox.</p>" +
    "<p><a href='/outbox'>Outbox</a></p>", { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// No Background Sync (iOS Safari) or a sync the browser gave up on: replay whenever the worker starts.
core.flush("worker-start").catch(() => {});
