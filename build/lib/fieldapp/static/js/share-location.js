/* The finder's "Share my location" (public pages): fills the location field from the phone's GPS.
 * The page works without it (no JavaScript, no permission, no fix): the button stays hidden or
 * says what happened, and the finder types the place. */
(function () {
  const button = document.querySelector("[data-share-location]");
  const input = button && document.getElementById(button.getAttribute("data-share-location"));
  const said = document.querySelector("[data-share-location-status]");
  if (!button || !input || !navigator.geolocation) return;
  button.hidden = false;
  button.addEventListener("click", function () {
    said.textContent = "Finding where you are…";
    navigator.geolocation.getCurrentPosition(function (pos) {
      const c = pos.coords;
      const here = "GPS " + c.latitude.toFixed(5) + ", " + c.longitude.toFixed(5) +
        " (within " + Math.round(c.accuracy) + " m)";
      input.value = input.value.trim() ? input.value.trim() + "; " + here : here;
      // The report form keeps the position as numbers too (the officer's list sorts by distance).
      const keep = { "[data-share-lat]": c.latitude.toFixed(6), "[data-share-lon]": c.longitude.toFixed(6),
        "[data-share-acc]": String(Math.round(c.accuracy)) };
      Object.keys(keep).forEach(function (sel) { const el = document.querySelector(sel); if (el) el.value = keep[sel]; });
      said.textContent = "Location added. Add a landmark if you can.";
    }, function () {
      said.textContent = "Your location could not be found. Please type where the dog is.";
    }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 });
  });
})();
