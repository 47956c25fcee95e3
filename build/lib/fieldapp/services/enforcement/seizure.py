"""§8 seizure: "Any dog found in violation of the provisions of Section 5 or 6 of this Local Law
may be seized" (§8(A)); the holding period ends on the §8(B) redemption deadline.

§8(A) seizes for a violation: each exception that could apply to it is ruled out, exactly as
for the violation itself (the shared `PayloadReader.ruled_out`); a seizure following a recorded
violation takes over its codes, dog, place and ruled-out exceptions. A dog held now (an
impoundment still "held") is in the pound already and cannot be seized again.

§8(B) "In the event the owner of a seized dog is known": decided here from the record (a
license or tag on file, an owner of record) or an owner the officer names, never from a box
left unticked (`owner_known_for`). An owner identified later (`identify_owner`) recomputes the
deadline. §8(E): an impoundment ends redeemed, adopted, euthanized, transferred or died in care
(`end_impoundment`), adopted / euthanized only after the deadline.
"""
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import func

from ...extensions import db
from ...law import IMPOUNDMENT_OUTCOMES, impoundment_end_refusal, owner_known
from ...law.dl18 import dl18_record_number
from ...law.impoundment import HoldingPeriod, OwnerKnown, day_impounded, holding_period_under
from ...law.words import say_date
from ...models import Dog, LateEntry, License, Tag, record_event, take_from_sequence
from ...models.enforcement import Impoundment, Violation
from ...settings import get_setting
from ...timeutil import local_today, to_local, utcnow
from ...town import current_law
from ..errors import ServiceError
from .checks import check_codes
from .payload import MAX_ID, Location, PayloadReader, closed_days, hold_late_entry, open_days, read_followed_violation

IMPOUNDMENT_STATUSES = ("held", *IMPOUNDMENT_OUTCOMES)


@dataclass(frozen=True)
class SeizureInput:
    violation: Violation | None
    violation_entry_id: str | None
    codes: list[str]
    ruled_out: list[str]
    dog: Dog | None
    dog_description: str
    owner_known: OwnerKnown
    owner_named: str
    seized_at: datetime
    location: Location
    held_at: str
    notes: str
    description: "DogDescription | None" = None
    received_on: date | None = None


DOG_SEXES = {"M": "Male", "F": "Female"}


@dataclass(frozen=True)
class DogDescription:
    """DL-18: a dog not on file as the officer describes it (all optional; old payloads have none)."""
    breed: str = ""
    sex: str = ""
    color: str = ""
    age: str = ""
    id_number: str = ""
    tag: str = ""

    def words(self) -> str:
        sex = {"M": "male", "F": "female"}.get(self.sex, "")
        return " ".join(p for p in (self.color, self.breed, sex) if p)


def read_dog_description(r: PayloadReader) -> DogDescription:
    sex = r.text("dog_sex", 10).upper()[:1]
    if sex and sex not in DOG_SEXES:
        r.error("dog_sex", "Choose male, female, or leave it as not known.")
        sex = ""
    return DogDescription(breed=r.text("dog_breed", 80), sex=sex, color=r.text("dog_color", 80),
                          age=r.text("dog_age", 40), id_number=r.text("dog_id_number", 20),
                          tag=r.text("dog_tag", 80))


def held_now(dog) -> Impoundment | None:
    """The dog's impoundment still "held", if it is in the pound now."""
    if dog is None:
        return None
    return db.session.execute(db.select(Impoundment).filter_by(dog_id=dog.id, status="held")
                              .order_by(Impoundment.seized_at.desc()).limit(1)).scalar_one_or_none()


def owner_of_record(dog) -> str:
    owner = dog.primary_owner if dog is not None else None
    return owner.full_name if owner else ""


def owner_known_for(dog, owner_named: str = "") -> OwnerKnown:
    """§8(B): the owner is known from the dog's record (a license or tag on file, an owner of
    record) or because the officer names the owner."""
    if dog is None:
        return owner_known(owner_named_by_officer=owner_named)
    return owner_known(license_on_file=bool(dog.licenses), tag_on_file=dog.active_tag is not None,
                       owner_named_by_officer=owner_named, owner_of_record=owner_of_record(dog))


