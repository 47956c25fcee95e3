"""§8 Seizure, impoundment, redemption."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.law import (
    HoldingPeriod,
    OwnerKnown,
    dangerous_dog_extra_fee,
    holding_period,
    owner_known,
    redemption_deadline,
)


@pytest.mark.parametrize("impounded_on, owner_known, expected", [
    # Plain week: Mon 2 Mar 2026 -> 5 business days later.
    (date(2026, 3, 2), False, date(2026, 3, 9)),
    (date(2026, 3, 2), True, date(2026, 3, 13)),
    # Impounded Friday: the weekend doesn't count; 9 days runs over MLK Day (19 Jan).
    (date(2026, 1, 9), False, date(2026, 1, 16)),
    (date(2026, 1, 9), True, date(2026, 1, 23)),
    # Impounded on a Saturday.
    (date(2026, 1, 10), False, date(2026, 1, 16)),
    # Day before Thanksgiving (Wed 25 Nov 2026): Thursday 26 Nov skipped, Friday 27 counts.
    (date(2026, 11, 25), False, date(2026, 12, 3)),
    (date(2026, 11, 25), True, date(2026, 12, 9)),
    # Impounded on Thanksgiving itself.
    (date(2026, 11, 26), False, date(2026, 12, 3)),
    # Christmas Eve 2026 into 2027: Christmas and New Year's Day 2027 skipped.
    (date(2026, 12, 24), False, date(2027, 1, 4)),
    (date(2026, 12, 24), True, date(2027, 1, 8)),
    # Year boundary: impounded 28 Dec 2026, 2027's holidays (1 Jan) must be used.
    (date(2026, 12, 28), False, date(2027, 1, 5)),
    # Memorial Day (Mon 25 May 2026).
    (date(2026, 5, 22), False, date(2026, 6, 1)),
    # Juneteenth (Fri 19 Jun 2026).
    (date(2026, 6, 15), False, date(2026, 6, 23)),
    # Lincoln's Birthday (Thu 12 Feb 2026) and Washington's Birthday (Mon 16 Feb 2026).
    (date(2026, 2, 9), False, date(2026, 2, 18)),
    # Election Day (Tue 3 Nov 2026) is in the package's NY list.
    (date(2026, 11, 2), False, date(2026, 11, 10)),
], ids=[
    "plain-week", "plain-week-owner-known",
    "friday", "friday-owner-known-over-mlk-day",
    "saturday",
    "day-before-thanksgiving", "day-before-thanksgiving-owner-known",
    "on-thanksgiving",
    "christmas-eve-into-2027", "christmas-eve-into-2027-owner-known",
    "dec-28-uses-2027-holidays",
    "memorial-day", "juneteenth", "lincoln-and-washington-birthdays", "election-day",
])
def test_s8B_redemption_deadline_skips_weekends_and_holidays(impounded_on, owner_known, expected):
    assert redemption_deadline(impounded_on, owner_known) == expected


def test_s8B_redemption_deadline_is_five_business_days_owner_unknown():
    # Mon 2 Mar 2026: Tue 3 .. Mon 9 is five business days, the impound day not counted.
    assert redemption_deadline(date(2026, 3, 2), owner_known=False) == date(2026, 3, 9)


def test_s8B_redemption_deadline_is_nine_business_days_owner_known():
    assert redemption_deadline(date(2026, 3, 2), owner_known=True) == date(2026, 3, 13)


def test_s8B_redemption_deadline_skips_town_closed_days():
    closed = [date(2026, 3, 4)]
    assert redemption_deadline(date(2026, 3, 2), False, closed_days=closed) == date(2026, 3, 10)


def test_s8B_redemption_deadline_closed_days_as_set_and_generator():
    closed = {date(2026, 3, 9), date(2026, 3, 10)}
    assert redemption_deadline(date(2026, 3, 2), False, closed) == date(2026, 3, 11)
    assert redemption_deadline(date(2026, 3, 2), False, (d for d in closed)) == date(2026, 3, 11)


@pytest.mark.parametrize("hours, fee", [
    (0, "0.00"),
    (12, "0.00"),
    (24, "0.00"),
    (24.01, "30.00"),
    (48, "30.00"),
    (48.5, "60.00"),
    (72, "60.00"),
    (72.01, "90.00"),
    (Decimal("96"), "90.00"),
], ids=["0h", "12h", "24h", "24.01h", "48h", "48.5h", "72h", "72.01h", "96h-decimal"])
def test_s8C2_dangerous_dog_extra_fee_per_24h_or_part_after_first_day(hours, fee):
    result = dangerous_dog_extra_fee(hours)
    assert isinstance(result, Decimal)
    assert result == Decimal(fee)


@pytest.mark.parametrize("hours", [-1, -0.01, float("nan"), float("inf"), True, "30"],
                         ids=["negative", "slightly-negative", "nan", "inf", "bool", "str"])
def test_s8C2_dangerous_dog_extra_fee_rejects_bad_hours(hours):
    with pytest.raises(ValueError):
        dangerous_dog_extra_fee(hours)


# --- §8(B) holding period with the town's calendar -------------------------

def test_s8B_holding_period_reports_the_days_it_skipped_and_why():
    period = holding_period(date(2026, 11, 25), owner_known=False)
    assert isinstance(period, HoldingPeriod)
    assert period.deadline == date(2026, 12, 3) == redemption_deadline(date(2026, 11, 25), False)
    assert period.business_days == 5
    assert period.skipped == ((date(2026, 11, 26), "Thanksgiving day (GCL §24)"),
                              (date(2026, 11, 28), "Saturday"), (date(2026, 11, 29), "Sunday"))


def test_s8B_holding_period_town_closure_with_its_reason():
    snow = date(2026, 3, 4)
    period = holding_period(date(2026, 3, 2), False, closed_days={snow: "Snow day"})
    assert period.deadline == date(2026, 3, 10)
    assert (snow, "Snow day") in period.skipped


def test_s8B_holding_period_town_open_on_a_listed_holiday_counts_it():
    columbus = date(2026, 10, 12)  # Monday
    assert redemption_deadline(date(2026, 10, 9), False) == date(2026, 10, 19)
    period = holding_period(date(2026, 10, 9), False, open_days=[columbus])
    assert period.deadline == date(2026, 10, 16)
    assert columbus not in [d for d, _ in period.skipped]


def test_s8B_saturday_holiday_does_not_take_the_friday_from_the_holding_period():
    # Independence Day 2026 is a Saturday; Friday 3 Jul is a business day unless the town closes.
    assert redemption_deadline(date(2026, 6, 29), False) == date(2026, 7, 6)
    assert redemption_deadline(date(2026, 6, 29), False, [date(2026, 7, 3)]) == date(2026, 7, 7)


def test_s8B_susan_b_anthony_day_is_not_skipped():
    # Tue 15 Feb 2028 is not a GCL §24 public holiday.
    period = holding_period(date(2028, 2, 14), False)
    assert date(2028, 2, 15) not in [d for d, _ in period.skipped]
    assert period.deadline == date(2028, 2, 22)  # Mon 21 Feb 2028 is Washington's birthday


# --- §8(B) owner known, from the record -----------------------------------

@pytest.mark.parametrize("license_on_file, tag_on_file, named, known", [
    (True, False, "", True),
    (False, True, "", True),
    (False, False, "Pat Doe", True),
    (True, True, "Pat Doe", True),
    (False, False, "", False),
    (False, False, "   ", False),
], ids=["license", "tag", "named-by-officer", "all", "nothing", "blank-name"])
def test_s8B_owner_known_from_a_license_or_tag_on_file_or_named_by_the_officer(
        license_on_file, tag_on_file, named, known):
    result = owner_known(license_on_file=license_on_file, tag_on_file=tag_on_file,
                         owner_named_by_officer=named)
    assert isinstance(result, OwnerKnown)
    assert bool(result) is known and result.known is known
    assert "§8(B)" in result.reason


def test_s8B_owner_known_says_why():
    assert "the dog's tag is on file" in owner_known(tag_on_file=True).reason
    assert "Pat Doe" in owner_known(owner_named_by_officer="Pat Doe").reason
    assert owner_known().reason.startswith("Owner not known")


def test_s8B_known_owner_from_the_record_gives_nine_business_days():
    known = owner_known(license_on_file=True)
    assert redemption_deadline(date(2026, 3, 2), bool(known)) == date(2026, 3, 13)


def test_s8E_adoption_and_euthanasia_only_after_the_redemption_deadline():
    from fieldapp.law import impoundment_end_refusal
    deadline = date(2026, 10, 26)
    assert "Tue 27 Oct 2026" in impoundment_end_refusal("adopted", deadline, deadline)
    assert impoundment_end_refusal("euthanized", date(2026, 10, 20), deadline)
    assert impoundment_end_refusal("adopted", date(2026, 10, 27), deadline) is None
    assert impoundment_end_refusal("redeemed", date(2026, 10, 20), deadline) is None
    assert impoundment_end_refusal("redeemed", date(2026, 10, 20), deadline, status="adopted")


def test_s8B_owner_of_record_makes_the_owner_known():
    from fieldapp.law import owner_known
    known = owner_known(owner_of_record="Pat Doe")
    assert known and "owner of record is Pat Doe" in known.reason
