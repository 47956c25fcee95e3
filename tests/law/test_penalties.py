"""§11 Penalties."""
from decimal import Decimal

import pytest

from fieldapp.law import MAX_FINE, MAX_IMPRISONMENT_DAYS, validate_sentence


def test_s11_maximums():
    assert MAX_FINE == Decimal("500.00") and isinstance(MAX_FINE, Decimal)
    assert MAX_IMPRISONMENT_DAYS == 15


@pytest.mark.parametrize("fine, days", [
    (Decimal("0"), 0),
    (Decimal("500.00"), 0),
    (Decimal("0"), 15),
    (Decimal("500.00"), 15),
    (Decimal("125.50"), 3),
], ids=["nothing", "max-fine", "max-days", "both-max", "typical"])
def test_s11_validate_sentence_allows_fine_or_imprisonment_or_both(fine, days):
    validate_sentence(fine, days)


@pytest.mark.parametrize("fine, days", [
    (Decimal("500.01"), 0),
    (Decimal("-1"), 0),
    (Decimal("0"), 16),
    (Decimal("0"), -1),
    (Decimal("0"), 1.5),
    (Decimal("NaN"), 0),
], ids=["fine-over-500", "negative-fine", "over-15-days", "negative-days", "fractional-days", "nan-fine"])
def test_s11_validate_sentence_rejects_out_of_range(fine, days):
    with pytest.raises(ValueError):
        validate_sentence(fine, days)


def test_s11_validate_sentence_rejects_float_fine():
    with pytest.raises(TypeError):
        validate_sentence(100.0, 0)
