// The field forms' small helpers. The pages work without it; with it they also work as
// generic pages from the service worker's cache (values from the query string), fill in
// GPS, time now, the §8(B) holding period and the §9 appearance date with no signal.
// Opened from the cache (no dog rendered by the server), a form takes what the online form would
// have filled in from the phone's copy of the field data (dataset.js): the dog, whether
// its owner is known (§8(B)), the person to serve (§9, §4(I)), the codes of the violation entry.
import { datasetInfo, dogById, heldOnPhone } from "./dataset.js";
import { onEveryPage } from "./dom.js";
import { longdate, nowLocal } from "./format.js";
import { followed } from "./rules.js";
import { rememberTowns } from "./town-pick.js";
import { withLetters } from "./ticket-number.js";
import { formTown, mergeTables, tableFor } from "./town-tables.js";
import { prefixOf, urls } from "./urls.js";

let params = new URLSearchParams(location.search);

function all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }
// crypto.randomUUID exists only in a secure context (https, localhost); the form works anywhere.
function uuid() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
    return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
  });
}

function initForm(form) {
  if (form.dataset.fieldReady) return;
  form.dataset.fieldReady = "1";
  const fresh = !document.querySelector(".error-summary");
  // A page from the cache carries the UUID it was rendered with: every page gets its own.
  const idInput = form.querySelector("[data-entry-id]");
  if (idInput && fresh) idInput.value = uuid();
  all(form, "[data-from-query]").forEach(function (input) {
    const v = params.get(input.dataset.fromQuery);
    if (!input.value && v) input.value = v;
  });
  const dogId = form.querySelector("input[name=dog_id]");
  const placeholder = document.querySelector("[data-dog-placeholder]");
  if (placeholder && dogId && dogId.value) placeholder.textContent = placeholder.dataset.template.replace("{dog}", dogId.value);
  // Now, unless the time was carried from the violation this entry follows, or a refused entry is fixed.
  const editing = params.get("outbox_edit");
  if (fresh && !editing) all(form, "input[type=datetime-local]").forEach(function (i) { if (!i.dataset.carried) i.value = nowLocal(); });
  initGps(form, fresh);
  initExceptions(form);
  initOrders(form);
  initDeadline(form);
  initTicket(form);
  // An offence under "More offences" ticked from the copy (the violation this entry follows) or
  // an outbox edit: its list opens, so what is ticked is seen.
  form.addEventListener("change", function () { openChosenOffences(form); });
  openChosenOffences(form);
  if (fresh) fillFromCopy(form, placeholder, dogId);
}

function openChosenOffences(form) {
  all(form, "details[data-more-offences]").forEach(function (d) {
    if (d.querySelector("input[name=codes]:checked")) d.open = true;
  });
}

function fillFromCopy(form, placeholder, dogId) {
  const violationRef = form.querySelector("input[name=violation_entry_id]");
  const jobs = [];
  if (placeholder && dogId && dogId.value) {
    jobs.push(dogById(dogId.value).then(function (rec) { if (rec && rec.dog) fillDog(form, placeholder, rec); }));
  }
  if (violationRef && violationRef.value) {
    // What the officer typed for the violation (on this phone): its codes, exceptions, time, place.
    jobs.push(followed({ violation_entry_id: violationRef.value }).then(function (v) {
      if (!v || params.get("outbox_edit")) return;
      const boxes = all(form, "input[name=codes]");
      if (v.codes.length && !boxes.some(function (b) { return b.checked; })) {
        boxes.forEach(function (b) { b.checked = v.codes.indexOf(b.value) >= 0; });
        all(form, "input[name=ruled_out]").forEach(function (b) { if (v.ruled_out.indexOf(b.value) >= 0) b.checked = true; });
      }
      const when = form.querySelector("input[name=seized_at], input[name=served_at]");
      // A ticket from the "to issue and serve" list (served_now) is served now, not when the violation was.
      if (when && v.occurred_at && !params.get("served_now")) { when.value = v.occurred_at; when.dataset.carried = "violation"; }
      // The ticket's offence happened when the violation did (§9: the ticket says when and where).
      const offence = form.querySelector("input[name=occurred_at]");
      if (offence && v.occurred_at) { offence.value = v.occurred_at; offence.dataset.carried = "violation"; }
      const place = form.querySelector("[name=location_text]");
      if (place && !place.value && v.location_text) place.value = v.location_text;
      const lat = form.querySelector("[data-gps=lat]");
      if (lat && v.latitude) {
        lat.value = v.latitude;
        form.querySelector("[data-gps=lon]").value = v.longitude;
        form.querySelector("[data-gps=acc]").value = v.accuracy;
        const status = form.querySelector("[data-gps-status]");
        if (status) status.textContent = "GPS: " + v.latitude + ", " + v.longitude + " (where the violation was recorded)";
      }
      form.dispatchEvent(new Event("change"));
    }));
  }
  if (form.dataset.deadlines) {
    // §8(B): the copy's table is refreshed every few minutes (town closed days can change).
    jobs.push(datasetInfo().then(function (info) {
      const tables = info && info.redemption_deadlines;
      if (tables && form._deadlines) { mergeTables(form._deadlines, tables); form.dispatchEvent(new Event("change")); }
    }));
  }
  Promise.all(jobs).catch(function () {}).then(function () { form.dataset.copyFilled = "1"; });
}

