/**
 * The town where it happened, on the entry forms of an officer who serves several towns: the phone
 * remembers the last town picked and offers it again (the law that judges an entry is that
 * town's; services/entries.py: entry_town). The page's own choice (a form sent back with a
 * refusal) wins over what the phone remembers.
 */
const KEY = "field.town_id";

// The value to show: the page's, else the remembered one if it is still one of the options.
export function townToShow(pageValue, remembered, options) {
  if (pageValue) return pageValue;
  return remembered && options.includes(remembered) ? remembered : "";
}

export function rememberTowns(root, storage = globalThis.localStorage) {
  if (!storage) return;
  for (const select of root.querySelectorAll("select[name=town_id]")) {
    if (select.dataset.townPick) continue;
    select.dataset.townPick = "1";
    const options = Array.from(select.options, (o) => o.value);
    select.value = townToShow(select.value, storage.getItem(KEY), options);
    select.addEventListener("change", () => storage.setItem(KEY, select.value));
    warnOfAnotherLaw(select);
  }
}

// The form lists the offences of the town acted for's law: a town picked under another law is
// said at once (the office would refuse the entry, services/enforcement/payload.py).
export function anotherLaw(formLaw, pickedLaw) {
  return !!(formLaw && pickedLaw && formLaw !== pickedLaw);
}

function warnOfAnotherLaw(select) {
  const warning = select.closest(".field") && select.closest(".field").querySelector("[data-town-law-warning]");
  if (!warning) return;
  const show = () => {
    const picked = select.selectedOptions[0];
    warning.hidden = !anotherLaw(select.dataset.formLaw, picked ? picked.dataset.law : "");
  };
  select.addEventListener("change", show);
  show();
}
