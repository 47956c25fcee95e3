"""After the seizure: the §8(E) dispositions with their details, the §8(B) daily care log, the
adopter's license at the clerk's counter, and the state's DL-18 report (AML §113(4)).

- `record_disposition`: adopted (the adopter, the adoption fee taken with `money.record_receipt`
  as a payment line of kind "adoption", a referral to the clerk for the license), euthanized
  (date, place, by whom, on whose authority), transferred (to whom), died in care (date, cause).
  Adoption and euthanasia only after the redemption deadline (§8(E), `impoundment_end_refusal`,
  refused with the date). Each ends the impoundment through `end_impoundment`, so the dog's
  status card loses its "impounded" flag at once (services/field_data.py bumps the dog).
- `record_care_check`: §8(B) "properly cared for, sheltered, fed and watered", one check of a
  dog held, with a photo kept like every photo (services/photos.py).
- `adopter_becomes_owner`, `adoption_licensed`: the adopter becomes the dog's owner of record
  when the Town Clerk licenses it (§5(A)(2): licenses come from the clerk, never the DCO).
- `dl18_row`: the one builder of a DL-18 row, shared by the PDF (one seizure) and the CSV (a
  period); `dl18_rows`, `parse_period`.

Services never commit: the request does (fieldapp/web.py).
"""
import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy.orm import selectinload

from ..extensions import db
from ..law import IMPOUNDMENT_OUTCOMES, VIOLATIONS, impoundment_end_refusal
from ..law.dl18 import age_words, dl18_seizure_words
from ..law.impoundment import impoundments_in_twelve_months
from ..law.words import say_date
from ..models import Dog, DogOwner, record_event
from ..models.enforcement import IMPOUNDMENT_NOTICE_METHODS, Impoundment
from ..models.kennel_care import CareCheck, ImpoundmentDisposition
from ..settings import get_setting
from ..timeutil import local_today, to_local, utcnow
from ..town import current_town
from .enforcement.seizure import DOG_SEXES, end_impoundment
from .errors import ServiceError
from .money import PaymentLine, check_method, record_receipt
from .photos import store_photo

# The dispositions recorded here with their details (redeemed is the counter's, §8(C)).
DISPOSITIONS = ("adopted", "euthanized", "transferred", "died")


@dataclass(frozen=True)
class Adopter:
    first_name: str
    last_name: str
    address: str
    phone: str
    town: str = ""  # blank: the town's own (an adopter from the town, as most are)
    state: str = ""
    zip_code: str = ""


@dataclass(frozen=True)
class DispositionInput:
    """What a disposition form says; only the fields of its outcome are read."""
    outcome: str
    on: date
    adopter: Adopter | None = None
    method: str = "cash"  # how the adoption fee was paid (models/licensing.py PAYMENT_METHODS)
    reference: str = ""
    place: str = ""
    performed_by: str = ""
    authority: str = ""
    transferred_to: str = ""
    cause: str = ""


def adoption_fee() -> Decimal:
    """§8(E) the adoption fee, set by resolution of the Town Board (setting "fee_adoption")."""
    return get_setting("fee_adoption")


def _required(errors: dict, name: str, value: str, message: str, limit: int) -> None:
    if not (value or "").strip():
        errors[name] = message
    elif len(value) > limit:
        errors[name] = f"Keep this under {limit} characters."


def _detail_errors(d: DispositionInput) -> dict:
    errors: dict[str, str] = {}
    if d.outcome == "adopted":
        a = d.adopter or Adopter("", "", "", "")
        _required(errors, "adopter_first_name", a.first_name, "Give the adopter's first name.", 80)
        _required(errors, "adopter_last_name", a.last_name, "Give the adopter's last name.", 80)
        _required(errors, "adopter_address", a.address, "Give the street address where the adopter lives.", 200)
        _required(errors, "adopter_phone", a.phone, "Give the adopter's telephone number.", 32)
        _required(errors, "adopter_town", a.town, "Give the adopter's town.", 80)
        if len((a.state or "").strip()) != 2:
            errors["adopter_state"] = "Use the two-letter state, e.g. NY."
        _required(errors, "adopter_zip", a.zip_code, "Give the adopter's ZIP code.", 10)
        if adoption_fee() > 0:
            errors.update(check_method(d.method, d.reference))
    elif d.outcome == "euthanized":
        _required(errors, "place", d.place, "Say where the dog was euthanized (the clinic or shelter).", 200)
        _required(errors, "performed_by", d.performed_by, "Say who euthanized the dog (the veterinarian).", 120)
        _required(errors, "authority", d.authority, "Say on whose authority (e.g. the DCO after the holding "
                                                    "period, §8(E); or an order of the Town Justice).", 200)
    elif d.outcome == "transferred":
        _required(errors, "transferred_to", d.transferred_to, "Say which shelter or rescue took the dog.", 200)
    elif d.outcome == "died":
        _required(errors, "cause", d.cause, "Say what the dog died of, as far as it is known.", 300)
    return errors


