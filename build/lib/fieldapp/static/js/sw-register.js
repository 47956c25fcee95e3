/* The page's side of the service worker: registering it (a module worker, at the app's root
 * scope), offering "A new version is ready — Reload", and talking to it. */
import { urls } from "./urls.js";

// A first install fetches the whole shell; on a weak link one failed file fails it, and the phone
// would have no offline pages until the next page load. So a failed install is tried again.
const RETRY_MS = [5000, 20000, 60000, 180000];
const watched = new WeakSet();

export function registerWorker(attempt = 0) {
  const sw = navigator.serviceWorker;
  if (!sw) return Promise.resolve(null);
  return sw.register(urls().sw, { scope: urls().root, type: "module" }).then((reg) => {
    const offer = () => { if (reg.waiting && sw.controller) offerUpdate(reg); };
    const watch = (incoming) => {
      if (!incoming || watched.has(incoming)) return;
      watched.add(incoming);
      incoming.addEventListener("statechange", () => {
        if (incoming.state === "installed") offer();
        if (incoming.state === "redundant" && !reg.active && !reg.waiting && !reg.installing) retryLater(attempt);
      });
    };
    offer();
    watch(reg.installing);
    reg.addEventListener("updatefound", () => watch(reg.installing));
    // A page that loaded while the first worker was activating can miss its clients.claim() and
    // stay uncontrolled (no offline outbox) until the next page load: ask the worker again.
    sw.ready.then((ready) => { if (!sw.controller && ready.active) ready.active.postMessage({ type: "claim" }); });
    return reg;
  }).catch(() => { retryLater(attempt); return null; });
}

function retryLater(attempt) {
  if (attempt < RETRY_MS.length) setTimeout(() => registerWorker(attempt + 1), RETRY_MS[attempt]);
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

// A message to the worker with a reply port; resolves with its answer (null: no worker, or 15 s).
// `waitForWorker: false`: only to a worker already running (the sign-in page of a phone that
// never had one would otherwise wait for ever).
export function postToWorker(message, { waitForWorker = true } = {}) {
  const sw = navigator.serviceWorker;
  if (!sw) return Promise.resolve(null);
  const found = waitForWorker ? sw.ready : sw.getRegistration(urls().root);
  return found.then((reg) => new Promise((resolve) => {
    const target = sw.controller || (reg && reg.active);
    if (!target) return resolve(null);
    const ch = new MessageChannel();
    ch.port1.onmessage = (ev) => resolve(ev.data);
    target.postMessage(message, [ch.port2]);
    setTimeout(() => resolve(null), 15000);
  }));
}

// Ask the worker (it outlives this page) and Background Sync; `flushHere` runs if no worker controls the page.
export function requestFlush(flushHere) {
  const sw = navigator.serviceWorker;
  if (sw && sw.ready) {
    sw.ready.then((reg) => reg.sync && reg.sync.register("outbox-sync")).catch(() => {});
  }
  if (sw && sw.controller) sw.controller.postMessage({ type: "flush" });
  else flushHere();
}
