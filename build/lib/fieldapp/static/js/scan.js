// Scan tag: read the tag's QR code with the rear camera and open the dog's card.
// BarcodeDetector where the browser has it, else the vendored jsQR (loaded only here).
// With no signal, a typed number, tag code or search is answered from the phone's copy.
import { findInCopy } from "./dataset.js";
import { licenseStatus, rabiesStatus } from "./card-render.js";
import { drawInstant } from "./offline-card.js";
import { el, onEveryPage } from "./dom.js";
import { townToday } from "./format.js";
import { fill, urls } from "./urls.js";

let stream = null, running = false, jsQRReady = null, detector = null;

function $(sel) { return document.querySelector(sel); }
function say(text) { const m = $("[data-scan-msg]"); if (m) m.textContent = text; }

function loadJsQR() {
  if (window.jsQR) return Promise.resolve();
  if (jsQRReady) return jsQRReady;
  const src = JSON.parse($("[data-jsqr-src]").textContent);
  jsQRReady = new Promise(function (resolve, reject) {
    const s = document.createElement("script");
    s.src = src; s.onload = resolve; s.onerror = reject;
    document.head.appendChild(s);
  });
  return jsQRReady;
}

function makeDetector() {
  if (!("BarcodeDetector" in window)) return Promise.resolve(null);
  return window.BarcodeDetector.getSupportedFormats().then(function (formats) {
    return formats.indexOf("qr_code") >= 0 ? new window.BarcodeDetector({ formats: ["qr_code"] }) : null;
  }).catch(function () { return null; });
}

// A printed tag's URL ends in the tag page's last part and its token: ".../t/<token>".
function tagPath() {
  const parts = urls().tag.split("/");
  const before = parts[parts.length - 2].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp("/" + before + "/([A-Za-z0-9_-]+)/?$");
}

// What to do with the text of a QR code: a tag URL goes to the tag's page on this server
// (a tag may be printed with another host or prefix), a number to the lookup.
function target(text) {
  text = (text || "").trim();
  let path = text;
  try { path = new URL(text, location.href).pathname; } catch (e) { /* not a URL */ }
  const m = tagPath().exec(path);
  if (m) return fill(urls().tag, { token: m[1] });
  if (/^#?\d{1,9}$/.test(text)) return urls().lookup + "?q=" + encodeURIComponent(text);
  return null;
}

function found(text) {
  const url = target(text);
  if (!url) { say("This QR code is not one of this town's dog tags. Type the number instead."); return false; }
  say("Tag found. Opening the dog's card…");
  stop();
  showInstant(text).finally(function () { window.location.assign(url); });
  return true;
}

// The phone's copy answers at once while the office's card is on its way (a weak link: seconds).
function showInstant(q) {
  const box = $("#instant-card");
  if (!box) return Promise.resolve();
  return findInCopy(q).then(function (found) {
    const hours = parseFloat(box.dataset.copyMaxAgeHours);
    return drawInstant(box, found, isFinite(hours) ? hours : 24);
  }).catch(function () { /* no copy: the office's card comes anyway */ });
}

function stop() {
  running = false;
  if (stream) { stream.getTracks().forEach(function (t) { t.stop(); }); stream = null; }
}

function loop(video, canvas, ctx) {
  if (!running) return;
  const next = function () { if (running) setTimeout(function () { loop(video, canvas, ctx); }, 120); };
  if (video.readyState < 2 || !video.videoWidth) return next();
  if (detector) {
    detector.detect(video).then(function (codes) {
      if (codes.length && found(codes[0].rawValue)) return;
      next();
    }).catch(next);
    return;
  }
  const w = video.videoWidth, h = video.videoHeight;
  canvas.width = w; canvas.height = h;
  ctx.drawImage(video, 0, 0, w, h);
  const code = window.jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "dontInvert" });
  if (code && code.data && found(code.data)) return;
  next();
}

function start() {
  const box = $("[data-scanner]"), video = $("[data-video]");
  if (!box || running) return;
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    say("This browser cannot use the camera here. Type the tag's number below.");
    return;
  }
  say("Starting the camera…");
  makeDetector().then(function (d) {
    detector = d;
    return d ? null : loadJsQR();
  }).then(function () {
    return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
  }).then(function (s) {
    stream = s;
    box.hidden = false;
    video.srcObject = s;
    return video.play();
  }).then(function () {
    running = true;
    say("Point the camera at the QR code on the tag.");
    const canvas = document.createElement("canvas");
    loop(video, canvas, canvas.getContext("2d", { willReadFrequently: true }));
  }).catch(function (err) {
    stop();
    say(err && err.name === "NotAllowedError"
      ? "Camera permission was refused. Allow the camera, or type the tag's number below."
      : "The camera could not start. Type the tag's number below.");
  });
}

// No signal: what is typed is looked up in the phone's copy (dataset.js), as the server would.
function offline() { return navigator.onLine === false; }

