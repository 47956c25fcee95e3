/* The roadside status card drawn from the phone's copy of the field data (dataset.js).
 *
 * The service worker answers /t/<token> and /field/dogs/<id> with this page when there is no
 * signal, and /t/<token> at once, before the office, when the signed-in officer's copy holds the
 * tag (copy-first.js; the page is marked data-copy-first): then the office's card replaces it. Same words and colours as the online card (status-valid|expiring|expired|none|exempt);
 * the statuses are worked out again from the dates for today's date on the phone, as the law
 * core does (§5(A)(4): good through the expiry day; "expiring" within 30 days; §5(B)).
 * The flags (impounded and until when, prior violations, a rabies request due) are the server's,
 * from the copy; a §5(B)(1) request's "due" / "OVERDUE" is worked out again for today.
 * The card's buttons open the field forms for this dog (cached pages, ?dog=<id>).
 */
import { dogById, dogByTag, datasetInfo, heldOnPhone, retiredTag, sessionEnded } from "./dataset.js";
import { forgetSession } from "./db.js";
import { el, onEveryPage } from "./dom.js";
import { day, longdate, townToday } from "./format.js";
import { match, urls } from "./urls.js";

// The online card's words (field/_card.html), so a card reads the same with or without signal.
const LICENSE_WORDS = { valid: "License valid", expiring: "License expiring soon", expired: "License EXPIRED", none: "NO LICENSE", dog_died: "Dog died: license closed" };
const RABIES_WORDS = { valid: "Rabies vaccination valid", exempt: "Rabies: exempt (vet's statement)", expired: "Rabies vaccination EXPIRED", none: "NO rabies certificate" };
const ICONS = { valid: "✓", exempt: "✓", expiring: "!", expired: "✗", none: "✗", dog_died: "✝" };

export function licenseStatus(expiresOn, today) {
  const exp = day(expiresOn);
  if (!exp) return "none";
  if (today > exp) return "expired";
  return daysBetween(today, exp) <= 30 ? "expiring" : "valid";
}
export function rabiesStatus(validUntil, exemptNow, today) {
  if (exemptNow) return "exempt";
  const until = day(validUntil);
  if (!until) return "none";
  return today > until ? "expired" : "valid";
}

function age(iso) {
  if (!iso) return "Offline copy (age unknown)";
  const mins = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60000));
  if (mins < 2) return "Data from just now (offline copy)";
  if (mins < 90) return `Data from ${mins} min ago (offline copy)`;
  const hours = Math.round(mins / 60);
  if (hours < 48) return `Data from ${hours} h ago (offline copy)`;
  return `Data from ${Math.round(hours / 24)} days ago (offline copy) — connect to refresh`;
}
const daysBetween = (a, b) => Math.round((b - a) / 86400000);
// "4 Dec 2026": the order's date on its one line (the online card's words).
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const shortdate = (iso) => (iso ? `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}` : "");
const small = (...parts) => el("span", { class: "small" }, ...parts);

// §5(B)(1): the request's words worked out again for the phone's date (the copy may be days old).
function flagFor(f, today) {
  if (f.code !== "rabies_requested" || !f.due_on) return f;
  const overdue = today > day(f.due_on);
  return Object.assign({}, f, { level: overdue ? "bad" : "warn", label: overdue
    ? `Rabies vaccination OVERDUE: was due ${longdate(f.due_on)} (§5(B)(1))`
    : `Rabies vaccination requested: due ${longdate(f.due_on)} (§5(B)(1))` });
}

function flagItem(f) {
  // §10(B): an order in one line (as the online card); its terms a tap away.
  if (f.gist) {
    return el("li", { class: `flag flag-${f.level || "bad"} flag-order`, "data-flag": f.code || "" },
      el("details", {}, el("summary", {}, el("strong", {}, f.gist), " ", small(`order of ${shortdate(f.since)} `, el("span", { class: "terms-toggle" }, "terms ▾"))),
        el("p", { class: "small" }, `${f.label} (${f.section}): ${f.detail || ""}`)));
  }
  const li = el("li", { class: `flag flag-${f.level || "bad"}`, "data-flag": f.code || "" }, el("strong", {}, f.label));
  if (f.since) li.append(" ", small(`since ${longdate(f.since)}`));
  if (f.detail) li.append(el("br"), small(f.detail));
  if ((f.history || []).length) {
    li.append(el("ul", { class: "flag-items" }, ...f.history.map((it) => el("li", {}, `${longdate(it.date)}: ${it.text}`))));
  }
  return li;
}

