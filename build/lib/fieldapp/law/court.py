"""§9 Appearance tickets and the Town Court (§10(B), §11), with the Criminal Procedure Law's
Article 150 that §9 relies on: the Town Court's first session a ticket may name and the latest
(CPL §150.40(1)), how a ticket is served (CPL §150.40(2)), when a violation has waited too long
for its ticket, and what the court needs before it hears or convicts.

Plain values in (the court's session weekday, notice period and the days a violation may wait
for its ticket are town settings, passed in by the caller), plain values out: no Flask, no
database.
"""
from datetime import date, timedelta

from .calendar import is_business_day
from .words import say_date

# CPL §150.40(2): "An appearance ticket ... must be served personally". The one way a ticket is
# served: handed to the person charged, the owner, the person in charge of the dog, or a minor
# owner's legal guardian or head of household (§4(I)).
SERVICE_METHODS = {
    "personal": "Handed in person to the person charged (CPL §150.40(2), §4(I))",
}
# Tries that are not service (CPL §150.40(2)): kept as notes of attempts on the ticket, which
# stays "not served yet" until it is handed to the person charged.
ATTEMPT_METHODS = {
    "residence": "Left at their residence (an attempt: not service)",
    "mail": "Mailed to the address above (an attempt: not service)",
    "not_found": "Not found at the address (an attempt)",
}
# Written at the roadside but not served yet: marked served later from the ticket's page.
NOT_SERVED_YET = "later"

# CPL §150.40(1): "in no event later than twenty days from the date of issuance".
CPL_RETURN_DAYS = 20


def _session_days(start: date, end: date, session_weekday: int, closed: frozenset):
    d = start
    while d <= end:
        if d.weekday() == session_weekday and is_business_day(d, closed):
            yield d
        d += timedelta(days=1)


def next_session(on_or_after: date, session_weekday: int, closed_days=()) -> date:
    """The Town Court's first session day on or after `on_or_after`."""
    closed = frozenset(closed_days)
    d = on_or_after
    while d.weekday() != session_weekday or not is_business_day(d, closed):
        d += timedelta(days=1)
    return d


def latest_return_date(issued_on: date, session_weekday: int, closed_days=()) -> date:
    """CPL §150.40(1): the last session day a ticket issued on `issued_on` may name: the last one
    within twenty days of issuance, or, when none falls within them, the next scheduled session."""
    closed = frozenset(closed_days)
    after = issued_on + timedelta(days=1)  # the sessions after the ticket was issued
    within = list(_session_days(after, issued_on + timedelta(days=CPL_RETURN_DAYS), session_weekday, closed))
    return within[-1] if within else next_session(after, session_weekday, closed)


def first_court_session(served_on: date, session_weekday: int, min_days_ahead: int,
                        closed_days=()) -> date:
    """§9: the appearance date on a ticket served on `served_on` is the Town Court's first
    session day (`session_weekday`, Monday = 0) at least `min_days_ahead` days later, skipping
    New York holidays and days the town is closed (``closed_days``)."""
    return next_session(served_on + timedelta(days=max(0, min_days_ahead)), session_weekday, closed_days)


def first_return_date(issued_on: date, session_weekday: int, min_days_ahead: int, closed_days=()) -> date:
    """§9 and CPL §150.40(1) "as soon as possible, but in no event later than twenty days": the
    first session the town's notice period allows (`first_court_session`), unless that passes
    the last session within twenty days of issuance: the notice period then gives way."""
    closed = frozenset(closed_days)
    d = first_court_session(issued_on, session_weekday, min_days_ahead, closed)
    return d if min_days_ahead <= 0 else min(d, latest_return_date(issued_on, session_weekday, closed))


CPL_150_40_1 = ("CPL §150.40(1): an appearance ticket is returnable as soon as possible and no later than "
                "20 days after it is issued, or at the next session of the Town Court when none falls "
                "within 20 days.")


def appearance_date_refusal(appear_on: date, earliest: date, session_weekday: int,
                            latest: date | None = None) -> str | None:
    """§9, CPL §150.40(1): None when `appear_on` may be printed on a ticket whose first possible
    session is `earliest` and last `latest` (session days); otherwise the words of the refusal."""
    if appear_on < earliest or appear_on.weekday() != session_weekday:
        return (f"The first court session you may give is {say_date(earliest)}; "
                f"the court sits on {earliest:%A}s.")
    if latest is not None and appear_on > latest:
        return f"{CPL_150_40_1} The last you may give is {say_date(latest)}."
    return None


def past_return_date_refusal(appear_on: date, received_on: date) -> str | None:
    """CPL §150.10(1): a ticket directs the person "to appear ... at a designated future time": a
    return date already past on the day the entry reached the office is refused."""
    if appear_on < received_on:
        return (f"The appearance date, {say_date(appear_on)}, had already passed when the ticket "
                f"reached the office ({say_date(received_on)}): an appearance ticket names a future day "
                "(CPL §150.10(1)). Serve a new ticket with a date ahead.")
    return None


def ticket_due_by(observed_on: date, days: int) -> date:
    """§9: the officer who observes or has knowledge of a violation "shall issue and serve an
    appearance ticket for such violation". The town gives its officers `days` (a setting) from
    the day the violation was observed; on this day a violation with no ticket is overdue."""
    return observed_on + timedelta(days=max(0, days))


def ticket_overdue(observed_on: date, today: date, days: int) -> bool:
    """§9: a violation observed on `observed_on` with no appearance ticket is on the officers'
    list "to issue and serve" from `ticket_due_by` on (the same day when `days` is 0)."""
    return today >= ticket_due_by(observed_on, days)


# --- before the Town Justice -----------------------------------------------------------------

def hearing_refusal(kind: str, summoned: bool, came_of_own_accord: bool, owner_appeared: bool) -> str | None:
    """§10(B) "he or she shall summon the alleged owner to appear in person before him or her for
    a hearing": no hearing on a complaint whose owner was not summoned, unless the owner came of
    their own accord (recorded as such); on a ticket (§9), not before it was served personally
    (CPL §150.40(2)), with the same exception. None when the hearing may be recorded."""
    if came_of_own_accord and not owner_appeared:
        return "The owner came of their own accord only if they appeared: tick that the owner appeared."
    if summoned or came_of_own_accord:
        return None
    if kind == "complaint":
        return ("§10(B): the alleged owner has not been summoned. Issue the summons first, or record that "
                "the owner came of their own accord.")
    return ("CPL §150.40(2): the ticket has not been served personally on the person charged. Serve it first, "
            "or record that they came of their own accord.")


def conviction_refusal(kind: str, summoned: bool, pleaded_guilty: bool, heard: bool) -> str | None:
    """§11 penalties are "upon conviction": there must be a case to convict on. No conviction on a
    ticket never served personally (CPL §150.40(2)) or a complaint whose owner was never summoned
    (§10(B)); none without a plea of guilty or a hearing recorded. None when it may be recorded."""
    if not summoned:
        if kind == "ticket":
            return ("§11, CPL §150.40(2): the ticket was never served personally on the person charged: "
                    "no conviction on it.")
        return "§11, §10(B): the alleged owner was never summoned: no conviction on the complaint."
    if not (pleaded_guilty or heard):
        return "§11: a conviction needs a plea of guilty or a hearing recorded on the case."
    return None
