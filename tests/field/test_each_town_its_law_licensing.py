"""Each town its law, at the clerk's counter: the license terms, the rabies rule, the fee lines,
the exemptions and purebred licenses are the town's law's (`current_law().license`, `.fees`)."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.law import RABIES_RULE_LOCAL, RABIES_RULE_STATE, validate_fee_schedule
from fieldapp.services.licensing.application import Application, RabiesEvidence, prepare_application, term_rule
from fieldapp.services.licensing.fees import fee_lines
from fieldapp.settings import set_setting
from fieldapp.town import current_law

STATE = "aml-article-7"
DAY = date(2026, 10, 20)


@pytest.fixture
def state_law_town(app):
    with app.app_context():
        set_setting("town_law", STATE)
        db.session.commit()
    return app


def _app(**over):
    return Application(rabies=RabiesEvidence(vet_name="Dr. A", vaccinated_on=date(2026, 1, 5),
                                             valid_until=date(2029, 1, 5)), term_years=1, **over)


def test_aml109_the_eleventh_month_rule_is_the_only_rabies_rule_under_state_law(state_law_town):
    with state_law_town.test_request_context():
        set_setting("license_term_state_rule", False)  # the local law's choice: not one the state law leaves
        assert term_rule() == RABIES_RULE_STATE
        assert current_law().license.terms == (1, 2, 3)


def test_s5A4_the_local_law_town_keeps_its_rabies_rule_setting(app):
    with app.test_request_context():
        set_setting("license_term_state_rule", False)
        assert term_rule() == RABIES_RULE_LOCAL


def test_aml110_the_fee_lines_cite_the_state_law_with_no_purebred_license(state_law_town):
    with state_law_town.test_request_context():
        lines = fee_lines(prepare_application(_app(purebred_dogs_on_premises=3), None, None, DAY), 1, DAY)
        assert [ln.kind for ln in lines] == ["license_fee", "population_surcharge"]
        # §110(1) "The license fee ... shall be determined by the municipality issuing the license";
        # §110(3) "In addition to the fee ... an additional surcharge": each line its subdivision.
        assert [ln.section for ln in lines] == ["AML §110(1)", "AML §110(3)"]
        assert lines[1].amount == Decimal("3.00")  # AML §110(3): at least $3.00 for an unaltered dog
        waived = fee_lines(_app(exemption="working_search"), 1, DAY)
        assert waived[0].label == "License fee waived: Working Search Dog"
        assert waived[0].section == "AML §110(2)"


def test_aml110_the_surcharge_the_town_assesses_is_on_the_fee_lines(state_law_town, client, auth):
    """§110(3) "an additional surcharge of at least one dollar for altered dogs and at least three
    dollars for unaltered dogs": the settings carry the town's amount; the settings page refuses less."""
    with state_law_town.test_request_context():
        set_setting("state_law_surcharge_unaltered", Decimal("4.00"))
        db.session.commit()
        from fieldapp.timeutil import local_today
        today = local_today()  # a fee set by resolution applies from its day
        lines = fee_lines(prepare_application(_app(), None, None, today), 1, today)
        assert lines[1].amount == Decimal("4.00")
    auth.login("admin")
    page = client.get("/admin/").get_data(as_text=True)
    assert 'name="state_law_surcharge_altered"' in page
    from tests.admin.test_admin_settings import current_form
    data = {**current_form(state_law_town), "state_law_surcharge_altered": "0.50",
            "state_law_surcharge_altered__authority": "Res. 2026-9"}
    response = client.post("/admin/", data=data)
    assert response.status_code == 422
    assert "must be at least $1.00 (AML §110(3))" in response.get_data(as_text=True)


def test_s5H_the_local_law_town_charges_a_purebred_license(app):
    with app.test_request_context():
        lines = fee_lines(prepare_application(_app(purebred_dogs_on_premises=3), None, None, DAY), 1, DAY)
        assert [ln.kind for ln in lines] == ["purebred_fee", "population_surcharge"]
        assert lines[0].section == "§5(H)" and lines[1].section == "§5(D)"
        assert fee_lines(_app(exemption="working_search"), 1, DAY)[0].label == \
            "License fee waived: Working- Search Dog"


def test_aml110_the_five_dollar_difference_is_checked_and_cites_the_state_law(state_law_town):
    with state_law_town.test_request_context():
        with pytest.raises(ValueError, match=r"at least \$5.00 more .*\(AML §110\(1\)\)"):
            validate_fee_schedule(Decimal("10.00"), Decimal("11.00"), current_law())
        validate_fee_schedule(Decimal("10.00"), Decimal("13.00"), current_law())


def test_aml110_the_license_form_asks_nothing_of_a_purebred_license_under_state_law(state_law_town, client, auth):
    auth.login("clerk")
    form = client.get("/clerk/licenses/new").get_data(as_text=True)
    assert 'name="purebred_dogs_on_premises"' not in form and "(AML §110(2))" in form


def test_s5H_the_license_form_asks_for_the_purebred_count_under_the_local_law(app, client, auth):
    auth.login("clerk")
    form = client.get("/clerk/licenses/new").get_data(as_text=True)
    assert 'name="purebred_dogs_on_premises"' in form and "(§5(I))" in form