def _end_note(d: DispositionInput) -> str:
    if d.outcome == "adopted":
        a = d.adopter
        return f"Adopted by {a.first_name} {a.last_name}, {a.address}, {a.town}"
    if d.outcome == "euthanized":
        return f"At {d.place} by {d.performed_by}, on the authority of {d.authority}"
    if d.outcome == "transferred":
        return d.transferred_to
    return f"Cause: {d.cause}"


def record_disposition(imp: Impoundment, d: DispositionInput, user) -> ImpoundmentDisposition:
    """§8(E): the dog adopted out, euthanized, transferred or died in care, with the details the
    DL-18 asks for; the case closes. Adopted / euthanized only after the redemption deadline.
    Refused (ServiceError, a message per field: the deadline's on "on") before anything is written."""
    if d.outcome not in DISPOSITIONS:
        raise ServiceError({"outcome": "Choose how the case ends: adopted, euthanized, transferred or died."})
    errors = _detail_errors(d)
    if d.on > local_today():
        errors["on"] = "The date is in the future."
    refusal = impoundment_end_refusal(d.outcome, d.on, imp.redemption_deadline, imp.status)
    if refusal is None and d.on < imp.impounded_on:
        refusal = "The date is before the dog was impounded."
    if refusal:
        errors["on"] = refusal
    if errors:
        raise ServiceError(errors)
    a = d.adopter if d.outcome == "adopted" else None
    disp = ImpoundmentDisposition(
        impoundment=imp, outcome=d.outcome, on=d.on, recorded_by_id=user.id,
        place=d.place.strip() if d.outcome == "euthanized" else "",
        performed_by=d.performed_by.strip() if d.outcome == "euthanized" else "",
        authority=d.authority.strip() if d.outcome == "euthanized" else "",
        transferred_to=d.transferred_to.strip() if d.outcome == "transferred" else "",
        cause=d.cause.strip() if d.outcome == "died" else "")
    db.session.add(disp)
    if a is not None:
        disp.adopter_first_name, disp.adopter_last_name = a.first_name.strip(), a.last_name.strip()
        disp.adopter_address, disp.adopter_phone = a.address.strip(), a.phone.strip()
        disp.adopter_town, disp.adopter_state = a.town.strip(), a.state.strip().upper()
        disp.adopter_zip = a.zip_code.strip()
        fee = adoption_fee()
        if fee > 0:
            what = imp.dog.name if imp.dog else (imp.dog_description or "a seized dog")
            disp.receipt = record_receipt(
                [PaymentLine("adoption", fee, memo=f"Adoption of {what} (DL-18 {imp.record_number or imp.id})",
                             dog_id=imp.dog_id)],
                method=d.method, reference=d.reference, payer_name=disp.adopter_name, received_on=d.on, user=user)
    end_impoundment(imp, d.outcome, user, d.on, _end_note(d))
    db.session.flush()
    record_event(f"impoundment.disposition.{d.outcome}", imp, actor=user, disposition_id=disp.id,
                 receipt=disp.receipt.number if disp.receipt else None)
    return disp


# --- the adopter's license at the clerk's counter (§5(A)(2)) -------------------------------

def adoption_awaiting_license(impoundment_id) -> ImpoundmentDisposition | None:
    """The adoption of impoundment `impoundment_id` (None when there is none)."""
    imp = db.session.get(Impoundment, impoundment_id) if impoundment_id else None
    disp = imp.disposition if imp is not None else None
    return disp if disp is not None and disp.outcome == "adopted" else None


def adopter_owner_data(disp: ImpoundmentDisposition) -> dict:
    """The clerk's owner fields (§5(E)(1)) filled from the adoption."""
    town = current_town()
    return {"first_name": disp.adopter_first_name, "last_name": disp.adopter_last_name,
            "address": disp.adopter_address, "town": disp.adopter_town or town.name,
            "state": disp.adopter_state or town.state, "zip_code": disp.adopter_zip or town.zip_code,
            "phone": disp.adopter_phone}


