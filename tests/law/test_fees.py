"""§5(C), §5(D), §5(H), §5(I), §5(K): what a license costs, line by line (fieldapp/law/fees.py)."""
import dataclasses
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.law import (
    FEE_KINDS,
    LICENSE_EXEMPTIONS,
    PUREBRED_FEES,
    FeeBreakdown,
    FeeLine,
    enumeration_open,
    enumeration_surcharge_due,
    license_fee,
    population_control_surcharge,
    purebred_fee,
    purebred_license_fee,
    validate_fee_schedule,
)

# --- §5(D) fees ----------------------------------------------------------

def test_s5D_population_control_surcharge():
    assert population_control_surcharge(True) == Decimal("1.00")
    assert population_control_surcharge(False) == Decimal("3.00")
    assert isinstance(population_control_surcharge(True), Decimal)


@pytest.mark.parametrize("altered, unaltered", [
    (Decimal("10.00"), Decimal("15.00")),
    (Decimal("10.00"), Decimal("25.00")),
    (Decimal("0"), Decimal("5")),
    (5, 10),
], ids=["exactly-5-more", "more-than-5", "free-altered", "whole-dollar-ints"])
def test_s5D_fee_schedule_accepts_unaltered_at_least_5_more(altered, unaltered):
    validate_fee_schedule(altered, unaltered)


@pytest.mark.parametrize("altered, unaltered", [
    (Decimal("10.00"), Decimal("12.99")),   # totals $11.00 vs $15.99 differ by $4.99: rejected
    (Decimal("10.00"), Decimal("12.00")),   # totals $11 vs $15 differ by $4: rejected
    (Decimal("10.00"), Decimal("10.00")),
    (Decimal("15.00"), Decimal("10.00")),
], ids=["totals-4.99-more", "totals-4-more", "equal", "unaltered-cheaper"])
def test_s5D_fee_schedule_rejects_unaltered_less_than_5_more(altered, unaltered):
    with pytest.raises(ValueError, match=r"at least \$5\.00 more"):
        validate_fee_schedule(altered, unaltered)


def test_s5D_the_5_dollar_difference_is_between_total_fees():
    """§5(D): "the total fee for an unaltered dog shall be at least five ($5.00) dollars more than
    the total fee for a spayed or neutered dog. In addition to the fee charged by the Town, a one
    ($1.00) dollar fee for altered dogs and a three ($3.00) dollar fee for unaltered dogs shall be
    collected": town fees of $10 and $13 are totals of $11 and $16, a lawful schedule."""
    validate_fee_schedule(Decimal("10.00"), Decimal("13.00"))
    assert license_fee(False, Decimal("10.00"), Decimal("13.00"), 1).total \
        - license_fee(True, Decimal("10.00"), Decimal("13.00"), 1).total == Decimal("5.00")
    with pytest.raises(ValueError, match=r"\$15\.99"):
        validate_fee_schedule(Decimal("10.00"), Decimal("12.99"))


@pytest.mark.parametrize("altered, unaltered", [
    (Decimal("-1.00"), Decimal("10.00")),
    (Decimal("0"), Decimal("-5.00")),
], ids=["negative-altered", "negative-unaltered"])
def test_s5D_fee_schedule_rejects_negative_fees(altered, unaltered):
    with pytest.raises(ValueError, match="negative"):
        validate_fee_schedule(altered, unaltered)


def test_s5D_fee_schedule_rejects_float_money():
    with pytest.raises(TypeError):
        validate_fee_schedule(10.0, 15.0)


# --- §5(H) purebred -------------------------------------------------------

@pytest.mark.parametrize("dogs, fee", [
    (1, "25.00"), (10, "25.00"), (11, "50.00"), (25, "50.00"), (26, "100.00"), (400, "100.00"),
], ids=["1", "10", "11", "25", "26", "400"])
def test_s5H_purebred_fee_by_dogs_on_premises(dogs, fee):
    assert purebred_fee(dogs) == Decimal(fee)


@pytest.mark.parametrize("dogs", [0, -3, True, 2.0], ids=["0", "negative", "bool", "float"])
def test_s5H_purebred_fee_rejects_fewer_than_one(dogs):
    with pytest.raises(ValueError):
        purebred_fee(dogs)


# --- itemized license fee (§5(C), §5(D), §5(I), §5(K)) -------------------

ALTERED_FEE = Decimal("10.00")
UNALTERED_FEE = Decimal("15.00")


