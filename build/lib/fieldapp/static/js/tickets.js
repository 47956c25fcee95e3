/* §9 ticket books: each phone holds blocks of appearance ticket numbers reserved for its officer
 * (POST /api/ticket-blocks), so a ticket gets its number at the roadside with no signal. A number
 * is used once (taken when its ticket or void is queued); below LOW_TICKETS the phone asks for more.
 * Kept in meta "tickets:<user id>" = {remaining: [...], blocks: [{id, first, last}]}.
 */
import { getMeta, setMeta } from "./db.js";
import { holds, say, userId } from "./dom.js";
import { plural } from "./format.js";
import { sameNumber } from "./ticket-number.js";
import { urls } from "./urls.js";

const LOW_TICKETS = 5;

async function deviceId() {
  let row = await getMeta("device_id");
  if (!row) { row = { value: crypto.randomUUID() }; await setMeta("device_id", row.value); }
  return row.value;
}

export async function ticketBook(uid) {
  const row = await getMeta(`tickets:${uid}`);
  return row && row.value ? row.value : { remaining: [], blocks: [] };
}

export async function takeTicketNumber(uid, number) {
  const book = await ticketBook(uid);
  book.remaining = book.remaining.filter((n) => !sameNumber(n, number));  // under any town's letters
  await setMeta(`tickets:${uid}`, book);
}

async function reserveBlock() {
  const uid = userId();
  if (!uid || !holds("issue_ticket")) return null;
  const res = await fetch(urls().ticketBlocks, {
    method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ device_id: await deviceId() }),
  });
  if (!res.ok) throw new Error(`the server answered ${res.status}`);
  const { block } = await res.json();
  const book = await ticketBook(uid);
  book.blocks.push({ id: block.id, first: block.first, last: block.last });
  book.remaining = book.remaining.concat(block.numbers);
  await setMeta(`tickets:${uid}`, book);
  return book;
}

export async function keepTicketsStocked() {
  const uid = userId();
  if (!uid || !holds("issue_ticket")) return;
  const book = await ticketBook(uid);
  if (book.remaining.length < LOW_TICKETS && navigator.onLine) {
    try { await reserveBlock(); } catch (err) { /* offline or refused: the forms warn */ }
  }
}

// A ticket form: the next number from the book, and a warning when few are left.
export async function fillTicketNumber(form) {
  const uid = userId();
  if (!uid || form.dataset.outboxKind !== "ticket") return;
  const field = form.querySelector("[name=ticket_number]");
  const book = await ticketBook(uid);
  if (field && !field.value && book.remaining.length) {
    field.value = book.remaining[0];
    form.dispatchEvent(new Event("change"));  // field.js: the letters of the town where it happened
  }
  let warn = form.querySelector(".ticket-low");
  if (book.remaining.length < LOW_TICKETS) {
    if (!warn) { warn = document.createElement("p"); warn.className = "flash flash-warning ticket-low"; form.prepend(warn); }
    warn.textContent = book.remaining.length
      ? `Only ${plural(book.remaining.length, "ticket number")} left on this phone. Connect to reserve more.`
      : "No ticket numbers left on this phone: the server gives the ticket its number when it arrives.";
  } else if (warn) {
    warn.remove();
  }
}

export const fillTicketForms = () => document.querySelectorAll("form[data-outbox-kind=ticket]").forEach(fillTicketNumber);

// The /tickets/book page: what is left on this phone, and "Reserve more".
export async function renderTicketBook() {
  const state = document.getElementById("ticket-block-state");
  const uid = userId();
  if (!state || !uid) return;
  const r = (await ticketBook(uid)).remaining;
  state.textContent = r.length ? `${plural(r.length, "number")} left on this phone: next ${r[0]}` +
    (r.length > 1 ? `, last ${r[r.length - 1]}.` : ".") : "No ticket numbers on this phone yet.";
  state.classList.toggle("flash-warning", r.length < LOW_TICKETS);
  const btn = document.getElementById("reserve-block");
  if (btn && !btn.dataset.wired) {
    btn.dataset.wired = "1";
    btn.addEventListener("click", async () => {
      try { await reserveBlock(); say("A new block of ticket numbers is on this phone."); } catch (err) {
        say(`Could not reserve numbers (${navigator.onLine ? err.message : "no signal"}).`, true);
      }
      renderTicketBook();
    });
  }
}
