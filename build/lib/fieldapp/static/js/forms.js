/* Field forms with JavaScript: a submit of <form data-outbox-kind="..."> is stored in the outbox
 * (queue.js) instead of posted, then the page goes on to the form's data-outbox-next. Also
 * "Fix and send again": a refused entry opened back in its form (?outbox_edit=<id>).
 * Before an entry is queued it is checked with the server's rules (rules.js); what the server
 * would refuse stays in the form with the server's messages.
 * Without a signed-in user the form posts to the server as it would without JavaScript.
 */
import { get } from "./db.js";
import { say, userId } from "./dom.js";
import { describeErrors, kindLabel, localIso } from "./format.js";
import { add } from "./queue.js";
import { checkEntry } from "./rules.js";
import { fillTicketNumber, takeTicketNumber } from "./tickets.js";
import { fill } from "./urls.js";

const SKIP = new Set(["csrf_token", "entry_id", "recorded_at", "kind"]);

// The fields that hold several values (the checkbox groups), as the server's
// services/entries.py LIST_FIELDS; a field named "x[]" is one too. Every other field holds one value.
export const LIST_FIELDS = new Set(["codes", "ruled_out"]);
export const TWICE = "This field is on the page twice with different values. Reload the page and fill it in again.";

// The same shape as the server's form_to_payload: the list fields as lists, every other field one
// value; files are photos. A single-value field the page holds twice is refused here, at the
// field (`errors`), never sent as a list the office could not read.
export function formToEntry(form, submitter) {
  const data = new FormData(form, submitter || undefined);
  const values = new Map();
  const photos = [];
  for (const [key, value] of data.entries()) {
    if (typeof value !== "string") {
      if (value && value.size > 0) photos.push(value);
      continue;
    }
    if (SKIP.has(key)) continue;
    if (!values.has(key)) values.set(key, []);
    values.get(key).push(value);
  }
  const payload = {};
  const errors = {};
  for (const [key, list] of values) {
    const name = key.endsWith("[]") ? key.slice(0, -2) : key;
    if (key.endsWith("[]") || LIST_FIELDS.has(name)) { payload[name] = list; continue; }
    const given = [...new Set(list.filter((v) => v !== ""))];
    if (given.length > 1) errors[name] = TWICE;
    payload[name] = given.length ? given[0] : list[0];
  }
  const idField = form.querySelector("input[name=entry_id]");
  return { formId: idField ? idField.value : "", payload, photos, errors };
}

// The form's data-outbox-next, e.g. ".../next?entry={id}&dog={dog_id}", filled from the entry.
function nextUrl(template, entry) {
  if (!template) return null;
  const values = {};
  for (const [k, v] of Object.entries(entry.payload)) values[k] = Array.isArray(v) ? v.join(",") : v;
  return fill(template, Object.assign(values, { id: entry.id }));
}

// `queued()`: an entry is in the outbox (the app asks the worker to send it).
export function captureSubmits(queued) {
  document.addEventListener("submit", (ev) => onSubmit(ev, queued), true);
}

function onSubmit(ev, queued) {
  const form = ev.target;
  if (!(form instanceof HTMLFormElement) || !form.matches("form[data-outbox-kind]")) return;
  // A button that asks the office something first (the call form's "Find the dog") posts the form.
  if (ev.submitter && ev.submitter.hasAttribute("data-not-outbox")) return;
  const uid = userId();
  if (!uid) return; // not signed in: the form posts to the server as it would without JS
  ev.preventDefault();
  ev.stopImmediatePropagation();
  if (form.dataset.checking) return; // a second tap while the first is checked
  form.dataset.checking = "1";
  const { formId, payload, photos, errors: shape } = formToEntry(form, ev.submitter);
  const kind = form.dataset.outboxKind;
  // Checked on the phone with the server's own rules first: what it would refuse is not queued.
  checkEntry(kind, payload).then((ruled) => {
    const errors = Object.assign({}, ruled, shape);
    delete form.dataset.checking;
    if (Object.keys(errors).length) {
      showErrors(form, errors);
      refused(form, errors);
      return null;
    }
    return queue(form, { formId, payload, photos, kind, uid }, queued);
  }).catch((err) => { delete form.dataset.checking; say(`Could not save the entry on this phone: ${err}`, true); });
}

function queue(form, { formId, payload, photos, kind, uid }, queued) {
  const next = form.dataset.outboxNext;
  const editing = form.dataset.outboxEditing || null;
  const formUrl = location.pathname;
  const createdAt = localIso(new Date());
  // Clear the form before the first await, so a fast second submit is its own entry.
  form.reset();
  delete form.dataset.outboxEditing;
  const idField = form.querySelector("input[name=entry_id]");
  if (idField) idField.value = crypto.randomUUID();
  clearErrors(form);
  return Promise.all(photos.map(shrinkPhoto))
    .then((small) => add({ formId, payload, photos: small, kind, editing, formUrl, createdAt, uid }))
    .then(async (entry) => {
      if ((kind === "ticket" || kind === "ticket_void") && payload.ticket_number) await takeTicketNumber(uid, payload.ticket_number);
      fillTicketNumber(form);
      const url = nextUrl(next, entry);
      queued();
      if (url) location.assign(url);
      else say(`Saved to the outbox: ${kindLabel(kind)}. It is sent when there is signal.`);
    })
    .catch((err) => say(`Could not save the entry on this phone: ${err}`, true));
}

