"""§8(B) the day the holding period counts from, §8(D) the fees of an owner who does not redeem,
§8(E) a transfer only after the redemption period: the pure rules."""
from datetime import date

import pytest

from fieldapp.law.impoundment import day_impounded, fees_run_until, holding_period, impoundment_end_refusal

FRI, MON = date(2026, 10, 16), date(2026, 10, 19)


def test_s8B_the_day_impounded_is_the_day_the_pound_received_the_dog_when_later():
    """§8(B) "excluding the day the dog is impounded": by default the day the pound received the
    dog when recorded and later than the seizure (the owner gets the full period)."""
    assert day_impounded(FRI, MON) == (MON, "the day the pound received the dog")
    assert day_impounded(FRI, None) == (FRI, "the day the dog was seized")
    assert day_impounded(FRI, FRI) == (FRI, "the day the dog was seized")
    assert day_impounded(FRI, MON, rule="seized") == (FRI, "the day the dog was seized")
    with pytest.raises(ValueError):
        day_impounded(FRI, MON, rule="whichever")


def test_s8B_a_late_entry_counts_from_the_day_it_reached_the_office():
    """§8(B): a seizure typed days back and not confirmed counts from the day the entry reached
    the office, never from a typed date that makes the deadline already past."""
    day, why = day_impounded(date(2016, 10, 19), None, entry_reached_office_on=MON)
    assert day == MON and "reached the office" in why
    assert day_impounded(MON, None, entry_reached_office_on=FRI)[0] == MON


def test_s8B_holding_period_says_which_day_it_counted_from():
    """§8(B): the period's answer carries the day it excluded."""
    assert holding_period(MON, False).counted_from == MON


@pytest.mark.parametrize("outcome,on,ok", [
    ("transferred", date(2026, 10, 26), False), ("transferred", date(2026, 10, 27), True),
    ("died", date(2026, 10, 20), True), ("redeemed", date(2026, 10, 20), True),
    ("adopted", date(2026, 10, 26), False), ("euthanized", date(2026, 10, 27), True)])
def test_s8E_transfer_ends_the_case_only_after_the_redemption_period(outcome, on, ok):
    """§8(E) "Any dog unredeemed at the expiration of the appropriate redemption period shall be
    made available for adoption or euthanized": a transfer that ends the case waits for the
    expiration too; death in care and redemption any time while held."""
    refusal = impoundment_end_refusal(outcome, on, date(2026, 10, 26))
    assert (refusal is None) == ok, refusal
    if outcome == "transferred" and not ok:
        assert "boarded at another kennel" in refusal


def test_s8D_an_owner_who_does_not_redeem_owes_the_fees_to_the_end_of_the_period():
    """§8(D) "such owner shall be required to pay the impoundment fees set forth in subdivision (C)
    of this section whether or not such owner chooses to redeem his or her dog": the fees of the
    redemption period, not every day until the dog is adopted out."""
    deadline = date(2026, 10, 30)
    assert fees_run_until("adopted", date(2026, 11, 20), deadline) == date(2026, 10, 31)
    assert fees_run_until("died", date(2026, 10, 21), deadline) == date(2026, 10, 21)
    assert fees_run_until("redeemed", date(2026, 11, 20), deadline) is None
    assert fees_run_until("held", None, deadline) is None


def test_s8_readings_quote_the_law_and_name_tests_that_exist():
    """Each §8 reading quotes the local law's words exactly and names tests that exist."""
    import pathlib
    import re

    from fieldapp.law.readings.s8 import READINGS
    root = pathlib.Path(__file__).resolve().parents[2]
    law = " ".join((root / "docs/law/sandy-creek-local-law-2-2011.txt").read_text().split())
    sources = " ".join(p.read_text() for p in (root / "tests").rglob("test_*.py"))
    defined = set(re.findall(r"def (test_\w+)", sources))
    for r in READINGS:
        assert " ".join(r.quote.split()) in law, r.quote
        assert set(r.tests) <= defined, set(r.tests) - defined
        assert (r.setting is not None) == r.choice
