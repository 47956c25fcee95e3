/* The roadside status card drawn from a record of the phone's copy: the same words and colours
 * as the online card (field/_card.html), for the offline card page (offline-card.js, DOM nodes)
 * and the service worker's answer to a tag's link (copy-first.js, HTML text: html-el.js).
 * `el(tag, attrs, ...children)` builds either; the statuses are worked out again from the dates
 * for today's date on the phone, as the law core does (§5(A)(4): good through the expiry day;
 * "expiring" within 30 days; §5(B)).
 */
import { day, longdate } from "./format.js";
import { urls } from "./urls.js";

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

const daysBetween = (a, b) => Math.round((b - a) / 86400000);
const small = (el, ...parts) => el("span", { class: "small" }, ...parts);

// §5(B)(1): the request's words worked out again for the phone's date (the copy may be days old).
function flagFor(f, today) {
  if (f.code !== "rabies_requested" || !f.due_on) return f;
  const overdue = today > day(f.due_on);
  return Object.assign({}, f, { level: overdue ? "bad" : "warn", label: overdue
    ? `Rabies vaccination OVERDUE: was due ${longdate(f.due_on)} (§5(B)(1))`
    : `Rabies vaccination requested: due ${longdate(f.due_on)} (§5(B)(1))` });
}

function flagItem(f, el) {
  // §10(B): an order in one line (as the online card); its terms a tap away.
  if (f.gist) {
    return el("li", { class: `flag flag-${f.level || "bad"} flag-order`, "data-flag": f.code || "" },
      el("details", {}, el("summary", {}, el("strong", {}, f.gist), " ", small(el, `since ${longdate(f.since)} `, el("span", { class: "terms-toggle" }, "terms ▾"))),
        el("p", { class: "small" }, `${f.label} (${f.section}): ${f.detail || ""}`)));
  }
  const li = el("li", { class: `flag flag-${f.level || "bad"}`, "data-flag": f.code || "" }, el("strong", {}, f.label));
  if (f.since) li.append(" ", small(el, `since ${longdate(f.since)}`));
  if (f.detail) li.append(el("br"), small(el, f.detail));
  if ((f.history || []).length) {
    li.append(el("ul", { class: "flag-items" }, ...f.history.map((it) => el("li", {}, `${longdate(it.date)}: ${it.text}`))));
  }
  return li;
}

function statusLine(el, kind, status, words, ...details) {
  return el("li", { class: `status-line status status-${status}`, "data-status": `${kind}-${status}` },
    el("span", { class: "status-icon", "aria-hidden": "true" }, ICONS[status]),
    el("span", {}, el("strong", {}, words[status]), ...details));
}

// `inTown`: the officer serves towns under another law (the page's data-town-forms): the forms
// open in the dog's own town, whose law judges what it did (field/entry_pages.py: form_town).
export function renderCard(rec, today, held, el, { inTown = false } = {}) {
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
    statusLine(el, "license", lic, LICENSE_WORDS,
      license.expires_on ? el("br") : null,
      license.expires_on ? small(el, `${lic === "expired" ? "expired" : "until"} ${longdate(license.expires_on)} · no. ${license.number || ""}`) : null,
      license.marking ? el("br") : null, license.marking ? small(el, license.marking) : null),
    statusLine(el, "rabies", rab, RABIES_WORDS,
      rabies.valid_until ? el("br") : null,
      rabies.valid_until ? small(el, `${rab === "expired" ? "ended" : "until"} ${longdate(rabies.valid_until)}`) : null));
  const flags = (rec.flags || []).map((f) => flagFor(f, today));
  const flagList = flags.length ? el("ul", { class: "flags", "aria-label": "Warnings" }, ...flags.map((f) => flagItem(f, el))) : null;
  const owners = (rec.owners || []).length ? (rec.owners || []).map((o) => el("div", { class: "owner" },
    el("p", {}, el("strong", {}, o.name), el("br"), o.address || ""),
    // §4(I): a minor's guardian or head of household is the person charged and summoned.
    o.minor ? el("p", { class: "minor-owner" }, el("strong", {}, "A minor."),
      ` Charge, summon and name on a complaint the legal guardian or head of household: ${o.guardian || "not named on record"} (§4(I)).`) : null,
    o.phone ? el("a", { class: "btn btn-block call", href: `tel:${o.phone.replace(/[^0-9+]/g, "")}` }, `Call owner · ${o.phone}`) : null))
    : [el("p", { class: "muted" }, "No owner of record.")];
  const q = `?dog=${encodeURIComponent(d.id)}${inTown && d.town_id ? `&town=${encodeURIComponent(d.town_id)}` : ""}`;
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
