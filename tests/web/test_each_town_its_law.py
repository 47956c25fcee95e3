"""Each town its law: a violation, seizure or ticket is judged by the law of the town where it
happened (`fieldapp.town.current_law`, the setting `town_law`). A town under the state law alone
records AML §118(1)'s offences with their exceptions, and only its dog control officer issues a
ticket (AML §118(2)); a town under Local Law No. 2 keeps its own rules."""
import pytest

from fieldapp.extensions import db
from fieldapp.law.laws import DEFAULT_LAW, law_named
from fieldapp.models import User
from fieldapp.settings import set_setting
from fieldapp.town import current_law, current_town

from .roadside import errors_of, post, violation_data

STATE = "aml-article-7"


def _choose(app, key):
    with app.app_context():
        set_setting("town_law", key)
        db.session.commit()


@pytest.fixture
def state_law_town(app):
    """A town with no local dog law: the state law alone."""
    _choose(app, STATE)
    return app


def test_current_law_is_the_town_setting_and_by_default_the_local_law(app):
    with app.app_context():
        assert current_law() is law_named(DEFAULT_LAW)
        assert current_town().local_law == "Local Law No. 2 of 2011"
    _choose(app, STATE)
    with app.app_context():
        assert current_law() is law_named(STATE)
        assert current_town().local_law == "Agriculture and Markets Law, Article 7"
    assert current_law() is law_named(DEFAULT_LAW)  # no app: the default


# --- the offences an officer may record ----------------------------------------------------------

def test_aml118_an_officer_records_only_the_state_laws_offences_with_their_exceptions(state_law_town, client,
                                                                                      auth):
    """AML §118(1)(a) failing to license stands only once §109(1)(a)'s under four months and in a
    shelter are ruled out; a local law's offence (§6(A)(2)) is not one under the state law."""
    app = state_law_town
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", **violation_data(app, codes=["AML118-1a"], ruled_out=[]))
    assert response.status_code == 422
    message = errors_of(response)["ruled_out"]
    assert "AML §109(1)(a)" in message and "Ruled out: not residing in a pound or shelter" in message
    response, _ = post(client, "/field/violations/new", **violation_data(app, codes=["6A2"], ruled_out=[]))
    assert response.status_code == 422
    assert "not in the" in errors_of(response)["codes"]
    response, _ = post(client, "/field/violations/new", **violation_data(
        app, codes=["AML118-1a"], ruled_out=["AML109-under-4-months", "AML109-shelter"]))
    assert response.status_code == 201, errors_of(response)
    assert "Unlicensed dog (AML §118(1)(a))" in client.get("/field/violations").get_data(as_text=True)


def test_s6A_the_local_law_town_records_its_own_offences_not_the_states(app, client, auth):
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", **violation_data(app, codes=["AML118-1a"], ruled_out=[]))
    assert response.status_code == 422 and "codes" in errors_of(response)
    page = client.get("/field/violations/new").get_data(as_text=True)
    assert 'value="6A1"' in page and 'value="AML118-1a"' not in page
    assert "§6(C):" in page


def test_aml118_the_phone_and_the_form_offer_the_state_laws_offences(state_law_town, client, auth):
    """The entry rules the phone keeps and the form's checkboxes are §118(1)'s, each exception with
    the words the officer ticks; the local law's §6(C) note is not shown."""
    auth.login("dco")
    rules = client.get("/api/entry-rules").get_json()
    assert list(rules["offences"]) == list(law_named(STATE).offences)
    exceptions = {e["code"] for e in rules["offences"]["AML118-1a"]["exceptions"]}
    assert exceptions == {"AML109-under-4-months", "AML109-shelter"}
    page = client.get("/field/violations/new").get_data(as_text=True)
    assert 'value="AML118-1a"' in page and 'value="AML118-1g"' in page
    assert 'value="6A1"' not in page and 'value="5A1"' not in page
    assert 'value="AML111-dog-show"' in page
    assert "§6(C):" not in page


# --- who may act ---------------------------------------------------------------------------------

def _may(app, username, action):
    with app.app_context():
        user = db.session.execute(db.select(User).filter_by(username=username)).scalar_one()
        return user.may(action), action in user.powers()


def test_aml118_only_the_dog_control_officer_issues_a_ticket_under_state_law(state_law_town, client, auth):
    app = state_law_town
    assert _may(app, "dco", "issue_ticket") == (True, True)
    assert _may(app, "police", "issue_ticket") == (False, False)
    auth.login("police")
    assert client.get("/tickets/book").status_code == 403
    assert _may(app, "police", "enforce") == (True, True)  # AML §117(1): a police officer still seizes


def test_s9_a_police_officer_issues_a_ticket_under_the_local_law(app, client, auth):
    assert _may(app, "police", "issue_ticket") == (True, True)
    auth.login("police")
    assert client.get("/tickets/book").status_code == 200
