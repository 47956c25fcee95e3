"""§9 "shall issue and serve an appearance ticket for such violation": what is still to do.

- `violations_awaiting_ticket`: violations (the latest version of each) observed at least the
  town's `ticket_due_days` ago (law/court.py: `ticket_overdue`) with no appearance ticket for
  any version of them, oldest first: the officers' list "To issue and serve".
- `tickets_not_served`: tickets written and not served yet (not handed to the person charged).
- `read_service` / `mark_served`: such a ticket marked served later from its page: in person to
  the person charged (CPL §150.40(2), §4(I)), when, and the appearance date, still the first
  session at least N days after the serving or later, and no later than CPL §150.40(1) allows
  (`Court.return_date_refusal`). Left at the residence, mailed or not found is an attempt
  (`record_attempt`): a note on the ticket, still not served. Each is an event; nothing commits.
"""
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy.orm import selectinload

from ...extensions import db
from ...law.court import ATTEMPT_METHODS, SERVICE_METHODS, ticket_overdue
from ...law.words import say_date
from ...models import record_event
from ...models.enforcement import AppearanceTicket, ServiceAttempt, Violation
from ...settings import get_setting
from ...timeutil import to_local, town_tz
from ..errors import ServiceError
from .payload import PayloadReader
from .record import latest_violations_query
from .ticket import SERVED_HOW_NEEDED, court_settings


def violations_awaiting_ticket(today: date, days: int | None = None, limit: int = 100) -> list[Violation]:
    """§9: violations observed `days` (the setting `ticket_due_days`) or more days before
    `today` for which no appearance ticket was issued (for this version or one it corrects)."""
    days = get_setting("ticket_due_days") if days is None else days
    last_day = today - timedelta(days=max(0, days))
    end = datetime.combine(last_day + timedelta(days=1), time(), town_tz()).astimezone(UTC)
    by_id = db.select(AppearanceTicket.id).where(AppearanceTicket.violation_id == Violation.id)
    by_entry = db.select(AppearanceTicket.id).where(AppearanceTicket.violation_entry_id == Violation.entry_id)
    rows = db.session.execute(
        latest_violations_query().where(Violation.occurred_at < end, ~by_id.exists(), ~by_entry.exists())
        .options(selectinload(Violation.dog), selectinload(Violation.officer))
        .order_by(Violation.occurred_at, Violation.id)).scalars().all()
    ticketed_ids = set(db.session.execute(db.select(AppearanceTicket.violation_id).where(
        AppearanceTicket.violation_id.is_not(None))).scalars())
    ticketed_entries = set(db.session.execute(db.select(AppearanceTicket.violation_entry_id).where(
        AppearanceTicket.violation_entry_id.is_not(None))).scalars())

    def ticketed(v):  # a ticket for an earlier version (before a correction) counts
        v = v.supersedes
        while v is not None:
            if v.id in ticketed_ids or v.entry_id in ticketed_entries:
                return True
            v = v.supersedes
        return False
    waiting = [v for v in rows if ticket_overdue(to_local(v.occurred_at).date(), today, days) and not ticketed(v)]
    return waiting[:limit]


def tickets_not_served(limit: int = 100) -> list[AppearanceTicket]:
    """§9: tickets written and not served yet (CPL §150.40(2): not handed to the person charged),
    oldest first."""
    return db.session.execute(db.select(AppearanceTicket).where(AppearanceTicket.served_how != "personal")
                              .options(selectinload(AppearanceTicket.dog),
                                       selectinload(AppearanceTicket.service_attempts))
                              .order_by(AppearanceTicket.issued_at).limit(limit)).scalars().all()


@dataclass(frozen=True)
class ServiceInput:
    served_how: str
    served_at: datetime
    service_note: str
    appear_on: date | None


