"""Each town its law: a violation, seizure or ticket is judged by the law of the town where it
happened (`fieldapp.town.current_law`, the setting `town_law`). A town under the state law alone
records AML §118(1)'s offences with their exceptions, and only its dog control officer issues a
ticket (AML §118(2)); a town under Local Law No. 2 keeps its own rules."""
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.law.impoundment import impoundment_fees
from fieldapp.law.laws import DEFAULT_LAW, law_named
from fieldapp.models import User
from fieldapp.models.enforcement import Impoundment
from fieldapp.services.impoundment.board import record_notice
from fieldapp.settings import set_setting
from fieldapp.timeutil import local_today
from fieldapp.town import current_law, current_town

from ..factories import make_licensed_dog
from ..roadside import errors_of, post, violation_data

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


# --- impoundment: holding periods and fees -------------------------------------------------------

def _seize(client, app, **over):
    data = dict(dog_id="", dog_description="Grey husky, no collar", codes=["AML118-1d"], ruled_out=[],
                owner_known="no", seized_at="2026-10-19T10:00", location_text="Ridge Rd")  # a Monday
    data.update(over)
    response, _ = post(client, "/field/seizures/new", **data)
    assert response.status_code == 201, errors_of(response)
    with app.app_context():
        return db.session.execute(db.select(Impoundment).order_by(Impoundment.id.desc())).scalars().first().id


def test_aml117_the_seizure_form_says_the_state_laws_grounds_not_the_local_laws(state_law_town, client, auth):
    """AML §117(1): "shall seize: (a) any dog which is not identified and which is not on the owner's
    premises; (b) any dog which is not licensed, whether on or off the owner's premises;" a town
    under the state law alone has no §8(A), nor §5 or §6 to be found in violation of."""
    auth.login("dco")
    form = client.get("/field/seizures/new").get_data(as_text=True)
    assert "AML §117(1): an officer seizes any dog which is not identified" in form
    assert "§8(A)" not in form and "violation of §5 or §6" not in form


def test_s8A_the_local_law_towns_seizure_form_says_section_8(app, client, auth):
    auth.login("dco")
    form = client.get("/field/seizures/new").get_data(as_text=True)
    assert "§8(A): a dog found in violation of §5 or §6 may be seized." in form and "AML §117(1)" not in form


def test_aml117_a_dog_not_identified_is_held_five_calendar_days_from_the_day_seized(state_law_town, client,
                                                                                     auth):
    app = state_law_town
    auth.login("dco")
    imp_id = _seize(client, app)
    with app.app_context():
        assert db.session.get(Impoundment, imp_id).redemption_deadline == date(2026, 10, 24)  # a Saturday
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "AML §117(4), not identified: five days from the day seized" in page and "business days" not in page


def test_aml117_notice_in_person_seven_days_by_mail_or_unknown_nine(state_law_town, client, auth):
    """AML §117(6): counted from the first notice; a notice not given personally (a letter, a
    telephone call) gives the longer period, nine days, which protects the owner."""
    app = state_law_town
    auth.login("dco")
    in_person = _seize(client, app, owner_known="yes", owner_named="Mary Miller")
    by_phone = _seize(client, app, owner_known="yes", owner_named="Mary Miller")
    with app.test_request_context():
        imps = [db.session.get(Impoundment, i) for i in (in_person, by_phone)]
        assert imps[0].redemption_deadline == date(2026, 10, 28)  # nine from the seizure, before any notice
        for imp, method in zip(imps, ("in_person", "phone"), strict=True):
            record_notice(imp, method, datetime(2026, 10, 20, 15, 0, tzinfo=UTC), "Mary Miller", "", None)
        db.session.commit()
        assert imps[0].redemption_deadline == date(2026, 10, 27)  # seven after the 20th
        assert imps[1].redemption_deadline == date(2026, 10, 29)  # nine after the 20th


