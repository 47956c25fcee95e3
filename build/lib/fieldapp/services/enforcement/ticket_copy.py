"""The person charged's copy of an appearance ticket (§9), by email where they gave an address.

The printed copy is the ticket's page (`field/ticket.html`, whose print stylesheet fits a page
and a receipt printer's width). The email goes through the town's mail settings
(`services/notify.py`) once the ticket is committed: a mail server that is slow or down never
holds the entry's transaction, and a ticket rolled back never sends a copy. No mail setting:
nothing is sent, and the page says so. Text messages would need an SMS provider the town does
not have; the app does not send them.
"""
import logging
from datetime import time

from ...law.laws import ALL_OFFENCES as VIOLATIONS
from ...law.laws import law_of_codes, offence_cited, ticket_penalty
from ...law.words import say_date, say_datetime, say_time
from ...settings import setting_on
from ...timeutil import to_local
from ...town import current_law
from .. import notify

log = logging.getLogger(__name__)


def _when(instant) -> str:
    return say_datetime(to_local(instant)) if instant else "not recorded"


def _at(wall: str) -> str:
    """The session's time as the printed ticket says it ("6:00 pm"); a stored text that is no
    time is kept as written."""
    from ...parsing import parse_clock
    hhmm = parse_clock(wall or "")
    return say_time(time.fromisoformat(hhmm)) if hhmm else (wall or "")


def penalty_on_ticket(t) -> str:
    """What the ticket says a conviction may bring: under the law its offences are of and the town's
    election (AML §118(2)) in force on the day of the offence, never one made after."""
    return ticket_penalty(law_of_codes(t.codes, current_law()), setting_on("state_law_prosecution", t.offence_day))


def ticket_copy_text(t) -> tuple[str, str]:
    """(subject, body) of the copy: what the printed ticket says, in plain text."""
    offences = [f"- {VIOLATIONS[c].title}, {offence_cited(c)}" if c in VIOLATIONS
                else f"- {c}" for c in t.codes]
    place = t.offence_place or (f"GPS {t.offence_latitude:.5f}, {t.offence_longitude:.5f}"
                                if t.offence_latitude is not None else "not recorded")
    lines = [f"Appearance ticket no. {t.number}", "",
             f"To: {t.served_name}, {t.served_address}", "",
             "Offence:", *offences,
             f"When: {_when(t.offence_at)}",
             f"Where: {place}",
             f"Dog: {(t.dog.name + ' - ') if t.dog else ''}{t.dog_description}", "",
             f"You must appear in person at the {t.court_name}, {t.court_address},",
             f"on {say_date(t.appear_on)} at {_at(t.appear_time)}.", "",
             penalty_on_ticket(t), "",
             f"Issued by {t.officer_name}{(', badge ' + t.officer_badge) if t.officer_badge else ''}."]
    return f"Appearance ticket {t.number}: {t.court_name}", "\n".join(lines)


def email_copy_after_commit(t, user) -> bool:
    """Send the copy to `t.served_email` once the ticket's transaction commits (never for a ticket
    rolled back; a mail server down is logged, and the officer prints it or hands it over as
    always). False when the town has no mail set up (nothing is sent)."""
    if not t.served_email or not notify.mail_configured():
        return False
    subject, body = ticket_copy_text(t)
    notify.mail_after_commit(t.served_email, subject, body, what=f"the copy of ticket {t.number}")
    return True
