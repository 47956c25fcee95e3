/* The app's URLs come from the server (url_for), never from this code, so the app works under
 * a URL prefix. Pages read the JSON in base.html (`#app-urls`); the service worker gets the
 * same table in its SHELL. Templates name their parts in braces: "/t/{token}".
 */
let pageTable = null;

// The page's table (base.html). Read once: htmx swaps the body, never the head.
export function urls() {
  if (!pageTable) {
    const blob = typeof document !== "undefined" && document.getElementById("app-urls");
    pageTable = blob ? JSON.parse(blob.textContent) : {};
  }
  return pageTable;
}

// The service worker's table (its SHELL): it has no page to read one from.
export function useUrls(table) {
  pageTable = table;
}

// fill("/api/sync/{id}/photos/{n}", {id: "ab", n: 0}) -> "/api/sync/ab/photos/0"
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, name) => encodeURIComponent(values[name] ?? ""));
}

// match("/t/{token}", "/t/AB12") -> {token: "AB12"}; null when the path is not of that shape.
export function match(template, path) {
  if (!template) return null;
  const names = [];
  const pattern = template.split(/\{(\w+)\}/).map((part, i) => {
    if (i % 2) { names.push(part); return "([^/]+)"; }
    return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }).join("");
  const m = new RegExp(`^${pattern}/?$`).exec(path);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
}

// The part of a template before its first brace: "/field/dogs/{id}" -> "/field/dogs/".
export const prefixOf = (template) => (template || "").split("{")[0];
