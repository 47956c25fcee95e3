"""Business days (used by §8(B)) and month ends (used by §5(A)(4))."""
from datetime import date, timedelta

import pytest

from fieldapp.law import (
    add_business_days,
    business_days_after,
    is_business_day,
    last_day_of_month,
    new_york_holidays,
    non_business_day_reason,
    public_holidays,
)


# General Construction Law §24's public holidays (as amended by ch. 249 of 2020).
@pytest.mark.parametrize("day, name", [
    (date(2026, 1, 1), "New Year's day"),
    (date(2026, 1, 19), "Dr. Martin Luther King, Jr. day"),
    (date(2026, 2, 12), "Lincoln's birthday"),
    (date(2026, 2, 16), "Washington's birthday"),
    (date(2026, 5, 25), "Memorial day"),
    (date(2026, 6, 19), "Juneteenth"),
    (date(2026, 9, 7), "Labor day"),
    (date(2026, 10, 12), "Columbus day"),
    (date(2026, 11, 3), "General election day"),
    (date(2026, 11, 11), "Veterans' day"),
    (date(2026, 11, 26), "Thanksgiving day"),
    (date(2026, 12, 25), "Christmas day"),
    (date(2027, 1, 1), "New Year's day 2027"),
    (date(2027, 7, 5), "Independence day 2027 on a Sunday: the Monday after"),
    (date(2027, 11, 2), "General election day 2027 (every year)"),
    (date(2028, 12, 25), "Christmas day 2028"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_s8B_business_days_skip_gcl_24_public_holidays(day, name):
    assert day in new_york_holidays(day.year)
    assert not is_business_day(day)


@pytest.mark.parametrize("day", [
    date(2026, 11, 27),  # day after Thanksgiving
    date(2026, 12, 24),  # Christmas Eve 2026 (Thursday)
    date(2026, 12, 31),  # New Year's Eve 2026 (Thursday)
    date(2028, 2, 15),   # Susan B. Anthony Day (Tuesday): a commemoration, not in GCL §24
    date(2026, 7, 3),    # Friday before Independence Day on a Saturday: §24 does not move it
    date(2027, 6, 18),   # Friday before Juneteenth on a Saturday
    date(2027, 12, 24),  # Friday before Christmas on a Saturday
    date(2027, 12, 31),  # Friday before New Year's Day 2028 on a Saturday
], ids=["day-after-thanksgiving", "christmas-eve-2026", "new-years-eve-2026",
        "susan-b-anthony-day", "july-3-2026", "june-18-2027", "dec-24-2027", "dec-31-2027"])
def test_s8B_days_gcl_24_does_not_list_are_business_days(day):
    assert is_business_day(day)


def test_s8B_saturday_holiday_not_moved_to_friday_unless_the_town_closes_then():
    friday = date(2026, 7, 3)  # Independence Day 2026 is a Saturday
    assert is_business_day(friday)
    assert not is_business_day(friday, closed_days={friday: "Independence Day observed"})
    assert non_business_day_reason(friday, {friday: "Independence Day observed"}) == "Independence Day observed"


def test_s8B_gcl_24_sunday_holiday_moves_to_monday():
    # Christmas 2022 was a Sunday: Monday 26 Dec is a public holiday.
    assert date(2022, 12, 26) in new_york_holidays(2022)
    assert "Sunday" in dict(public_holidays(2022))[date(2022, 12, 26)]


def test_s8B_gcl_24_list_matches_the_holidays_package_less_what_24_does_not_list():
    # The `holidays` package's New York set, without its Saturday-to-Friday "observed" days
    # and without Susan B. Anthony Day, is GCL §24's list (Sunday holidays move to Monday).
    import holidays
    for year in range(2022, 2031):
        ny = holidays.country_holidays("US", subdiv="NY", years=year, observed=False)
        theirs = {d for d, name in ny.items() if "Susan B. Anthony" not in name or ";" in name}
        ours = {d for d, _ in public_holidays(year)}
        sundays_moved = {d + timedelta(days=1) for d in theirs if d.weekday() == 6}
        assert ours == (theirs | sundays_moved), year


def test_s8B_public_holidays_lists_a_years_closed_days_to_prefill_a_town_calendar():
    days = public_holidays(2027)
    assert days == sorted(days)
    assert all(isinstance(d, date) and name for d, name in days)
    assert (date(2027, 7, 5), "Independence day (Sunday, so the Monday after)") in days
    assert (date(2027, 2, 15), "Washington's birthday") in days
    assert not any("Flag" in name or "Anthony" in name for _, name in days)
    assert {d for d, _ in days} == new_york_holidays(2027)


@pytest.mark.parametrize("day", [date(2026, 1, 10), date(2026, 1, 11)], ids=["saturday", "sunday"])
def test_s8B_weekends_are_not_business_days(day):
    assert not is_business_day(day)


def test_s8B_closed_days_are_not_business_days():
    closed = [date(2026, 3, 4)]
    assert is_business_day(date(2026, 3, 4))
    assert not is_business_day(date(2026, 3, 4), closed)


def test_s8B_town_open_days_count_listed_holidays_as_business_days():
    columbus = date(2026, 10, 12)
    assert not is_business_day(columbus)
    assert is_business_day(columbus, open_days=[columbus])
    # An opening never makes a weekend a business day, and a closure wins over an opening.
    assert not is_business_day(date(2026, 10, 10), open_days=[date(2026, 10, 10)])
    assert not is_business_day(columbus, closed_days=[columbus], open_days=[columbus])


def test_s8B_non_business_day_reason_says_why():
    assert non_business_day_reason(date(2026, 10, 10)) == "Saturday"
    assert non_business_day_reason(date(2026, 10, 11)) == "Sunday"
    assert non_business_day_reason(date(2026, 10, 12)) == "Columbus day (GCL §24)"
    assert non_business_day_reason(date(2026, 3, 4), [date(2026, 3, 4)]) == "Town office closed"
    assert non_business_day_reason(date(2026, 3, 4), {date(2026, 3, 4): "Snow day"}) == "Snow day"
    assert non_business_day_reason(date(2026, 3, 5)) is None


def test_s8B_business_days_after_reports_skipped_days():
    day, skipped = business_days_after(date(2026, 10, 9), 1, {date(2026, 10, 13): "Snow day"})
    assert day == date(2026, 10, 14)
    assert skipped == [(date(2026, 10, 10), "Saturday"), (date(2026, 10, 11), "Sunday"),
                       (date(2026, 10, 12), "Columbus day (GCL §24)"), (date(2026, 10, 13), "Snow day")]


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


def test_last_day_of_month_to_the_end_of_the_calendar():
    from fieldapp.law.calendar import last_day_of_month
    assert last_day_of_month(2028, 2) == date(2028, 2, 29) and last_day_of_month(9999, 12) == date(9999, 12, 31)
