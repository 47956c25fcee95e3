"""Calendar helpers for the law core: business days and month ends.

Business days (used by §8(B)) are Monday to Friday, except New York public
holidays as listed by the `holidays` package
(``holidays.country_holidays("US", subdiv="NY")``) and any extra days the
town says its office is closed (``closed_days``).

Note: the package's New York list includes Lincoln's Birthday (12 Feb),
Susan B. Anthony Day (15 Feb) and Election Day as well as the federal
holidays, and it adds "observed" days when a holiday falls on a weekend.
We use the package's list as it is; a town that stays open on one of those
days has no way to say so here, so tell us if that is needed.
"""
from datetime import date, timedelta
from functools import lru_cache

import holidays

SATURDAY = 5  # date.weekday(): Monday is 0


@lru_cache(maxsize=None)
def new_york_holidays(year: int) -> frozenset:
    """New York public holidays falling in ``year``, built once per year and cached."""
    return frozenset(holidays.country_holidays("US", subdiv="NY", years=year).keys())


def is_business_day(d: date, closed_days=()) -> bool:
    """True on Monday to Friday, unless a New York holiday or one of ``closed_days``."""
    if d.weekday() >= SATURDAY:
        return False
    if d in new_york_holidays(d.year):
        return False
    return d not in closed_days


def add_business_days(start: date, n: int, closed_days=()) -> date:
    """The ``n``-th business day after ``start``, not counting ``start`` itself.

    ``n == 0`` gives ``start`` back. ``closed_days`` is any iterable of dates.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"Number of business days must be a whole number 0 or more, not {n!r}.")
    closed = frozenset(closed_days)
    day = start
    counted = 0
    while counted < n:
        day += timedelta(days=1)
        if is_business_day(day, closed):
            counted += 1
    return day


def last_day_of_month(year: int, month: int) -> date:
    """The last calendar day of the given month (29 Feb in leap years)."""
    first_of_next_month = (date(year, month, 28) + timedelta(days=4)).replace(day=1)
    return first_of_next_month - timedelta(days=1)