function fillDog(form, placeholder, rec) {
  const d = rec.dog, owner = (rec.owners || [])[0];
  if (d.town_id) form.dataset.dogTown = String(d.town_id);  // its town's tables (town-tables.js)
  const p = document.createElement("p"), strong = document.createElement("strong");
  strong.textContent = d.name;
  p.append(strong, d.id_number ? " · ID no. " + d.id_number : "", document.createElement("br"), d.description || "");
  if (owner) p.append(document.createElement("br"), "Owner: " + owner.name + (owner.address ? ", " + owner.address : ""));
  const small = document.createElement("span");
  small.className = "muted small";
  small.textContent = " (from this phone's copy)";
  p.append(small);
  placeholder.replaceWith(p);
  p.setAttribute("data-dog-from-copy", "");
  fillOrders(form, rec);
  // The description field is for a dog with no tag: this one is on file.
  const desc = form.querySelector("[name=dog_description]");
  if (desc && desc.closest(".field") && form.dataset.outboxKind !== "complaint") desc.closest(".field").hidden = true;
  const unknown = form.querySelector("[data-unknown-dog]");  // DL-18 description of a dog not on file
  if (unknown) unknown.hidden = true;
  if (!owner) return;
  const known = form.querySelector("input[name=owner_known][value=yes]");
  if (known && !form.querySelector("input[name=owner_known]:checked")) { known.checked = true; form.dispatchEvent(new Event("change")); }
  if (form.dataset.outboxKind === "ticket") {
    const capacity = form.querySelector("input[name=served_capacity][value=" + (owner.minor ? "guardian" : "owner") + "]");
    if (capacity && !form.querySelector("input[name=served_capacity]:checked")) capacity.checked = true;
    setIfEmpty(form, "served_name", owner.minor ? owner.guardian || "" : owner.name);
    setIfEmpty(form, "served_address", owner.address);
    if (owner.minor) setIfEmpty(form, "minor_owner_name", owner.name);
    form.dispatchEvent(new Event("change"));
  }
  if (form.dataset.outboxKind === "complaint") {
    setIfEmpty(form, "dog_description", d.description);
    // §4(I): a minor's guardian or head of household is named, never the minor.
    setIfEmpty(form, "owner_name", owner.minor
      ? (owner.guardian ? owner.guardian + ", guardian or head of household of " + owner.name + ", a minor (§4(I))" : "")
      : owner.name);
    setIfEmpty(form, "owner_residence", owner.address);
  }
}

// §10(B): the dog's orders in force, from the copy's flags, as the server draws them
// (field/_macros.html: court_orders_notice): "Under court order: confine to premises (court, date)".
function fillOrders(form, rec) {
  const box = form.querySelector("[data-court-orders]");
  const orders = (rec.flags || []).filter(function (f) { return f.order_id; });
  if (!box || !orders.length || box.querySelector("[data-court-order]")) return;
  const list = box.querySelector("ul");
  orders.forEach(function (f) {
    const li = document.createElement("li"), strong = document.createElement("strong");
    li.setAttribute("data-court-order", f.kind);
    strong.textContent = "Under court order:";
    li.append(strong, " " + (f.short || f.terms || f.label) + " (" + box.dataset.courtName + ", " + longdate(f.date) + ")");
    if (f.terms) {
      const details = document.createElement("details"), summary = document.createElement("summary"), terms = document.createElement("p");
      details.className = "law";
      summary.textContent = "Terms of the order";
      terms.textContent = f.terms;
      details.append(summary, terms);
      li.append(details);
    }
    list.append(li);
  });
  box.hidden = false;
}

