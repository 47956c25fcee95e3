"""§5 Licensing of all dogs."""
import dataclasses
from pathlib import Path
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.law import (
    FEE_KINDS,
    LICENSE_EXEMPTIONS,
    PUREBRED_FEES,
    RABIES_RULE_LOCAL,
    RABIES_RULE_STATE,
    RABIES_RULES,
    VET_STATEMENT_TERM_YEARS,
    FeeLine,
    Lateness,
    enumeration_open,
    enumeration_surcharge_due,
    license_note,
    license_terms,
    new_resident_lateness,
    new_resident_license_due,
    notice_lateness,
    purebred_license_fee,
    state_rule_latest_expiry,
    vet_statement_license_expiry,
    NEW_RESIDENT_LICENSE_DAYS,
    RABIES_VACCINATION_REQUEST_DAYS,
    FeeBreakdown,
    age_in_months,
    allowed_terms,
    license_expiry,
    license_fee,
    license_required,
    license_status,
    ownership_notice_due,
    population_control_surcharge,
    purebred_fee,
    rabies_status,
    rabies_vaccination_due,
    term_refusal_reason,
    validate_fee_schedule,
)

LAW_FILE = Path(__file__).resolve().parents[2] / "docs" / "law" / "sandy-creek-local-law-2-2011.txt"


@pytest.fixture(scope="module")
def law_text():
    with open(LAW_FILE, encoding="utf-8") as f:
        return f.read()


# --- §5(A)(4) license expiry ---------------------------------------------

@pytest.mark.parametrize("issued, term, expected", [
    (date(2024, 2, 29), 1, date(2025, 2, 28)),
    (date(2024, 2, 29), 2, date(2026, 2, 28)),
    (date(2024, 2, 29), 3, date(2027, 2, 28)),
    (date(2023, 2, 10), 1, date(2024, 2, 29)),  # term ends in a leap February
    (date(2027, 2, 1), 1, date(2028, 2, 29)),
    (date(2026, 1, 15), 3, date(2029, 1, 31)),
    (date(2026, 4, 30), 2, date(2028, 4, 30)),
    (date(2026, 3, 1), 1, date(2027, 3, 31)),
    (date(2026, 12, 31), 1, date(2027, 12, 31)),
], ids=["feb29-1y", "feb29-2y", "feb29-3y", "into-leap-feb", "into-leap-feb-2028",
        "jan-3y", "april-month-end", "first-of-month", "december"])
def test_s5A4_license_expires_last_day_of_month(issued, term, expected):
    assert license_expiry(issued, term) == expected


@pytest.mark.parametrize("term", [0, 4, -1, True, False, 1.0, "1", None],
                         ids=["0", "4", "-1", "True", "False", "1.0", "str", "None"])
def test_s5A4_license_expiry_rejects_other_terms(term):
    with pytest.raises(ValueError):
        license_expiry(date(2026, 1, 15), term)


# --- §5(A)(4) rabies limit on the term -----------------------------------

@pytest.mark.parametrize("issued, rabies_until, expected", [
    (date(2026, 1, 15), date(2028, 3, 14), [1, 2]),
    (date(2026, 1, 15), date(2029, 1, 31), [1, 2, 3]),   # ends exactly at 3-year expiry
    (date(2026, 1, 15), date(2029, 1, 30), [1, 2]),
    (date(2026, 1, 15), date(2027, 1, 31), [1]),         # ends exactly at 1-year expiry
    (date(2026, 1, 15), date(2027, 1, 30), []),          # one day short
    (date(2026, 1, 15), date(2026, 1, 15), []),          # valid today only
    (date(2026, 1, 15), date(2026, 1, 14), []),          # already expired
    (date(2024, 2, 29), date(2025, 2, 28), [1]),         # leap-day issue
    (date(2023, 2, 10), date(2024, 2, 28), []),          # term crossing Feb 29 needs Feb 29
    (date(2023, 2, 10), date(2024, 2, 29), [1]),
], ids=["rabies-mid-2028", "rabies-exactly-3y", "rabies-day-short-of-3y", "rabies-exactly-1y",
        "rabies-day-short-of-1y", "rabies-ends-on-issue-day", "rabies-expired",
        "leap-day-issue", "leap-feb-one-day-short", "leap-feb-exact"])
