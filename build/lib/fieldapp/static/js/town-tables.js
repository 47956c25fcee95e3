/**
 * What a roadside form shows that is each town's own (the §8(B) deadlines of a seizure, the court
 * and its sessions of a ticket), for an officer who serves several towns: the page carries one
 * table per town, {"": the town acted for, "<town id>": ...} (fieldapp/town.py: each_town), and
 * shows the one of the town where it happened: the town picked on the form, else the dog's own
 * town, else the town acted for (as the office judges it: services/entries.py: entry_town).
 */

// The key of the town the form's entry will be judged by.
export function townOf(picked, dogTown) {
  return picked || dogTown || "";
}

// That town's table, else the town acted for's.
export function tableFor(tables, town) {
  if (!tables) return null;
  return tables[town] || tables[""] || null;
}

// The phone's copy brings fresher tables (its day turned, the town's calendar changed): merged in,
// town by town. A copy from before tables were kept per town (keyed by day) is left out.
export function mergeTables(into, from) {
  if (!into || !from) return into;
  for (const [town, table] of Object.entries(from)) {
    if (/^\d{4}-/.test(town) || !table || typeof table !== "object") continue;
    into[town] = Object.assign(into[town] || {}, table);
  }
  return into;
}

// The town of the form's entry, from the page: its "Town where it happened", else the dog's town
// (the page's, or the copy's when the phone filled the dog in).
export function formTown(form) {
  const pick = form.querySelector("select[name=town_id]");
  return townOf(pick ? pick.value : "", form.dataset.dogTown || "");
}
