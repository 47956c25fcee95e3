/* Small helpers of the pages (not the worker): building elements, the status line, who is signed in. */

// el("p", {class: "muted"}, "text", child, null) — empty children are left out.
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== "") node.append(c);
  return node;
}

// The page's status line (#app-status in base.html).
export function say(text, bad) {
  const box = document.getElementById("app-status");
  if (!box) return;
  box.textContent = text;
  box.className = "app-status flash" + (bad ? " flash-error" : "");
  box.hidden = false;
}

// The signed-in user, from <body data-user-id data-user-role data-powers> (kept current across htmx swaps).
export const userId = () => (document.body && document.body.dataset.userId ? String(document.body.dataset.userId) : null);
// The powers of the signed-in user, from the law's table (the server writes them on <body>).
export const holds = (power) => (document.body.dataset.powers || "").split(" ").includes(power);

// Run `fn` now (or when the document is parsed) and after every htmx swap: modules run once per page load.
export function onEveryPage(fn) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => fn());
  else fn();
  document.addEventListener("htmx:load", () => fn());
}