def test_s8B_the_local_law_town_counts_business_days_from_the_day_impounded(app, client, auth):
    auth.login("dco")
    imp_id = _seize(client, app, codes=["5A1"], ruled_out=["5A1-under-4-months", "5H-dog-show"])
    with app.test_request_context():
        imp = db.session.get(Impoundment, imp_id)
        assert imp.redemption_deadline == date(2026, 10, 26)  # five business days
        record_notice(imp, "in_person", datetime(2026, 10, 20, 15, 0, tzinfo=UTC), "Mary Miller", "", None)
        assert imp.redemption_deadline == date(2026, 10, 26)  # §8(B) counts from the day impounded


def test_aml117_the_impoundment_fees_are_the_towns_with_no_dangerous_dog_fee(state_law_town, client, auth):
    """What the statute's current text was not read for (the fee amounts): the town's settings
    apply, and the held dog's page says so."""
    auth.login("dco")
    imp_id = _seize(client, state_law_town)
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "AML §117(4): the town's impoundment fee settings apply; the statute's current amounts were " \
           "not read" in page
    with state_law_town.test_request_context():
        fees = impoundment_fees(1, 2, 72, True, fee_first=Decimal("20"), fee_second=Decimal("40"),
                                fee_third_and_later=Decimal("60"), boarding_per_day=Decimal("5"), law=current_law())
        assert [(ln.kind, ln.section) for ln in fees.lines] == [("impound", "AML §117(4)"),
                                                                 ("boarding", "AML §117(4)")]


# --- penalties on the ticket and the court's pages -----------------------------------------------

def _ticket(app, codes):
    """A ticket (tests/court/court_steps.py `make_ticket`) about Brutus, made first."""
    from ..court.court_steps import make_ticket
    with app.app_context():
        make_licensed_dog(name="Brutus")
        db.session.commit()
    return make_ticket(app, codes=codes)


def test_aml118_a_state_law_ticket_and_case_say_the_state_laws_fines(state_law_town, client, auth):
    """AML §118(2): "Any municipality may elect either to prosecute such action as a violation under
    the penal law or to commence an action to recover a civil penalty." The app's reading: the
    setting `state_law_prosecution`, by default a civil penalty (no imprisonment). Under the penal
    law the ticket and the court's case cite the state law's least fines; a fine above the local
    law's $500.00 is not refused (the statute sets the least, not the most), fifteen days is the
    most imprisonment."""
    from ..court.court_steps import verdicts
    app = state_law_town
    number = _ticket(app, ("AML118-1d",))
    auth.login("justice")
    case = client.get(f"/court/tickets/{number}").get_data(as_text=True)
    assert "AML §118(2): for each offence, a civil penalty, with no imprisonment" in case
    data = {"decided_on": local_today().isoformat(), "appeared": "y",
            **verdicts(**{"AML118-1d": {"plea": "guilty", "outcome": "convicted", "fine": "600",
                                        "imprisonment_days": "1"}})}
    r = client.post(f"/court/tickets/{number}/dispositions", data=data)
    assert r.status_code == 422 and "No imprisonment: the town prosecutes by an action to recover a civil penalty" \
        in r.get_data(as_text=True)
    with app.app_context():
        set_setting("state_law_prosecution", "penal_law")
        db.session.commit()
    case = client.get(f"/court/tickets/{number}").get_data(as_text=True)
    assert "AML §118(2): for each offence, a fine of not less than $25.00" in case
    assert "$500.00" not in case
    r = client.post(f"/court/tickets/{number}/dispositions", data={**data, "imprisonment_days_AML118-1d": "16"})
    assert r.status_code == 422 and "more than 15 days (AML §118(2))" in r.get_data(as_text=True)
    r = client.post(f"/court/tickets/{number}/dispositions", data={**data, "imprisonment_days_AML118-1d": "0"})
    assert r.status_code == 303
    auth.login("dco")
    ticket = client.get(f"/field/tickets/{number}").get_data(as_text=True)
    assert "Failure to confine, restrain or present a dog, AML §118(1)(d)" in ticket
    assert "an offence under the Agriculture and Markets Law, Article 7 is punishable by a fine of not less" in ticket


