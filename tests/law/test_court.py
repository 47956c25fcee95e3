"""§9 appearance tickets: the first Town Court session a ticket may name, how a ticket is served,
and when a violation has waited too long for its ticket."""
from datetime import date

import pytest

from fieldapp.law.court import (
    SERVICE_METHODS,
    appearance_date_refusal,
    first_court_session,
    ticket_due_by,
    ticket_overdue,
)

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


# --- §9 "shall issue and serve": how long a violation may wait for its ticket -----------------

@pytest.mark.parametrize("observed_on, today, days, overdue", [
    (date(2026, 12, 1), date(2026, 12, 3), 3, False),  # two days: still within the three
    (date(2026, 11, 30), date(2026, 12, 3), 3, True),  # the third day after: listed
    (date(2026, 11, 1), date(2026, 12, 3), 3, True),
    (date(2026, 12, 3), date(2026, 12, 3), 0, True),  # 0: from the day it is recorded
    (date(2026, 12, 31), date(2027, 1, 2), 2, True),  # across the new year, calendar days
])
def test_s9_violation_without_ticket_is_overdue_after_the_towns_days(observed_on, today, days, overdue):
    assert ticket_overdue(observed_on, today, days) is overdue


def test_s9_ticket_due_by_counts_calendar_days_and_never_before_the_day_observed():
    assert ticket_due_by(date(2026, 11, 26), 3) == date(2026, 11, 29)  # over Thanksgiving: calendar days
    assert ticket_due_by(date(2026, 11, 26), -2) == date(2026, 11, 26)


def test_s9_appearance_date_must_be_a_session_day_not_before_the_first_allowed():
    earliest = date(2026, 7, 1)  # a Wednesday
    assert appearance_date_refusal(date(2026, 7, 1), earliest, WEDNESDAY) is None
    assert appearance_date_refusal(date(2026, 7, 8), earliest, WEDNESDAY) is None
    assert "Wednesday 1 July 2026" in appearance_date_refusal(date(2026, 6, 24), earliest, WEDNESDAY)
    assert "Wednesdays" in appearance_date_refusal(date(2026, 7, 2), earliest, WEDNESDAY)


def test_s9_s4I_service_methods_name_personal_delivery_residence_and_mail():
    assert set(SERVICE_METHODS) == {"personal", "residence", "mail"}
    assert "§4(I)" in SERVICE_METHODS["personal"]
