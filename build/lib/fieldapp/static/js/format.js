/* Dates, money and words, the same on every screen of the phone and in the service worker (no DOM).
 * They say a date, a time and money as the server does (fieldapp/law/words.py: "Wed 2 Dec 2026",
 * "2:30 pm", "$1,234.00"); tests/test_format_js.py holds the two to each other.
 *
 * The law counts in the town's local days (its record's time zone, as fieldapp.timeutil.town_tz),
 * whatever zone the phone is set to: dates typed on the forms and "today" are the town's. A page
 * names the zone on <html data-town-tz> (base.html); the service worker, which has no page, and a
 * page without it count in the deployment's default (Config.TIMEZONE).
 */
const TOWN_TZ = globalThis.document?.documentElement?.dataset?.townTz || "America/New_York";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const KIND_LABELS = { violation: "Violation", seizure: "Seizure", ticket: "Appearance ticket",
  complaint: "Sworn complaint", rabies_request: "Rabies certificate request", ticket_void: "Voided ticket number",
  call: "Call recorded", call_take: "Call taken", call_update: "Call: arrived or note", call_close: "Call closed" };

// As the server's say_date / say_time (and its `longdate` and `clock` filters): "Wed 2 Dec 2026", "2:30 pm".
// A date ("2026-12-02") is taken as it is; an instant ("2026-12-02T19:30:00Z", a Date) is read on the
// town's clock, whatever zone the phone is set to.
const isInstant = (v) => v instanceof Date || /T\d\d:\d\d.*(Z|[+-]\d\d:?\d\d)$/.test(String(v));

export function longdate(iso) {
  if (!iso) return "";
  const ymd = isInstant(iso) ? (() => { const p = townParts(new Date(iso)); return `${p.year}-${p.month}-${p.day}`; })()
    : String(iso).slice(0, 10);
  const d = new Date(ymd + "T00:00:00Z");
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

// "2:30 pm" from an instant (town's clock), a datetime-local value or a wall time "14:30".
export function clock(value) {
  if (!value) return "";
  let hm;
  if (isInstant(value)) {
    const p = townParts(new Date(value));
    hm = [Number(p.hour), Number(p.minute)];
  } else {
    const m = String(value).match(/(?:T|^)(\d{1,2}):(\d\d)/);
    if (!m) return "";
    hm = [Number(m[1]), Number(m[2])];
  }
  return `${hm[0] % 12 || 12}:${String(hm[1]).padStart(2, "0")} ${hm[0] < 12 ? "am" : "pm"}`;
}

// Both, as the server's pages write them: "Wed 2 Dec 2026, 2:30 pm".
export const when = (value) => (value ? `${longdate(value)}, ${clock(value)}` : "");

function townParts(date) {
  const parts = {};
  new Intl.DateTimeFormat("en-CA", { timeZone: TOWN_TZ, year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(date || new Date())
    .forEach((p) => { parts[p.type] = p.value; });
  return parts;
}

// Now in the town as a datetime-local value: 2026-12-02T14:05.
export function nowLocal() {
  const p = townParts();
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

// Today in the town, as a Date at 00:00 UTC (compare with `day(iso)`).
export function townToday() {
  return day(nowLocal().slice(0, 10));
}

export const day = (iso) => (iso ? new Date(String(iso).slice(0, 10) + "T00:00:00Z") : null);

// "$1,234.00" (the server's say_money): from a number or its text ("12.5"), the cents always shown;
// below nothing "−$5.00" (a minus sign, U+2212).
export function money(value) {
  const cents = Math.round(Number(value) * 100);
  const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "\u2212" : ""}$${whole}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
}

// The phone's own clock with its offset: 2026-12-02T14:05:09.123-05:00 (when an entry was recorded).
export function localIso(d) {
  const pad = (n) => String(Math.floor(Math.abs(n))).padStart(2, "0");
  const off = -d.getTimezoneOffset();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:` +
    `${pad(d.getMinutes())}:${pad(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, "0")}` +
    `${off >= 0 ? "+" : "-"}${pad(off / 60)}:${pad(off % 60)}`;
}

// "1 photo", "3 photos".
export const plural = (n, word, many) => `${n} ${n === 1 ? word : many || word + "s"}`;

export const kindLabel = (kind) => KIND_LABELS[kind] || kind;

// The server's messages, in one line of plain words (each says what to do; no field names).
export function describeErrors(errors) {
  if (!errors) return "";
  return Object.values(errors).join(" ");
}
