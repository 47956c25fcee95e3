// The clerk's charts: a printout carries each chart's table too (closed <details> do not print).
window.addEventListener("beforeprint", () => {
  for (const d of document.querySelectorAll(".chart details")) d.open = true;
});
