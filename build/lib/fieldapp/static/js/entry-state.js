/* "What now" (/field/next): where this entry is — on the phone, being sent, refused, received —
 * from the phone's own outbox and "sent" stores, live, with or without signal. */
import { get } from "./db.js";
import { dogById } from "./dataset.js";
import { el, userId } from "./dom.js";
import { clock, describeErrors, kindLabel, longdate, plural } from "./format.js";
import { fill, urls } from "./urls.js";

// What the server said it made of the entry, in the words of the online pages.
export function resultLines(r) {
  const lines = [];
  if (r.violation_id) lines.push(`Violation no. ${r.violation_id}.`);
  if (r.redemption_deadline) lines.push(`Hold the dog until the end of ${longdate(r.redemption_deadline)} (§8(B)).`);
  if (r.ticket_number) lines.push(`Ticket number ${r.ticket_number}: appear ${longdate(r.appear_on)}${r.appear_time ? " at " + clock(r.appear_time) : ""}.`);
  if (r.ticket_number && r.served === false) lines.push(NOT_SERVED);
  if (r.complaint_id) lines.push(`Sworn complaint no. ${r.complaint_id}${r.status === "forwarded" ? ", forwarded to the Town Justice" : ""}.`);
  if (r.rabies_due_on || r.due_on) lines.push(`Rabies vaccination due ${longdate(r.rabies_due_on || r.due_on)} (§5(B)(1)).`);
  return lines;
}

// CPL §150.40(2): a ticket is served personally; left at the residence or mailed is an attempt.
const NOT_SERVED = "Not served yet (CPL §150.40(2): only handed in person is service): it waits on “To issue and serve”.";

// What the phone knows before the server answers (the form's own §8(B) and §9 figures).
function pendingLines(entry) {
  const p = entry.payload || {};
  const lines = [];
  if (entry.kind === "seizure" && p.deadline_shown) lines.push(`Hold the dog until the end of ${longdate(p.deadline_shown)} (§8(B)).`);
  if (entry.kind === "ticket") lines.push(p.ticket_number ? `Ticket number ${p.ticket_number}.` : "The office gives the ticket its number when it arrives.");
  if (entry.kind === "ticket" && p.served_how && p.served_how !== "personal") lines.push(NOT_SERVED);
  const photos = (entry.photos || []).length;
  if (photos) lines.push(`${plural(photos, "photo")} ${entry.photos_sent ? `(${entry.photos_sent} sent)` : "to send"}.`);
  return lines;
}

function describe(queued, sent) {
  if (sent) return { state: "sent", head: "Received by the office.", lines: resultLines(sent.result || {}) };
  if (queued.status === "failed") return { state: "failed", head: "Not accepted by the office.", lines: [describeErrors(queued.last_error)] };
  if (queued.status === "attention") {
    return { state: "failed", head: "Kept on this phone: the office's server failed on it. Open the outbox.",
             lines: [describeErrors(queued.last_error)] };
  }
  const state = queued.status === "sending" ? "sending" : "pending";
  const head = state === "sending" ? "Sending to the office now…" : "Saved on this phone, waiting to be sent.";
  const tried = state === "pending" && queued.attempts
    ? [`Tried ${plural(queued.attempts, "time")}: ${describeErrors(queued.last_error) || "no answer"}.`] : [];
  return { state, head, lines: tried.concat(pendingLines(queued)) };
}

export async function renderEntryState() {
  const box = document.querySelector("[data-entry-state]");
  const uid = userId();
  if (!box || !uid) return;
  const params = new URLSearchParams(location.search);
  const live = document.getElementById("entry-state");
  const id = params.get("entry");
  // The server already said "received": it is the record; the phone adds nothing.
  if (live && id && box.querySelector("[data-pending]")) {
    const queued = await get("outbox", id);
    const sent = queued ? null : await get("sent", id);
    if ((queued || sent) && String((queued || sent).user_id) === uid) {
      const { state, head, lines } = describe(queued, sent);
      const children = [el("p", {}, el("strong", { class: "entry-state-head" }, head))];
      for (const text of lines) if (text) children.push(el("p", {}, text));
      const ticketView = document.querySelector("[data-ticket-view]");
      if (state === "sent" && sent.result && sent.result.url) {
        if (ticketView && sent.kind === "ticket") { ticketView.href = sent.result.url; ticketView.hidden = false; }
        else children.push(el("p", {}, el("a", { href: sent.result.url }, "Open the record")));
      }
      if (state === "failed") {
        // Refused: never headed "recorded".
        const title = document.querySelector("h1");
        if (title) title.textContent = `${kindLabel(queued.kind)} not accepted: fix it`;
        children.push(el("p", {}, el("a", { class: "btn btn-primary btn-block", href: urls().outbox }, "Fix it in the outbox")));
      }
      if (state === "pending" || state === "sending") children.push(el("p", { class: "muted" }, "It is sent by itself when there is signal; the outbox at the top counts what is waiting."));
      live.replaceChildren(...children);
      live.className = `entry-state entry-${state}`;
      live.dataset.state = state;
      live.hidden = false;
      box.querySelector("[data-pending]").hidden = true;
    }
  }
  // Opened from the cache with no signal: the dog's name from the phone's copy.
  const line = box.querySelector("[data-dog-from-copy]");
  const dogId = Number(params.get("dog"));
  if (line && dogId && !line.dataset.filled) {
    const rec = await dogById(dogId);
    if (rec && rec.dog) {
      const owner = (rec.owners || [])[0];
      line.replaceChildren("Dog: ", el("a", { href: fill(urls().dogCard, { id: dogId }) }, rec.dog.name),
        ` — ${rec.dog.description || ""}${owner ? ` · owner ${owner.name}` : ""}`);
      line.dataset.filled = "1";
      line.hidden = false;
    }
  }
}
