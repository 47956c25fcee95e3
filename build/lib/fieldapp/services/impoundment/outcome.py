"""After the seizure: the §8(E) outcomes of an impoundment with their details, and the adopter's
license at the clerk's counter.

- `record_impoundment_outcome`: adopted (the adopter, the adoption fee taken with
  `money.record_receipt` as a payment line of kind "adoption", a referral to the clerk for the
  license), euthanized (date, place, by whom, on whose authority), transferred (to whom), died in
  care (date, cause). Adoption and euthanasia only after the redemption deadline (§8(E),
  `impoundment_end_refusal`, refused with the date). Each ends the impoundment through
  `end_impoundment`, so the dog's status card loses its "impounded" flag at once
  (services/field_data.py bumps the dog).
- `adopter_becomes_owner`, `adoption_licensed`: the adopter becomes the dog's owner of record
  when the Town Clerk licenses it (§5(A)(2): licenses come from the clerk, never the DCO).

Services never commit: the request does (fieldapp/web.py).
"""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from ...extensions import db
from ...law import impoundment_end_refusal
from ...models import DogOwner, record_event
from ...models.enforcement import Impoundment
from ...models.kennel_care import ImpoundmentDisposition
from ...settings import get_setting
from ...timeutil import local_today
from ...town import current_town
from ..enforcement.seizure import end_impoundment
from ..errors import ServiceError
from ..money import PaymentLine, check_method, record_receipt

# The outcomes recorded here with their details (redeemed is the counter's, §8(C)).
RECORDED_OUTCOMES = ("adopted", "euthanized", "transferred", "died")


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
class OutcomeInput:
    """What an outcome form says; only the fields of its outcome are read."""
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


def _detail_errors(d: OutcomeInput) -> dict:
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


def _end_note(d: OutcomeInput) -> str:
    if d.outcome == "adopted":
        a = d.adopter
        return f"Adopted by {a.first_name} {a.last_name}, {a.address}, {a.town}"
    if d.outcome == "euthanized":
        return f"At {d.place} by {d.performed_by}, on the authority of {d.authority}"
    if d.outcome == "transferred":
        return d.transferred_to
    return f"Cause: {d.cause}"


def record_impoundment_outcome(imp: Impoundment, d: OutcomeInput, user) -> ImpoundmentDisposition:
    """§8(E): the dog adopted out, euthanized, transferred or died in care, with the details the
    DL-18 asks for; the case closes. Adopted / euthanized only after the redemption deadline.
    Refused (ServiceError, a message per field: the deadline's on "on") before anything is written."""
    if d.outcome not in RECORDED_OUTCOMES:
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