def seized_dog_data(imp: Impoundment) -> dict:
    """The clerk's dog fields (§5(E)(2)) filled from the seizure of a dog not on file."""
    return {"sex": imp.dog_sex or None, "breed": imp.dog_breed, "color": imp.dog_color,
            "markings": imp.dog_description if imp.dog_description != imp.dog_color else ""}


def adopter_becomes_owner(disp: ImpoundmentDisposition, dog, owner, on: date, user) -> None:
    """The adopter is the owner of record of a dog on file from the day it is licensed: the
    former owners' records end (their license is not transferable, §5(J))."""
    if owner in dog.owners:
        return
    for link in dog.owner_links:
        if link.until is None:
            link.until = on
    for lic in dog.licenses:
        if lic.status == "active":
            lic.status = "transferred"
    db.session.add(DogOwner(dog=dog, owner=owner, since=on))
    db.session.flush()
    db.session.refresh(dog, ["owner_links"])
    record_event("dog.adopted_owner", dog, actor=user, owner_id=owner.id, impoundment_id=disp.impoundment_id)


def adoption_licensed(disp: ImpoundmentDisposition, dog, owner, lic, user) -> None:
    """The referral is done: the license issued to the adopter; a dog that was not on file is
    now the impoundment's dog (the same animal, now on the town's records)."""
    imp = disp.impoundment
    if imp.dog_id is None:
        imp.dog = dog
    disp.license, disp.adopter_owner = lic, owner
    record_event("impoundment.adoption_licensed", imp, actor=user, license=lic.number, owner_id=owner.id)


# --- §8(B) care log ---------------------------------------------------------------------------

@dataclass(frozen=True)
class CareInput:
    checked_at: datetime
    fed: bool
    watered: bool
    cleaned: bool
    health_note: str = ""


def record_care_check(imp: Impoundment, c: CareInput, user, photo: tuple[bytes, str] | None = None) -> CareCheck:
    """§8(B): one check of a dog held (fed, watered, cleaned, a health note, by whom, when), with
    an optional photo (resized, no metadata). Refused for a dog no longer held or an empty check."""
    errors = {}
    if imp.status != "held":
        errors["checked_at"] = (f"The dog is not held any more ({IMPOUNDMENT_OUTCOMES.get(imp.status, imp.status)}"
                                f"{' on ' + say_date(imp.ended_on) if imp.ended_on else ''}): no care check to log.")
    elif c.checked_at > utcnow():
        errors["checked_at"] = "The time is in the future."
    elif to_local(c.checked_at).date() < imp.impounded_on:
        errors["checked_at"] = "The time is before the dog was impounded."
    if len(c.health_note) > 500:
        errors["health_note"] = "Keep the note under 500 characters."
    if not (c.fed or c.watered or c.cleaned or c.health_note.strip()):
        errors["fed"] = "Tick what was done (fed, watered, kennel cleaned), or write a health note."
    if errors:
        raise ServiceError(errors)
    check = CareCheck(impoundment=imp, checked_at=c.checked_at, fed=c.fed, watered=c.watered, cleaned=c.cleaned,
                      health_note=c.health_note.strip(), photo_entry_id=str(uuid.uuid4()), by_id=user.id)
    db.session.add(check)
    db.session.flush()
    if photo is not None and photo[0]:
        try:
            store_photo(check.photo_entry_id, 0, photo[0], photo[1])
        except ServiceError as exc:
            raise ServiceError({"photo": exc.errors.get("photos", "This photo could not be read.")}) from None
    record_event("impoundment.care_check", imp, actor=user, care_check_id=check.id,
                 fed=c.fed, watered=c.watered, cleaned=c.cleaned)
    return check


# --- DL-18 (AML §113(4)) ----------------------------------------------------------------------

# The report's fields, in the form's order: (key, heading). The CSV's columns and the PDF's lines.
DL18_COLUMNS = (
    ("record_number", "Record number"),
    ("seized_on", "Date seized"),
    ("seized_time", "Time seized"),
    ("place", "Place of seizure"),
    ("reason", "Reason for seizure (DL-18 code)"),
    ("offences", "Local law violation(s)"),
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


def _disposition_details(imp: Impoundment) -> str:
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
        "disposition_details": _disposition_details(imp),
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