def holding_period_for(impounded_on: date, known: bool, notice: tuple[date, str] | None = None) -> HoldingPeriod:
    """The holding period under the town's law: §8(B) with the town's calendar (closures and the
    listed days the offices stay open); under the state law alone AML §117(4), (6) in calendar
    days, from the first notice to the owner (`notice`: (day, method)) once there is one."""
    return holding_period_under(current_law(), impounded_on, known, closed_days(), open_days(), notice)


def first_notice(imp: Impoundment) -> tuple[date, str] | None:
    """AML §117(6): the first notice to the owner of a held dog, (local day, method), or None."""
    notices = [n for n in imp.notices if n.notified_at is not None]
    if not notices:
        return None
    n = min(notices, key=lambda n: n.notified_at)
    return to_local(n.notified_at).date(), n.method


def dog_from_typed(looks: "DogDescription") -> tuple[Dog | None, str]:
    """§8(B): the dog a typed (not scanned) tag or ID number belongs to, when it is a licensed dog
    with an owner of record: its owner is known. The tag is matched as the town's tag (its token
    or number) or a license number, the ID number as the town's §5(G) number; exact matches only,
    and only when they name one dog. Returns the dog and what was typed, in words."""
    found: dict[int, str] = {}
    idn = looks.id_number.strip().lstrip("#").strip()
    if idn.isdigit() and len(idn) <= 10 and 0 < int(idn) <= MAX_ID:
        for dog_id in db.session.scalars(db.select(Dog.id).where(Dog.id_number == int(idn))):
            found.setdefault(dog_id, f"the ID number typed ({idn})")
    tag = looks.tag.strip().lstrip("#").strip().lower()
    if tag and len(tag) <= 40:
        words = f"the tag typed ({looks.tag.strip()})"
        parts = [db.select(Tag.dog_id).where(Tag.dog_id.is_not(None), Tag.status == "active",
                                             func.lower(Tag.token) == tag),
                 db.select(License.dog_id).where(func.lower(License.number) == tag)]
        if tag.isdigit() and len(tag) <= 10 and int(tag) <= MAX_ID:
            parts.append(db.select(Tag.dog_id).where(Tag.dog_id.is_not(None), Tag.status == "active",
                                                     Tag.serial == int(tag)))
        for part in parts:
            for dog_id in db.session.scalars(part):
                found.setdefault(dog_id, words)
    if len(found) != 1:
        return None, ""
    dog_id, words = next(iter(found.items()))
    dog = db.session.get(Dog, dog_id)
    if dog is None or not dog.licenses or dog.primary_owner is None:
        return None, ""
    return dog, words


def period_start(seized_on: date, received_on: date | None, reached_office_on: date | None = None
                 ) -> tuple[date, str]:
    """§8(B) the day excluded as "the day the dog is impounded", by the town's setting
    `period_from_received` (default: the day the pound received the dog, when later)."""
    rule = "received" if get_setting("period_from_received") else "seized"
    return day_impounded(seized_on, received_on, rule, reached_office_on)


def late_entry_of(imp: Impoundment) -> LateEntry | None:
    """The stale-date gate's record of the seizure entry, if it was entered late."""
    return db.session.execute(db.select(LateEntry).filter_by(entry_id=imp.entry_id)).scalar_one_or_none()


def counted_from(imp: Impoundment) -> date:
    """The day the holding period of `imp` counts from (older rows: the day impounded)."""
    return imp.period_from or imp.impounded_on


def _set_period(imp: Impoundment, start: date, reason: str) -> HoldingPeriod:
    period = holding_period_for(start, imp.owner_known, first_notice(imp))
    imp.period_from, imp.period_from_reason = start, reason[:120]
    imp.redemption_deadline, imp.deadline_skipped = period.deadline, skipped_list(period)
    return period


def skipped_list(period: HoldingPeriod) -> list:
    return [[d.isoformat(), reason] for d, reason in period.skipped]


def record_numbers(year: int, count: int) -> list[str]:
    """DL-18: `count` record numbers of `year` at once, in order (a sequence that starts again
    each year; the demo's bulk town takes many at once). Taken first: it flushes."""
    first = take_from_sequence(f"dl18-{year}", count)
    return [dl18_record_number(year, first + i) for i in range(count)]


