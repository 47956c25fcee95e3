"""§8 seizure: "Any dog found in violation of the provisions of Section 5 or 6 of this Local Law
may be seized" (§8(A)); the holding period ends on the §8(B) redemption deadline.

§8(A) seizes for a violation: each exception that could apply to it is ruled out, exactly as
for the violation itself (the shared `PayloadReader.ruled_out`); a seizure following a recorded
violation takes over its codes, dog, place and ruled-out exceptions. A dog held now (an
impoundment still "held") is in the pound already and cannot be seized again.
"""
from dataclasses import dataclass
from datetime import datetime

from ...extensions import db
from ...law import redemption_deadline
from ...models import Dog, record_event
from ...models.enforcement import Impoundment, Violation
from ...timeutil import to_local
from .payload import Location, PayloadReader, closed_days, resolve_violation

IMPOUNDMENT_STATUSES = ("held", "redeemed", "adopted", "euthanized")


@dataclass(frozen=True)
class SeizureInput:
    violation: Violation | None
    violation_entry_id: str | None
    codes: list[str]
    ruled_out: list[str]
    dog: Dog | None
    dog_description: str
    owner_known: bool
    seized_at: datetime
    location: Location
    held_at: str
    notes: str


def held_now(dog) -> Impoundment | None:
    """The dog's impoundment still "held", if it is in the pound now."""
    if dog is None:
        return None
    return db.session.execute(db.select(Impoundment).filter_by(dog_id=dog.id, status="held")
                              .order_by(Impoundment.seized_at.desc()).limit(1)).scalar_one_or_none()


def validate_seizure(payload, user) -> SeizureInput:
    r = PayloadReader(payload)
    violation_uuid = r.text("violation_entry_id", 36)
    violation = resolve_violation(violation_uuid)
    codes = r.codes("codes") or (list(violation.codes) if violation else [])
    if not codes:
        # §8(A): only a dog found in violation of §5 or §6 may be seized.
        r.error("codes", "Choose the violation the dog is seized for (§8(A): a violation of §5 or §6).")
    ruled_out = r.ruled_out(codes, carried=violation.ruled_out if violation else ())
    dog, description = r.dog(required_description=violation is None)
    if dog is None and violation is not None:
        dog, description = violation.dog, description or violation.dog_description
    held = held_now(dog)
    if held is not None:
        r.error("dog_id", f"{dog.name} is held now (impoundment no. {held.id}, seized "
                          f"{to_local(held.seized_at):%a %-d %b %Y}) and cannot be seized again. "
                          "Record its redemption or release first.")
    known = str(payload.get("owner_known") or "").lower()
    if known not in ("yes", "no"):
        r.error("owner_known", "Say whether the owner is known: it sets the holding period (§8(B)).")
    seized_at = r.instant("seized_at", "time of the seizure")
    location = r.location()
    if "location_text" in r.errors and violation is not None:
        r.errors.pop("location_text")  # where the violation was recorded
        location = Location.of(violation)
    held_at, notes = r.text("held_at", 200), r.text("notes", 5000)
    r.done()
    return SeizureInput(violation, violation_uuid or None, codes, ruled_out, dog, description,
                        known == "yes", seized_at, location, held_at, notes)


def apply_seizure(clean: SeizureInput, entry, user) -> dict:
    impounded_on = to_local(clean.seized_at).date()
    # §8(B): five business days, nine if the owner is known, excluding the day impounded.
    deadline = redemption_deadline(impounded_on, clean.owner_known, closed_days())
    where = clean.location
    imp = Impoundment(entry_id=entry.id, dog=clean.dog, dog_description=clean.dog_description,
                      violation=clean.violation, violation_entry_id=clean.violation_entry_id,
                      reason_codes=clean.codes, seized_at=clean.seized_at, impounded_on=impounded_on,
                      owner_known=clean.owner_known, redemption_deadline=deadline,
                      location_text=where.location_text or "", latitude=where.latitude,
                      longitude=where.longitude, accuracy_m=where.accuracy_m,
                      held_at=clean.held_at, notes=clean.notes, officer_id=user.id)
    db.session.add(imp)
    db.session.flush()
    record_event("dog.seized", imp, actor=user, entry_id=entry.id, codes=imp.reason_codes,
                 ruled_out=clean.ruled_out, owner_known=imp.owner_known,
                 redemption_deadline=deadline.isoformat())
    return {"impoundment_id": imp.id, "redemption_deadline": deadline.isoformat(),
            "owner_known": imp.owner_known, "impounded_on": impounded_on.isoformat(),
            "url": f"/field/impoundments/{imp.id}"}
