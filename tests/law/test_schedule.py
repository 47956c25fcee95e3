"""A fee set by resolution of the Town Board applies from its date, never back (§5(D), §5(G)(2),
§5(K), §8(C)(1)): the value in force on a day, and boarding priced day by day."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.law.impoundment import impoundment_fees
from fieldapp.law.schedule import SINCE_EVER, daily_rates, value_on

FIVE, SEVEN_FIFTY = Decimal("5.00"), Decimal("7.50")
SCHEDULE = ((SINCE_EVER, FIVE), (date(2026, 10, 21), SEVEN_FIFTY))


def test_s5K_a_resolution_applies_from_its_date_never_back():
    assert value_on(SCHEDULE, date(2026, 10, 20)) == FIVE
    assert value_on(SCHEDULE, date(2026, 10, 21)) == SEVEN_FIFTY
    assert value_on(SCHEDULE, date(2027, 1, 1)) == SEVEN_FIFTY
    assert value_on((), date(2026, 10, 21), FIVE) == FIVE  # never changed: the setting's value


def test_s5K_two_changes_with_one_date_the_later_recorded_is_in_force():
    twice = SCHEDULE + ((date(2026, 10, 21), Decimal("6.00")),)
    assert value_on(twice, date(2026, 10, 22)) == Decimal("6.00")
    # A change dated ahead waits for its day; an earlier one recorded after it still counts from its own.
    ahead = ((SINCE_EVER, FIVE), (date(2027, 1, 1), Decimal("9.00")), (date(2026, 11, 1), SEVEN_FIFTY))
    assert value_on(ahead, date(2026, 12, 1)) == SEVEN_FIFTY and value_on(ahead, date(2027, 1, 2)) == Decimal("9.00")


def test_s8C1_boarding_each_day_at_the_fee_in_force_that_day():
    runs = daily_rates(SCHEDULE, date(2026, 10, 17), 5, FIVE)
    assert runs == ((FIVE, 4), (SEVEN_FIFTY, 1))
    fees = impoundment_fees(1, 5, 100, False, fee_first=Decimal("20"), fee_second=Decimal("40"),
                            fee_third_and_later=Decimal("60"), boarding_per_day=runs)
    boarding = [ln for ln in fees.lines if ln.kind == "boarding"][0]
    assert boarding.amount == Decimal("27.50")
    assert boarding.label == "Boarding, 4 days at $5.00 and 1 day at $7.50"
    # Every day before the change: the old fee only (Duke's four days at $5.00 stay $20.00).
    assert daily_rates(SCHEDULE, date(2026, 10, 17), 4, FIVE) == ((FIVE, 4),)


def test_s8C1_boarding_rates_must_cover_each_day_held():
    with pytest.raises(ValueError):
        impoundment_fees(1, 3, 0, False, fee_first=Decimal("20"), fee_second=Decimal("40"),
                         fee_third_and_later=Decimal("60"), boarding_per_day=((FIVE, 2),))
    with pytest.raises(ValueError):
        daily_rates(SCHEDULE, date(2026, 10, 17), -1, FIVE)