function setIfEmpty(form, name, value) {
  const input = form.querySelector("[name=" + name + "]");
  if (input && !input.value && value) input.value = value;
}

function initGps(form, fresh) {
  const lat = form.querySelector("[data-gps=lat]");
  if (!lat || !navigator.geolocation) return;
  const lon = form.querySelector("[data-gps=lon]"), acc = form.querySelector("[data-gps=acc]");
  const status = form.querySelector("[data-gps-status]"), button = form.querySelector("[data-gps-button]");
  function locate() {
    status.textContent = "Finding your position…";
    navigator.geolocation.getCurrentPosition(function (pos) {
      lat.value = pos.coords.latitude.toFixed(6);
      lon.value = pos.coords.longitude.toFixed(6);
      acc.value = Math.round(pos.coords.accuracy);
      status.textContent = "GPS: " + lat.value + ", " + lon.value + " (± " + acc.value + " m)";
    }, function () {
      status.textContent = "No GPS position: type where it happened.";
    }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 });
  }
  button.hidden = false;
  button.addEventListener("click", locate);
  if (fresh && !lat.value) locate();
}

// Show the "ruled out" checkboxes only for the violations ticked.
function initExceptions(form) {
  const items = all(form, "[data-exception-for]");
  if (!items.length) return;
  const box = items[0].closest("fieldset");
  function update() {
    const chosen = all(form, "input[name=codes]:checked").map(function (i) { return i.value; });
    let any = false;
    items.forEach(function (li) {
      const show = li.dataset.exceptionFor.split(" ").some(function (c) { return c && chosen.indexOf(c) >= 0; });
      li.hidden = !show; any = any || show;
    });
    box.hidden = !any;
  }
  // "None of these applies": one tap rules out each exception shown; unticking one unticks it.
  const none = form.querySelector("[data-none-applies]");
  function shownBoxes() { return items.filter(function (li) { return !li.hidden; }).map(function (li) { return li.querySelector("input[name=ruled_out]"); }); }
  function syncNone(e) {
    if (!none) return;
    if (e && e.target === none) shownBoxes().forEach(function (b) { b.checked = none.checked; });
    else if (e && e.target.name === "ruled_out" && !e.target.checked) none.checked = false;
    else if (e && e.target.name === "codes" && none.checked) shownBoxes().forEach(function (b) { b.checked = true; });
  }
  // Any change: a code ticked, or codes filled in by a script (the copy, "Fix and send again").
  form.addEventListener("change", function (e) { update(); syncNone(e); });
  update();
}

// §10(B)(4): the dog's orders in force are offered only when "violating an order" is ticked.
function initOrders(form) {
  const items = all(form, "[data-order-for]");
  if (!items.length) return;
  function update() {
    const ticked = !!form.querySelector("input[name=codes][value='10B4']:checked");
    items.forEach(function (li) { li.hidden = !ticked; });
  }
  form.addEventListener("change", function (e) { if (e.target.name === "codes") update(); });
  update();
}

// §8(B): the holding period's last day, from the table the server computed.
function initDeadline(form) {
  if (!form.dataset.deadlines) return;
  const tables = form._deadlines = JSON.parse(form.dataset.deadlines);  // each town's (town-tables.js)
  const out = document.querySelector("[data-deadline]"), shown = form.querySelector("[data-deadline-shown]");
  function update() {
    // §8(B): an owner named by the officer, or one of record (the box the page or the copy ticks).
    const named = form.querySelector("input[name=owner_named]");
    let known = named && named.value.trim() ? named : form.querySelector("input[name=owner_known]:checked");
    if (!known) known = { value: "no" };
    if (known === named) known = { value: "yes" };
    const when = form.querySelector("input[name=seized_at]");
    const day = (when && when.value ? when.value : nowLocal()).slice(0, 10);
    if (!known) { out.textContent = "Say whether the owner is known to see how long to hold the dog."; shown.value = ""; return; }
    const table = tableFor(tables, formTown(form));
    const row = table && table[day];
    const deadline = row && row[known.value === "yes" ? "owner_known" : "owner_unknown"];
    shown.value = deadline || "";
    out.textContent = deadline ? "Hold the dog until the end of " + longdate(deadline)
      : "Hold the dog " + (known.value === "yes" ? "nine" : "five") + " business days after the day of impoundment.";
  }
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
}

