"""§9 Appearance tickets: the Town Court's first session a ticket may name, how a ticket is
served, and when a violation has waited too long for its ticket.

Plain values in (the court's session weekday, notice period and the days a violation may wait
for its ticket are town settings, passed in by the caller), plain values out: no Flask, no
database.
"""
from datetime import date, timedelta

from .calendar import is_business_day

# §9 "shall issue and serve an appearance ticket": how the ticket reached the person served, who
# is the owner, the person in charge of the dog, or a minor owner's legal guardian or head of
# household (§4(I)).
SERVICE_METHODS = {
    "personal": "Handed in person to the person served (§4(I))",
    "residence": "Left at their residence",
    "mail": "Sent by mail to the address above",
}
# Written at the roadside but not served yet: marked served later from the ticket's page.
NOT_SERVED_YET = "later"


def first_court_session(served_on: date, session_weekday: int, min_days_ahead: int,
                        closed_days=()) -> date:
    """§9: the appearance date on a ticket served on `served_on` is the Town Court's first
    session day (`session_weekday`, Monday = 0) at least `min_days_ahead` days later, skipping
    New York holidays and days the town is closed (``closed_days``)."""
    closed = frozenset(closed_days)
    d = served_on + timedelta(days=min_days_ahead)
    while d.weekday() != session_weekday or not is_business_day(d, closed):
        d += timedelta(days=1)
    return d


def appearance_date_refusal(appear_on: date, earliest: date, session_weekday: int) -> str | None:
    """§9: None when `appear_on` may be printed on a ticket whose first possible session is
    `earliest` (a session day, not before it); otherwise the words of the refusal."""
    if appear_on < earliest or appear_on.weekday() != session_weekday:
        return (f"The first court session you may give is {earliest:%A %-d %B %Y}; "
                f"the court sits on {earliest:%A}s.")
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
