/* When a tap or a form sent by htmx fails, say so on the page: a 5xx (htmx does not swap it) or
 * no network would otherwise look like nothing happened. The message goes into #app-status
 * (base.html), in words, and the page is left as it was so nothing typed is lost.
 * A 401 means the server ended the session: app.js drops the phone's copy ("session-ended"). */
const MESSAGES = {
  server: "Something went wrong on the town's server, and this was not saved. Try again; if it keeps happening, call the office.",
  network: "No connection to the town's server: this was not sent. Check the signal and try again.",
  signedOut: "Your session has ended: sign in again. The entries in the outbox are kept and sent once you do.",
};

function show(text) {
  const box = document.getElementById("app-status");
  if (!box) return;
  box.textContent = text;
  box.className = "app-status flash flash-error";
  box.setAttribute("role", "alert");
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}

function hide() {
  const box = document.getElementById("app-status");
  if (box && box.getAttribute("role") === "alert") {
    box.hidden = true;
    box.textContent = "";
    box.setAttribute("role", "status");
  }
}

document.addEventListener("htmx:responseError", (ev) => {
  const status = ev.detail && ev.detail.xhr ? ev.detail.xhr.status : 0;
  if (status >= 500) show(`${MESSAGES.server} (The server answered ${status}.)`);
  if (status === 401) {
    show(MESSAGES.signedOut);
    document.dispatchEvent(new CustomEvent("session-ended"));
  }
});
document.addEventListener("htmx:sendError", () => show(MESSAGES.network));
// Offline, a tap is not sent to fail (htmx would log an htmx:sendError for each): a page is
// loaded for real, so the service worker answers it from the phone's cache; anything else says
// at once that it was not sent.
document.addEventListener("htmx:beforeRequest", (ev) => {
  if (navigator.onLine !== false) { hide(); return; }
  const detail = ev.detail || {};
  const info = detail.pathInfo || {};
  const path = info.finalRequestPath || info.requestPath;
  const verb = detail.requestConfig && detail.requestConfig.verb;
  ev.preventDefault();
  if (detail.boosted && path && (!verb || verb === "get")) location.assign(path);
  else show(MESSAGES.network);
});
