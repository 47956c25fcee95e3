"""§9 appearance tickets: the first Town Court session a ticket may name."""
from datetime import date

import pytest

from fieldapp.law.court import first_court_session

WEDNESDAY = 2


@pytest.mark.parametrize("served_on, closed, expected", [
    # Served Wed 24 Jun 2026: +7 = Wed 1 Jul, a session day.
    (date(2026, 6, 24), (), date(2026, 7, 1)),
    # Served Thu 25 Jun 2026: +7 = Thu 2 Jul; the next Wednesday is 8 Jul.
    (date(2026, 6, 25), (), date(2026, 7, 8)),
    # Served Wed 18 Dec 2024: Wed 25 Dec is Christmas, Wed 1 Jan New Year's Day -> 8 Jan.
    (date(2024, 12, 18), (), date(2025, 1, 8)),
    # A day the town is closed is not a session day either.
    (date(2026, 6, 24), (date(2026, 7, 1),), date(2026, 7, 8)),
])
def test_s9_first_court_session_at_least_the_notice_period_ahead_on_a_business_day(served_on, closed, expected):
    assert first_court_session(served_on, WEDNESDAY, 7, closed) == expected


def test_s9_first_court_session_with_no_notice_period_may_be_the_day_served():
    assert first_court_session(date(2026, 6, 24), WEDNESDAY, 0) == date(2026, 6, 24)
