"""§6 Restrictions and exceptions, and the §5 offences offered with them."""
import ast
import dataclasses
import pathlib
from datetime import date

import pytest

import fieldapp.law
from fieldapp.law import (
    FAILURE_TO_VACCINATE,
    PRESUMPTIVE_EVIDENCE_NOTE,
    SECTION_6_EXCEPTIONS,
    SECTION_6_RESTRICTIONS,
    UNLICENSED_DOG,
    VIOLATIONS,
    Restriction,
    RestrictionException,
    failure_to_vaccinate_refusal,
    female_in_heat_refusal,
)

LAW_FILE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "law" / "sandy-creek-local-law-2-2011.txt"
CODES = [f"6A{n}" for n in range(1, 13)]


@pytest.fixture(scope="module")
def law_text():
    with open(LAW_FILE, encoding="utf-8") as f:
        return f.read()


def test_s6A_has_twelve_restrictions_in_order():
    assert list(SECTION_6_RESTRICTIONS) == CODES


@pytest.mark.parametrize("n", range(1, 13), ids=CODES)
def test_s6A_restriction_text_is_verbatim_and_titled(n, law_text):
    r = SECTION_6_RESTRICTIONS[f"6A{n}"]
    assert isinstance(r, Restriction)
    assert r.code == f"6A{n}"
    assert r.section == f"§6(A)({n})"
    assert r.title.strip()
    assert r.text in law_text
    assert isinstance(r.exceptions, tuple)
    assert all(isinstance(e, RestrictionException) for e in r.exceptions)


def test_s6A_titles_in_plain_words():
    assert SECTION_6_RESTRICTIONS["6A1"].title == "Running at large"
    assert SECTION_6_RESTRICTIONS["6A2"].title == "Habitual barking or howling"


def test_s6B_and_s6A1_hunting_exceptions_apply_to_running_at_large():
    codes = [e.code for e in SECTION_6_RESTRICTIONS["6A1"].exceptions]
    assert codes == ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"]
    assert SECTION_6_RESTRICTIONS["6A1"].exceptions[0].title == (
        "On the owner's own property, able to be restrained")
    assert SECTION_6_RESTRICTIONS["6A1"].exceptions[1].title == (
        "Hunting in company of a hunter, under command")


def test_s6B_does_not_apply_to_school_premises_or_recreational_areas():
    assert SECTION_6_EXCEPTIONS["6B"] not in SECTION_6_RESTRICTIONS["6A9"].exceptions


def test_s6B_applies_only_to_running_at_large():
    with_6b = [code for code, r in SECTION_6_RESTRICTIONS.items()
               if SECTION_6_EXCEPTIONS["6B"] in r.exceptions]
    assert with_6b == ["6A1"]


@pytest.mark.parametrize("code", list(SECTION_6_EXCEPTIONS), ids=list(SECTION_6_EXCEPTIONS))
def test_s6B_exception_text_is_verbatim(code, law_text):
    e = SECTION_6_EXCEPTIONS[code]
    assert e.code == code
    assert e.section in ("§6(B)", "§6(A)(1)")
    assert e.title.strip()
    assert e.text in law_text


def test_s6C_presumptive_evidence_note_is_verbatim(law_text):
    assert PRESUMPTIVE_EVIDENCE_NOTE in law_text
    assert PRESUMPTIVE_EVIDENCE_NOTE.startswith("Establishment of the fact")


def test_s5A1_unlicensed_dog_violation(law_text):
    assert UNLICENSED_DOG.code == "5A1"
    assert UNLICENSED_DOG.section == "§5(A)(1)"
    assert UNLICENSED_DOG.title == "Unlicensed dog / no tag"
    assert UNLICENSED_DOG.text in law_text
    assert all(e.text in law_text for e in UNLICENSED_DOG.exceptions)


def test_s5B1_failure_to_vaccinate_violation(law_text):
    assert FAILURE_TO_VACCINATE.code == "5B1"
    assert FAILURE_TO_VACCINATE.section == "§5(B)(1)"
    assert FAILURE_TO_VACCINATE.title.strip()
    assert FAILURE_TO_VACCINATE.text in law_text
    assert [e.section for e in FAILURE_TO_VACCINATE.exceptions] == ["§5(B)(2)"]
    assert all(e.text in law_text for e in FAILURE_TO_VACCINATE.exceptions)


