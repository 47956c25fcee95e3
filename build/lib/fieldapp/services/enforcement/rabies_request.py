"""§5(B)(1) rabies vaccination request: "within ten (10) days after a request by the dog
control officer, peace officer, police officer or health officer". Made on its own (the
"rabies_request" entry) or with a violation (its `rabies_request` box)."""
from dataclasses import dataclass
from datetime import date, timedelta

from ...extensions import db
from ...law import rabies_vaccination_due
from ...models import Dog, record_event
from ...models.enforcement import RabiesRequest, Violation
from ...timeutil import local_today
from .payload import PayloadReader, owner_name


@dataclass(frozen=True)
class RabiesRequestInput:
    dog: Dog | None
    dog_description: str
    requested_of: str
    requested_on: date


def validate_rabies_request(payload, user) -> RabiesRequestInput:
    r = PayloadReader(payload)
    dog, description = r.dog()
    requested_of = r.text("requested_of", 120) or owner_name(dog)
    if not requested_of:
        r.error("requested_of", "Whom did you ask to have the dog vaccinated? Give their name.")
    requested_on = r.day("requested_on", "date of the request", required=False) or local_today()
    if requested_on > local_today() + timedelta(days=1):
        r.error("requested_on", "The date of the request is in the future.")
    r.done()
    return RabiesRequestInput(dog, description, requested_of, requested_on)


def apply_rabies_request(clean: RabiesRequestInput, entry, user) -> dict:
    req = make_rabies_request(clean, entry, user)
    return {"rabies_request_id": req.id, "dog_id": req.dog_id, "due_on": req.due_on.isoformat()}


def make_rabies_request(clean: RabiesRequestInput, entry, user,
                        violation: Violation | None = None) -> RabiesRequest:
    """§5(B)(1): the request, due ten days after it was made."""
    req = RabiesRequest(entry_id=entry.id, dog=clean.dog, dog_description=clean.dog_description,
                        requested_of=clean.requested_of, requested_on=clean.requested_on,
                        due_on=rabies_vaccination_due(clean.requested_on), violation=violation,
                        officer_id=user.id)
    db.session.add(req)
    db.session.flush()
    record_event("rabies_request.made", req, actor=user, entry_id=entry.id,
                 due_on=req.due_on.isoformat())
    return req


def overdue_rabies_requests(today: date, limit: int = 50) -> list[RabiesRequest]:
    """§5(B)(1) requests for a dog on file whose ten days have passed with no rabies certificate
    (or vet's statement) filed since, and none current on record on the tenth day: the failure
    to vaccinate may now be charged. Oldest first."""
    from sqlalchemy.orm import selectinload

    from .checks import certificate_presented_on, current_certificate_on
    rows = db.session.execute(
        db.select(RabiesRequest).where(RabiesRequest.dog_id.is_not(None), RabiesRequest.due_on < today)
        .options(selectinload(RabiesRequest.dog).selectinload(Dog.rabies_certificates))
        .order_by(RabiesRequest.due_on)).scalars().all()
    overdue, seen = [], set()
    for req in rows:
        if req.dog_id in seen or certificate_presented_on(req.dog, req.requested_on) is not None:
            continue
        until, statement = current_certificate_on(req.dog, req.due_on, since=req.requested_on)
        if until is not None or statement:  # a current certificate on record on the tenth day
            continue
        seen.add(req.dog_id)
        overdue.append(req)
    return overdue[:limit]
