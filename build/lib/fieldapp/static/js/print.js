// A "Print" button (data-print): no inline onclick, which the Content-Security-Policy refuses.
document.addEventListener("click", (ev) => {
  if (ev.target && ev.target.closest && ev.target.closest("[data-print]")) window.print();
});
