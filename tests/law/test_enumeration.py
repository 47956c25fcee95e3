"""§5(K) the dog enumeration, as plain values: who may be marked identified unlicensed in it, the
surcharge a dog owes, and the year's account (fees collected against the Town's expenses)."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.law.enumeration import (
    EXCESS_USES,
    combined_year,
    enumeration_surcharge_owed,
    enumeration_year,
    identification_refusal,
)

OPENS, CLOSES, TODAY = date(2026, 3, 1), date(2026, 5, 31), date(2026, 4, 10)
FIVE = Decimal("5.00")


def test_s5K_identified_within_the_period_may_be_marked():
    assert identification_refusal(date(2026, 3, 1), TODAY, OPENS, CLOSES, False) is None
    assert identification_refusal(TODAY, TODAY, OPENS, None, False) is None  # open until the Board closes it


def test_s5K_identified_before_the_period_is_refused_with_the_period():
    msg = identification_refusal(date(2026, 2, 28), TODAY, OPENS, CLOSES, False)
    assert "not open on Sat 28 Feb 2026" in msg and "Sun 1 Mar 2026 to Sun 31 May 2026" in msg


def test_s5K_identified_after_the_period_closed_is_refused():
    assert identification_refusal(date(2026, 6, 1), date(2026, 6, 5), OPENS, CLOSES, False) is not None


def test_s5K_identified_after_today_is_refused():
    assert "after today" in identification_refusal(date(2026, 4, 11), TODAY, OPENS, CLOSES, False)


def test_s5K_a_dog_licensed_that_day_was_not_unlicensed():
    assert "not unlicensed" in identification_refusal(TODAY, TODAY, OPENS, CLOSES, True)


def test_s5K_surcharge_owed_is_the_resolutions_amount_when_identified_during_the_period():
    assert enumeration_surcharge_owed(FIVE, date(2026, 3, 15), OPENS, CLOSES) == FIVE
    assert enumeration_surcharge_owed(Decimal("7.50"), date(2026, 3, 15), OPENS, None) == Decimal("7.50")


def test_s5K_surcharge_owed_is_zero_when_not_identified_in_the_period():
    assert enumeration_surcharge_owed(FIVE, date(2026, 2, 15), OPENS, CLOSES) == Decimal("0.00")
    assert enumeration_surcharge_owed(FIVE, None, OPENS, CLOSES) == Decimal("0.00")


def test_s5K_surcharge_owed_once_only():
    assert enumeration_surcharge_owed(FIVE, date(2026, 3, 15), OPENS, CLOSES, already_paid=True) == Decimal("0.00")


def test_s5K_surcharge_owed_refuses_float_and_negative():
    with pytest.raises(TypeError):
        enumeration_surcharge_owed(5.0, date(2026, 3, 15), OPENS, CLOSES)
    with pytest.raises(ValueError):
        enumeration_surcharge_owed(Decimal("-1"), date(2026, 3, 15), OPENS, CLOSES)


def test_s5K_year_totals_count_only_the_years_rows():
    y = enumeration_year(2026,
                         charges=[(date(2026, 3, 2), FIVE), (date(2026, 3, 9), FIVE), (date(2025, 12, 1), FIVE)],
                         collected=[(date(2026, 3, 4), FIVE), (date(2027, 1, 2), FIVE)],
                         expenses=[(date(2026, 2, 20), Decimal("36.00")), (date(2025, 11, 1), Decimal("99.00"))])
    assert (y.identified, y.charged, y.collected, y.collected_count) == (2, Decimal("10.00"), FIVE, 1)
    assert (y.expenses, y.expenses_count, y.outstanding) == (Decimal("36.00"), 1, FIVE)
    assert y.balance == Decimal("-31.00") and y.shortfall == Decimal("31.00") and y.excess == Decimal("0.00")


def test_s5K_year_excess_of_fees_over_expenses_may_be_used_for_enforcement_spaying_and_tags():
    y = enumeration_year(2026, [(date(2026, 3, 2), FIVE)] * 10, [(date(2026, 3, 4), FIVE)] * 10,
                         [(date(2026, 3, 1), Decimal("20.00"))])
    assert y.balance == Decimal("30.00") and y.excess == Decimal("30.00") and y.shortfall == Decimal("0.00")
    assert any("spaying" in use for use in EXCESS_USES) and any("tags" in use for use in EXCESS_USES)


def test_s5K_year_totals_of_two_enumerations_add_up():
    a = enumeration_year(2026, [(date(2026, 3, 2), FIVE)], [(date(2026, 3, 2), FIVE)], [])
    b = enumeration_year(2026, [], [], [(date(2026, 9, 1), Decimal("12.25"))])
    both = combined_year([a, b], 2026)
    assert (both.identified, both.collected, both.expenses) == (1, FIVE, Decimal("12.25"))
    assert both.balance == Decimal("-7.25")


def test_s5K_year_totals_refuse_float_amounts():
    with pytest.raises(TypeError):
        enumeration_year(2026, [(date(2026, 3, 2), 5.0)], [], [])
