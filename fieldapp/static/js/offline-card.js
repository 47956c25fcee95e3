/* The roadside status card drawn from the phone's copy of the field data (dataset.js).
 *
 * The service worker answers /t/<token> and /field/dogs/<id> with this page when there is no
 * signal; and /t/<token> at once, before the office, when the signed-in officer's copy holds the
 * tag (copy-first.js draws the card into the page there, marked data-copy-first): this module
 * then asks the office, whose card replaces it. The card itself is card-render.js's (the online
 * card's words and colours). The flags (impounded and until when, prior violations, a rabies
 * request due) are the server's, from the copy; a §5(B)(1) request's "due" / "OVERDUE" is
 * worked out again for today. The card's buttons open the field forms for this dog (cached
 * pages, ?dog=<id>).
 */
import { dogById, dogByTag, datasetInfo, heldOnPhone, retiredTag, sessionEnded } from "./dataset.js";
import { forgetSession } from "./db.js";
import { el, onEveryPage } from "./dom.js";
import { longdate, townToday } from "./format.js";
import { renderCard } from "./card-render.js";
import { copyAge } from "./copy-first.js";
import { match, urls } from "./urls.js";


const renderDog = (rec, today, held) => renderCard(rec, today, held, el,
  { inTown: !!document.body.dataset.townForms });

function age(iso) {
  if (!iso) return "Offline copy (age unknown)";
  const mins = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60000));
  if (mins < 2) return "Data from just now (offline copy)";
  if (mins < 90) return `Data from ${mins} min ago (offline copy)`;
  const hours = Math.round(mins / 60);
  if (hours < 48) return `Data from ${hours} h ago (offline copy)`;
  return `Data from ${Math.round(hours / 24)} days ago (offline copy) — connect to refresh`;
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
  // A tag's link the worker answered from the copy (card drawn there): the office's card next.
  const copyFirst = document.querySelector("#offline-card[data-copy-first]");
  if (copyFirst && !copyFirst.dataset.confirming) {
    copyFirst.dataset.confirming = "1";
    confirmFromOffice(document.getElementById("offline-card-age"), await datasetInfo());
  }
  const body = document.getElementById("offline-card-body");
  if (!body || body.dataset.drawn) return;
  body.dataset.drawn = "1";
  const info = await datasetInfo();
  document.getElementById("offline-card-age").textContent = info ? age(info.generated_at) : "This phone has no copy of the field data yet.";
  await drawInto(body, townToday());
}

// The office's own answer to this tag's link takes the copy's place. Signed out there (the
// session ended on the server): the copy goes, and the page loads again as the finder's page.
async function confirmFromOffice(ageLine, info) {
  const mark = info ? copyAge(info.generated_at) : "From the phone's copy";
  // The officer may tap on (Record violation) before the office answers: its answer then is for
  // a page no longer shown, and must not take the place of the one that is.
  const asked = location.href, shown = document.getElementById("main");
  const movedOn = () => location.href !== asked || !shown || !shown.isConnected;
  let res, text;
  try {
    res = await fetch(asked, { credentials: "same-origin", cache: "no-store" });
    text = await res.text();
  } catch (err) {
    if (movedOn()) return;
    ageLine.textContent = `${mark} · no signal: not checked with the office`;
    window.addEventListener("online", () => { if (!movedOn()) confirmFromOffice(ageLine, info); }, { once: true });
    return;
  }
  if (movedOn()) return;
  // The office's own trouble (a 5xx, the database away) says nothing about the session.
  if (res.status >= 500) {
    ageLine.textContent = `${mark} · the office did not answer; try again later`;
    return;
  }
  const doc = new DOMParser().parseFromString(text, "text/html");
  const main = doc.getElementById("main");
  if (!doc.body || !doc.body.dataset.userId) {
    await forgetSession();
    sessionEnded();
    location.reload();
    return;
  }
  if (!main) {
    ageLine.textContent = `${mark} · the office did not answer; try again later`;
    return;
  }
  for (const name of ["data-user-id", "data-user-role", "data-powers", "hx-headers"]) {
    const v = doc.body.getAttribute(name);
    if (v === null) document.body.removeAttribute(name); else document.body.setAttribute(name, v);
  }
  document.title = doc.title;
  main.prepend(el("p", { class: "data-age", id: "office-confirmed", role: "status" }, "Checked with the office just now."));
  shown.replaceWith(document.adoptNode(main));
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