function statusLine(kind, status, words, ...details) {
  return el("li", { class: `status-line status status-${status}`, "data-status": `${kind}-${status}` },
    el("span", { class: "status-icon", "aria-hidden": "true" }, ICONS[status]),
    el("span", {}, el("strong", {}, words[status]), ...details));
}

function renderDog(rec, today, held) {
  const d = rec.dog;
  const license = rec.license || {};
  const rabies = rec.rabies || {};
  // §5(J)(2): a death notice closes the license; never recomputed from a date.
  const lic = license.status === "dog_died" ? "dog_died" : licenseStatus(license.expires_on, today);
  const rab = rabies.status === "exempt" ? "exempt" : rabiesStatus(rabies.valid_until, false, today);
  const altered = d.altered ? `, ${d.sex === "F" ? "spayed" : "neutered"}` : "";
  const idLine = el("p", { class: "muted" });
  if (d.id_number) idLine.append("ID no. ", el("strong", {}, String(d.id_number))); else idLine.append("No ID number");
  if (d.microchip) idLine.append(` · chip ${d.microchip}`);
  const head = el("header", { class: "card-head" }, el("div", {}, el("h2", { class: "dog-name" }, d.name),
    el("p", { class: "dog-desc" }, `${d.description || ""}${altered}`), idLine));
  const lines = el("ul", { class: "status-lines" },
    statusLine("license", lic, LICENSE_WORDS,
      license.expires_on ? el("br") : null,
      license.expires_on ? small(`${lic === "expired" ? "expired" : "until"} ${longdate(license.expires_on)} · no. ${license.number || ""}`) : null,
      license.marking ? el("br") : null, license.marking ? small(license.marking) : null),
    statusLine("rabies", rab, RABIES_WORDS,
      rabies.valid_until ? el("br") : null,
      rabies.valid_until ? small(`${rab === "expired" ? "ended" : "until"} ${longdate(rabies.valid_until)}`) : null));
  const flags = (rec.flags || []).map((f) => flagFor(f, today));
  const flagList = flags.length ? el("ul", { class: "flags", "aria-label": "Warnings" }, ...flags.map(flagItem)) : null;
  const owners = (rec.owners || []).length ? (rec.owners || []).map((o) => el("div", { class: "owner" },
    el("p", {}, el("strong", {}, o.name), el("br"), o.address || ""),
    // §4(I): a minor's guardian or head of household is the person charged and summoned.
    o.minor ? el("p", { class: "minor-owner" }, el("strong", {}, "A minor."),
      ` Charge, summon and name on a complaint the legal guardian or head of household: ${o.guardian || "not named on record"} (§4(I)).`) : null,
    o.phone ? el("a", { class: "btn btn-block call", href: `tel:${o.phone.replace(/[^0-9+]/g, "")}` }, `Call owner · ${o.phone}`) : null))
    : [el("p", { class: "muted" }, "No owner of record.")];
  const q = `?dog=${encodeURIComponent(d.id)}`;
  const u = urls();
  const actions = el("div", { class: "big-actions" },
    el("a", { class: "btn btn-primary btn-block", href: u.newViolation + q }, "Record violation"),
    // §8: a dog held now is in the pound already: no second seizure.
    held ? null : el("a", { class: "btn btn-danger btn-block", href: u.newSeizure + q }, "Seize dog"),
    el("a", { class: "btn btn-block", href: u.newTicket + q }, "Issue appearance ticket"));
  const more = el("p", { class: "more-actions" },
    el("a", { href: u.newComplaint + q }, "Take a sworn complaint"), " · ",
    el("a", { href: u.scan }, "Scan tag"));
  return [el("article", { class: "status-card", id: "status-card", "data-dog-id": String(d.id) },
    head, lines, flagList, el("section", { class: "owners", "aria-label": "Owner" }, ...owners), actions, more)];
}

