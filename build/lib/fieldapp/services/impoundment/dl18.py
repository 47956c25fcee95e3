"""The state's DL-18 report of a seizure (AML §113(4)), built from the impoundment.

`dl18_row`: the one builder of a DL-18 row, shared by the PDF (one seizure) and the CSV (a
period); `dl18_rows`, `parse_period`.
"""
from datetime import date

from sqlalchemy.orm import selectinload

from ...extensions import db
from ...law import IMPOUNDMENT_OUTCOMES
from ...law.dl18 import age_words, dl18_seizure_words
from ...law.impoundment import impoundments_in_twelve_months
from ...law.laws import ALL_OFFENCES as VIOLATIONS
from ...law.words import say_date
from ...models import Dog, DogOwner
from ...models.enforcement import IMPOUNDMENT_NOTICE_METHODS, Impoundment
from ...models.kennel_care import ImpoundmentDisposition
from ...timeutil import to_local
from ..enforcement.seizure import DOG_SEXES
from ..errors import ServiceError

# The report's fields, in the form's order: (key, heading). The CSV's columns and the PDF's lines.
DL18_COLUMNS = (
    ("record_number", "Record number"),
    ("seized_on", "Date seized"),
    ("seized_time", "Time seized"),
    ("place", "Place of seizure"),
    ("reason", "Reason for seizure (DL-18 code)"),
    ("offences", "Violation(s) of the town's law"),  # a local law, or the state law alone
    ("officer", "Seizing officer"),
    ("shelter", "Shelter"),
    ("received_on", "Date received at shelter"),
    ("dog_name", "Dog's name"),
    ("breed", "Breed"),
    ("sex", "Sex"),
    ("color", "Colour"),
    ("age", "Age"),
    ("id_number", "ID number"),
    ("tag", "Tag"),
    ("description", "Description"),
    ("owner", "Owner (if known)"),
    ("owner_address", "Owner's address"),
    ("owner_notified", "Owner notified"),
    ("notified_on", "Date notified"),
    ("notified_how", "How notified"),
    ("impoundments_12_months", "Impoundments in the past 12 months"),
    ("disposition", "Disposition"),
    ("disposition_on", "Date of disposition"),
    ("disposition_details", "Disposition details"),
)


def _outcome_details(imp: Impoundment) -> str:
    d = imp.disposition
    if d is None:
        return imp.end_note or ""
    if d.outcome == "adopted":
        parts = [f"Adopter: {d.adopter_name}, {d.adopter_full_address}, tel. {d.adopter_phone}"]
        if d.receipt is not None:
            parts.append(f"adoption fee receipt {d.receipt.number}")
        parts.append(f"licensed to the adopter, license {d.license.number}" if d.license is not None
                     else "referred to the Town Clerk for the license")
        return "; ".join(parts)
    if d.outcome == "euthanized":
        return f"Place: {d.place}; by: {d.performed_by}; authority: {d.authority}"
    if d.outcome == "transferred":
        return f"Transferred to {d.transferred_to}"
    return f"Cause of death: {d.cause}"


