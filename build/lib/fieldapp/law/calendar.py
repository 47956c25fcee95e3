"""Calendar helpers for the law core: business days and month ends.

Business days (used by §8(B)) are Monday to Friday, except:

- New York's public holidays as General Construction Law §24 lists them
  (``public_holidays``), and
- the days the town says its office is closed (``closed_days``, e.g. a snow day or a
  day appointed by the Governor), unless
- the town stays open on a listed holiday (``open_days``).

GCL §24 (as amended by ch. 249 of 2020): New Year's day (1 Jan), Dr. Martin Luther
King, Jr. day (third Monday of January), Lincoln's birthday (12 Feb), Washington's
birthday (third Monday in February), Memorial day (last Monday in May), Flag day
(second Sunday in June), Juneteenth (19 Jun), Independence day (4 Jul), Labor day
(first Monday in September), Columbus day (second Monday in October), Veterans' day
(11 Nov), Thanksgiving day (fourth Thursday in November), Christmas day (25 Dec),
"and if any of such days except Flag day is Sunday, the next day thereafter; each
general election day" (the Tuesday after the first Monday in November: New York holds
a general election every year, Election Law §8-100), and each day appointed by the
President or the Governor (not knowable in advance: the town adds it as a closure).

What GCL §24 does not list is not a holiday here, although the ``holidays`` package's
New York set has it: Susan B. Anthony Day (15 Feb, a commemoration), and a Friday
"observed" day for a holiday that falls on a Saturday (§24 moves only a Sunday holiday,
to the Monday). A town that closes on such a Friday lists it in ``closed_days``.
Flag day is always a Sunday and is never moved, so it never takes a business day.
"""
from calendar import monthrange
from collections.abc import Mapping
from datetime import date, timedelta
from functools import cache

SATURDAY = 5  # date.weekday(): Monday is 0
SUNDAY = 6
MONDAY, TUESDAY, THURSDAY = 0, 1, 3
GCL_24 = "GCL §24"
TOWN_CLOSED = "Town office closed"


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The ``n``-th ``weekday`` of the month (n=1 the first)."""
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def _last_weekday(year: int, month: int, weekday: int) -> date:
    last = last_day_of_month(year, month)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _gcl24_days(year: int) -> list[tuple[date, str]]:
    """GCL §24's named days of ``year`` (Flag day left out: always a Sunday, never moved)."""
    return [
        (date(year, 1, 1), "New Year's day"),
        (_nth_weekday(year, 1, MONDAY, 3), "Dr. Martin Luther King, Jr. day"),
        (date(year, 2, 12), "Lincoln's birthday"),
        (_nth_weekday(year, 2, MONDAY, 3), "Washington's birthday"),
        (_last_weekday(year, 5, MONDAY), "Memorial day"),
        (date(year, 6, 19), "Juneteenth"),
        (date(year, 7, 4), "Independence day"),
        (_nth_weekday(year, 9, MONDAY, 1), "Labor day"),
        (_nth_weekday(year, 10, MONDAY, 2), "Columbus day"),
        (date(year, 11, 11), "Veterans' day"),
        (_nth_weekday(year, 11, THURSDAY, 4), "Thanksgiving day"),
        (date(year, 12, 25), "Christmas day"),
    ]


@cache
def _public_holidays(year: int) -> tuple[tuple[date, str], ...]:
    days: dict[date, str] = {}
    for day, name in _gcl24_days(year):
        if day.weekday() == SUNDAY:
            # GCL §24: "if any of such days except Flag day is Sunday, the next day thereafter".
            days[day + timedelta(days=1)] = f"{name} (Sunday, so the Monday after)"
        days.setdefault(day, name)
    # GCL §24: "each general election day": Tuesday after the first Monday in November.
    election = _nth_weekday(year, 11, MONDAY, 1) + timedelta(days=1)
    days[election] = "General election day"
    return tuple(sorted(days.items()))


def public_holidays(year: int) -> list[tuple[date, str]]:
    """GCL §24: New York's public holidays of ``year`` as (date, name), in date order,
    a Sunday holiday also giving its Monday; to pre-fill the town's calendar.

    Weekend days are included as the law names them (a Saturday holiday is not moved to
    the Friday); Flag day (always the second Sunday in June) is left out.
    """
    return list(_public_holidays(year))


@cache
def new_york_holidays(year: int) -> frozenset:
    """The dates of GCL §24's public holidays falling in ``year``, built once per year and cached."""
    return frozenset(day for day, _ in _public_holidays(year))


def _closures(closed_days) -> dict[date, str]:
    """The town's closures as {date: reason}: a mapping is taken as it is, any other iterable
    of dates gets the reason "Town office closed"."""
    if isinstance(closed_days, Mapping):
        return {d: (str(reason) if reason else TOWN_CLOSED) for d, reason in closed_days.items()}
    return {d: TOWN_CLOSED for d in closed_days}


def non_business_day_reason(d: date, closed_days=(), open_days=()) -> str | None:
    """Why ``d`` is not a business day (§8(B)), in words; None when it is one.

    ``closed_days``: dates (or {date: reason}) the town's office is closed; a closure wins.
    ``open_days``: GCL §24 holidays on which the town stays open (they count as business
    days). A weekend day is never a business day, whatever the lists say.
    """
    if d.weekday() == SATURDAY:
        return "Saturday"
    if d.weekday() == SUNDAY:
        return "Sunday"
    closures = _closures(closed_days)
    if d in closures:
        return closures[d]
    if d in new_york_holidays(d.year) and d not in open_days:
        return f"{dict(_public_holidays(d.year))[d]} ({GCL_24})"
    return None


def is_business_day(d: date, closed_days=(), open_days=()) -> bool:
    """True on Monday to Friday, unless a GCL §24 public holiday (and the town is not open on
    it, ``open_days``) or one of the town's ``closed_days``."""
    return non_business_day_reason(d, closed_days, open_days) is None


def business_days_after(start: date, n: int, closed_days=(), open_days=()) -> tuple[date, list]:
    """The ``n``-th business day after ``start`` (not counting ``start``), and the days
    skipped on the way as [(date, reason)]."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"Number of business days must be a whole number 0 or more, not {n!r}.")
    closures = _closures(closed_days)
    opened = frozenset(open_days)
    day, counted, skipped = start, 0, []
    while counted < n:
        day += timedelta(days=1)
        reason = non_business_day_reason(day, closures, opened)
        if reason is None:
            counted += 1
        else:
            skipped.append((day, reason))
    return day, skipped


def add_business_days(start: date, n: int, closed_days=(), open_days=()) -> date:
    """The ``n``-th business day after ``start``, not counting ``start`` itself.

    ``n == 0`` gives ``start`` back. ``closed_days`` is any iterable of dates (or a
    {date: reason} mapping); ``open_days`` the listed holidays the town stays open.
    """
    return business_days_after(start, n, closed_days, open_days)[0]


def last_day_of_month(year: int, month: int) -> date:
    """The last calendar day of the given month (29 Feb in leap years); December 9999 too (a typed
    year 9999 must get an answer, not an overflow)."""
    return date(year, month, monthrange(year, month)[1])
