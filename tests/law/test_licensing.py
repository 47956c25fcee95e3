"""§5 Licensing of all dogs."""
from datetime import date
from pathlib import Path

import pytest

from fieldapp.law import (
    LICENSE_EXEMPTIONS,
    NEW_RESIDENT_LICENSE_DAYS,
    RABIES_RULE_LOCAL,
    RABIES_RULE_REVACCINATE,
    RABIES_RULE_STATE,
    RABIES_RULES,
    RABIES_VACCINATION_REQUEST_DAYS,
    VET_STATEMENT_TERM_YEARS,
    Lateness,
    age_in_months,
    allowed_terms,
    license_expiry,
    license_note,
    license_required,
    license_status,
    license_terms,
    new_resident_lateness,
    new_resident_license_due,
    notice_lateness,
    ownership_notice_due,
    rabies_status,
    rabies_vaccination_due,
    state_rule_latest_expiry,
    term_refusal_reason,
    vet_statement_license_expiry,
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
    (date(2026, 1, 15), date(2029, 1, 1), [1, 2, 3]),    # same month as the 3-year expiry
    (date(2026, 1, 15), date(2028, 12, 31), [1, 2]),     # the month before
    (date(2026, 1, 15), date(2027, 1, 31), [1]),         # ends exactly at 1-year expiry
    (date(2026, 1, 15), date(2027, 1, 15), [1]),         # a fresh one-year certificate
    (date(2026, 1, 15), date(2026, 12, 31), []),         # less than a year left
    (date(2026, 1, 15), date(2026, 1, 15), []),          # valid today only
    (date(2026, 1, 15), date(2026, 1, 14), []),          # already expired
    (date(2024, 2, 29), date(2025, 2, 28), [1]),         # leap-day issue
    (date(2023, 2, 10), date(2024, 2, 10), [1]),         # a fresh one-year certificate, into a leap Feb
], ids=["rabies-mid-2028", "rabies-exactly-3y", "rabies-in-3y-month", "rabies-month-short-of-3y",
        "rabies-exactly-1y", "fresh-1y-certificate", "rabies-month-short-of-1y", "rabies-ends-on-issue-day",
        "rabies-expired", "leap-day-issue", "fresh-1y-into-leap-feb"])
def test_s5A4_term_ends_by_the_last_day_of_the_month_the_vaccination_ends(issued, rabies_until, expected):
    """§5(A)(4) "In no event shall a dog license be issued for longer than the duration of the
    rabies vaccination": a term may end no later than the last day of the month the vaccination
    ends (the town's revaccination rule shows the bare limit)."""
    assert allowed_terms(issued, rabies_until, rule=RABIES_RULE_REVACCINATE) == expected


def test_s5A4_fresh_certificate_gives_a_license_of_its_length():
    """§5(A)(4) "for longer than the duration of the rabies vaccination": a fresh one-year
    certificate gives a one-year license, a fresh three-year one up to three years."""
    vaccinated = date(2026, 3, 10)
    for rule in (RABIES_RULE_LOCAL, RABIES_RULE_REVACCINATE):
        assert allowed_terms(vaccinated, date(2027, 3, 10), rule=rule) == [1]
        assert allowed_terms(vaccinated, date(2029, 3, 10), rule=rule) == [1, 2, 3]
    assert allowed_terms(vaccinated, date(2027, 3, 10)) == [1]
    assert allowed_terms(date(2026, 3, 20), date(2027, 3, 10)) == [1]  # licensed ten days later


def test_s5A4_less_than_a_year_left_offers_the_one_year_license_within_AML_109_1a():
    """§5(A)(4) "In no event shall a dog license be issued for longer than the duration of the
    rabies vaccination", read as the vaccination's length (the default, protecting the owner):
    a current certificate with less than a year left gets the one-year license, within AML
    §109(1)(a)'s limit; the screen says the certificate is short, and never "no license until
    revaccinated"."""
    issued, good_until = date(2026, 3, 14), date(2026, 9, 10)
    terms = license_terms(issued, good_until)
    assert terms.rule == "local" and terms.allowed == [1]
    assert terms.latest_expiry == date(2027, 3, 31)
    assert "less than a year left" in terms.explanation and "AML §109(1)(a)" in terms.explanation
    assert "31 Aug 2027" in terms.explanation  # the eleventh month after September 2026
    assert "revaccinat" in terms.explanation and "No license" not in terms.explanation


def test_s5A4_less_than_a_year_left_and_past_AML_limit_offers_revaccination():
    """§5(A)(4) with AML §109(1)(a): a certificate ending the month of issue: a one-year license
    would run past the eleventh month after it, so the way is revaccination, said as such."""
    terms = license_terms(date(2027, 3, 5), date(2027, 3, 20))
    assert terms.allowed == [] and terms.latest_expiry is None
    refusal = terms.options[0].refusal
    assert "less than a year left" in refusal and "Have the dog revaccinated" in refusal
    assert "29 Feb 2028" in refusal


def test_s5A4_town_setting_revaccinate_first_says_so():
    """§5(A)(4) read as the time the vaccination has left (the town's other setting): less than a
    year left, the owner is told so and to revaccinate; the certificate is called current."""
    terms = license_terms(date(2026, 3, 14), date(2026, 9, 10), rule=RABIES_RULE_REVACCINATE)
    assert terms.allowed == []
    refusal = terms.options[0].refusal
    assert "current but has less than a year left" in refusal and "town's setting" in refusal
    assert "Have the dog revaccinated" in refusal