def dl18_row(imp: Impoundment) -> dict:
    """One seizure as the DL-18 asks for it, {key of DL18_COLUMNS: text}: the dog described from
    its record when it is on file, from the seizure form otherwise; the owner of record or the
    owner the officer named; the notices (whether, when, how); the dog's impoundments in the
    twelve months up to this one; the disposition and its date."""
    dog = imp.dog
    seized = to_local(imp.seized_at)
    identified = dog is not None and (dog.id_number is not None or dog.active_tag is not None)
    if dog is not None:
        tag = dog.active_tag
        looks = {"dog_name": dog.name, "breed": dog.breed, "sex": DOG_SEXES.get(dog.sex, ""), "color": dog.color,
                 "age": age_words(dog.born_on, imp.impounded_on),
                 "id_number": str(dog.id_number) if dog.id_number else "",
                 "tag": f"Tag no. {tag.serial}" if tag is not None else ""}
        owner = dog.primary_owner
        owner_name = owner.full_name if owner else imp.owner_named
        owner_address = owner.full_address if owner else ""
        earlier = [other.impounded_on for other in dog.impoundments if other.id != imp.id]
    else:
        looks = {"dog_name": "", "breed": imp.dog_breed, "sex": DOG_SEXES.get(imp.dog_sex, ""),
                 "color": imp.dog_color, "age": imp.dog_age, "id_number": imp.dog_id_number, "tag": imp.dog_tag}
        owner_name, owner_address, earlier = imp.owner_named, "", []
    notices = list(imp.notices)
    if imp.status == "held":
        disposition, disposition_on = f"Held (until the end of {say_date(imp.redemption_deadline)})", ""
    else:
        disposition = IMPOUNDMENT_OUTCOMES.get(imp.status, imp.status)
        disposition_on = imp.ended_on.isoformat() if imp.ended_on else ""
    return {
        "record_number": imp.record_number or f"no. {imp.id}",
        "seized_on": seized.date().isoformat(),
        "seized_time": seized.strftime("%H:%M"),
        "place": imp.location_text or (f"{imp.latitude:.5f}, {imp.longitude:.5f}" if imp.latitude is not None else ""),
        "reason": dl18_seizure_words(imp.reason_codes, identified),
        "offences": "; ".join(f"{VIOLATIONS[c].title} ({VIOLATIONS[c].section})" if c in VIOLATIONS else c
                              for c in imp.reason_codes),
        "officer": imp.officer.full_name if imp.officer else "",
        "shelter": imp.held_at,
        "received_on": (imp.received_on or imp.impounded_on).isoformat(),
        **looks,
        "description": imp.dog_description,
        "owner": owner_name or "",
        "owner_address": owner_address,
        "owner_notified": "Yes" if notices else "No",
        "notified_on": "; ".join(to_local(n.notified_at).strftime("%Y-%m-%d %H:%M") for n in notices),
        "notified_how": "; ".join(IMPOUNDMENT_NOTICE_METHODS.get(n.method, n.method) for n in notices),
        "impoundments_12_months": str(impoundments_in_twelve_months(imp.impounded_on, earlier)),
        "disposition": disposition,
        "disposition_on": disposition_on,
        "disposition_details": _outcome_details(imp),
    }


def parse_period(raw_from: str | None, raw_to: str | None) -> tuple[date, date]:
    """The report's period from the query string (?from=YYYY-MM-DD&to=YYYY-MM-DD), both days
    included; refused with words a clerk understands."""
    errors, days = {}, {}
    for name, raw, label in (("from", raw_from, "first"), ("to", raw_to, "last")):
        raw = (raw or "").strip()
        if not raw:
            errors[name] = f"Give the {label} day of the period (from=YYYY-MM-DD&to=YYYY-MM-DD)."
            continue
        try:
            days[name] = date.fromisoformat(raw)
        except ValueError:
            errors[name] = f"The {label} day “{raw[:20]}” is not a date like 2026-01-31."
    if not errors and days["from"] > days["to"]:
        errors["to"] = "The last day of the period is before the first."
    if errors:
        raise ServiceError(errors)
    return days["from"], days["to"]


def dl18_loads() -> tuple:
    """What `dl18_row` reads of an impoundment, loaded for all the rows at once (one SELECT per
    table with IN), so a period's report costs the same few statements however many it holds."""
    dog = selectinload(Impoundment.dog)
    disposition = selectinload(Impoundment.disposition)
    return (dog.selectinload(Dog.tags), dog.selectinload(Dog.owner_links).selectinload(DogOwner.owner),
            dog.selectinload(Dog.impoundments), selectinload(Impoundment.notices),
            selectinload(Impoundment.officer), disposition.selectinload(ImpoundmentDisposition.receipt),
            disposition.selectinload(ImpoundmentDisposition.license))


def dl18_impoundments(start: date, end: date) -> list[Impoundment]:
    """Every seizure of the period (the day impounded from `start` to `end`), in order."""
    stmt = (db.select(Impoundment)
            .where(Impoundment.impounded_on >= start, Impoundment.impounded_on <= end)
            .options(*dl18_loads())
            .order_by(Impoundment.seized_at, Impoundment.id))
    return list(db.session.execute(stmt).scalars())


def dl18_rows(start: date, end: date) -> list[dict]:
    return [dl18_row(imp) for imp in dl18_impoundments(start, end)]
