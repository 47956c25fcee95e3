/* A refused form (the server answered 422 with the form again): the message is what the person
 * sees first. The form's error summary is brought to the top of the screen and focused, wherever
 * the form sits on a long page (the Justice's case page holds six forms; the refused one may be
 * 2,500 px down). Without JavaScript the first field in error carries `autofocus`. */
function showRefusal() {
  const summary = document.querySelector("main .error-summary");
  if (!summary || summary.dataset.shown) return;
  summary.dataset.shown = "1";
  const folded = summary.closest("details");
  if (folded) folded.open = true;
  summary.scrollIntoView({ block: "start" });
  if (!summary.hasAttribute("tabindex")) summary.setAttribute("tabindex", "-1");
  summary.focus({ preventScroll: true });
}

// After htmx's own scroll of a boosted swap (to the top), so this one wins.
const later = () => requestAnimationFrame(() => setTimeout(showRefusal, 0));
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", later);
else later();
document.addEventListener("htmx:afterSettle", later);
