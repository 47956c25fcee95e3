"""Checks of an offence against the dog's record, before it is charged (violation, seizure,
ticket): the law core says why not (fieldapp/law/restrictions.py), the record supplies the facts.

- §5(B)(1) failure to vaccinate stands only with an officer's request on file for the dog and
  ten days passed since it with no current rabies certificate on record on the tenth day,
  whenever it was issued (`failure_to_vaccinate_refusal`, `current_certificate_on`).
- §6(A)(8) is about "an unspayed female dog when in heat": refused for a dog recorded as male
  or as a spayed female (`female_in_heat_refusal`).
- §5(J) "5J1-late" refused when the loss was notified within ten days of its discovery, "5J-late"
  when there is no transfer on record or it was notified in time, "5J3" when licensed within
  30 days of residence (`NOTICE_CHECKS`).
- §4(I) the person charged: never a minor owner of record (the guardian or head of household),
  nor the license holder of a dog lost, reported to the DCO and searched for
  (`person_charged_refusal`).
"""
from datetime import date

from ...extensions import db
from ...law import (
    FAILURE_TO_VACCINATE,
    failure_to_vaccinate_refusal,
    female_in_heat_refusal,
    rabies_vaccination_due,
)
from ...law.laws import ALL_OFFENCES as VIOLATIONS
from ...law.notices import late_loss_notice_refusal, late_transfer_notice_refusal, new_resident_refusal
from ...law.restrictions import lost_dog_not_owner_note, minor_owner_refusal
from ...models.enforcement import RabiesRequest
from ...timeutil import local_today, to_local
from .. import record_flags

FEMALE_IN_HEAT = "6A8"


def certificate_presented_on(dog, since: date) -> date | None:
    """The first day a rabies certificate (or vet's statement) for the dog was filed on or after
    `since`: the vaccination date, or the day it was entered."""
    days = []
    for c in dog.rabies_certificates:
        filed = to_local(c.created_at).date() if c.created_at else None
        if c.vaccinated_on and c.vaccinated_on >= since:
            days.append(c.vaccinated_on)
        elif filed and filed >= since:
            days.append(filed)
    return min(days) if days else None


def current_certificate_on(dog, day: date, since: date | None = None) -> tuple[date | None, bool]:
    """§5(B)(1): the dog's rabies certificate on record on `day` and current then, whenever it
    was issued: (its latest expiry, whether a §5(B)(2) vet's statement is on record). On record
    means filed by `day`, or a vaccination given from `since` (the request) to `day`."""
    until, statement = None, False
    for c in dog.rabies_certificates:
        filed = to_local(c.created_at).date() if c.created_at else None
        given = c.vaccinated_on
        on_record = (filed is not None and filed <= day) or (
            given is not None and since is not None and since <= given <= day)
        if not on_record:
            continue
        if c.exempt_statement:
            statement = True
        elif c.valid_until is not None and c.valid_until >= day and (given is None or given <= day):
            until = max(until or c.valid_until, c.valid_until)
    return until, statement


def failure_to_vaccinate_check(dog, on: date) -> str | None:
    """§5(B)(1): None when one of the dog's requests on file lets the charge stand on `on`;
    otherwise why not (for the latest request, or that there is none)."""
    if dog is None:
        return failure_to_vaccinate_refusal(None, on)
    requests = db.session.execute(db.select(RabiesRequest.requested_on).filter_by(dog_id=dog.id)
                                  .where(RabiesRequest.requested_on <= on)
                                  .order_by(RabiesRequest.requested_on.desc())).scalars().all()
    if not requests:
        return failure_to_vaccinate_refusal(None, on)
    refusals = []
    for day in requests:
        until, statement = current_certificate_on(dog, rabies_vaccination_due(day), since=day)
        refusals.append(failure_to_vaccinate_refusal(day, on, certificate_presented_on(dog, day),
                                                     current_certificate_until=until, current_statement=statement))
    return None if any(r is None for r in refusals) else refusals[0]


def _latest_notice(dog, kinds, on: date):
    notices = [n for n in dog.notices if n.kind in kinds and n.occurred_on <= on]
    return max(notices, key=lambda n: (n.occurred_on, n.id)) if notices else None


