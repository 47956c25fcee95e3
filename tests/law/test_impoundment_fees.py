"""§8(C) impoundment fees as plain values: the Town Board's fee by this dog's impoundments in
twelve months (§8(C)(1)), boarding per day held (§8(C)(1)), the dangerous dog's $30 for each
further 24-hour period or part (§8(C)(2)); each line typed by the kind of its Payment line."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.law.impoundment import (
    IMPOUNDMENT_FEE_KINDS,
    ImpoundmentFeeLine,
    days_held,
    impoundment_fees,
    impoundments_in_twelve_months,
)

BOARD = {"fee_first": Decimal("20.00"), "fee_second": Decimal("40.00"),
         "fee_third_and_later": Decimal("75.00"), "boarding_per_day": Decimal("10.00")}


def fees(number=1, days=1, hours=10, dangerous=False, **board):
    return impoundment_fees(number, days, hours, dangerous, **{**BOARD, **board})


@pytest.mark.parametrize("number, fee", [(1, "20.00"), (2, "40.00"), (3, "75.00"), (4, "75.00"), (9, "75.00")])
def test_s8C1_impoundment_fee_rises_with_the_dogs_impoundments_in_twelve_months(number, fee):
    impound = [ln for ln in fees(number).lines if ln.kind == "impound"]
    assert [ln.amount for ln in impound] == [Decimal(fee)]
    assert impound[0].section == "§8(C)(1)"


def test_s8C1_repeat_count_comes_from_the_impoundments_of_the_last_twelve_months():
    seized = date(2026, 10, 19)
    earlier = [date(2025, 10, 19), date(2026, 3, 1), date(2026, 8, 2)]  # a year ago to the day: not counted
    number = impoundments_in_twelve_months(seized, earlier)
    assert number == 3
    assert fees(number).by_kind()["impound"] == Decimal("75.00")
    assert fees(impoundments_in_twelve_months(seized, [])).by_kind()["impound"] == Decimal("20.00")


@pytest.mark.parametrize("until, days", [(date(2026, 10, 19), 1), (date(2026, 10, 20), 1),
                                         (date(2026, 10, 21), 2), (date(2026, 10, 30), 11)])
def test_s8C1_boarding_per_day_held_counts_from_the_day_impounded_at_least_one(until, days):
    assert days_held(date(2026, 10, 19), until) == days
    boarding = fees(days=days).by_kind()["boarding"]
    assert boarding == Decimal("10.00") * days


def test_s8C1_boarding_fee_of_zero_adds_no_line():
    assert [ln.kind for ln in fees(days=5, boarding_per_day=Decimal("0")).lines] == ["impound"]


def test_s8C1_days_held_refuses_an_end_before_the_seizure():
    with pytest.raises(ValueError):
        days_held(date(2026, 10, 19), date(2026, 10, 18))


@pytest.mark.parametrize("hours, extra", [(10, "0"), (24, "0"), (24.5, "30.00"), (48, "30.00"),
                                          (48.5, "60.00"), (96, "90.00"), (100, "120.00")])
def test_s8C2_dangerous_dog_fee_over_days_is_30_for_each_further_24_hours_or_part(hours, extra):
    got = fees(days=5, hours=hours, dangerous=True).by_kind().get("dangerous_dog", Decimal("0"))
    assert got == Decimal(extra)
    line = [ln for ln in fees(days=5, hours=hours, dangerous=True).lines if ln.kind == "dangerous_dog"]
    assert all(ln.section == "§8(C)(2)" for ln in line)


def test_s8C2_a_dog_not_held_as_dangerous_pays_no_dangerous_dog_fee():
    assert "dangerous_dog" not in fees(days=5, hours=120, dangerous=False).by_kind()


def test_s8C_total_adds_the_typed_lines():
    got = fees(number=2, days=3, hours=60, dangerous=True)
    assert [ln.kind for ln in got.lines] == ["impound", "boarding", "dangerous_dog"]
    assert got.total == Decimal("40.00") + Decimal("30.00") + Decimal("60.00")
    assert all(ln.kind in IMPOUNDMENT_FEE_KINDS for ln in got.lines)


def test_s8C_fee_lines_carry_a_known_kind():
    with pytest.raises(ValueError):
        ImpoundmentFeeLine("license_fee", "x", Decimal("1"), "§8(C)")
    with pytest.raises(ValueError):
        fees(number=0)