def test_s5A4_allowed_terms_end_on_or_before_rabies(issued, rabies_until, expected):
    assert allowed_terms(issued, rabies_until) == expected


def test_s5B2_vet_statement_without_a_date_gives_one_year_from_the_issue_day():
    assert allowed_terms(date(2026, 1, 15), None) == [1]
    assert term_refusal_reason(date(2026, 1, 15), None, 1) is None
    assert "one year from the statement's date" in term_refusal_reason(date(2026, 1, 15), None, 3)


def test_s5A4_term_refusal_reason_past_rabies_end():
    reason = term_refusal_reason(date(2026, 1, 15), date(2028, 3, 14), 3)
    assert reason == ("A 3-year license would run to 31 Jan 2029, past the rabies "
                      "vaccination's end on 14 Mar 2028 (§5(A)(4)).")


def test_s5A4_term_refusal_reason_none_for_allowed_term():
    assert term_refusal_reason(date(2026, 1, 15), date(2028, 3, 14), 2) is None


def test_s5A4_term_refusal_reason_agrees_with_allowed_terms():
    issued, rabies = date(2024, 2, 29), date(2026, 3, 1)
    offered = allowed_terms(issued, rabies)
    for term in (1, 2, 3):
        assert (term_refusal_reason(issued, rabies, term) is None) == (term in offered)


def test_s5B_term_refusal_reason_rabies_certificate_expired():
    reason = term_refusal_reason(date(2026, 1, 15), date(2026, 1, 14), 1)
    assert "rabies certificate has expired" in reason
    assert "14 Jan 2026" in reason
    assert "§5(B)" in reason


@pytest.mark.parametrize("term", [0, 4, True], ids=["0", "4", "bool"])
def test_s5A4_term_refusal_reason_for_invalid_term(term):
    reason = term_refusal_reason(date(2026, 1, 15), date(2030, 1, 1), term)
    assert "1, 2 or 3 years" in reason


# --- §5(A)(1) license required -------------------------------------------

@pytest.mark.parametrize("age, at_large, expected", [
    (0, False, False),
    (3, False, False),
    (3, True, True),
    (0, True, True),
    (4, False, True),
    (4, True, True),
    (120, False, True),
], ids=["newborn-home", "3mo-home", "3mo-at-large", "newborn-at-large", "4mo-home",
        "4mo-at-large", "10y-home"])
def test_s5A1_license_required_at_four_months_or_if_at_large(age, at_large, expected):
    assert license_required(age, at_large) is expected


def test_s5A1_license_required_rejects_negative_age():
    with pytest.raises(ValueError):
        license_required(-1, False)


# --- §5(B)(1) rabies vaccination request ---------------------------------

def test_s5B1_rabies_vaccination_due_ten_days_after_request():
    assert RABIES_VACCINATION_REQUEST_DAYS == 10
    assert rabies_vaccination_due(date(2026, 3, 1)) == date(2026, 3, 11)
    assert rabies_vaccination_due(date(2026, 12, 25)) == date(2027, 1, 4)  # calendar days
    assert rabies_vaccination_due(date(2028, 2, 25)) == date(2028, 3, 6)  # over Feb 29


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
    (Decimal("10.00"), Decimal("14.99")),
    (Decimal("10.00"), Decimal("12.00")),   # totals $11 vs $15 differ by $4: rejected
    (Decimal("10.00"), Decimal("10.00")),
    (Decimal("15.00"), Decimal("10.00")),
], ids=["4.99-more", "2-more", "equal", "unaltered-cheaper"])
def test_s5D_fee_schedule_rejects_unaltered_less_than_5_more(altered, unaltered):
    with pytest.raises(ValueError, match=r"at least \$5\.00 more"):
        validate_fee_schedule(altered, unaltered)


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


# --- §5(I) exemptions -----------------------------------------------------

def test_s5I_exemption_keys():
    assert list(LICENSE_EXEMPTIONS) == ["guide", "hearing", "service", "war", "working_search",
                                        "detection", "police_work", "therapy"]


