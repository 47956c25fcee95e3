"""§5(A)(1), §5(B)(1), §6(A) violation: one or more offences, each exception that could apply
ruled out (§6(B), §6(A)(1) hunting, ...), where and when, narrative, witness; it may carry a
§5(B)(1) rabies vaccination request. A correction is a new version linked to the old one.
§10(B)(4): a violation of an order of the Town Justice (code 10B4) names the order, one of the
dog's orders in force."""
from dataclasses import dataclass
from datetime import datetime

from ...extensions import db
from ...law.words import say_date
from ...models import Dog, EnumerationResolution, record_event
from ...models.court import CourtOrder
from ...models.enforcement import Violation
from ...timeutil import to_local
from .checks import check_codes
from .payload import Location, PayloadReader, owner_name, resolve_violation
from .rabies_request import RabiesRequestInput, make_rabies_request


@dataclass(frozen=True)
class ViolationInput:
    codes: list[str]
    ruled_out: list[str]
    dog: Dog | None
    dog_description: str
    owner_description: str
    occurred_at: datetime
    location: Location
    narrative: str
    witness: str
    rabies_request: bool
    supersedes: Violation | None
    court_order: CourtOrder | None = None
    enumeration: EnumerationResolution | None = None  # §5(K): found unlicensed in it


def validate_violation(payload, user) -> ViolationInput:
    r = PayloadReader(payload)
    codes = r.codes("codes", "Choose at least one violation.")
    ruled_out = r.ruled_out(codes)
    dog, description = r.dog()
    owner_description = r.text("owner_description", 300)
    occurred_at = r.instant("occurred_at", "time of the violation", event=True)
    check_codes(r, codes, dog, to_local(occurred_at).date())  # §5(B)(1), §6(A)(8) against the record
    location = r.location()
    narrative, witness = r.text("narrative", 5000), r.text("witness", 300)
    rabies_request = r.flag("rabies_request")
    if rabies_request and dog is None and not owner_description:
        r.error("owner_description", "Whom did you ask to have the dog vaccinated? Give their name.")
    supersedes = None
    old_uuid = r.text("supersedes_entry_id", 36)
    if old_uuid:
        supersedes = resolve_violation(old_uuid)
        if supersedes is None:
            r.error("supersedes_entry_id", "The violation being corrected is not on file.")
        elif supersedes.superseded_by is not None:
            r.error("supersedes_entry_id", "This violation was already corrected. Correct the latest version.")
    court_order = _order_violated(r, codes, dog)
    enumeration = _found_in_enumeration(r, codes, dog, to_local(occurred_at).date() if occurred_at else None, user)
    r.done()
    return ViolationInput(codes, ruled_out, dog, description, owner_description, occurred_at, location,
                          narrative, witness, rabies_request, supersedes, court_order, enumeration)


def _found_in_enumeration(r: PayloadReader, codes, dog, on, user) -> EnumerationResolution | None:
    """§5(K): "Should a dog be identified as unlicensed during such enumeration": a §5(A)(1)
    unlicensed dog found while the Board's enumeration is open, by an officer who conducts it."""
    if not r.flag("found_in_enumeration"):
        return None
    from ...law.enumeration import identification_refusal
    from ...services.licensing import open_enumeration
    from ...timeutil import local_today
    from ..enumeration import licensed_on
    if not user.may("identify_in_enumeration"):
        r.error("found_in_enumeration",
                "Only the dog control officer or the Town Clerk marks a dog in the enumeration.")
        return None
    if "5A1" not in codes:
        r.error("found_in_enumeration", "Tick the unlicensed dog violation (§5(A)(1)) too, or leave this unticked.")
        return None
    if dog is None or on is None:
        r.error("found_in_enumeration",
                "Choose the dog from the records: only a dog on file is marked in the enumeration.")
        return None
    enum = open_enumeration(on)
    if enum is None:
        r.error("found_in_enumeration", f"No dog enumeration was open on {say_date(on)} (§5(K)).")
        return None
    refusal = identification_refusal(on, local_today(), enum.opens_on, enum.closes_on, licensed_on(dog, on))
    if refusal is None and any(i.dog_id == dog.id for i in enum.identifications):
        refusal = f"{dog.name} is marked in this enumeration already."
    if refusal:
        r.error("found_in_enumeration", refusal)
        return None
    return enum


def _order_violated(r: PayloadReader, codes, dog) -> CourtOrder | None:
    """§10(B)(4): "A violation of any order issued by the Town Justice under the provisions of
    this Section shall be offense": the order must be one of the dog's orders in force (the only
    one is taken when none is named, as from a phone's offline form)."""
    if "10B4" not in codes:
        return None
    in_force = [o for o in (dog.court_orders if dog else []) if o.in_force]
    if not in_force:
        r.error("codes", "§10(B)(4): no order of the Town Justice is in force for this dog.")
        return None
    raw = r.text("court_order_id", 20)
    chosen = next((o for o in in_force if str(o.id) == raw), None)
    if chosen is None and not raw and len(in_force) == 1:
        chosen = in_force[0]
    if chosen is None:
        r.error("court_order_id", "§10(B)(4): choose the order of the Town Justice that was violated.")
    return chosen


def apply_violation(clean: ViolationInput, entry, user) -> dict:
    dog, where = clean.dog, clean.location
    owner = clean.owner_description or owner_name(dog)
    v = Violation(entry_id=entry.id, dog=dog, dog_description=clean.dog_description,
                  owner_description=owner, codes=clean.codes, ruled_out=clean.ruled_out,
                  occurred_at=clean.occurred_at, location_text=where.location_text,
                  latitude=where.latitude, longitude=where.longitude, accuracy_m=where.accuracy_m,
                  narrative=clean.narrative, witness=clean.witness, officer_id=user.id,
                  supersedes=clean.supersedes, court_order=clean.court_order)
    db.session.add(v)
    db.session.flush()
    record_event("violation.corrected" if v.supersedes else "violation.recorded", v, actor=user,
                 entry_id=entry.id, codes=v.codes, supersedes_id=v.supersedes_id,
                 court_order_id=v.court_order_id)
    result = {"violation_id": v.id, "codes": v.codes, "dog_id": v.dog_id}
    if clean.enumeration is not None:  # §5(K)
        from ...timeutil import local_today
        from ..enumeration import identify_unlicensed
        on = to_local(clean.occurred_at).date()
        identify_unlicensed(clean.enumeration, dog, on, local_today(), user,
                            where=f"Violation no. {v.id}" + (f", {where.location_text}" if where.location_text else ""))
        result["enumeration_id"] = clean.enumeration.id
    if clean.rabies_request:
        request = RabiesRequestInput(dog, clean.dog_description, owner,
                                     to_local(clean.occurred_at).date())
        result["rabies_due_on"] = make_rabies_request(request, entry, user, violation=v).due_on.isoformat()
    return result
