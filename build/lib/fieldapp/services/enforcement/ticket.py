"""§9 appearance ticket: served on the owner, the person in charge, or a minor owner's parent
or guardian (§4(I)); the court, its address and the appearance date come from the town's
settings (`law/court.py: first_return_date`).

A ticket is for an offence: each exception that could apply is ruled out, exactly as for a
violation (the shared `PayloadReader.ruled_out`); a ticket following a recorded violation takes
over its codes, dog and ruled-out exceptions. A second ticket to the same dog for the same
offence on the same day is refused until the officer confirms it (`confirm_duplicate`).

§9 "issue and serve": the entry says how the ticket was served and when (`served_at`). CPL
§150.40(2): an appearance ticket "must be served personally", so "personal" (law/court.py
SERVICE_METHODS: handed to the person charged, §4(I)) is the one way it is served; left at the
residence or mailed (ATTEMPT_METHODS) is an attempt, kept as a note (`ServiceAttempt`) on a
ticket not served yet; "later" is written and not served yet (`served_at` is then the time it
was written). Either is marked served later (`services/enforcement/serving.py`). A payload from
before service was recorded has no `served_how`: it was handed over at the roadside ("personal").

CPL §150.40(1): the return date is the first session the town's notice period allows, and no
later than the last session within twenty days of issuance (or the next session when none falls
within them); never a day already past when the entry reached the office.
"""
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from ...extensions import db
from ...law.court import (
    ATTEMPT_METHODS,
    CPL_150_40_1,
    NOT_SERVED_YET,
    SERVICE_METHODS,
    appearance_date_refusal,
    first_return_date,
    latest_return_date,
    past_return_date_refusal,
)
from ...law.laws import ALL_OFFENCES as VIOLATIONS  # a record's codes, whatever law judged it
from ...law.words import say_date
from ...models import Dog, record_event
from ...models.enforcement import AppearanceTicket, ServiceAttempt, Violation
from ...settings import get_setting
from ...timeutil import local_today, to_local, town_tz
from ..ticket_numbers import allocate_number, claim_number
from .checks import check_codes, check_person_charged
from .payload import PLACE_NEEDED, Location, PayloadReader, closed_days, read_followed_violation
from .ticket_copy import email_copy_after_commit

SERVED_CAPACITIES = {
    "owner": "Owner of the dog",
    "in_charge": "Person in charge of the dog (harboring or in custody or control, §4(I))",
    "guardian": "Parent or guardian / head of household of a minor owner (§4(I))",
}


@dataclass(frozen=True)
class Court:
    """The Town Court as the town's settings describe it (§9)."""
    name: str
    address: str
    weekday: int  # Monday = 0
    time: str  # HH:MM
    min_days_ahead: int

    def first_session(self, served_on: date, closed=None) -> date:
        """§9, CPL §150.40(1): the first session a ticket served on `served_on` may name."""
        return first_return_date(served_on, self.weekday, self.min_days_ahead,
                                 closed_days() if closed is None else closed)

    def last_session(self, issued_on: date, closed=None) -> date:
        """CPL §150.40(1): the last session a ticket issued on `issued_on` may name."""
        return latest_return_date(issued_on, self.weekday, closed_days() if closed is None else closed)

    def return_date_refusal(self, appear_on: date, issued_on: date, served_on: date | None = None,
                            received_on: date | None = None) -> str | None:
        """§9 and CPL §150.40(1) for a ticket issued on `issued_on` (and served on `served_on`):
        a session day from the first the notice period allows to the last within twenty days
        of issuance, not already past on `received_on` (the day it reached the office)."""
        closed = closed_days()
        latest = max(self.last_session(issued_on, closed), self.first_session(issued_on, closed))
        earliest = self.first_session(served_on or issued_on, closed)
        if served_on and served_on > issued_on and earliest > latest:
            if latest <= served_on:  # no session left between the serving and the CPL's last
                return (f"{CPL_150_40_1} Written on {say_date(issued_on)}, this ticket can name no session "
                        f"after {say_date(latest)}: it is too late to serve it. Write a new ticket.")
            earliest = latest  # the notice period gives way to the CPL
        return (appearance_date_refusal(appear_on, earliest, self.weekday, latest)
                or past_return_date_refusal(appear_on, received_on or local_today()))


def court_settings() -> Court:
    return Court(get_setting("court_name"), get_setting("court_address"),
                 get_setting("court_session_weekday"), get_setting("court_session_time"),
                 get_setting("court_min_days_ahead"))