@pytest.mark.parametrize("key", list(LICENSE_EXEMPTIONS), ids=list(LICENSE_EXEMPTIONS))
def test_s5I_exemption_marking_is_the_laws_exact_text(key, law_text):
    exemption = LICENSE_EXEMPTIONS[key]
    assert exemption.key == key
    assert exemption.label
    assert f'"{exemption.marking}"' in law_text


def test_s5I_working_search_marking_keeps_the_laws_spelling():
    assert LICENSE_EXEMPTIONS["working_search"].marking == "Working- Search Dog"


# --- §5(J) ownership changes ---------------------------------------------

@pytest.mark.parametrize("event_on, due", [
    (date(2026, 3, 1), date(2026, 3, 11)),
    (date(2026, 2, 20), date(2026, 3, 2)),
    (date(2028, 2, 20), date(2028, 3, 1)),   # leap year
    (date(2026, 12, 25), date(2027, 1, 4)),
], ids=["march", "over-feb-end", "over-feb-29", "over-new-year"])
def test_s5J_ownership_notice_due_ten_days(event_on, due):
    assert ownership_notice_due(event_on) == due


def test_s5J3_new_resident_license_days():
    assert NEW_RESIDENT_LICENSE_DAYS == 30


# --- license / rabies status card ----------------------------------------

TODAY = date(2026, 6, 1)


@pytest.mark.parametrize("expires_on, within, expected", [
    (None, 30, "none"),
    (date(2026, 5, 31), 30, "expired"),
    (date(2026, 6, 1), 30, "expiring"),    # good through its expiry day
    (date(2026, 7, 1), 30, "expiring"),
    (date(2026, 7, 2), 30, "valid"),
    (date(2026, 6, 2), 0, "valid"),
    (date(2026, 6, 1), 0, "expiring"),
], ids=["no-license", "yesterday", "today", "in-30-days", "in-31-days", "window-0-tomorrow",
        "window-0-today"])
def test_s5A4_license_status(expires_on, within, expected):
    assert license_status(expires_on, TODAY, expiring_within_days=within) == expected


def test_s5A4_license_status_default_window_is_30_days():
    assert license_status(date(2026, 7, 1), TODAY) == "expiring"
    assert license_status(date(2026, 7, 2), TODAY) == "valid"


@pytest.mark.parametrize("valid_until, exempt, expected", [
    (None, False, "none"),
    (None, True, "exempt"),
    (date(2026, 5, 31), True, "exempt"),
    (date(2026, 5, 31), False, "expired"),
    (date(2026, 6, 1), False, "valid"),
    (date(2029, 6, 1), False, "valid"),
], ids=["no-certificate", "vet-exempt", "vet-exempt-wins", "expired", "last-day", "valid"])
def test_s5B_rabies_status(valid_until, exempt, expected):
    assert rabies_status(valid_until, exempt, TODAY) == expected


# --- age in months (§5(A)(1)) --------------------------------------------

@pytest.mark.parametrize("born_on, today, months", [
    (date(2026, 1, 15), date(2026, 1, 15), 0),
    (date(2026, 1, 15), date(2026, 5, 14), 3),
    (date(2026, 1, 15), date(2026, 5, 15), 4),
    (date(2026, 1, 31), date(2026, 2, 27), 0),
    (date(2026, 1, 31), date(2026, 2, 28), 1),   # month-end birthday
    (date(2025, 10, 31), date(2026, 2, 28), 4),
    (date(2024, 2, 29), date(2025, 2, 28), 12),  # leap-day birthday
    (date(2024, 2, 29), date(2028, 2, 28), 47),
    (date(2024, 2, 29), date(2028, 2, 29), 48),
    (date(2025, 12, 20), date(2026, 1, 19), 0),  # over the year end
], ids=["same-day", "day-before-4mo", "4mo", "jan31-feb27", "jan31-feb28", "oct31-feb28",
        "feb29-non-leap", "feb29-leap-day-before", "feb29-leap-day", "over-year-end"])
def test_s5A1_age_in_months(born_on, today, months):
    assert age_in_months(born_on, today) == months


def test_s5A1_age_in_months_rejects_birth_after_today():
    with pytest.raises(ValueError):
        age_in_months(date(2026, 2, 1), date(2026, 1, 1))


# --- §5(H) purebred license -------------------------------------------------

@pytest.mark.parametrize("dogs, annual", [(1, "25.00"), (10, "25.00"), (11, "50.00"), (25, "50.00"),
                                          (26, "100.00"), (60, "100.00")])