def test_s5B2_vet_statement_without_a_date_gives_one_year_from_the_issue_day():
    assert allowed_terms(date(2026, 1, 15), None) == [1]
    assert term_refusal_reason(date(2026, 1, 15), None, 1) is None
    assert "one year from the statement's date" in term_refusal_reason(date(2026, 1, 15), None, 3)


def test_s5A4_term_refusal_reason_past_rabies_end():
    reason = term_refusal_reason(date(2026, 1, 15), date(2028, 3, 14), 3)
    assert reason == ("A 3-year license would run to Wed 31 Jan 2029, past the end of the month the "
                      "rabies vaccination ends (Tue 14 Mar 2028, §5(A)(4)).")


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


# --- §5(B)(2) veterinarian's statement: one year from its date ------------

def test_s5B2_vet_statement_license_is_one_year_from_the_statements_date():
    issued = date(2026, 3, 14)
    terms = license_terms(issued, None, vet_statement_on=date(2025, 12, 1))
    assert terms.rule == "vet_statement" and "AML §109(1)(a)" in terms.section
    assert terms.allowed == [VET_STATEMENT_TERM_YEARS] == [1]
    one = terms.options[0]
    assert one.expires_on == vet_statement_license_expiry(date(2025, 12, 1)) == date(2026, 12, 31)
    assert all("one year from the statement's date" in o.refusal for o in terms.options[1:])


def test_s5B2_vet_statement_not_any_term_up_to_three_years():
    assert allowed_terms(date(2026, 3, 14), None, vet_statement_on=date(2026, 3, 14)) == [1]


def test_s5B2_vet_statement_more_than_a_year_old_allows_nothing():
    terms = license_terms(date(2026, 3, 14), None, vet_statement_on=date(2025, 2, 10))
    assert terms.allowed == [] and terms.latest_expiry is None
    assert "more than a year old" in terms.options[0].refusal


def test_s5B2_vet_statement_dated_after_issue_is_refused():
    terms = license_terms(date(2026, 3, 14), None, vet_statement_on=date(2026, 3, 20))
    assert terms.allowed == []


# --- license term vs rabies: §5(A)(4) by default, AML §109(1)(a) as an option

def test_s5A4_local_rule_is_the_default_and_says_so():
    terms = license_terms(date(2026, 1, 15), date(2028, 3, 14))
    assert terms.rule == RABIES_RULE_LOCAL == "local" and terms.section == "§5(A)(4)"
    assert terms.allowed == [1, 2] and terms.latest_expiry == date(2028, 3, 31)
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
    issued, rabies = date(2026, 3, 14), date(2027, 2, 15)
    assert allowed_terms(issued, rabies, rule=RABIES_RULE_REVACCINATE) == []  # 31 Mar 2027 is past February
    rabies = date(2027, 3, 15)
    state = license_terms(issued, rabies, rule=RABIES_RULE_STATE)
    assert state.rule == "state" and state.section == "AML §109(1)(a)"
    assert state.allowed == [1] and state.latest_expiry == date(2028, 2, 29)
    assert "eleventh month" in state.options[1].refusal
    later = license_terms(issued, date(2027, 4, 10), rule=RABIES_RULE_STATE)
    assert later.allowed == [1, 2]  # a 2-year license to 31 Mar 2028, the limit itself
    assert allowed_terms(issued, date(2027, 4, 10)) == [1]
    assert set(RABIES_RULES) == {"local", "revaccinate", "state"}


def test_s5B_expired_rabies_certificate_refused_under_either_rule():
    for rule in RABIES_RULES:
        terms = license_terms(date(2026, 3, 14), date(2026, 3, 1), rule=rule)
        assert terms.allowed == [] and "has expired" in terms.options[0].refusal


def test_s5A4_unknown_term_rule_rejected():
    with pytest.raises(ValueError):
        license_terms(date(2026, 3, 14), date(2027, 3, 14), rule="county")


# --- §5(A)(1) a puppy may be licensed if the owner asks ----------------------

def test_s5A1_puppy_under_four_months_may_be_licensed_if_the_owner_asks():
    assert license_required(3, at_large=False) is False
    note = license_note(3, at_large=False, owner_asks=True)
    assert "owner asks" in note and "§5(A)(1)" in note
    assert "may still license" in license_note(3, at_large=False, owner_asks=False)
    assert license_note(4, at_large=False, owner_asks=False) is None
    assert license_note(2, at_large=True, owner_asks=False) is None


# --- §5(J) late notices, §5(J)(3) new residents ----------------------------

def test_s5J_notice_filed_after_ten_days_accepted_and_marked_late_by_days():
    on_time = notice_lateness(date(2026, 3, 1), date(2026, 3, 11))
    assert isinstance(on_time, Lateness) and not on_time.late and on_time.note is None
    late = notice_lateness(date(2026, 3, 1), date(2026, 3, 14))
    assert late.late and late.days_late == 3 and late.due_on == date(2026, 3, 11)
    assert late.note == "Filed 3 days late (due by Wed 11 Mar 2026)."
    assert notice_lateness(date(2026, 3, 1), date(2026, 3, 12)).note == "Filed 1 day late (due by Wed 11 Mar 2026)."
    with pytest.raises(ValueError):
        notice_lateness(date(2026, 3, 1), date(2026, 2, 28))


def test_s5J3_new_resident_has_30_days_from_the_date_residence_began():
    assert new_resident_license_due(date(2026, 3, 1)) == date(2026, 3, 31)
    assert not new_resident_lateness(date(2026, 3, 1), date(2026, 3, 31)).late
    late = new_resident_lateness(date(2026, 3, 1), date(2026, 4, 10))
    assert late.days_late == 10 and late.due_on == date(2026, 3, 31)