@pytest.mark.parametrize("altered, term, per_year, total", [
    (True, 1, True, "11.00"),
    (False, 1, True, "18.00"),
    (True, 3, True, "31.00"),
    (False, 3, True, "48.00"),
    (True, 3, False, "11.00"),
    (False, 2, False, "18.00"),
], ids=["altered-1y", "unaltered-1y", "altered-3y-per-year", "unaltered-3y-per-year",
        "altered-3y-per-license", "unaltered-2y-per-license"])
def test_s5D_license_fee_town_fee_plus_population_control_surcharge(altered, term, per_year, total):
    fee = license_fee(altered, ALTERED_FEE, UNALTERED_FEE, term, fee_per_year=per_year)
    assert isinstance(fee, FeeBreakdown)
    assert fee.total == Decimal(total)
    assert all(line.section == "§5(D)" for line in fee.lines)
    assert all(isinstance(line.amount, Decimal) for line in fee.lines)


def test_s5D_license_fee_lines_are_itemized():
    fee = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 3)
    assert [line.amount for line in fee.lines] == [Decimal("45.00"), Decimal("3.00")]
    assert [line.kind for line in fee.lines] == ["license_fee", "population_surcharge"]
    assert "Town processing fee" in fee.lines[0].label
    assert "population control" in fee.lines[1].label


@pytest.mark.parametrize("altered, surcharge", [(True, "1.00"), (False, "3.00")])
@pytest.mark.parametrize("term", [1, 2, 3])
@pytest.mark.parametrize("per_year", [True, False])
def test_s5D_population_control_surcharge_is_charged_once_per_license_not_per_year(
        altered, surcharge, term, per_year):
    # §5(D): "In addition to the fee charged by the Town, a one ($1.00) dollar fee for altered
    # dogs and a three ($3.00) dollar fee for unaltered dogs shall be collected": per application.
    fee = license_fee(altered, ALTERED_FEE, UNALTERED_FEE, term, fee_per_year=per_year)
    surcharge_lines = [line for line in fee.lines if line.kind == "population_surcharge"]
    assert len(surcharge_lines) == 1
    assert surcharge_lines[0].amount == Decimal(surcharge)
    assert "×" not in surcharge_lines[0].label


def test_s5C_vet_statement_dog_pays_altered_license_fee():
    # §5(C): "the license fee for the dog shall be the same as for a spayed or neutered dog".
    fee = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 1, vet_statement_against_altering=True)
    assert fee.lines[0].kind == "license_fee" and fee.lines[0].amount == ALTERED_FEE
    assert "§5(C)" in fee.lines[0].section


def test_s5K_license_fee_adds_enumeration_surcharge():
    fee = license_fee(True, ALTERED_FEE, UNALTERED_FEE, 1, enumeration_surcharge=Decimal("5.00"))
    assert fee.total == Decimal("16.00")
    assert fee.lines[-1].section == "§5(K)"
    assert fee.lines[-1].kind == "enumeration_surcharge"
    assert fee.lines[-1].amount == Decimal("5.00")


def test_s5K_no_enumeration_line_when_zero():
    fee = license_fee(True, ALTERED_FEE, UNALTERED_FEE, 1)
    assert all(line.section != "§5(K)" for line in fee.lines)


def test_s5K_license_fee_rejects_negative_enumeration_surcharge():
    with pytest.raises(ValueError):
        license_fee(True, ALTERED_FEE, UNALTERED_FEE, 1, enumeration_surcharge=Decimal("-1"))


@pytest.mark.parametrize("key", list(LICENSE_EXEMPTIONS), ids=list(LICENSE_EXEMPTIONS))
def test_s5I_exempt_dog_pays_nothing(key):
    fee = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 3, exemption=key,
                      enumeration_surcharge=Decimal("5.00"))
    assert fee.total == Decimal("0.00")
    assert fee.lines[0].section == "§5(I)"
    assert LICENSE_EXEMPTIONS[key].marking in fee.lines[0].label


def test_s5I_license_fee_rejects_unknown_exemption():
    with pytest.raises(ValueError):
        license_fee(True, ALTERED_FEE, UNALTERED_FEE, 1, exemption="show")


def test_s5D_license_fee_rejects_bad_fee_schedule():
    with pytest.raises(ValueError, match=r"\$5\.00"):
        license_fee(True, Decimal("10"), Decimal("12"), 1)


def test_s5A4_license_fee_rejects_bad_term():
    with pytest.raises(ValueError):
        license_fee(True, ALTERED_FEE, UNALTERED_FEE, 4)


