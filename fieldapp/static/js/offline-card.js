/* The roadside status card drawn from the phone's copy of the field data (issue 6).
 *
 * The service worker answers /t/<token> and /field/dogs/<id> with this page when there is no
 * signal. Same words and colours as the online card (status-valid|expiring|expired|none|exempt);
 * the statuses are worked out again from the dates for today's date on the phone, as the law
 * core does (§5(A)(4): good through the expiry day; "expiring" within 30 days; §5(B)).
 */
(function () {
  "use strict";
  const LICENSE_WORDS = { valid: "Licensed", expiring: "License expiring", expired: "License EXPIRED", none: "NOT licensed" };
  const RABIES_WORDS = { valid: "Rabies current", exempt: "Rabies: vet exemption", expired: "Rabies EXPIRED", none: "No rabies certificate" };

  function localToday() {
    const d = new Date();
    return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()));
  }
  const day = (iso) => (iso ? new Date(iso + "T00:00:00Z") : null);
  const daysBetween = (a, b) => Math.round((b - a) / 86400000);

  function licenseStatus(expiresOn, today) {
    const exp = day(expiresOn);
    if (!exp) return "none";
    if (today > exp) return "expired";
    return daysBetween(today, exp) <= 30 ? "expiring" : "valid";
  }
  function rabiesStatus(validUntil, exemptNow, today) {
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
  const longdate = (iso) => (iso ? new Date(iso + "T00:00:00").toLocaleDateString(undefined,
    { weekday: "short", day: "numeric", month: "short", year: "numeric" }) : "");

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  }

  function renderDog(rec, today) {
    const d = rec.dog;
    const lic = licenseStatus(rec.license.expires_on, today);
    const rab = rec.rabies.status === "exempt" ? "exempt" : rabiesStatus(rec.rabies.valid_until, false, today);
    const facts = el("dl", { class: "facts" },
      el("dt", {}, "Dog"), el("dd", {}, `${d.name} — ${d.description}`),
      el("dt", {}, "ID number"), el("dd", {}, d.id_number ? String(d.id_number) : "none"),
      el("dt", {}, "License"), el("dd", {}, el("span", { class: `status status-${lic}` }, LICENSE_WORDS[lic]),
        rec.license.expires_on ? ` until ${longdate(rec.license.expires_on)}` : "",
        rec.license.number ? ` · No. ${rec.license.number}` : "", rec.license.marking ? ` · ${rec.license.marking}` : ""),
      el("dt", {}, "Rabies"), el("dd", {}, el("span", { class: `status status-${rab}` }, RABIES_WORDS[rab]),
        rec.rabies.valid_until ? ` until ${longdate(rec.rabies.valid_until)}` : ""));
    const owners = el("ul", { class: "cards" }, ...(rec.owners || []).map((o) =>
      el("li", {}, el("strong", {}, o.name), el("br"), o.address, el("br"),
        o.phone ? el("a", { href: `tel:${o.phone.replace(/[^0-9+]/g, "")}` }, o.phone) : "no phone")));
    const flags = (rec.flags || []).length ? el("ul", { class: "card-flags" },
      ...rec.flags.map((f) => el("li", {}, f.label + (f.since ? ` (since ${longdate(f.since)})` : "")))) : null;
    return [el("h2", {}, d.name), flags, facts, el("h2", {}, "Owner"), owners];
  }

  async function draw() {
    const out = window.FieldOutbox;
    const body = document.getElementById("offline-card-body");
    const ageLine = document.getElementById("offline-card-age");
    if (!out || !body) return;
    const meta = await out.getMeta("dataset");
    const info = meta && meta.value;
    ageLine.textContent = info ? age(info.generated_at) : "This phone has no copy of the field data yet.";
    const path = location.pathname;
    const today = localToday();
    let rec = null;
    let m = path.match(/^\/t\/([^/]+)/);
    if (m) {
      const token = decodeURIComponent(m[1]);
      const hits = await out.tx("dogs", "readonly", (s) => new Promise((resolve) => {
        const r = s.dogs.index("tag").getAll(token);
        r.onsuccess = () => resolve(r.result);
      }));
      rec = hits && hits[0];
      if (!rec) {
        const retired = await out.get("retired", token);
        if (retired) {
          const dog = await out.get("dogs", retired.dog_id);
          body.replaceChildren(el("p", { class: "card-invalid", id: "tag-retired" },
            `Tag replaced on ${retired.retired_on ? longdate(retired.retired_on) : "an earlier date"} — not valid`),
            ...(dog ? renderDog(dog, today) : []));
          return;
        }
      }
    } else if ((m = path.match(/^\/field\/dogs\/(\d+)/))) {
      rec = await out.get("dogs", Number(m[1]));
    }
    if (!rec) {
      body.replaceChildren(el("p", { class: "card-unknown", id: "not-in-copy" }, "Not in this phone's copy"),
        el("p", {}, "The tag or dog is not in the field data saved on this phone. Record what you see; it is checked when there is signal."));
      return;
    }
    body.replaceChildren(...renderDog(rec, today));
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
  else draw();
})();