// The record for this page's path (/t/<token> or /field/dogs/<id>, whatever the app's prefix).
async function drawInto(body, today) {
  const path = location.pathname;
  const tag = match(urls().tag, path);
  const card = tag ? null : match(urls().dogCard, path);
  const rec = tag ? await dogByTag(tag.token) : card ? await dogById(card.id) : null;
  if (!rec && tag) {
    const retired = await retiredTag(tag.token);
    if (retired) {
      const dog = await dogById(retired.dog_id);
      body.replaceChildren(el("p", { class: "card-invalid", id: "tag-retired" },
        `Tag replaced on ${retired.retired_on ? longdate(retired.retired_on) : "an earlier date"} — not valid`),
        ...(dog ? renderDog(dog, today, await heldOnPhone(dog.dog.id)) : []));
      return;
    }
  }
  if (!rec) {
    body.replaceChildren(el("p", { class: "card-unknown", id: "not-in-copy" }, "Not in this phone's copy"),
      el("p", {}, "The tag or dog is not in the field data saved on this phone. Record what you see; it is checked when there is signal."));
    return;
  }
  body.replaceChildren(...renderDog(rec, today, await heldOnPhone(rec.dog.id)));
  const generic = document.getElementById("offline-card-actions");
  if (generic) generic.hidden = true; // the card has its own, for this dog
}

async function draw() {
  const body = document.getElementById("offline-card-body");
  if (!body || body.dataset.drawn) return;
  body.dataset.drawn = "1";
  const info = await datasetInfo();
  const ageLine = document.getElementById("offline-card-age");
  const copyFirst = !!document.querySelector("#offline-card[data-copy-first]");
  ageLine.textContent = !info ? "This phone has no copy of the field data yet."
    : copyFirst ? `${copyAge(info.generated_at)} · checking with the office…` : age(info.generated_at);
  await drawInto(body, townToday());
  if (copyFirst) confirmFromOffice(ageLine, info);
}

// "From the phone's copy, 12 min old": a tag's link answered by the worker before the office.
export function copyAge(iso, now = Date.now()) {
  const mins = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60000));
  const old = mins < 90 ? `${mins} min` : mins < 48 * 60 ? `${Math.round(mins / 60)} h` : `${Math.round(mins / 1440)} days`;
  return `From the phone's copy, ${old} old`;
}

// The office's own answer to this tag's link takes the copy's place. Signed out there (the
// session ended on the server): the copy goes, and the page loads again as the finder's page.
async function confirmFromOffice(ageLine, info) {
  let res;
  try {
    res = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
  } catch (err) {
    ageLine.textContent = `${copyAge(info.generated_at)} · no signal: not checked with the office`;
    window.addEventListener("online", () => confirmFromOffice(ageLine, info), { once: true });
    return;
  }
  const doc = new DOMParser().parseFromString(await res.text(), "text/html");
  const main = doc.getElementById("main");
  if (!doc.body || !doc.body.dataset.userId) {
    await forgetSession();
    sessionEnded();
    location.reload();
    return;
  }
  if (!main || res.status >= 500) {
    ageLine.textContent = `${copyAge(info.generated_at)} · the office did not answer; try again later`;
    return;
  }
  for (const name of ["data-user-id", "data-user-role", "data-powers", "hx-headers"]) {
    const v = doc.body.getAttribute(name);
    if (v === null) document.body.removeAttribute(name); else document.body.setAttribute(name, v);
  }
  document.title = doc.title;
  main.prepend(el("p", { class: "data-age", id: "office-confirmed", role: "status" }, "Checked with the office just now."));
  const here = document.getElementById("main");
  here.replaceWith(document.adoptNode(main));
  if (window.htmx) window.htmx.process(main);
  document.body.dataset.officeConfirmed = "1";
}

// A scan or a typed number, with signal: the dog's status from the phone's copy at once (the
// office's card replaces the page when it arrives). Never an old copy shown as current: past
// `maxAgeHours` (the town's setting copy_max_age_hours) the box says so, and waits.
export async function drawInstant(box, found, maxAgeHours) {
  const info = await datasetInfo();
  const made = info && info.generated_at ? new Date(info.generated_at).getTime() : NaN;
  const wait = el("p", { class: "instant-wait" }, "Checking with the office…");
  box.hidden = false;
  if (!found || !found.dog) {
    box.replaceChildren(el("p", { class: "card-unknown", id: "instant-unknown" }, "Not in this phone's copy."), wait);
    return;
  }
  if (!(Date.now() - made <= maxAgeHours * 3600000)) {
    box.replaceChildren(el("p", { class: "card-unknown", id: "instant-stale" },
      `This phone's copy is too old to go by (${info ? age(info.generated_at).replace(/^Data from /, "") : "none yet"}; ` +
      `the town allows ${maxAgeHours} h).`), wait);
    return;
  }
  const [card] = renderDog(found.dog, townToday(), await heldOnPhone(found.dog.dog.id));
  card.id = "instant-status";
  card.classList.add("instant");
  box.replaceChildren(el("p", { class: "instant-age", id: "instant-age" }, age(info.generated_at)), card, wait);
}

onEveryPage(draw);
