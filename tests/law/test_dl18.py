"""The DL-18 (AML §113(4)) seizure codes mapped from the offences of each law, and the report's
plain values (record number, age)."""
from datetime import date

import pytest

from fieldapp.law import VIOLATIONS
from fieldapp.law.dl18 import (
    DL18_SEIZURE_CODES,
    SEIZURE_CODE_TABLE,
    age_words,
    dl18_record_number,
    dl18_seizure_codes,
    dl18_seizure_words,
)
from fieldapp.law.laws import ALL_OFFENCES


def test_dl18_seizure_code_table_covers_every_offence_the_app_seizes_for():
    assert set(SEIZURE_CODE_TABLE) == set(ALL_OFFENCES) and set(VIOLATIONS) <= set(ALL_OFFENCES)


def test_aml117_dl18_reason_of_each_state_offence():
    """AML §117(1): "shall seize: (a) any dog which is not identified and which is not on the
    owner's premises; (b) any dog which is not licensed, whether on or off the owner's premises"."""
    assert dl18_seizure_codes(["AML118-1a"], identified=True) == ["unlicensed"]
    assert dl18_seizure_codes(["AML118-1b"], identified=False) == ["unidentified_at_large"]
    assert dl18_seizure_codes(["AML118-1d"], identified=False) == ["unidentified_at_large"]
    assert dl18_seizure_codes(["AML118-1d"], identified=True) == ["other"]
    for code in ("AML118-1c", "AML118-1e", "AML118-1f", "AML118-1g"):
        assert dl18_seizure_codes([code], identified=True) == ["other"]


@pytest.mark.parametrize("rule", SEIZURE_CODE_TABLE.values(), ids=lambda r: r.offence)
def test_dl18_seizure_code_of_each_offence(rule):
    assert rule.code in DL18_SEIZURE_CODES and rule.why
    assert dl18_seizure_codes([rule.offence], identified=True) == [rule.code]
    expected = rule.unidentified or rule.code
    assert expected in DL18_SEIZURE_CODES
    assert dl18_seizure_codes([rule.offence], identified=False) == [expected]


def test_dl18_running_at_large_unidentified_is_its_own_code():
    assert dl18_seizure_codes(["6A1"], identified=False) == ["unidentified_at_large"]
    assert dl18_seizure_codes(["6A1"], identified=True) == ["local_law"]


def test_dl18_several_offences_give_each_code_once_in_the_forms_order():
    assert dl18_seizure_codes(["6A2", "5A1", "6A1", "6A4"], identified=False) == [
        "unidentified_at_large", "unlicensed", "public_safety", "local_law"]
    assert dl18_seizure_words(["10B4", "6A11"], True) == "Dangerous dog; Court order"


def test_dl18_unknown_or_no_offence_is_other():
    assert dl18_seizure_codes(["??"], True) == ["other"]
    assert dl18_seizure_codes([], True) == ["other"]


def test_dl18_record_number_is_year_and_a_yearly_sequence():
    assert dl18_record_number(2026, 12) == "2026-0012"


def test_dl18_age_from_the_date_of_birth():
    on = date(2026, 12, 3)
    assert age_words(date(2023, 12, 3), on) == "3 years"
    assert age_words(date(2025, 11, 1), on) == "1 year"
    assert age_words(date(2026, 5, 4), on) == "6 months"
    assert age_words(date(2026, 11, 4), on) == "0 months"
    assert age_words(None, on) == "" and age_words(date(2027, 1, 1), on) == ""