// §9: the first court session at least N days ahead; §4(I): the minor's name for a guardian.
function initTicket(form) {
  if (!form.dataset.sessions) return;
  const courts = JSON.parse(form.dataset.sessions);  // each town's court and its sessions (town-tables.js)
  const appear = form.querySelector("input[name=appear_on]"), shown = document.querySelector("[data-appear-shown]");
  const served = form.querySelector("input[name=served_at]");
  let touched = !!document.querySelector(".error-summary") && !!appear.value;  // keep what was typed
  appear.addEventListener("input", function () { touched = true; shown.textContent = longdate(appear.value); });
  function update() {
    const town = tableFor(courts, formTown(form)) || { court: {}, sessions: {} };
    const court = town.court;
    all(form, "[data-appear-court]").forEach(function (el) { if (court.name) el.textContent = court.name; });
    all(form, "[data-appear-address]").forEach(function (el) { if (court.address) el.textContent = court.address; });
    all(form, "[data-appear-time]").forEach(function (el) { if (court.time) el.textContent = court.time; });
    // The number as the office will store it: with the letters of that town's court.
    const number = form.querySelector("input[name=ticket_number]");
    if (number && town.letters) number.value = withLetters(number.value, town.letters);
    const day = (served.value || nowLocal()).slice(0, 10);
    if (!touched && town.sessions[day]) appear.value = town.sessions[day];
    shown.textContent = longdate(appear.value);
    const guardian = form.querySelector("input[name=served_capacity][value=guardian]");
    const only = form.querySelector("[data-guardian-only]");
    if (only) only.hidden = !(guardian && guardian.checked) && !only.querySelector(".error");
  }
  form.addEventListener("change", update);
  served.addEventListener("input", update);
  update();
}

// The "what now" page as a cached generic page: links and words from the query string.
function initNext() {
  const kind = params.get("kind") || "";
  const values = {
    entry: params.get("entry") || "", dog: params.get("dog") || "",
    violation_ref: kind === "violation" ? (params.get("entry") || "") : (params.get("violation") || ""),
    deadline: params.get("deadline") || "", number: params.get("number") || ""
  };
  all(document, "[data-qs-href]").forEach(function (a) {
    const tpl = a.dataset.qsHref;
    if (tpl.indexOf("{dog}") >= 0 && !values.dog && tpl.indexOf(prefixOf(urls().dogCard)) === 0) return;
    if (!params.get("entry")) return;  // the server already filled it in
    a.href = tpl.replace(/\{(\w+)\}/g, function (_, k) { return encodeURIComponent(values[k] || ""); });
  });
  const title = document.querySelector("[data-kind-title]");
  if (title && kind) { const t = JSON.parse(title.dataset.kindTitle); if (t[kind]) title.textContent = t[kind]; }
  all(document, "[data-show-if]").forEach(function (el) {
    const k = el.dataset.showIf;
    if (values[k]) {
      el.hidden = false;
      all(el, "[data-fill]").forEach(function (f) { f.textContent = k === "deadline" ? longdate(values[k]) : values[k]; });
    }
  });
  all(document, "[data-show-kinds]").forEach(function (el) {
    el.hidden = el.dataset.showKinds.split(" ").indexOf(kind || "violation") < 0 || el.hasAttribute("data-held");
  });
  const seize = document.querySelector("[data-seize]");
  if (seize && !seize.hidden && values.dog) heldOnPhone(values.dog).then(function (held) { if (held) seize.hidden = true; });
}

function initTicketView() {
  const print = document.querySelector("[data-print]"), share = document.querySelector("[data-share]");
  if (print) { print.hidden = false; print.onclick = function () { window.print(); }; }
  if (share && navigator.share) {
    share.hidden = false;
    share.onclick = function () {
      const ticket = document.getElementById("ticket");
      navigator.share({ title: document.title, text: ticket ? ticket.innerText : document.title, url: location.href }).catch(function () {});
    };
  }
}

function init() {
  params = new URLSearchParams(location.search);
  all(document, "form.entry-form").forEach(initForm);
  if (document.querySelector("[data-entry-state]")) initNext();
  initTicketView();
}
onEveryPage(init);
onEveryPage(() => rememberTowns(document));