def validate_seizure(payload, user) -> SeizureInput:
    r = PayloadReader(payload)
    looks = read_dog_description(r)  # DL-18: breed, sex, colour, age, ID number, tag of a dog not on file
    # §8(A): only a dog found in violation of §5 or §6 may be seized.
    followed = read_followed_violation(
        r, "Choose the violation the dog is seized for (§8(A)): a dog is seized only for a violation.",
        describe_dog=not looks.words())
    violation, violation_uuid, codes, ruled_out = (followed.violation, followed.violation_uuid, followed.codes,
                                                   followed.ruled_out)
    dog, description = followed.dog, followed.dog_description or looks.words()
    typed_words = ""
    if dog is None and (looks.tag or looks.id_number):
        # §8(B): a tag or ID number typed, not scanned, may still name a licensed dog and its owner.
        dog, typed_words = dog_from_typed(looks)
        description = description or (dog.description if dog is not None else "")
    held = held_now(dog)
    if held is not None:
        r.error("dog_id", f"{dog.name} is held now (impoundment no. {held.id}, seized "
                          f"{say_date(to_local(held.seized_at))}) and cannot be seized again. "
                          "Record its redemption or release first.")
    owner_named = r.text("owner_named", 120)
    known = owner_known_for(dog, owner_named)
    if typed_words and known:
        known = OwnerKnown(True, f"Found from {typed_words}: {dog.name}. " + known.reason)
    if not known and str(payload.get("owner_known") or "").lower() == "yes":
        # An older form's "owner known" box with nothing on file: the law needs a name.
        r.error("owner_named", "§8(B): nothing on file names this dog's owner. Give the name of the "
                               "owner you know, or leave it empty (five business days).")
    seized_at = r.instant("seized_at", "time of the seizure", event=True)
    if r.codes("codes"):  # codes carried from a recorded violation were checked there
        check_codes(r, codes, dog, to_local(seized_at).date())
    location = r.location()
    if "location_text" in r.errors and violation is not None:
        r.errors.pop("location_text")  # where the violation was recorded
        location = Location.of(violation)
    held_at, notes = r.text("held_at", 200), r.text("notes", 5000)
    received_on = r.day("received_on", "date the shelter received the dog", required=False)
    if received_on is not None and received_on < to_local(seized_at).date():
        r.error("received_on", "The shelter cannot have received the dog before it was seized.")
    r.done()
    return SeizureInput(violation, violation_uuid or None, codes, ruled_out, dog, description,
                        known, owner_named, seized_at, location, held_at, notes,
                        DogDescription() if dog is not None and not typed_words else looks, received_on)


def apply_seizure(clean: SeizureInput, entry, user) -> dict:
    impounded_on = to_local(clean.seized_at).date()
    # The stale-date gate: a seizure typed days back counts from the day it reached the office
    # until the office confirms the date.
    late = hold_late_entry(entry)
    reached = to_local(late.received_at).date() if late is not None else None
    # §8(B): five business days, nine if the owner is known, excluding the day impounded.
    start, start_reason = period_start(impounded_on, clean.received_on, reached)
    period = holding_period_for(start, clean.owner_known.known)
    deadline = period.deadline
    where = clean.location
    # DL-18: the record number, a sequence that starts again each year (taken first: it flushes).
    number = record_numbers(impounded_on.year, 1)[0]
    imp = Impoundment(record_number=number, entry_id=entry.id, dog=clean.dog, dog_description=clean.dog_description,
                      violation=clean.violation, violation_entry_id=clean.violation_entry_id,
                      reason_codes=clean.codes, seized_at=clean.seized_at, impounded_on=impounded_on,
                      owner_known=clean.owner_known.known, owner_known_reason=clean.owner_known.reason,
                      owner_named=clean.owner_named, redemption_deadline=deadline,
                      deadline_skipped=skipped_list(period),
                      location_text=where.location_text or "", latitude=where.latitude,
                      longitude=where.longitude, accuracy_m=where.accuracy_m,
                      held_at=clean.held_at, notes=clean.notes, officer_id=user.id,
                      received_on=clean.received_on or impounded_on, period_from=start,
                      period_from_reason=start_reason[:120])
    looks = clean.description or DogDescription()
    imp.dog_breed, imp.dog_sex, imp.dog_color = looks.breed, looks.sex, looks.color
    imp.dog_age, imp.dog_id_number, imp.dog_tag = looks.age, looks.id_number, looks.tag
    db.session.add(imp)
    db.session.flush()
    record_event("dog.seized", imp, actor=user, entry_id=entry.id, codes=imp.reason_codes,
                 ruled_out=clean.ruled_out, owner_known=imp.owner_known,
                 owner_known_reason=imp.owner_known_reason, redemption_deadline=deadline.isoformat())
    return {"impoundment_id": imp.id, "record_number": imp.record_number, "redemption_deadline": deadline.isoformat(),
            "owner_known": imp.owner_known, "owner_known_reason": imp.owner_known_reason,
            "skipped": imp.deadline_skipped, "impounded_on": impounded_on.isoformat(),
            "counted_from": start.isoformat(), "counted_from_reason": start_reason}