@dataclass(frozen=True)
class TicketInput:
    violation: Violation | None
    violation_entry_id: str | None
    codes: list[str]
    ruled_out: list[str]
    dog: Dog | None
    dog_description: str
    served_capacity: str
    served_name: str
    served_address: str
    minor_owner_name: str
    served_how: str  # a key of SERVICE_METHODS, or "" not served yet
    served_at: datetime | None
    issued_at: datetime
    service_note: str
    attempt: str  # a key of ATTEMPT_METHODS: tried and not served (CPL §150.40(2)), or ""
    appear_on: date
    court: Court
    ticket_number: str
    offence_at: datetime | None = None  # when the offence happened
    offence_place: Location | None = None  # where
    served_email: str = ""  # the person charged's email, for their copy


def validate_ticket(payload, user) -> TicketInput:
    r = PayloadReader(payload)
    followed = read_followed_violation(r, "Choose the offence the ticket is for.", describe_dog=False)
    violation, violation_uuid, codes, ruled_out = (followed.violation, followed.violation_uuid, followed.codes,
                                                   followed.ruled_out)
    dog, description = followed.dog, followed.dog_description
    capacity = r.text("served_capacity", 12)
    if capacity not in SERVED_CAPACITIES:
        r.error("served_capacity", "Say who is served: the owner, the person in charge, or a minor "
                                   "owner's parent or guardian.")
    served_name = r.text("served_name", 120, "Give the full name of the person served.")
    served_address = r.text("served_address", 300, "Give the address of the person served.")
    minor = r.text("minor_owner_name", 120)
    check_person_charged(r, dog, capacity, served_name)  # §4(I): a minor owner, a lost dog's license holder
    if capacity == "guardian" and not minor:
        # §4(I): a minor's dog: the guardian or head of household answers for it.
        r.error("minor_owner_name", "Give the name of the minor who owns the dog.")
    how = r.text("served_how", 40) or "personal"  # an older payload: handed over at the roadside
    if how not in SERVICE_METHODS and how not in ATTEMPT_METHODS and how != NOT_SERVED_YET:
        r.error("served_how", SERVED_HOW_NEEDED)
    served = how in SERVICE_METHODS
    # The time on the form: when it was served, or (not served yet, or tried) when it was written.
    issued_at = r.instant("served_at", "time the ticket was served", event=True)
    served_at = issued_at if served else None
    note = r.text("service_note", 300)
    # §5(B)(1), §6(A)(8) against the dog's record, as of the violation (or the serving).
    check_codes(r, codes, dog, to_local(violation.occurred_at if violation else issued_at).date())
    court = court_settings()
    issued_on = to_local(issued_at).date()
    earliest = court.first_session(r.counting_day(issued_on))
    appear_on = r.day("appear_on", "appearance date", required=False)
    if "served_at" not in r.errors:
        refusal = court.return_date_refusal(appear_on or earliest, r.counting_day(issued_on))
        if refusal:
            r.error("appear_on", refusal)
    offence_at, place = offence_when_where(r, violation, issued_at)
    served_email = r.text("served_email", 254)
    if served_email and not EMAIL.fullmatch(served_email):
        r.error("served_email", "This email address does not look right: check it, or leave it empty.")
    number = r.text("ticket_number", 20)
    if not r.flag("confirm_duplicate"):
        same = same_day_tickets(dog, codes, issued_at)
        if same:
            r.error("confirm_duplicate", duplicate_message(same[0]))
    r.done()
    return TicketInput(violation, violation.entry_id if violation else (violation_uuid or None), codes,
                       ruled_out, dog, description, capacity, served_name, served_address, minor,
                       how if served else "", served_at, issued_at, note,
                       how if how in ATTEMPT_METHODS else "", appear_on or earliest, court, number,
                       offence_at, place, served_email)


EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
OFFENCE_PLACE_NEEDED = "Where did the offence happen? " + PLACE_NEEDED


