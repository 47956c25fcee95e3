"""How the demo's cases are made: through the same entry kinds as the officers' phones and the
clerk's counter (services.entries.submit_entry), each as if it reached the office on its day."""
import uuid

from ..extensions import db
from ..law import VIOLATIONS
from ..models import Dog, User
from ..services.enforcement.payload import entered_at_the_time
from ..services.entries import submit_entry
from ..timeutil import utcnow


def user(username: str) -> User:
    return db.session.execute(db.select(User).filter_by(username=username)).scalar_one()


def dog(name: str) -> Dog:
    return db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()


def ruled_out(*codes: str) -> list[str]:
    """Each exception of the offences ruled out, as the officer ticks them."""
    return [e.code for code in codes for e in VIOLATIONS[code].exceptions]


def send(by: User, kind: str, at=None, /, **payload) -> tuple[str, dict]:
    """One entry of `kind` from `by`, recorded on the device `at` (default now); returns its id
    and what the office answered. A refusal stops the seeding (the demo must show each rule)."""
    entry_id = str(uuid.uuid4())
    with entered_at_the_time():  # the demo's past: as if it reached the office that day
        outcome = submit_entry(by, entry_id, kind, (at or utcnow()).isoformat(), payload)
    if outcome.status not in (200, 201):
        raise RuntimeError(f"demo {kind}: {outcome.errors}")
    return entry_id, outcome.result
