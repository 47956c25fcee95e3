"""Each town its law (fieldapp/law/laws/): one walk over every `Law` the app ships, and Sandy Creek's
value checked to be today's module constants (the same objects, not copies)."""
from dataclasses import FrozenInstanceError
from decimal import Decimal

import pytest

from fieldapp.law import authority, impoundment, licensing, penalties, readings, restrictions
from fieldapp.law.authority import ROLES
from fieldapp.law.laws import DEFAULT_LAW, LAWS, law_named
from fieldapp.law.laws.local_2011 import LAW as LOCAL

ALL = [pytest.param(law, id=key) for key, law in LAWS.items()]


def _money(law):
    yield law.fees.altered_surcharge
    yield law.fees.unaltered_surcharge
    yield law.fees.min_unaltered_difference
    yield from law.fees.purebred_fees
    yield from law.impoundment_fees.least or ()
    if law.impoundment_fees.dangerous_dog_daily is not None:
        yield law.impoundment_fees.dangerous_dog_daily
    if law.penalties.max_fine is not None:
        yield law.penalties.max_fine
    yield from law.penalties.least_fines


@pytest.mark.parametrize("law", ALL)
def test_every_law_cites_its_own_sections_in_money_days_and_roles(law):
    assert LAWS[law.key] is law is law_named(law.key)
    assert law.name.strip() and law.short_name.strip() and law.file_slug.strip()
    # Every offence and exception cites a section of its own law.
    assert law.offences
    for code, offence in law.offences.items():
        assert offence.code == code and law.cites_its_own(offence.section), offence.section
        assert offence.text.strip() and offence.title.strip()
        assert all(law.cites_its_own(e.section) for e in offence.exceptions), code
    for part in (law.license, law.identification, law.holding, law.impoundment_fees, law.penalties):
        assert law.cites_its_own(part.section), part
    assert set(law.penalties.failure_to_license_codes) <= set(law.offences)
    # Every fee is Decimal money, to the cent, not negative.
    for amount in _money(law):
        assert type(amount) is Decimal and amount >= 0 and amount == amount.quantize(Decimal("0.01")), amount
    # Holding periods, terms and ages are positive whole numbers.
    for days in (law.holding.unidentified_days, law.holding.owner_known_days,
                 law.holding.notified_in_person_days or 1, law.license.age_months,
                 law.license.vet_statement_term_years, law.penalties.max_imprisonment_days, *law.license.terms):
        assert type(days) is int and days > 0
    assert law.license.default_rabies_rule in law.license.rabies_rules
    # Every power names roles of the app's table; every action of the app is there once.
    assert [p.action for p in law.powers] == list(authority.POWERS)
    for power in law.powers:
        assert power.roles and set(power.roles) <= set(ROLES), power.action
        assert not power.section or power.section.startswith(("§", "AML")), power.section
        if not law.local:  # the state law's powers cite the statute, or nothing (the app's own)
            assert not power.section or law.cites_its_own(power.section), power.section
    # Every choice the law leaves the town has a default among its options and says whom it protects.
    for choice in law.choices:
        assert choice.default in choice.options or choice.setting, choice.key
        assert choice.protects.strip() and law.cites_its_own(choice.section), choice.key
    # Its readings are its table (the reading page's parts: each anchor and heading once), and a law is a value.
    assert law.readings and law.readings == tuple(r for _, _, rs in law.parts for r in rs)
    anchors = [anchor for anchor, _, _ in law.parts]
    assert len(set(anchors)) == len(anchors) and all(rs for _, _, rs in law.parts)
    with pytest.raises(FrozenInstanceError):
        law.name = "x"


def test_sandy_creeks_law_is_todays_tables_by_reference():
    """Local Law No. 2 of 2011 is the default law and its value is the law core's module constants,
    the same objects: nothing to keep in step."""
    assert DEFAULT_LAW == LOCAL.key and LOCAL.name == "Local Law No. 2 of 2011" and LOCAL.cite("§5(D)") == "§5(D)"
    assert LOCAL.offences is restrictions.VIOLATIONS
    assert LOCAL.license.terms is licensing.LICENSE_TERMS
    assert LOCAL.license.age_months == licensing.LICENSE_AGE_MONTHS
    assert LOCAL.license.rabies_rules is licensing.RABIES_RULES
    assert LOCAL.license.default_rabies_rule == licensing.RABIES_RULE_LOCAL
    assert LOCAL.license.exemptions is licensing.LICENSE_EXEMPTIONS
    assert LOCAL.fees.altered_surcharge is licensing.ALTERED_SURCHARGE
    assert LOCAL.fees.unaltered_surcharge is licensing.UNALTERED_SURCHARGE
    assert LOCAL.fees.min_unaltered_difference is licensing.MIN_UNALTERED_DIFFERENCE
    assert LOCAL.fees.purebred_fees is licensing.PUREBRED_FEES
    assert LOCAL.fees.purebred_band_limits is licensing.PUREBRED_BAND_LIMITS
    assert LOCAL.holding.unidentified_days == impoundment.HOLDING_PERIOD_BUSINESS_DAYS
    assert LOCAL.holding.owner_known_days == impoundment.OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS
    assert LOCAL.holding.business_days is True
    assert LOCAL.impoundment_fees.dangerous_dog_daily is impoundment.DANGEROUS_DOG_DAILY_FEE
    assert LOCAL.powers is authority.WHO_MAY_ACT
    assert LOCAL.penalties.max_fine is penalties.MAX_FINE
    assert LOCAL.penalties.max_imprisonment_days == penalties.MAX_IMPRISONMENT_DAYS
    assert LOCAL.penalties.failure_to_license_codes is penalties.FAILURE_TO_LICENSE_CODES
    assert LOCAL.parts is readings.PARTS and LOCAL.readings == readings.READINGS
    assert {c.setting for c in LOCAL.choices} == {r.setting.key for r in readings.READINGS if r.choice}


def test_the_state_law_is_cited_as_the_statute():
    state = law_named("aml-article-7")
    assert state.name == "Agriculture and Markets Law, Article 7" and not state.local
    assert state.cite("§110(1)") == "AML §110(1)"
    assert state.cites_its_own("AML §118(1)(a)") and not state.cites_its_own("§5(A)(1)")
    assert not set(state.offences) & set(LOCAL.offences)  # codes never collide with the local law's


def test_an_unknown_law_is_refused_by_name():
    with pytest.raises(KeyError, match="aml-article-7"):
        law_named("no-such-law")


def test_no_two_laws_share_an_offence_code():
    """A record's codes name their law (ALL_OFFENCES), and the phone of an officer of several
    towns keeps every served law's offences in one table: a code is one law's."""
    seen = {}
    for law in LAWS.values():
        for code in law.offences:
            assert code not in seen, f"{code} is of {seen[code]} and {law.key}"
            seen[code] = law.key