def offence_when_where(r: PayloadReader, violation, issued_at) -> tuple[datetime | None, Location]:
    """When and where the offence happened: as typed, else the violation's the ticket follows;
    the time defaults to when the ticket was written (at the roadside, the same moment), and a
    ticket with no place is refused, as a violation is (every paper ticket names both)."""
    occurred = r.instant("occurred_at", "time of the offence", event=False) if r.payload.get("occurred_at") else None
    if occurred is None:
        occurred = violation.occurred_at if violation is not None else issued_at
    if occurred is not None and issued_at is not None and occurred > issued_at and "occurred_at" not in r.errors:
        r.error("occurred_at", "The offence cannot come after the ticket was written: check the time.")
    lat, lon = r.number("latitude", -90, 90), r.number("longitude", -180, 180)
    if (lat is None) != (lon is None):
        lat = lon = None
    place = Location(lat, lon, r.number("accuracy", 0, 100000), r.text("location_text", 300))
    if place.latitude is None and not place.location_text and violation is not None:
        place = Location.of(violation)
    if place.latitude is None and not place.location_text and not r.text("violation_entry_id", 36):
        r.error("location_text", OFFENCE_PLACE_NEEDED)
    return occurred, place


SERVED_HOW_NEEDED = ("Say how the ticket was served: handed in person to the person charged (CPL §150.40(2)); "
                     "or that it is not served yet (left at the residence or mailed is an attempt, not service).")


DUPLICATE_CONFIRM = "Issue it anyway: this is a separate offence"


def same_day_tickets(dog, codes, issued_at) -> list[AppearanceTicket]:
    """Tickets already issued to `dog` for one of `codes` on the same day in the town (§9: one
    ticket per offence; a second one is written only when the officer confirms it is another)."""
    if dog is None or not codes:
        return []
    day = to_local(issued_at).date()
    start = datetime.combine(day, time(), town_tz()).astimezone(UTC)
    end = datetime.combine(day + timedelta(days=1), time(), town_tz()).astimezone(UTC)
    rows = db.session.execute(db.select(AppearanceTicket).filter(
        AppearanceTicket.dog_id == dog.id, AppearanceTicket.issued_at >= start,
        AppearanceTicket.issued_at < end).order_by(AppearanceTicket.issued_at)).scalars().all()
    return [t for t in rows if set(t.codes) & set(codes)]


def duplicate_message(ticket) -> str:
    offences = ", ".join(VIOLATIONS[c].title.lower() for c in ticket.codes if c in VIOLATIONS)
    return (f"Ticket {ticket.number} was already issued to this dog today for {offences}. "
            f"Send a second ticket only if it is for another offence: tick “{DUPLICATE_CONFIRM}”.")


def apply_ticket(clean: TicketInput, entry, user) -> dict:
    if clean.ticket_number:
        number = claim_number(user, clean.ticket_number, entry_id=entry.id)
    else:
        number = allocate_number(user, entry_id=entry.id)  # posted without a device block
    court = clean.court
    t = AppearanceTicket(entry_id=entry.id, number=number, violation=clean.violation,
                         violation_entry_id=clean.violation_entry_id, dog=clean.dog,
                         dog_description=clean.dog_description, codes=clean.codes,
                         served_capacity=clean.served_capacity, served_name=clean.served_name,
                         served_address=clean.served_address, minor_owner_name=clean.minor_owner_name,
                         served_how=clean.served_how, served_at=clean.served_at, issued_at=clean.issued_at,
                         service_note="" if clean.attempt else clean.service_note, court_name=court.name,
                         court_address=court.address,
                         appear_on=clean.appear_on, appear_time=court.time, officer_id=user.id,
                         offence_at=clean.offence_at, served_email=clean.served_email,
                         offence_place=clean.offence_place.location_text if clean.offence_place else "",
                         offence_latitude=clean.offence_place.latitude if clean.offence_place else None,
                         offence_longitude=clean.offence_place.longitude if clean.offence_place else None,
                         officer_name=user.full_name, officer_badge=user.badge_number or "")
    db.session.add(t)
    if clean.attempt:  # CPL §150.40(2): a note of the attempt, not service
        db.session.add(ServiceAttempt(ticket=t, how=clean.attempt, attempted_at=clean.issued_at,
                                      note=clean.service_note, by_id=user.id))
    db.session.flush()
    record_event("ticket.issued", t, actor=user, entry_id=entry.id, number=number, codes=t.codes,
                 ruled_out=clean.ruled_out, appear_on=t.appear_on.isoformat(),
                 served_how=t.served_how or "not served yet", attempt=clean.attempt or None)
    if t.served_email:
        email_copy_after_commit(t, user)
    return {"ticket_id": t.id, "ticket_number": number, "appear_on": t.appear_on.isoformat(),
            "appear_time": t.appear_time, "served": t.served}