def test_aml118_an_offence_keeps_the_election_in_force_when_it_happened(state_law_town, client, auth):
    """AML §118(2): "Any municipality may elect either to prosecute such action as a violation under
    the penal law or to commence an action to recover a civil penalty." The app's reading: the
    election is a dated setting, and an offence is judged by the one in force on its day, never
    by a harsher one the town makes after (a ticket written before keeps its civil penalty)."""
    from fieldapp.models.enforcement import AppearanceTicket
    app = state_law_town
    before = _ticket(app, ("AML118-1a",))
    with app.app_context():
        t = db.session.execute(db.select(AppearanceTicket).filter_by(number=before)).scalar_one()
        t.offence_at = datetime.now(UTC) - timedelta(days=10)
        set_setting("state_law_prosecution", "penal_law", effective_on=local_today() - timedelta(days=3))
        db.session.commit()
    from ..court.court_steps import make_ticket
    after = make_ticket(app, codes=("AML118-1a",))  # about the same dog, today
    auth.login("justice")
    assert "a civil penalty, with no imprisonment" in client.get(f"/court/tickets/{before}").get_data(as_text=True)
    assert "a fine of not less than $25.00" in client.get(f"/court/tickets/{after}").get_data(as_text=True)
    auth.login("dco")
    assert "punishable by a civil penalty, with no imprisonment" in \
        client.get(f"/field/tickets/{before}").get_data(as_text=True)
    assert "punishable by a fine of not less than $25.00" in client.get(f"/field/tickets/{after}").get_data(as_text=True)


def test_aml118_by_default_the_ticket_says_a_civil_penalty_with_no_imprisonment(state_law_town, client, auth):
    """AML §118(2): "... or to commence an action to recover a civil penalty." The default election
    protects the owner: the ticket promises no imprisonment."""
    number = _ticket(state_law_town, ("AML118-1a",))
    auth.login("dco")
    ticket = client.get(f"/field/tickets/{number}").get_data(as_text=True)
    assert "is punishable by a civil penalty, with no imprisonment (AML §118(2)" in ticket
    assert "15 days" not in ticket


def test_s11_a_local_law_ticket_says_the_local_laws_fines(app, client, auth):
    number = _ticket(app, ("6A1",))
    auth.login("dco")
    ticket = client.get(f"/field/tickets/{number}").get_data(as_text=True)
    assert "Running at large, Local Law No. 2 of 2011 §6(A)(1)" in ticket
    assert "a fine of not more than $500, or imprisonment of not more than 15 days, or both (§11)." in ticket
    auth.login("justice")
    assert "§11(B): for each offence, a fine of not more than $500.00, imprisonment of not more than 15 days, " \
           "or both." in client.get(f"/court/tickets/{number}").get_data(as_text=True)


# --- labels that name the law ---------------------------------------------------------------------

def test_aml118_the_pages_name_the_state_law_not_the_local_law(state_law_town, client, auth):
    number = _ticket(state_law_town, ("AML118-1a",))
    auth.login("clerk")
    home = client.get("/").get_data(as_text=True)
    assert "How this app reads Agriculture and Markets Law, Article 7" in home and "Local Law No. 2" not in home
    auth.login("dco")
    ticket = client.get(f"/field/tickets/{number}").get_data(as_text=True)
    assert "AML §118(2) · No." in ticket and "Local Law" not in ticket
    form = client.get("/field/tickets/new").get_data(as_text=True)
    assert "Each with its section of the Agriculture and Markets Law, Article 7." in form


# --- an officer of several towns: each town's court and calendar -----------------------------------

