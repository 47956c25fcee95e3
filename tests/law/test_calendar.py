"""Business days (used by §8(B)) and month ends (used by §5(A)(4))."""
from datetime import date

import pytest

from fieldapp.law import add_business_days, is_business_day, last_day_of_month, new_york_holidays


# What the `holidays` package (installed version) actually lists for New York.
@pytest.mark.parametrize("day, name", [
    (date(2026, 1, 1), "New Year's Day"),
    (date(2026, 2, 12), "Lincoln's Birthday"),
    (date(2026, 2, 16), "Washington's Birthday"),
    (date(2026, 5, 25), "Memorial Day"),
    (date(2026, 6, 19), "Juneteenth"),
    (date(2026, 7, 3), "Independence Day (observed)"),
    (date(2026, 11, 3), "Election Day"),
    (date(2026, 11, 26), "Thanksgiving"),
    (date(2026, 12, 25), "Christmas"),
    (date(2027, 1, 1), "New Year's Day 2027"),
    (date(2027, 6, 18), "Juneteenth 2027 (observed)"),
    (date(2027, 12, 31), "New Year's Day 2028 (observed in 2027)"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_s8B_business_days_skip_new_york_holidays(day, name):
    assert day in new_york_holidays(day.year)
    assert not is_business_day(day)


@pytest.mark.parametrize("day", [
    date(2026, 11, 27),  # day after Thanksgiving is not in the package's NY list
    date(2026, 12, 24),  # Christmas Eve 2026 (Thursday)
    date(2026, 12, 31),  # New Year's Eve 2026 (Thursday)
], ids=["day-after-thanksgiving", "christmas-eve-2026", "new-years-eve-2026"])
def test_s8B_ordinary_weekdays_are_business_days(day):
    assert is_business_day(day)


@pytest.mark.parametrize("day", [date(2026, 1, 10), date(2026, 1, 11)], ids=["saturday", "sunday"])
def test_s8B_weekends_are_not_business_days(day):
    assert not is_business_day(day)


def test_s8B_closed_days_are_not_business_days():
    closed = [date(2026, 3, 4)]
    assert is_business_day(date(2026, 3, 4))
    assert not is_business_day(date(2026, 3, 4), closed)


def test_s8B_holiday_calendar_is_built_once_per_year_and_cached():
    assert new_york_holidays(2031) is new_york_holidays(2031)
    assert new_york_holidays(2031) is not new_york_holidays(2032)


@pytest.mark.parametrize("start, n, expected", [
    (date(2026, 3, 2), 0, date(2026, 3, 2)),
    (date(2026, 3, 2), 1, date(2026, 3, 3)),
    (date(2026, 3, 6), 1, date(2026, 3, 9)),   # Friday -> Monday
    (date(2026, 3, 7), 1, date(2026, 3, 9)),   # Saturday -> Monday
    (date(2026, 12, 31), 1, date(2027, 1, 4)),  # over New Year's Day 2027 and a weekend
], ids=["zero", "next-day", "friday-to-monday", "saturday-to-monday", "over-new-year"])
def test_s8B_add_business_days_excludes_start_day(start, n, expected):
    assert add_business_days(start, n) == expected


def test_s8B_add_business_days_accepts_any_iterable_of_closed_days():
    closed = (d for d in [date(2026, 3, 3), date(2026, 3, 4)])
    assert add_business_days(date(2026, 3, 2), 2, closed) == date(2026, 3, 6)


@pytest.mark.parametrize("n", [-1, 1.5, True, "2"], ids=["negative", "float", "bool", "str"])
def test_s8B_add_business_days_rejects_bad_counts(n):
    with pytest.raises(ValueError):
        add_business_days(date(2026, 3, 2), n)


@pytest.mark.parametrize("year, month, expected", [
    (2024, 2, date(2024, 2, 29)),
    (2025, 2, date(2025, 2, 28)),
    (2100, 2, date(2100, 2, 28)),
    (2000, 2, date(2000, 2, 29)),
    (2026, 4, date(2026, 4, 30)),
    (2026, 12, date(2026, 12, 31)),
], ids=["leap-feb", "plain-feb", "century-not-leap", "400-year-leap", "april", "december"])
def test_s5A4_last_day_of_month(year, month, expected):
    assert last_day_of_month(year, month) == expected
