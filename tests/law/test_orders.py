"""§4(B), §4(C), §4(O), §10(B): the Town Justice's findings and orders; §11 the section named."""
from decimal import Decimal

import pytest

from fieldapp.law import penalty_section, validate_sentence
from fieldapp.law.orders import (
    CONFINED_TERMS,
    DANGEROUS_EXCEPTIONS,
    LEASH_TERMS,
    ORDER_KINDS,
    VICTIMS,
    dangerous_finding_noticed,
    dangerous_finding_refusal,
    exceptions_for,
    order_terms,
    vicious_finding_refusal,
)


def test_s4C_every_victim_has_its_exceptions_and_every_exception_a_victim():
    for victim in VICTIMS:
        assert exceptions_for(victim)
    for c in DANGEROUS_EXCEPTIONS:
        assert c.section.startswith("§4(C)") and set(c.applies_to) <= set(VICTIMS)


def test_s4C_animal_bite_exceptions_i_to_iv_must_each_be_considered():
    codes = {c.code for c in exceptions_for("dog_or_cat")}
    assert {"4C-i", "4C-ii", "4C-iii", "4C-iv", "4C-hunting"} == codes
    refusal = dangerous_finding_refusal("dog_or_cat", ["4C-i", "4C-ii", "4C-iii"])
    assert "§4(C)(iv)" in refusal and "hunting" in refusal
    assert dangerous_finding_refusal("dog_or_cat", codes) is None


def test_s4C_person_bitten_only_the_totality_of_the_evidence_is_considered():
    assert [c.code for c in exceptions_for("person")] == ["4C-totality"]
    assert "totality" in dangerous_finding_refusal("person", [])
    assert dangerous_finding_refusal("person", ["4C-totality"]) is None


def test_s4C_killed_companion_animal_no_serious_injury_exception_does_not_apply():
    assert "4C-i" not in {c.code for c in exceptions_for("killed_dog_or_cat")}


def test_s4C_finding_needs_the_victim_named():
    assert "§4(C)" in dangerous_finding_refusal(None, [])


@pytest.mark.parametrize("grounds, prior, ok", [
    (["4O-i"], False, True), (["4O-ii"], False, True), (["4O-iii"], True, True),
    (["4O-iii"], False, False), ([], True, False), (["nonsense"], True, False),
], ids=["killed-person", "serious-injury", "continued-after-finding", "no-prior-finding", "none", "unknown"])
def test_s4O_vicious_finding_needs_a_ground(grounds, prior, ok):
    assert (vicious_finding_refusal(grounds, prior, owner_given_notice=True) is None) is ok


def test_s10B1_dangerous_or_vicious_restrained_by_collar_and_leash_on_or_off_property():
    for kind in ("dangerous", "vicious"):
        terms = order_terms(kind)
        assert terms == LEASH_TERMS and "collar and leash at all times" in terms
        assert "on or off the owner's property" in terms
        assert ORDER_KINDS[kind][0] == "§10(B)(1)"
    assert order_terms("dangerous", "Muzzled in public.").endswith("Muzzled in public.")


def test_s10B2_confined_to_the_owners_premises_as_s4B_defines_it():
    assert order_terms("confined") == CONFINED_TERMS and "§4(B)" in CONFINED_TERMS
    assert ORDER_KINDS["confined"][0] == "§10(B)(2)"


def test_s10B3_other_remedy_needs_the_justices_words():
    with pytest.raises(ValueError, match="§10"):
        order_terms("order", "  ")
    assert order_terms("order", "Attend obedience classes.") == "Attend obedience classes."
    assert ORDER_KINDS["order"][0] == "§10(B)(3)"


@pytest.mark.parametrize("codes, section", [
    (["5A1"], "§11(A)"), (["5J3"], "§11(A)"), (["6A1"], "§11(B)"), (["10B4"], "§11(B)"),
    (["5A1", "6A1"], "§11(A), §11(B)"), ([], "§11(B)"),
], ids=["unlicensed", "new-resident", "at-large", "order-violated", "both", "complaint-no-code"])
def test_s11A_failure_to_license_s11B_any_other_provision(codes, section):
    assert penalty_section(codes) == section


def test_s11_refusal_names_the_section_on_the_record():
    with pytest.raises(ValueError, match=r"\$500.00 \(§11\(A\)\)"):
        validate_sentence(Decimal("600"), 0, section="§11(A)")
    with pytest.raises(ValueError, match=r"15 days \(§11\(B\)\)"):
        validate_sentence(Decimal("0"), 16, section="§11(B)")
    validate_sentence(Decimal("250"), 0, section="§11(B)")


def test_s4O_iii_needs_the_owner_given_notice_of_the_dangerous_finding():
    """§4(O)(iii) "continued to exhibit the behavior that resulted in a previous finding ... that it
    is a dangerous dog, provided that its owner has been given notice of that finding"."""
    refusal = vicious_finding_refusal(["4O-iii"], True, owner_given_notice=False)
    assert "provided that its owner has been given notice of that finding" in refusal
    assert vicious_finding_refusal(["4O-iii"], True, owner_given_notice=True) is None
    # Grounds (i) and (ii) need no previous finding.
    assert vicious_finding_refusal(["4O-ii"], False) is None
    assert dangerous_finding_noticed(owner_appeared=True, notified_on=None)
    assert dangerous_finding_noticed(owner_appeared=False, notified_on="2026-03-01")
    assert not dangerous_finding_noticed(owner_appeared=False, notified_on=None)