def test_5H_purebred_license_priced_by_count_of_dogs_on_premises(dogs, annual):
    fee = purebred_license_fee(dogs, 1)
    assert len(fee.lines) == 1  # one license for the premises, not a fee per dog
    assert fee.lines[0].kind == "purebred_fee" and fee.lines[0].section == "§5(H)"
    assert fee.total == Decimal(annual)


@pytest.mark.parametrize("term", [1, 2, 3])
def test_5H_purebred_annual_fee_paid_for_each_year_of_the_term(term):
    fee = purebred_license_fee(12, term)
    assert fee.total == Decimal("50.00") * term
    assert (f"× {term} years" in fee.lines[0].label) == (term > 1)


def test_5H_purebred_fee_bands_are_the_towns_settings():
    bands = (Decimal("30.00"), Decimal("60.00"), Decimal("120.00"))
    assert purebred_fee(10, *bands) == Decimal("30.00")
    assert purebred_fee(25, *bands) == Decimal("60.00")
    assert purebred_license_fee(26, 2, *bands).total == Decimal("240.00")
    assert PUREBRED_FEES == (Decimal("25.00"), Decimal("50.00"), Decimal("100.00"))


def test_5H_purebred_license_rejects_bad_term_and_float_fee():
    with pytest.raises(ValueError):
        purebred_license_fee(3, 4)
    with pytest.raises(TypeError):
        purebred_fee(3, 25.0)


# --- §5(B)(2) veterinarian's statement: one year from its date ------------

def test_5B2_vet_statement_license_is_one_year_from_the_statements_date():
    issued = date(2026, 3, 14)
    terms = license_terms(issued, None, vet_statement_on=date(2025, 12, 1))
    assert terms.rule == "vet_statement" and "AML §109(1)(a)" in terms.section
    assert terms.allowed == [VET_STATEMENT_TERM_YEARS] == [1]
    one = terms.options[0]
    assert one.expires_on == vet_statement_license_expiry(date(2025, 12, 1)) == date(2026, 12, 31)
    assert all("one year from the statement's date" in o.refusal for o in terms.options[1:])


def test_5B2_vet_statement_not_any_term_up_to_three_years():
    assert allowed_terms(date(2026, 3, 14), None, vet_statement_on=date(2026, 3, 14)) == [1]


def test_5B2_vet_statement_more_than_a_year_old_allows_nothing():
    terms = license_terms(date(2026, 3, 14), None, vet_statement_on=date(2025, 2, 10))
    assert terms.allowed == [] and terms.latest_expiry is None
    assert "more than a year old" in terms.options[0].refusal


def test_5B2_vet_statement_dated_after_issue_is_refused():
    terms = license_terms(date(2026, 3, 14), None, vet_statement_on=date(2026, 3, 20))
    assert terms.allowed == []


# --- license term vs rabies: §5(A)(4) by default, AML §109(1)(a) as an option

def test_5A4_local_rule_is_the_default_and_says_so():
    terms = license_terms(date(2026, 1, 15), date(2028, 3, 14))
    assert terms.rule == RABIES_RULE_LOCAL == "local" and terms.section == "§5(A)(4)"
    assert terms.allowed == [1, 2] and terms.latest_expiry == date(2028, 3, 14)
    assert "§5(A)(4)" in terms.explanation
    assert terms.options[2].refusal == term_refusal_reason(date(2026, 1, 15), date(2028, 3, 14), 3)


@pytest.mark.parametrize("rabies_until, latest", [
    (date(2027, 3, 15), date(2028, 2, 29)),
    (date(2027, 1, 31), date(2027, 12, 31)),
    (date(2027, 12, 1), date(2028, 11, 30)),
], ids=["mid-march-to-leap-feb", "january-to-december", "december-to-november"])
def test_AML_109_1a_state_rule_latest_expiry_end_of_eleventh_month_after_rabies(rabies_until, latest):
    assert state_rule_latest_expiry(rabies_until) == latest