def test_s5D_fee_breakdown_is_frozen():
    fee = license_fee(True, ALTERED_FEE, UNALTERED_FEE, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fee.lines = ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        fee.lines[0].amount = Decimal("0")


# --- §5(H) purebred license -------------------------------------------------

@pytest.mark.parametrize("dogs, annual", [(1, "25.00"), (10, "25.00"), (11, "50.00"), (25, "50.00"),
                                          (26, "100.00"), (60, "100.00")])
def test_s5H_purebred_license_priced_by_count_of_dogs_on_premises(dogs, annual):
    fee = purebred_license_fee(dogs, 1)
    assert len(fee.lines) == 1  # one license for the premises, not a fee per dog
    assert fee.lines[0].kind == "purebred_fee" and fee.lines[0].section == "§5(H)"
    assert fee.total == Decimal(annual)


@pytest.mark.parametrize("term", [1, 2, 3])
def test_s5H_purebred_annual_fee_paid_for_each_year_of_the_term(term):
    fee = purebred_license_fee(12, term)
    assert fee.total == Decimal("50.00") * term
    assert (f"× {term} years" in fee.lines[0].label) == (term > 1)


def test_s5H_purebred_fee_bands_are_the_towns_settings():
    bands = (Decimal("30.00"), Decimal("60.00"), Decimal("120.00"))
    assert purebred_fee(10, *bands) == Decimal("30.00")
    assert purebred_fee(25, *bands) == Decimal("60.00")
    assert purebred_license_fee(26, 2, *bands).total == Decimal("240.00")
    assert PUREBRED_FEES == (Decimal("25.00"), Decimal("50.00"), Decimal("100.00"))


def test_s5H_purebred_license_rejects_bad_term_and_float_fee():
    with pytest.raises(ValueError):
        purebred_license_fee(3, 4)
    with pytest.raises(TypeError):
        purebred_fee(3, 25.0)


# --- §5(C) altered fee, §5(D) surcharge of the dog as it is ----------------

def test_s5C_s5D_vet_statement_pays_altered_license_fee_and_unaltered_surcharge():
    fee = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 1, vet_statement_against_altering=True)
    kinds = {line.kind: line.amount for line in fee.lines}
    assert kinds == {"license_fee": Decimal("10.00"), "population_surcharge": Decimal("3.00")}
    assert fee.total == Decimal("13.00")


def test_s5D_town_may_charge_the_altered_surcharge_with_a_vet_statement():
    fee = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 1, vet_statement_against_altering=True,
                      vet_statement_surcharge_as_altered=True)
    assert fee.total == Decimal("11.00")


def test_s5C_vet_statement_ignored_for_a_dog_that_is_altered():
    assert license_fee(True, ALTERED_FEE, UNALTERED_FEE, 1,
                       vet_statement_against_altering=True).total == Decimal("11.00")


# --- fee lines carry a kind --------------------------------------------------

def test_fee_lines_carry_a_kind_never_matched_by_label():
    fee = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 2, enumeration_surcharge=Decimal("2.00"))
    assert [line.kind for line in fee.lines] == ["license_fee", "population_surcharge",
                                                 "enumeration_surcharge"]
    exempt = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 1, exemption="service")
    assert exempt.lines[0].kind == "license_fee"
    assert set(FEE_KINDS) >= {"license_fee", "population_surcharge", "purebred_fee",
                              "enumeration_surcharge", "replacement_tag"}
    with pytest.raises(ValueError):
        FeeLine("Something", Decimal("1.00"), "§5(D)", "sundry")


# --- §5(K) enumeration surcharge ---------------------------------------------

OPENED, CLOSED = date(2026, 4, 1), date(2026, 6, 30)


@pytest.mark.parametrize("on, opened, closed, identified, due", [
    (date(2026, 5, 1), OPENED, CLOSED, True, "5.00"),
    (date(2026, 4, 1), OPENED, CLOSED, True, "5.00"),     # first day
    (date(2026, 6, 30), OPENED, CLOSED, True, "5.00"),    # last day
    (date(2026, 7, 1), OPENED, CLOSED, True, "0.00"),     # closed
    (date(2026, 3, 31), OPENED, CLOSED, True, "0.00"),    # not yet open
    (date(2026, 5, 1), OPENED, CLOSED, False, "0.00"),    # not identified as unlicensed
    (date(2026, 5, 1), None, None, True, "0.00"),         # no enumeration declared
    (date(2027, 5, 1), OPENED, None, True, "5.00"),       # open, not closed yet
], ids=["open-identified", "first-day", "last-day", "after-close", "before-open",
        "not-identified", "none-declared", "open-ended"])
def test_s5K_enumeration_surcharge_only_while_open_and_only_on_dogs_identified_unlicensed(
        on, opened, closed, identified, due):
    assert enumeration_surcharge_due(Decimal("5.00"), on, opened, closed, identified) == Decimal(due)
    assert enumeration_open(on, opened, closed) == (opened is not None and opened <= on
                                                     and (closed is None or on <= closed))
