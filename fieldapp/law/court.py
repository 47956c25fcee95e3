"""§9 Appearance tickets: the Town Court's first session a ticket may name.

Plain values in (the court's session weekday and notice period are town settings, passed in by
the caller), a date out: no Flask, no database.
"""
from datetime import date, timedelta

from .calendar import is_business_day


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