def test_an_officer_of_two_towns_sees_each_towns_court_and_redemption_deadlines(app, client, auth, two_towns):
    """The roadside forms carry each town's own tables (town.py: each_town): the ticket form the
    court and sessions of every town the officer serves, the seizure form each town's §8(B)
    deadlines from its own calendar; the phone shows the one of the town where it happened, by
    default the dog's own (Rex is Elm Hollow's). The phone's copy carries the deadlines the same way."""
    import json
    import re
    from html import unescape

    from fieldapp.models.calendar import TownDay
    from fieldapp.services.field_data import copy_extras
    from fieldapp.town import acting_for
    first, second = str(two_towns["first"]), str(two_towns["second"])
    from fieldapp.services.calendar import closed_days
    today = local_today()
    with app.app_context(), acting_for(two_towns["second"]):
        closed = today + timedelta(days=1)  # a business day of the holding period, made a snow day
        while closed.weekday() >= 5 or closed in closed_days():
            closed += timedelta(days=1)
        set_setting("court_name", "Elm Hollow Town Court")
        db.session.add(TownDay(town_id=two_towns["second"], day=closed, reason="Snow day"))
        db.session.commit()
    auth.login("dco")

    def attr(page, name):
        return json.loads(unescape(re.search(name + r"='([^']*)'", page).group(1)))

    ticket = client.get(f"/field/tickets/new?dog={two_towns['dog']}").get_data(as_text=True)
    courts = attr(ticket, "data-sessions")
    assert {"", first, second} <= set(courts)
    assert courts[second]["court"]["name"] == "Elm Hollow Town Court"
    assert courts[first]["court"]["name"] == courts[""]["court"]["name"] == "Sandy Creek Town Court"
    assert f'data-dog-town="{second}"' in ticket

    seizure = client.get(f"/field/seizures/new?dog={two_towns['dog']}").get_data(as_text=True)
    deadlines = attr(seizure, "data-deadlines")
    day = today.isoformat()
    assert deadlines[second][day]["owner_unknown"] > deadlines[first][day]["owner_unknown"]  # the snow day
    assert f'data-dog-town="{second}"' in seizure

    with app.test_request_context():
        from flask import g
        g.towns_seen = [two_towns["first"], two_towns["second"]]
        tables = copy_extras(today)["redemption_deadlines"]
    assert tables[second][day]["owner_unknown"] == deadlines[second][day]["owner_unknown"]


def test_aml117_a_refused_seizure_and_the_phones_rules_cite_the_state_law(state_law_town, client, auth):
    """The services' messages are written to the local law's sections; in a town under the state
    law alone they cite the statute (AML §117(1) "shall seize") or no section, never §8(A)."""
    auth.login("dco")
    response, _ = post(client, "/field/seizures/new", location_text="Lake Rd", occurred_at="2026-10-19T09:30")
    assert response.status_code == 422
    codes = errors_of(response)["codes"]
    assert "AML §117(1)" in codes and "§8(A)" not in codes
    rules = client.get("/api/entry-rules").get_json()
    seizure = next(r for r in rules["kinds"]["seizure"]["required"] if r["field"] == "codes")
    assert "AML §117(1)" in seizure["message"] and "§8(A)" not in seizure["message"]


def test_s8A_a_refused_seizure_cites_the_local_law(app, client, auth):
    auth.login("dco")
    response, _ = post(client, "/field/seizures/new", location_text="Lake Rd", occurred_at="2026-10-19T09:30")
    assert "(§8(A))" in errors_of(response)["codes"]


def test_aml117_an_impounded_dogs_card_cites_the_statute(state_law_town, client, auth):
    """AML §117(4) "held for a period of five days from the day seized": the card's "Held until"
    flag, written to the local law's §8(B), cites the statute in a town under it alone."""
    app = state_law_town
    with app.app_context():
        dog_id = make_licensed_dog(name="Scout").id
        db.session.commit()
    auth.login("dco")
    _seize(client, app, dog_id=str(dog_id), dog_description="", owner_known="")
    card = client.get(f"/field/dogs/{dog_id}").get_data(as_text=True)
    assert "Held until" in card and "AML §117" in card and "(§8(B))" not in card


def test_each_record_cites_its_own_towns_law(app, two_towns):
    """A list or copy of several towns' dogs (the phone's copy of an officer's towns): each dog's
    flags cite the law of its own town, whichever town the request acts for."""
    from fieldapp.models.town import Town
    from fieldapp.town import acting_for, law_of_town
    with app.app_context():
        db.session.get(Town, two_towns["second"]).law = STATE
        db.session.commit()
    with app.test_request_context(), acting_for(two_towns["first"]):
        assert law_of_town(two_towns["first"]).local
        assert law_of_town(two_towns["second"]).key == STATE
