/* What needs signal, said before it is tapped. With no signal (navigator.onLine false), a link
 * marked data-needs-signal (a page the phone does not keep: templates/base.html, main/home.html)
 * says "needs signal"; one with data-offline-href leads instead to the page that answers from the
 * phone's copy (the officer's "Dogs" and "Find a dog or owner": the scan page's search).
 * Back online, every link is as the server wrote it.
 */
import { el, onEveryPage } from "./dom.js";

const offline = () => navigator.onLine === false;

function note(a, text) {
  let span = a.querySelector(".signal-note");
  if (!span) { span = el("span", { class: "signal-note" }); a.append(span); }
  span.textContent = text ? ` (${text})` : "";
  span.hidden = !text;
}

function mark() {
  const off = offline();
  document.querySelectorAll("a[data-needs-signal]").forEach((a) => {
    const alt = a.dataset.offlineHref;
    if (alt) {
      if (!a.dataset.onlineHref) a.dataset.onlineHref = a.getAttribute("href");
      a.setAttribute("href", off ? alt : a.dataset.onlineHref);
      note(a, off ? "from this phone" : "");
      return;
    }
    a.classList.toggle("needs-signal", off);
    note(a, off ? "needs signal" : "");
  });
}

// A boosted link keeps the URL htmx read when the page loaded: with no signal, go to the page
// that answers from the phone (the worker serves it from its cache) before htmx tries the network.
document.addEventListener("click", (ev) => {
  const a = ev.target && ev.target.closest && ev.target.closest("a[data-offline-href]");
  if (!a || !offline() || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
  ev.preventDefault();
  ev.stopImmediatePropagation();
  location.assign(a.dataset.offlineHref);
}, true);

window.addEventListener("online", mark);
window.addEventListener("offline", mark);
onEveryPage(mark);
