/* A file the app makes (a PDF, a CSV) is never swapped into a page. Links and forms that lead
 * to one carry hx-boost="false" (a test holds the templates to that); this is the net under
 * them: if a boosted GET still brings back something that is not a page, htmx leaves the page
 * alone and the browser asks for the address itself, which saves the file as a file. */
const isPage = (xhr) => {
  const type = (xhr.getResponseHeader("Content-Type") || "").toLowerCase();
  const disposition = (xhr.getResponseHeader("Content-Disposition") || "").toLowerCase();
  return type.startsWith("text/html") && !disposition.startsWith("attachment");
};

export function keepFilesAsFiles(root = document.body) {
  root.addEventListener("htmx:beforeSwap", (event) => {
    const { xhr, requestConfig } = event.detail;
    if (!xhr || !xhr.responseURL || isPage(xhr)) return;
    event.detail.shouldSwap = false;
    if (!requestConfig || String(requestConfig.verb).toLowerCase() === "get") {
      window.location.assign(xhr.responseURL);
    }
  });
}