// ?outbox_edit=<id>: the refused entry back in its form, with the server's messages.
export async function startEditing() {
  const id = new URLSearchParams(location.search).get("outbox_edit");
  if (!id) return;
  const entry = await get("outbox", id);
  const form = entry && document.querySelector(`form[data-outbox-kind="${entry.kind}"]`);
  if (!form) return;
  if (entry.status === "sending") { say("This entry is being sent right now; try again in a moment.", true); return; }
  form.dataset.outboxEditing = entry.id;
  for (const [name, value] of Object.entries(entry.payload || {})) {
    const values = [].concat(value).map(String);
    for (const input of fieldsNamed(form, name)) {
      if (input.type === "checkbox" || input.type === "radio") input.checked = values.includes(input.value);
      else if (input.tagName === "SELECT" && input.multiple) for (const o of input.options) o.selected = values.includes(o.value);
      else if (input.type !== "file") input.value = values[0] !== undefined ? values[0] : "";
    }
  }
  form.dispatchEvent(new Event("change")); // the exceptions of the codes ticked, the guardian's name...
  showErrors(form, entry.last_error || {});
  say("Not accepted by the office: " + describeErrors(entry.last_error) + " Fix it, then send it again.", true);
}

export const EXCEPTIONS_LINE = "the law's exceptions are not ruled out: check them, then tick “None of these applies” (or untick the offence).";

// A refusal: the first thing to fix is brought on screen and focused (a field the page hides, such
// as an exception of an offence not ticked, is passed over), and one line says why, both at the
// top and by the button the officer just tapped.
function refused(form, errors) {
  const first = firstToFix(form);
  const line = "Not saved yet: " + oneLine(form, errors, first);
  say(line, true);
  let note = form.querySelector("[data-refusal-line]");
  if (!note) {
    note = document.createElement("p");
    note.className = "error refusal-line";
    note.dataset.refusalLine = "";
    note.setAttribute("role", "alert");
    const button = form.querySelector("button[type=submit], input[type=submit]");
    if (button) button.insertAdjacentElement("beforebegin", note); else form.append(note);
  }
  note.textContent = line;
  if (first) {
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }
}

const visible = (input) => !!(input.offsetWidth || input.offsetHeight || input.getClientRects().length);

const firstToFix = (form) => Array.from(form.querySelectorAll("[aria-invalid=true]")).find(visible) || null;

// The first message, and how many more there are, in one line.
function oneLine(form, errors, first) {
  const names = Object.keys(errors);
  const name = (first && names.find((n) => first.name === n || (n === "ruled_out" && first.name === "none_applies"))) || names[0];
  // The exceptions' message names each one; the line says what to do in a few words.
  const message = name === "ruled_out" ? EXCEPTIONS_LINE : describeErrors({ [name]: errors[name] });
  const more = names.length - 1;
  return message + (more > 0 ? ` (and ${more} more thing${more > 1 ? "s" : ""} to fix below)` : "");
}

const fieldsNamed = (form, name) => form.querySelectorAll(`[name="${CSS.escape(name)}"], [name="${CSS.escape(name)}[]"]`);

function showErrors(form, errors) {
  clearErrors(form);
  for (const [name, message] of Object.entries(errors)) {
    // The exceptions' one confirmation box stands for the list (its boxes may be hidden).
    const named = name === "ruled_out" ? [form.querySelector("[data-none-applies]"), ...fieldsNamed(form, name)] : [...fieldsNamed(form, name)];
    const input = named.filter(Boolean).find(visible) || named.filter(Boolean)[0];
    const p = document.createElement("p");
    p.className = "error outbox-error";
    p.textContent = name === "_" || !input ? describeErrors({ [name]: message }) : message;
    if (input) {
      const box = input.closest("[data-duplicate-confirm]");
      if (box) box.hidden = false; // §9 "issue it anyway": shown only when the server asks
      p.id = `outbox-error-${name}`;
      input.setAttribute("aria-describedby", p.id);
      input.setAttribute("aria-invalid", "true");
      (input.closest(".field") || input.parentElement).classList.add("has-error");
      const group = input.closest("fieldset, .field") || input;
      if (input.type === "checkbox" || input.type === "radio") group.append(p);
      else input.insertAdjacentElement("afterend", p);
    } else {
      form.prepend(p);
    }
  }
}

function clearErrors(form) {
  form.querySelectorAll(".outbox-error, [data-refusal-line]").forEach((p) => p.remove());
  form.querySelectorAll("[aria-invalid]").forEach((input) => input.removeAttribute("aria-invalid"));
}

// Photos go after the entries, so they should cost little on a weak link: a camera's 4,000 px,
// 4 MB picture is made at most PHOTO_LONG_SIDE px on its long side, as a JPEG (~300 KB). A photo
// the browser cannot draw (HEIC on some phones) is kept as it is; the server reads it.
const PHOTO_LONG_SIDE = 1600;

export async function shrinkPhoto(file) {
  if (!file || !/^image\//.test(file.type || "") || typeof createImageBitmap !== "function") return file;
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch (err) {
    return file;
  }
  const scale = Math.min(1, PHOTO_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.type === "image/jpeg") { bitmap.close(); return file; }
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  try {
    const canvas = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement("canvas"), { width, height });
    canvas.getContext("2d").drawImage(bitmap, 0, 0, width, height);
    const blob = canvas.convertToBlob ? await canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 })
      : await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch (err) {
    return file;
  } finally {
    bitmap.close();
  }
}