// The results list's words (field/lookup.html), so a list reads the same with or without signal.
const LIC = { valid: "✓ License valid", expiring: "! License expiring", expired: "✗ License expired", none: "✗ No license", dog_died: "✝ Dog died" };
const RAB = { valid: "✓ Rabies valid", exempt: "✓ Rabies exempt", expired: "✗ Rabies expired", none: "✗ No rabies certificate" };

function resultItem(r, today) {
  const owner = (r.owners || [])[0];
  const license = r.license || {}, rabies = r.rabies || {};
  const lic = license.status === "dog_died" ? "dog_died" : licenseStatus(license.expires_on, today);
  const rab = rabiesStatus(rabies.valid_until, rabies.status === "exempt", today);
  return el("li", { "data-dog-id": String(r.dog.id) }, el("a", { href: fill(urls().dogCard, { id: r.dog.id }) },
    el("strong", {}, r.dog.name), r.dog.id_number ? " · ID no. " + r.dog.id_number : "",
    el("br"), r.dog.description || "", owner ? el("br") : null,
    owner ? el("span", { class: "muted" }, owner.name + (owner.address ? ", " + owner.address : "")) : null,
    el("span", { class: "result-status" },
      el("span", { class: "status-" + lic, "data-status": "license-" + lic }, LIC[lic]), " ",
      el("span", { class: "status-" + rab, "data-status": "rabies-" + rab }, RAB[rab]))));
}

// One list: the copy's answer takes the place of the office's (the lookup page) or of the
// copy's last answer, so no dog is listed twice.
function showResults(q, dogs) {
  const today = townToday();
  document.querySelectorAll("[data-results=office], #search-more").forEach(function (old) { old.remove(); });
  let box = $("[data-offline-results]");
  if (!box) {
    box = el("section", { "data-offline-results": "", "aria-live": "polite" });
    const after = lookupForms();
    after[after.length - 1].insertAdjacentElement("afterend", box);
  }
  const seen = new Set();
  const items = dogs.filter(function (r) { return !seen.has(r.dog.id) && seen.add(r.dog.id); })
    .map(function (r) { return resultItem(r, today); });
  box.replaceChildren(el("h2", {}, "On this phone's copy"),
    items.length ? el("ul", { class: "search-results" }, ...items)
      : el("p", { class: "muted" }, "No dog in this phone's copy matches “" + q + "”. Record what you see; it is checked when there is signal."));
}

// The roadside search forms (scan and lookup pages): never another page's search (the clerk's),
// which this module would otherwise meet after a boosted tap.
function lookupForms() {
  const path = new URL(urls().lookup, location.href).pathname;
  return Array.prototype.filter.call(document.querySelectorAll("form[role=search]"), function (f) {
    return new URL(f.getAttribute("action") || location.href, location.href).pathname === path;
  });
}

function lookUp(q) {
  say("No signal: looking in this phone's copy…");
  return findInCopy(q).then(function (found) {
    if (found.dog) {
      say(found.retired ? "That tag was replaced: it is not valid. Opening the dog's card…" : "Found on this phone. Opening the dog's card…");
      window.location.assign(fill(urls().dogCard, { id: found.dog.dog.id }));
      return;
    }
    say(found.dogs.length ? found.dogs.length + " found on this phone's copy." : "Not found on this phone's copy.");
    showResults(q, found.dogs || []);
  });
}

function initLookup() {
  lookupForms().forEach(function (form) {
    if (form.dataset.offlineReady) return;
    form.dataset.offlineReady = "1";
    form.addEventListener("submit", function (ev) {
      const typed = (form.querySelector("[name=q]").value || "").trim();
      if (!offline()) { if (typed && form.querySelector("#q")) showInstant(typed); return; } // the server looks it up too
      ev.preventDefault();
      ev.stopImmediatePropagation();
      const q = (form.querySelector("[name=q]").value || "").trim();
      if (q) lookUp(q);
    }, true);
  });
  // The lookup page asked with no signal: the worker answered with this cached scan page.
  const q = new URLSearchParams(location.search).get("q");
  if (q && location.pathname === new URL(urls().lookup, location.href).pathname && !document.body.dataset.lookupDone) {
    document.body.dataset.lookupDone = "1";
    const input = $("#q");
    if (input) input.value = q;
    lookUp(q);
  }
}

function init() {
  if (lookupForms().length) initLookup();
  const button = $("[data-scan-start]");
  if (!button || button.dataset.ready) return;
  button.dataset.ready = "1";
  button.addEventListener("click", start);
  if (!(new URLSearchParams(location.search).get("q"))) start();
}

// Leaving the page (also by an htmx-boosted link) turns the camera off.
window.addEventListener("pagehide", stop);
document.addEventListener("htmx:beforeRequest", stop);
onEveryPage(init);
