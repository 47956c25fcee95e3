/* The entries' rules, kept on the phone: what each kind needs and which exceptions each offence
 * needs ruled out, served by the server as data (GET /api/entry-rules, built from the law's
 * table and the validators' own messages: services/enforcement/rules.py). An entry the server
 * would refuse is shown back with the server's words before it is queued, signal or not.
 */
import { get, getMeta, setMeta } from "./db.js";
import { holds } from "./dom.js";
import { urls } from "./urls.js";

const FLAG = ["y", "yes", "on", "true", "1"];

export async function refreshRules() {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return null;
  // Only an officer's phone keeps the entry rules (the server answers 403 to anyone else).
  if (typeof document !== "undefined" && !holds("enforce")) return null;
  try {
    const res = await fetch(urls().entryRules, { credentials: "same-origin", cache: "no-store" });
    if (!res.ok) return null;
    const doc = await res.json();
    await setMeta("entry_rules", doc);
    return doc;
  } catch (err) {
    return null;
  }
}

export async function rules() {
  const row = await getMeta("entry_rules");
  return row ? row.value : null;
}

const list = (v) => (v === undefined || v === null || v === "" ? [] : [].concat(v));
const filled = (v) => list(v).some((x) => String(x).trim() !== "");

// The violation a seizure or ticket follows, on this phone (waiting or sent): its codes and exceptions.
export async function followed(payload, doc) {
  const ref = payload[(doc && doc.follows) || "violation_entry_id"];
  if (!ref) return null;
  const found = (await get("outbox", ref)) || (await get("sent", ref));
  if (!found) return null;
  const p = found.payload || {};
  return { codes: list(p.codes || found.codes), ruled_out: list(p.ruled_out || found.ruled_out),
           location_text: p.location_text || "", latitude: p.latitude || "", longitude: p.longitude || "",
           accuracy: p.accuracy || "", occurred_at: p.occurred_at || "" };
}

// {field: message} for what the server would refuse; {} when the entry may be queued.
export async function checkEntry(kind, payload) {
  const doc = await rules();
  const kindRules = doc && doc.kinds[kind];
  if (!kindRules) return {}; // no copy of the rules yet: the server still checks
  const errors = {};
  for (const rule of kindRules.required) {
    const applies = Object.entries(rule.when || {}).every(([name, value]) =>
      value === "y" ? FLAG.includes(String(payload[name] || "").toLowerCase()) : String(payload[name] || "") === value);
    if (!applies || filled(payload[rule.field]) || rule.unless.some((name) => filled(payload[name]))) continue;
    if (!errors[rule.field]) errors[rule.field] = rule.message;
  }
  if (kindRules.exceptions) {
    const before = await followed(payload, doc);
    const codes = list(payload.codes).length ? list(payload.codes) : (before ? before.codes : []);
    const ruled = new Set(list(payload[doc.exceptions_field]).concat(before ? before.ruled_out : []));
    // "None of these applies": every exception of the ticked offences ruled out at once.
    const noneApplies = doc.none_applies_field && FLAG.includes(String(payload[doc.none_applies_field] || "").toLowerCase());
    const missing = [];
    for (const code of codes) {
      for (const exc of ((doc.offences[code] || {}).exceptions || [])) if (!noneApplies && !ruled.has(exc.code)) missing.push(exc.message);
    }
    if (missing.length) errors[doc.exceptions_field] = missing.join("; ") + doc.exceptions_advice;
  }
  return errors;
}
