"""A fee "set from time to time by resolution of the Town Board" (§5(D), §5(G)(2), §5(K),
§8(C)(1)) applies from its date, never back: each day is priced at the fee in force that day.

A schedule is the setting's dated values in the order they were recorded: ((effective_on, value),
...). The value in force on a day is the last one recorded whose date is on or before that day
(two changes with the same date: the later one recorded). Pure: no Flask, no database."""
from collections.abc import Iterable
from datetime import date, timedelta

SINCE_EVER = date(1900, 1, 1)  # the value a setting had before its first dated change


def value_on(schedule: Iterable[tuple[date, object]], day: date, default=None):
    """The value in force on ``day``; ``default`` before the first dated value."""
    found, found_on = default, None
    for effective_on, value in schedule:
        if effective_on <= day and (found_on is None or effective_on >= found_on):
            found, found_on = value, effective_on
    return found


def daily_rates(schedule, first_day: date, days: int, default) -> tuple[tuple[object, int], ...]:
    """§8(C)(1) boarding "for each day held": the fee in force on each of ``days`` days from
    ``first_day``, as (rate, number of days) runs in order, e.g. ((5.00, 3), (7.50, 1))."""
    if days < 0:
        raise ValueError("Days must be 0 or more.")
    schedule = tuple(schedule)
    runs: list[list] = []
    for i in range(days):
        rate = value_on(schedule, first_day + timedelta(days=i), default)
        if runs and runs[-1][0] == rate:
            runs[-1][1] += 1
        else:
            runs.append([rate, 1])
    return tuple((rate, count) for rate, count in runs)
