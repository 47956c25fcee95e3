"""The state law alone (Agriculture and Markets Law, Article 7) as the app reads it: each rule's test
quotes the statute's words (docs/law/nys-aml-article-7-as-read.txt) and checks the state `Law`'s
numbers, and the law core's functions that apply them."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.law import aml7
from fieldapp.law.fees import validate_fee_schedule
from fieldapp.law.laws import law_named
from fieldapp.law.licensing import (
    RABIES_RULE_STATE,
    license_expiry,
    license_terms,
    state_rule_latest_expiry,
    vet_statement_license_expiry,
)

STATE = law_named("aml-article-7")


def _choice(key):
    return next(c for c in STATE.choices if c.key == key)


def test_aml109_a_license_is_needed_from_four_months():
    """§109(1)(a) "The owner of any dog reaching the age of four months shall immediately make
    application for a dog license." """
    assert STATE.license.age_months == 4 == aml7.LICENSE_AGE_MONTHS
    assert STATE.license.section == "AML §109(1)(a)"


def test_aml109_a_license_runs_no_later_than_the_eleventh_month_after_the_rabies_certificate():
    """§109(1)(a) "a license shall be issued or renewed for a period of at least one year, provided,
    that no license shall be issued for a period expiring after the last day of the eleventh month
    following the expiration date of the current rabies certificate" """
    assert STATE.license.default_rabies_rule == RABIES_RULE_STATE
    assert dict(STATE.license.rabies_rules) == {RABIES_RULE_STATE: "AML §109(1)(a)"}
    assert min(STATE.license.terms) == 1 == aml7.LEAST_TERM_YEARS
    assert state_rule_latest_expiry(date(2027, 3, 15)) == date(2028, 2, 29)
    terms = license_terms(date(2026, 12, 5), date(2027, 3, 15), rule=STATE.license.default_rabies_rule)
    assert terms.allowed == [1] and terms.latest_expiry == date(2028, 2, 29)


def test_aml109_a_license_expires_on_the_last_day_of_its_last_month():
    """§109(1)(a) "All licenses shall expire on the last day of the last month of the period for which
    they are issued." """
    assert license_expiry(date(2026, 12, 5), 1) == date(2027, 12, 31)
    assert license_expiry(date(2027, 2, 3), 1) == date(2028, 2, 29)


def test_aml109_a_license_on_a_vets_statement_is_for_one_year_from_its_date():
    """§109(1)(a) "a license shall be issued or renewed for a period of one year from the date of
    said statement." """
    assert STATE.license.vet_statement_term_years == 1
    assert vet_statement_license_expiry(date(2026, 12, 5)) == date(2027, 12, 31)


def test_aml109_the_town_may_establish_a_common_renewal_date_and_by_default_does_not():
    """§109(1)(a) "Any municipality may establish a common renewal date for all such licenses." """
    choice = _choice("common_renewal_date")
    assert choice.section == "AML §109(1)(a)" and choice.default == "none"
    assert choice.default in choice.options and "owner" in choice.protects


def test_aml109_the_town_clerk_takes_the_application():
    """§109(1)(b) "Application for a dog license shall be made to the clerk of the town" """
    assert STATE.power["issue_license"].roles == ("clerk",)
    assert STATE.power["issue_license"].section == "AML §109(1)(b)"
    assert STATE.may("clerk", "issue_license") and not STATE.may("dco", "issue_license")


def test_aml110_the_unaltered_total_is_at_least_five_dollars_more():
    """§110(1) "the total fee for an unspayed or unneutered dog shall be at least five dollars more
    than the total fee for a spayed or neutered dog." """
    assert STATE.fees.min_unaltered_difference == Decimal("5.00")
    validate_fee_schedule(Decimal("10.00"), Decimal("13.00"))  # totals $11 and $16
    with pytest.raises(ValueError):
        validate_fee_schedule(Decimal("10.00"), Decimal("12.00"))  # totals $11 and $15


def test_aml110_the_fee_exemptions_are_marked_in_the_statutes_words():
    """§110(2) "Municipalities may exempt from their licensing fees any guide dog, ... Each copy of any
    license for such dogs shall be conspicuously marked "Guide Dog", ... "Working Search Dog" ..." """
    markings = [e.marking for e in STATE.license.exemptions.values()]
    assert markings == list(aml7.FEE_EXEMPTION_MARKINGS)
    assert "Working Search Dog" in markings and "Working- Search Dog" not in markings
    assert STATE.license.exemptions_section == "AML §110(2)"
    assert _choice("fee_exemptions").default == "exempt"


def test_aml110_the_population_control_surcharge_is_at_least_one_and_three_dollars():
    """§110(3) "an additional surcharge of at least one dollar for altered dogs and at least three
    dollars for unaltered dogs" """
    assert (STATE.fees.altered_surcharge, STATE.fees.unaltered_surcharge) == (Decimal("1.00"), Decimal("3.00"))
    assert STATE.fees.surcharge_is_least is True
    assert _choice("population_control_surcharge").default.startswith("the least")
    assert STATE.fees.purebred_fees == ()  # the statute sets no purebred fee