def identify_owner(imp: Impoundment, owner_name: str, user) -> None:
    """§8(B): the owner of a held dog becomes known: nine business days from the day impounded,
    the deadline recomputed and the change logged. Never commits."""
    owner_name = (owner_name or "").strip()
    if imp.status != "held":
        raise ServiceError({"owner_named": f"The impoundment already ended ({imp.status})."})
    if not owner_name:
        raise ServiceError({"owner_named": "Give the owner's name."})
    if len(owner_name) > 120:
        raise ServiceError({"owner_named": "Keep the name under 120 characters."})
    old_deadline, was_known = imp.redemption_deadline, imp.owner_known
    period = holding_period_for(counted_from(imp), True, first_notice(imp))
    imp.owner_named = owner_name
    imp.owner_known = True
    imp.owner_known_reason = owner_known_for(imp.dog, owner_name).reason
    imp.redemption_deadline, imp.deadline_skipped = period.deadline, skipped_list(period)
    record_event("impoundment.owner_identified", imp, actor=user, owner_named=owner_name,
                 was_known=was_known, old_deadline=old_deadline.isoformat(),
                 redemption_deadline=period.deadline.isoformat())


def end_impoundment(imp: Impoundment, outcome: str, user, on: date | None = None, note: str = "") -> None:
    """§8(E): the impoundment ends as `outcome` on `on` (today): refused with the date when the
    law does not allow it yet. The dog's status card loses its "impounded" flag (the impoundment
    has the dog, so its data_version moves: services/field_data.py). Never commits."""
    on = on or local_today()
    note = (note or "").strip()[:300]
    refusal = impoundment_end_refusal(outcome, on, imp.redemption_deadline, imp.status)
    if refusal is None and on < imp.impounded_on:
        refusal = "The date is before the dog was impounded."
    if refusal is None and outcome == "transferred" and not note:
        refusal = "Say where the dog was transferred to."
    if refusal:
        raise ServiceError({"outcome": refusal})
    imp.status, imp.ended_on, imp.ended_by_id, imp.end_note = outcome, on, user.id, note
    imp.ended_at = utcnow() if on == local_today() else None  # §8(C)(2) hours; a past day: by days
    from ..impoundment.fees import close_fees  # the impoundment's fees build on this module
    close_fees(imp)  # §8(C)/(D): what the case cost as it closed, never re-billed by a later fee
    record_event(f"impoundment.{outcome}", imp, actor=user, on=on.isoformat(), note=note,
                 redemption_deadline=imp.redemption_deadline.isoformat())


def confirm_late_seizure(imp: Impoundment, late: LateEntry, user) -> None:
    """The office confirms the typed date of a seizure entered late: the holding period counts
    from the day impounded as typed (§8(B)), but never gives a deadline that had already passed
    when the entry reached the office (then it keeps counting from that day). Never commits."""
    if imp.status != "held":
        return
    reached = to_local(late.received_at).date()
    start, reason = period_start(imp.impounded_on, imp.received_on if imp.received_on != imp.impounded_on
                                 else None)
    if holding_period_for(start, imp.owner_known).deadline < reached:
        start, reason = reached, ("the day the entry reached the office (the deadline from the typed "
                                  "date had passed by then)")
    old = imp.redemption_deadline
    period = _set_period(imp, start, reason)
    record_event("impoundment.date_confirmed", imp, actor=user, old_deadline=old.isoformat(),
                 redemption_deadline=period.deadline.isoformat(), counted_from=start.isoformat())
