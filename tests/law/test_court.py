"""§9 appearance tickets: the first Town Court session a ticket may name, how a ticket is served,
and when a violation has waited too long for its ticket."""
from datetime import date

import pytest

from fieldapp.law.court import (
    ATTEMPT_METHODS,
    SERVICE_METHODS,
    appearance_date_refusal,
    conviction_refusal,
    first_court_session,
    first_return_date,
    hearing_refusal,
    latest_return_date,
    past_return_date_refusal,
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
    assert "Wed 1 Jul 2026" in appearance_date_refusal(date(2026, 6, 24), earliest, WEDNESDAY)
    assert "Wednesdays" in appearance_date_refusal(date(2026, 7, 2), earliest, WEDNESDAY)


def test_CPL150_40_2_served_personally_the_one_service_mail_and_residence_are_attempts():
    """CPL §150.40(2): "An appearance ticket ... must be served personally"."""
    assert set(SERVICE_METHODS) == {"personal"}
    assert "§4(I)" in SERVICE_METHODS["personal"] and "CPL §150.40(2)" in SERVICE_METHODS["personal"]
    assert {"residence", "mail"} <= set(ATTEMPT_METHODS) and not set(ATTEMPT_METHODS) & set(SERVICE_METHODS)
    assert all("attempt" in label for label in ATTEMPT_METHODS.values())


# --- CPL §150.40(1): where and when returnable ----------------------------------------------------

@pytest.mark.parametrize("issued_on, closed, latest", [
    # Issued Wed 24 Jun 2026: sessions 1, 8 and 15 Jul; 14 Jul is the twentieth day -> 8 Jul.
    (date(2026, 6, 24), (), date(2026, 7, 8)),
    # Issued Thu 25 Jun 2026: the twentieth day is Wed 15 Jul, a session.
    (date(2026, 6, 25), (), date(2026, 7, 15)),
    # No session within twenty days (the court closed for three weeks): the next session.
    (date(2026, 6, 24), (date(2026, 7, 1), date(2026, 7, 8)), date(2026, 7, 15)),
    (date(2026, 6, 24), (date(2026, 7, 1), date(2026, 7, 8), date(2026, 7, 15)), date(2026, 7, 22)),
])
def test_CPL150_40_1_latest_return_date_within_twenty_days_or_the_next_session(issued_on, closed, latest):
    """CPL §150.40(1): "returnable at a date as soon as possible, but in no event later than twenty
    days from the date of issuance; or at the next scheduled session ... if such session is
    scheduled to occur more than twenty days from the date of issuance"."""
    assert latest_return_date(issued_on, WEDNESDAY, closed) == latest


def test_CPL150_40_1_a_notice_period_past_twenty_days_gives_way():
    """The town's notice period (§9, a setting) never pushes the return date past CPL §150.40(1)."""
    assert first_court_session(date(2026, 6, 24), WEDNESDAY, 25) == date(2026, 7, 22)
    assert first_return_date(date(2026, 6, 24), WEDNESDAY, 25) == date(2026, 7, 8)
    assert first_return_date(date(2026, 6, 24), WEDNESDAY, 7) == date(2026, 7, 1)


def test_CPL150_40_1_a_later_date_is_refused_with_the_rule():
    earliest, latest = date(2026, 7, 1), date(2026, 7, 8)
    assert appearance_date_refusal(date(2026, 7, 8), earliest, WEDNESDAY, latest) is None
    refusal = appearance_date_refusal(date(2026, 7, 15), earliest, WEDNESDAY, latest)
    assert refusal.startswith("CPL §150.40(1): an appearance ticket is returnable as soon as possible and no "
                              "later than 20 days after it is issued, or at the next session of the Town Court "
                              "when none falls within 20 days.")
    assert "Wed 8 Jul 2026" in refusal


def test_CPL150_10_1_a_return_date_already_past_when_the_entry_reached_the_office_is_refused():
    """CPL §150.10(1): a ticket directs the person "to appear ... at a designated future time"."""
    assert past_return_date_refusal(date(2026, 7, 1), date(2026, 7, 1)) is None  # the session is tonight
    refusal = past_return_date_refusal(date(2026, 7, 1), date(2026, 7, 2))
    assert "Wed 1 Jul 2026" in refusal and "had already passed" in refusal


# --- §10(B), §11: before the Town Justice ---------------------------------------------------------

def test_s10B_no_hearing_on_a_complaint_whose_owner_was_not_summoned():
    """§10(B): "he or she shall summon the alleged owner to appear in person before him or her for
    a hearing"."""
    assert "§10(B)" in hearing_refusal("complaint", summoned=False, came_of_own_accord=False, owner_appeared=True)
    assert hearing_refusal("complaint", summoned=True, came_of_own_accord=False, owner_appeared=False) is None
    assert hearing_refusal("complaint", summoned=False, came_of_own_accord=True, owner_appeared=True) is None
    assert "appeared" in hearing_refusal("complaint", summoned=False, came_of_own_accord=True,
                                         owner_appeared=False)
    assert "CPL §150.40(2)" in hearing_refusal("ticket", summoned=False, came_of_own_accord=False,
                                               owner_appeared=True)


def test_s11_conviction_needs_a_served_ticket_and_a_plea_or_hearing():
    """§11: penalties "upon conviction"; a ticket "must be served personally" (CPL §150.40(2))."""
    assert "never served" in conviction_refusal("ticket", summoned=False, pleaded_guilty=True, heard=True)
    assert "never summoned" in conviction_refusal("complaint", summoned=False, pleaded_guilty=True, heard=True)
    assert "plea of guilty or a hearing" in conviction_refusal("ticket", summoned=True, pleaded_guilty=False,
                                                               heard=False)
    assert conviction_refusal("ticket", summoned=True, pleaded_guilty=True, heard=False) is None
    assert conviction_refusal("complaint", summoned=True, pleaded_guilty=False, heard=True) is None