def test_s5_s6_s10_violations_are_all_offence_codes_in_order():
    assert list(VIOLATIONS) == (["5A1", "5B1", "5G1", "5J-late", "5J1-late", "5J-new-owner", "5J3"]
                                + CODES + ["10B4"])
    assert all(VIOLATIONS[code] is SECTION_6_RESTRICTIONS[code] for code in CODES)


def test_s6_restrictions_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        SECTION_6_RESTRICTIONS["6A1"].title = "x"
    with pytest.raises(dataclasses.FrozenInstanceError):
        SECTION_6_EXCEPTIONS["6B"].text = "x"


def test_law_core_imports_no_flask_or_database():
    forbidden = {"flask", "flask_sqlalchemy", "flask_login", "sqlalchemy", "sqlite3", "werkzeug"}
    package = pathlib.Path(fieldapp.law.__file__).parent
    for source in package.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{source.name} imports {name}"


def test_law_core_public_names_all_exported():
    for name in fieldapp.law.__all__:
        assert hasattr(fieldapp.law, name), name


# --- the whole table of offence codes -------------------------------------

@pytest.mark.parametrize("code", list(VIOLATIONS), ids=list(VIOLATIONS))
def test_every_offence_code_cites_its_section_with_the_laws_own_words(code, law_text):
    r = VIOLATIONS[code]
    assert isinstance(r, Restriction)
    assert r.code == code
    assert r.section.startswith("§")
    assert r.title.strip()
    assert r.text in law_text
    assert all(isinstance(e, RestrictionException) and e.text in law_text and e.section.startswith("§")
               for e in r.exceptions)


@pytest.mark.parametrize("code, section", [
    ("5J-late", "§5(J)"), ("5J1-late", "§5(J)(1)"), ("5J-new-owner", "§5(J)"),
    ("5J3", "§5(J)(3)"), ("5G1", "§5(G)(1)"), ("10B4", "§10(B)(4)"),
])
def test_new_offence_codes_late_notice_new_owner_new_resident_tag_and_justice_order(code, section):
    assert VIOLATIONS[code].section == section


def test_s5J_late_transfer_and_lost_stolen_notice_offences():
    assert "within ten days of the transfer" in VIOLATIONS["5J-late"].text
    assert "within ten days of discovery of such loss or theft" in VIOLATIONS["5J1-late"].text


def test_s5J_new_owner_not_applying_for_a_license_offence():
    assert VIOLATIONS["5J-new-owner"].text == (
        "The new owner shall immediately make application for a license for such dog.")


def test_s5J3_new_resident_not_licensed_within_30_days_offence():
    assert "within 30 days of establishing residence" in VIOLATIONS["5J3"].text


def test_s5G1_tag_on_another_dog_offence():
    assert "other than the one to which the number has been assigned" in VIOLATIONS["5G1"].text


def test_s10B4_violating_an_order_of_the_town_justice_offence():
    assert "order issued by the Town Justice" in VIOLATIONS["10B4"].text


def test_s5I_dog_show_exemption_covers_any_dog_licensed_in_its_town(law_text):
    show = next(e for e in UNLICENSED_DOG.exceptions if e.code == "5H-dog-show")
    assert show.section == "§5(I)"
    assert "Purebred" not in show.title and "purebred" not in show.text.lower()
    assert show.text.startswith("Dogs when participating in a dog show are also exempt")
    assert show.text in law_text


# --- checks against the dog's record --------------------------------------

def test_s6A8_applies_only_to_an_unspayed_female():
    assert female_in_heat_refusal("F", spayed=False) is None
    assert "male" in female_in_heat_refusal("M", spayed=False)
    assert "spayed female" in female_in_heat_refusal("F", spayed=True)
    assert "§6(A)(8)" in female_in_heat_refusal("M", spayed=True)
    assert "not on record" in female_in_heat_refusal("", spayed=False)


def test_s5B1_failure_to_vaccinate_needs_a_request_on_file():
    reason = failure_to_vaccinate_refusal(None, date(2026, 3, 20))
    assert "no request to vaccinate on file" in reason and "§5(B)(1)" in reason


def test_s5B1_failure_to_vaccinate_needs_ten_days_passed():
    requested = date(2026, 3, 1)
    reason = failure_to_vaccinate_refusal(requested, date(2026, 3, 11))
    assert "have not passed" in reason and "11 Mar 2026" in reason
    assert failure_to_vaccinate_refusal(requested, date(2026, 3, 12)) is None


