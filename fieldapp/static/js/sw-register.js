/* The page's side of the service worker: registering it (a module worker, at the app's root
 * scope), offering "A new version is ready — Reload", and talking to it. */
import { urls } from "./urls.js";

export function registerWorker() {
  const sw = navigator.serviceWorker;
  if (!sw) return Promise.resolve(null);
  return sw.register(urls().sw, { scope: urls().root, type: "module" }).then((reg) => {
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

// A message to the worker with a reply port; resolves with its answer (null: no worker, or 15 s).
export function postToWorker(message) {
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

// Ask the worker (it outlives this page) and Background Sync; `flushHere` runs if no worker controls the page.
export function requestFlush(flushHere) {
  const sw = navigator.serviceWorker;
  if (sw && sw.ready) {
    sw.ready.then((reg) => reg.sync && reg.sync.register("outbox-sync")).catch(() => {});
  }
  if (sw && sw.controller) sw.controller.postMessage({ type: "flush" });
  else flushHere();
}