def read_service(form: dict) -> ServiceInput:
    """The "mark served" form: how, when (not in the future), a note, the appearance date."""
    r = PayloadReader(form)
    how = r.text("served_how", 40)
    if how not in SERVICE_METHODS and how not in ATTEMPT_METHODS:
        r.error("served_how", SERVED_HOW_NEEDED.split(";")[0] + ", or record an attempt.")
    served_at = r.instant("served_at", "time the ticket was served")
    note = r.text("service_note", 300)
    appear_on = r.day("appear_on", "appearance date", required=False)
    r.done()
    return ServiceInput(how, served_at, note, appear_on)


def earliest_appearance(served_on: date) -> date:
    return court_settings().first_session(served_on)


def appearance_for_serving(ticket: AppearanceTicket, served_on: date) -> date:
    """The date to fill in when `ticket` is served on `served_on`: the one printed on it while it
    is still allowed (§9, CPL §150.40(1)), else the first session allowed."""
    court = court_settings()
    issued_on = to_local(ticket.issued_at).date()
    if court.return_date_refusal(ticket.appear_on, issued_on, served_on) is None:
        return ticket.appear_on
    earliest = court.first_session(served_on)
    latest = court.last_session(issued_on)
    return latest if served_on < latest < earliest else earliest


def mark_served(ticket: AppearanceTicket, clean: ServiceInput, user) -> AppearanceTicket:
    """§9: a ticket written and not served yet, served now in person (CPL §150.40(2)). The
    appearance date stays, unless it is too soon for the day served (then the officer gives the
    first session allowed or later, within CPL §150.40(1)). An attempt is `record_attempt`."""
    if clean.served_how in ATTEMPT_METHODS:
        return record_attempt(ticket, clean, user)
    if ticket.served:
        raise ServiceError({"": f"Ticket {ticket.number} was already served on "
                                f"{say_date(to_local(ticket.served_at))}."})
    served_on = to_local(clean.served_at).date()
    errors = {}
    if served_on < to_local(ticket.issued_at).date():
        errors["served_at"] = (f"The ticket was written on {say_date(to_local(ticket.issued_at))}: "
                               "it can't be served before that.")
    court = court_settings()
    appear_on = clean.appear_on or ticket.appear_on
    refusal = court.return_date_refusal(appear_on, to_local(ticket.issued_at).date(), served_on)
    if refusal:
        errors["appear_on"] = (f"Served on {say_date(served_on)}, the ticket can't name "
                               f"{say_date(appear_on)}. " + refusal)
    if errors:
        raise ServiceError(errors)
    before = ticket.appear_on
    ticket.served_how, ticket.served_at, ticket.service_note = clean.served_how, clean.served_at, clean.service_note
    ticket.appear_on = appear_on
    db.session.flush()
    record_event("ticket.served", ticket, actor=user, number=ticket.number, served_how=clean.served_how,
                 served_at=clean.served_at.isoformat(), appear_on=appear_on.isoformat(),
                 appear_on_before=before.isoformat() if before != appear_on else None)
    return ticket


def record_attempt(ticket: AppearanceTicket, clean: ServiceInput, user) -> AppearanceTicket:
    """CPL §150.40(2) "must be served personally": left at the residence, mailed or not found is
    not service. Kept as a note of the attempt; the ticket stays on the list to serve."""
    if ticket.served:
        raise ServiceError({"": f"Ticket {ticket.number} was already served on "
                                f"{say_date(to_local(ticket.served_at))}."})
    if to_local(clean.served_at).date() < to_local(ticket.issued_at).date():
        raise ServiceError({"served_at": f"The ticket was written on {say_date(to_local(ticket.issued_at))}: "
                                         "it can't be tried before that."})
    attempt = ServiceAttempt(ticket=ticket, how=clean.served_how, attempted_at=clean.served_at,
                             note=clean.service_note, by_id=user.id)
    db.session.add(attempt)
    db.session.flush()
    record_event("ticket.service_attempted", ticket, actor=user, number=ticket.number, how=clean.served_how,
                 attempted_at=clean.served_at.isoformat())
    return ticket