def test_s5B1_failure_to_vaccinate_not_when_a_certificate_came_within_ten_days():
    requested = date(2026, 3, 1)
    assert "presented on Tue 10 Mar 2026" in failure_to_vaccinate_refusal(
        requested, date(2026, 4, 1), certificate_presented_on=date(2026, 3, 10))
    # A certificate after the ten days does not undo the failure.
    assert failure_to_vaccinate_refusal(requested, date(2026, 4, 1),
                                        certificate_presented_on=date(2026, 3, 20)) is None


# --- §6(A): the hunting proviso and each offence's own exceptions ---------

def test_s6A_hunting_proviso_offered_wherever_at_large_or_command_is_the_offence():
    """§6(A)(1): "a dog or dogs hunting in company of a hunter or hunters shall be considered
    under its owner s command": offered on running at large, at large on school premises or
    recreational areas, and roaming in a pack."""
    with_hunting = [code for code, r in SECTION_6_RESTRICTIONS.items()
                    if SECTION_6_EXCEPTIONS["6A1-hunting"] in r.exceptions]
    assert with_hunting == ["6A1", "6A9", "6A10"]


@pytest.mark.parametrize("code, exception, words", [
    ("6A1", "6A1-leash", "unless the dog is restrained by an adequate leash"),
    ("6A1", "6A1-accompanied", "accompanied by its owner or a responsible person able to control it by command"),
    ("6A3", "6A3-consent", "without the consent or approval of the property owner"),
    ("6A5", "6A5-owners-property", "other than property of the owner or harborer"),
    ("6A6", "6A6-consent", "without the consent of the owner of such property"),
    ("6A7", "6A7-removed", "immediately removes the feces"),
    ("6A8", "6A8-contained", "outside a building or a fenced enclosure unless on a leash"),
    ("6A11", "6A11-rats-mice", "except rats and mice"),
])
def test_s6A_each_offences_own_unless_clause_is_an_exception_to_rule_out(code, exception, words, law_text):
    """The offence's own words ("unless on a leash", "without the consent...", "except rats and
    mice", feces "immediately removed") are exceptions the officer rules out, like §6(B)."""
    r = SECTION_6_RESTRICTIONS[code]
    e = next(e for e in r.exceptions if e.code == exception)
    assert words in e.text and words in r.text
    assert e.text in " ".join(law_text.split()) and e.section == r.section


def test_s5B1_not_when_a_current_certificate_was_on_record_on_the_tenth_day():
    """§5(B)(1) "fails or refuses to submit said dog for vaccination within ten (10) days after a
    request": a certificate current on the tenth day stands against the charge, whenever issued."""
    requested = date(2026, 3, 1)
    reason = failure_to_vaccinate_refusal(requested, date(2026, 4, 1),
                                          current_certificate_until=date(2027, 1, 5))
    assert "valid until Tue 5 Jan 2027" in reason and "Wed 11 Mar 2026" in reason
    assert "vet's statement" in failure_to_vaccinate_refusal(requested, date(2026, 4, 1), current_statement=True)
    # Expired before the tenth day: the charge stands.
    assert failure_to_vaccinate_refusal(requested, date(2026, 4, 1),
                                        current_certificate_until=date(2026, 3, 10)) is None


def test_s4I_a_date_of_birth_after_today_decides_nothing():
    """§4(I) "owned by a minor": a date of birth in year 9999 (a typing slip) is refused by the form;
    the rule itself falls back on the clerk's marker instead of failing."""
    from fieldapp.law.restrictions import owner_is_minor
    assert owner_is_minor(date(9999, 12, 31), False, date(2026, 12, 4)) is False
    assert owner_is_minor(date(9999, 12, 31), True, date(2026, 12, 4)) is True


def test_s6A1_leash_and_command_clauses_are_exceptions_to_rule_out(law_text):
    """§6(A)(1) "Run at large unless the dog is restrained by an adequate leash or unless it is
    accompanied by its owner or a responsible person able to control it by command": each
    "unless" is its own box, with §6(B) and the hunting proviso."""
    r = SECTION_6_RESTRICTIONS["6A1"]
    unless = [e for e in r.exceptions if e.code in ("6A1-leash", "6A1-accompanied")]
    assert len(unless) == 2
    for e in unless:
        assert e.text in r.text and e.text in " ".join(law_text.split()) and e.section == "§6(A)(1)"
