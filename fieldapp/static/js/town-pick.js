/**
 * The town where it happened, on the entry forms of an officer who serves several towns: the phone
 * remembers the last town picked and offers it again (the law that judges an entry is that
 * town's; services/entries.py: entry_town). The page's own choice (a form sent back with a
 * refusal, or the town in its address) wins over what the phone remembers.
 *
 * The form lists the offences of one law (its `data-form-law`). A town under another law brings
 * that town's form (`?town=<id>`, field/entry_pages.py: form_town), which the phone keeps for no
 * signal (sw.js: keptPage); only when the phone has no such form does the page say so.
 */
const KEY = "field.town_id";

// The value to show: the page's, else the town in the address, else the remembered one, each
// only if it is one of the options.
export function townToShow(pageValue, remembered, options, addressed = "") {
  if (pageValue) return pageValue;
  if (addressed && options.includes(addressed)) return addressed;
  return remembered && options.includes(remembered) ? remembered : "";
}

// A town under another law than the form's offences (a town with no law said: the office judges).
export function anotherLaw(formLaw, pickedLaw) {
  return !!(formLaw && pickedLaw && formLaw !== pickedLaw);
}

// Where the picked town's form is: this address with `town` set (removed for "", the dog's own
// town or the town acted for), or null when this form serves or this address is that form already.
export function formForTown(href, formLaw, picked, pickedLaw) {
  if (!anotherLaw(formLaw, pickedLaw)) return null;
  const url = new URL(href);
  if ((url.searchParams.get("town") || "") === picked) return null;
  if (picked) url.searchParams.set("town", picked);
  else url.searchParams.delete("town");
  return url.pathname + url.search + url.hash;
}

export function rememberTowns(root, storage = globalThis.localStorage, go = (to) => location.assign(to)) {
  for (const select of root.querySelectorAll("select[name=town_id]")) {
    if (select.dataset.townPick) continue;
    select.dataset.townPick = "1";
    const options = Array.from(select.options, (o) => o.value);
    const addressed = new URL(location.href).searchParams.get("town") || "";
    select.value = townToShow(select.value, storage ? storage.getItem(KEY) : null, options, addressed);
    const follow = () => {
      const picked = select.selectedOptions[0];
      const to = formForTown(location.href, select.dataset.formLaw, select.value, picked ? picked.dataset.law : "");
      if (to) go(to);
      showWarning(select, !to && anotherLaw(select.dataset.formLaw, picked ? picked.dataset.law : ""));
    };
    select.addEventListener("change", () => {
      if (storage) storage.setItem(KEY, select.value);
      follow();
    });
    follow();
  }
}

function showWarning(select, shown) {
  const box = select.closest(".field");
  const warning = box && box.querySelector("[data-town-law-warning]");
  if (warning) warning.hidden = !shown;
}