def test_AML_109_1a_state_rule_allows_terms_past_the_vaccination_and_says_which_rule():
    issued, rabies = date(2026, 3, 14), date(2027, 3, 15)
    assert allowed_terms(issued, rabies) == []  # §5(A)(4): 31 Mar 2027 is past 15 Mar 2027
    state = license_terms(issued, rabies, rule=RABIES_RULE_STATE)
    assert state.rule == "state" and state.section == "AML §109(1)(a)"
    assert state.allowed == [1] and state.latest_expiry == date(2028, 2, 29)
    assert "eleventh month" in state.options[1].refusal
    later = license_terms(issued, date(2027, 4, 10), rule=RABIES_RULE_STATE)
    assert later.allowed == [1, 2]  # a 2-year license to 31 Mar 2028, the limit itself
    assert allowed_terms(issued, date(2027, 4, 10)) == [1]
    assert set(RABIES_RULES) == {"local", "state"}


def test_5B_expired_rabies_certificate_refused_under_either_rule():
    for rule in RABIES_RULES:
        terms = license_terms(date(2026, 3, 14), date(2026, 3, 1), rule=rule)
        assert terms.allowed == [] and "has expired" in terms.options[0].refusal


def test_5A4_unknown_term_rule_rejected():
    with pytest.raises(ValueError):
        license_terms(date(2026, 3, 14), date(2027, 3, 14), rule="county")


# --- §5(C) altered fee, §5(D) surcharge of the dog as it is ----------------

def test_5C_5D_vet_statement_pays_altered_license_fee_and_unaltered_surcharge():
    fee = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 1, vet_statement_against_altering=True)
    kinds = {line.kind: line.amount for line in fee.lines}
    assert kinds == {"license_fee": Decimal("10.00"), "population_surcharge": Decimal("3.00")}
    assert fee.total == Decimal("13.00")


def test_5D_town_may_charge_the_altered_surcharge_with_a_vet_statement():
    fee = license_fee(False, ALTERED_FEE, UNALTERED_FEE, 1, vet_statement_against_altering=True,
                      vet_statement_surcharge_as_altered=True)
    assert fee.total == Decimal("11.00")


def test_5C_vet_statement_ignored_for_a_dog_that_is_altered():
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
def test_5K_enumeration_surcharge_only_while_open_and_only_on_dogs_identified_unlicensed(
        on, opened, closed, identified, due):
    assert enumeration_surcharge_due(Decimal("5.00"), on, opened, closed, identified) == Decimal(due)
    assert enumeration_open(on, opened, closed) == (opened is not None and opened <= on
                                                     and (closed is None or on <= closed))


# --- §5(A)(1) a puppy may be licensed if the owner asks ----------------------

def test_5A1_puppy_under_four_months_may_be_licensed_if_the_owner_asks():
    assert license_required(3, at_large=False) is False
    note = license_note(3, at_large=False, owner_asks=True)
    assert "owner asks" in note and "§5(A)(1)" in note
    assert "may still license" in license_note(3, at_large=False, owner_asks=False)
    assert license_note(4, at_large=False, owner_asks=False) is None
    assert license_note(2, at_large=True, owner_asks=False) is None


# --- §5(J) late notices, §5(J)(3) new residents ----------------------------

def test_5J_notice_filed_after_ten_days_accepted_and_marked_late_by_days():
    on_time = notice_lateness(date(2026, 3, 1), date(2026, 3, 11))
    assert isinstance(on_time, Lateness) and not on_time.late and on_time.note is None
    late = notice_lateness(date(2026, 3, 1), date(2026, 3, 14))
    assert late.late and late.days_late == 3 and late.due_on == date(2026, 3, 11)
    assert late.note == "Filed 3 days late (due by 11 Mar 2026)."
    assert notice_lateness(date(2026, 3, 1), date(2026, 3, 12)).note == "Filed 1 day late (due by 11 Mar 2026)."
    with pytest.raises(ValueError):
        notice_lateness(date(2026, 3, 1), date(2026, 2, 28))


def test_5J3_new_resident_has_30_days_from_the_date_residence_began():
    assert new_resident_license_due(date(2026, 3, 1)) == date(2026, 3, 31)
    assert not new_resident_lateness(date(2026, 3, 1), date(2026, 3, 31)).late
    late = new_resident_lateness(date(2026, 3, 1), date(2026, 4, 10))
    assert late.days_late == 10 and late.due_on == date(2026, 3, 31)