def late_loss_notice_check(dog, on: date) -> str | None:
    """§5(J)(1): "5J1-late" against the dog's latest lost/stolen notice (ten days from its discovery)."""
    n = _latest_notice(dog, ("lost", "stolen"), on)
    return late_loss_notice_refusal(n.discovered_on or n.occurred_on, n.filed_on) if n else None


def late_transfer_notice_check(dog, on: date) -> str | None:
    """§5(J): "5J-late" against the dog's latest transfer on record (none: refused)."""
    n = _latest_notice(dog, ("transfer",), on)
    return late_transfer_notice_refusal(n.occurred_on if n else None, n.filed_on if n else None)


def new_resident_check(dog, on: date) -> str | None:
    """§5(J)(3): "5J3" against the date residence began and the first license issued since."""
    began = dog.residence_began_on
    issued = [lic.issued_on for lic in dog.licenses if began and began <= lic.issued_on <= on]
    return new_resident_refusal(began, min(issued) if issued else None, on)


# §5(J) offences the record can answer: the code and its check.
NOTICE_CHECKS = {"5J1-late": late_loss_notice_check, "5J-late": late_transfer_notice_check,
                 "5J3": new_resident_check}


def record_refusals(codes, dog, on: date) -> list[str]:
    """What the dog's record says against the offences `codes` on `on`, one message each."""
    messages = []
    if FAILURE_TO_VACCINATE.code in codes:
        why = failure_to_vaccinate_check(dog, on)
        if why:
            messages.append(f"{FAILURE_TO_VACCINATE.title} ({FAILURE_TO_VACCINATE.section}): {why}")
    for code, check in NOTICE_CHECKS.items():
        if code in codes and dog is not None:
            why = check(dog, on)
            if why:
                messages.append(f"{VIOLATIONS[code].title} ({VIOLATIONS[code].section}): {why} Untick it.")
    if FEMALE_IN_HEAT in codes and dog is not None:
        why = female_in_heat_refusal(dog.sex, bool(dog.altered))
        if why:
            messages.append(f"§6(A)(8): {why} Untick it.")
    return messages


def same_name(a: str, b: str) -> bool:
    return " ".join((a or "").split()).lower() == " ".join((b or "").split()).lower()


def person_charged_refusal(dog, capacity: str, served_name: str, on: date) -> str | None:
    """§4(I) who answers for the dog, from its record: None when the person served may be charged;
    otherwise why not. A minor owner of record is never served as the owner (the legal guardian
    or head of household is); a dog on record as lost, reported to the DCO and searched for, has
    no owner in its license holder while the loss stands (the person who has it is served)."""
    if dog is None:
        return None
    owners = list(dog.owners)
    loss = standing_loss(dog)
    if loss is not None and capacity in ("owner", "guardian"):
        return (lost_dog_not_owner_note(", ".join(o.full_name for o in owners) or "none on record",
                                        loss.discovered_on or loss.occurred_on, loss.now_with)
                + " Serve the person in charge of the dog.")
    minors = [o for o in owners if o.minor_on(on)]
    # The minor is not served in any capacity: the guardian "shall be deemed to have custody and control".
    named = next((o for o in minors if same_name(o.full_name, served_name)), None)
    if named is None and capacity == "owner" and minors and len(minors) == len(owners):
        named = minors[0]
    if named is None:
        return None
    return minor_owner_refusal(named.full_name, named.guardian_name) + " Serve them as guardian."


def standing_loss(dog):
    """§4(I): the dog's standing loss (reported to the DCO and searched for), or None."""
    return None if dog is None else record_flags.standing_loss(dog)


def check_codes(reader, codes, dog, on: date, name: str = "codes") -> None:
    """Put the record's refusals on the payload reader's `codes` field."""
    messages = record_refusals(codes, dog, on)
    if messages:
        reader.error(name, " ".join(messages))


def check_person_charged(reader, dog, capacity: str, served_name: str, name: str = "served_capacity") -> None:
    """Put §4(I)'s refusal of the person served (`person_charged_refusal`) on the reader's field."""
    why = person_charged_refusal(dog, capacity, served_name, local_today())
    if why:
        reader.error(name, why)
