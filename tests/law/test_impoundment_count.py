"""The dog's impoundments in the past twelve months (DL-18; §8(C)(1) fees may rise with it)."""
from datetime import date

from fieldapp.law.impoundment import impoundments_in_twelve_months


def test_impoundment_count_a_first_impoundment_is_one():
    assert impoundments_in_twelve_months(date(2026, 12, 3), []) == 1


def test_impoundment_count_includes_seizures_within_twelve_months_only():
    earlier = [date(2025, 12, 3), date(2025, 12, 4), date(2026, 6, 1)]
    assert impoundments_in_twelve_months(date(2026, 12, 3), earlier) == 3  # 2025-12-03 is a year ago


def test_impoundment_count_on_29_february():
    assert impoundments_in_twelve_months(date(2028, 2, 29), [date(2027, 2, 28), date(2027, 3, 1)]) == 2