def test_aml110_a_town_may_assess_more_than_the_least_surcharge_never_less():
    """§110(3) "an additional surcharge of at least one dollar for altered dogs and at least three
    dollars for unaltered dogs": the town's assessment is charged, and never less than the least."""
    from fieldapp.law.fees import check_surcharges, population_control_surcharge
    more = (Decimal("2.00"), Decimal("5.00"))
    assert population_control_surcharge(True, STATE, more) == Decimal("2.00")
    assert population_control_surcharge(False, STATE, more) == Decimal("5.00")
    assert population_control_surcharge(False, STATE, (Decimal("0.50"), Decimal("1.00"))) == Decimal("3.00")
    assert check_surcharges(more, STATE) == {}
    assert set(check_surcharges((Decimal("0.50"), Decimal("2.99")), STATE)) == {"altered", "unaltered"}
    local = law_named("sandy-creek-ll2-2011")
    # The local law's §5(D) fixes the amounts: an assessment does not change them.
    assert population_control_surcharge(False, local, more) == Decimal("3.00")
    assert check_surcharges((Decimal("0.50"), Decimal("1.00")), local) == {}


def test_aml111_the_tag_is_worn_at_all_times_but_at_a_dog_show():
    """§111(1) "Such identification number shall be carried by the dog on an identification tag which
    shall be affixed to a collar on the dog at all times, provided that a municipality may exempt dogs
    participating in a dog show during such participation." """
    assert STATE.identification.section == "AML §111(1)"
    not_identified = STATE.offences["AML118-1b"]
    assert [e.section for e in not_identified.exceptions] == ["AML §111(1)"]
    assert _choice("dog_show_tag_exemption").default == "exempt"
    assert STATE.power["manage_tags"].section == "AML §111(1)"


def test_aml117_dog_control_peace_and_police_officers_seize():
    """§117(1) "Any dog control officer or peace officer, acting pursuant to his special duties, or
    police officer in the employ of or under contract to a municipality shall seize:" """
    assert set(STATE.power["enforce"].roles) == {"dco", "constable", "police"}
    assert STATE.power["enforce"].section == "AML §117(1)"


def test_aml117_a_seized_dog_is_cared_for_by_the_dog_control_officer():
    """§117(3) "Each dog seized ... shall be properly sheltered, fed and watered for the redemption
    period" """
    assert STATE.power["keep_care_log"].roles == ("dco",)
    assert STATE.power["keep_care_log"].section == "AML §117(3)"


def test_aml117_a_dog_not_identified_is_held_five_days():
    """§117(4) "Each dog which is not identified, whether or not licensed, shall be held for a period
    of five days from the day seized" (calendar days, not the local law's business days)."""
    assert STATE.holding.unidentified_days == 5
    assert STATE.holding.business_days is False
    assert any("§117(4)" in n for n in STATE.not_read)  # read in the text before the renumbering


def test_aml117_an_identified_dog_is_held_seven_days_after_notice_in_person_nine_by_mail():
    """§117(6) "If notification is personally given, such dog shall be held for a period of seven days
    after day of notice ... If such notification is made by mail, such dog shall be held for a period
    of nine days from the date of mailing" """
    assert STATE.holding.notified_in_person_days == 7
    assert STATE.holding.owner_known_days == 9


def test_aml117_the_impoundment_fees_are_the_towns_settings():
    """§117(6) "the owner may redeem such dog upon payment of the impoundment fees prescribed by
    subdivision four of this section": the current amounts of §117(4) were not read, so the value
    holds none and says so."""
    fees = STATE.impoundment_fees
    assert fees.set_by_town is True and fees.least is None and fees.dangerous_dog_daily is None
    assert any("impoundment fees" in n for n in STATE.not_read)


@pytest.mark.parametrize("letter", "abcdefg")
def test_aml118_each_offence_is_the_statutes_words_and_cites_its_paragraph(letter):
    """§118(1) "It shall be a violation, punishable as provided in subdivision two of this section,
    for:" (a) to (g), each in the statute's words."""
    offence = STATE.offences[f"AML118-1{letter}"]
    assert offence.section == f"AML §118(1)({letter})"
    assert offence.text.endswith((";", "."))
    unlicensed = STATE.offences["AML118-1a"]
    assert {e.code for e in unlicensed.exceptions} == {"AML109-under-4-months", "AML109-shelter"}
    assert STATE.penalties.failure_to_license_codes == ("AML118-1a",)


def test_aml118_the_dog_control_officer_brings_the_action():
    """§118(2) "It shall be the duty of the dog control officer of any municipality to bring an action
    against any person who has committed within such municipality any violation" """
    assert STATE.power["issue_ticket"].roles == ("dco",)
    assert not STATE.may("police", "issue_ticket")


def test_aml118_the_town_elects_the_penal_law_or_a_civil_penalty():
    """§118(2) "Any municipality may elect either to prosecute such action as a violation under the
    penal law or to commence an action to recover a civil penalty." """
    choice = _choice("prosecution")
    assert set(choice.options) == {"civil penalty", "penal law"} and choice.default == "civil penalty"


def test_aml118_the_least_fines_are_twenty_five_and_fifty_dollars():
    """§118(2)(a) "by a fine of not less than twenty-five dollars, except that (i) where the person was
    found to have violated this section ... within the preceding five years, the fine may be not less
    than fifty dollars" """
    assert STATE.penalties.least_fines[:2] == (Decimal("25.00"), Decimal("50.00"))
    assert STATE.penalties.max_fine is None  # the statute sets the least, not the most
    assert STATE.penalties.max_imprisonment_days == 15
    assert any("§118(2)(a)(ii)" in n for n in STATE.not_read)
