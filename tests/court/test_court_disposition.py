"""The Town Justice's dispositions (§9, §11): the docket of tickets returnable, verdicts per
offence within the §11 limits, the fine in the ledger, and what a disposition needs first."""
import re
from datetime import timedelta
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Payment
from fieldapp.models.court import Disposition
from fieldapp.settings import set_setting
from fieldapp.timeutil import local_today

from .court_steps import (  # noqa: F401  (brutus_made: the autouse fixture)
    EVERY_PERSON_EXCEPTION,
    brutus_made,
    declare_dangerous,
    dog_id,
    errors_of,
    forwarded_complaint,
    hearing,
    make_ticket,
    summon,
    verdicts,
)


def test_s9_ticket_returnable_today_heads_the_docket(client, auth, app):
    number = make_ticket(app)
    auth.login("justice")
    html = client.get("/court/docket").get_data(as_text=True)
    today = html.split('id="docket-today"')[1].split('id="docket-ahead"')[0]
    assert number in today and "Gary Plumb" in today and "§6(A)(1)" in today


@pytest.mark.parametrize("codes, section", [(["5A1"], "§11(A)"), (["6A1"], "§11(B)")])
def test_s11_fine_over_500_refused_within_kept_section_named_and_fine_in_the_ledger(client, auth, app, codes, section):
    number = make_ticket(app, codes)
    code = codes[0]
    auth.login("justice")
    base = {"decided_on": local_today().isoformat(), "appeared": "y"}
    data = {**base, **verdicts(**{code: {"plea": "guilty", "outcome": "convicted", "fine": "600",
                                         "imprisonment_days": "0"}})}
    r = client.post(f"/court/tickets/{number}/dispositions", data=data)
    assert r.status_code == 422 and f"$500.00 ({section})" in errors_of(r)[f"fine_{code}"]
    r = client.post(f"/court/tickets/{number}/dispositions", data={
        **data, f"imprisonment_days_{code}": "16", f"fine_{code}": "0"})
    assert r.status_code == 422 and "15 days" in r.get_data(as_text=True)
    r = client.post(f"/court/tickets/{number}/dispositions", data={**data, f"fine_{code}": "250"})
    assert r.status_code == 303
    with app.app_context():
        d = db.session.execute(db.select(Disposition)).scalar_one()
        assert d.fine == Decimal("250.00") and d.section == section and d.outcome == "convicted" and d.code == code
        did = d.id
    r = client.post(f"/court/dispositions/{did}/fines", data={"amount": "300", "received_on": local_today().isoformat()})
    assert r.status_code == 422
    assert client.post(f"/court/dispositions/{did}/fines", data={
        "amount": "250", "received_on": local_today().isoformat()}).status_code == 303
    with app.app_context():
        p = db.session.execute(db.select(Payment).filter_by(kind="fine")).scalar_one()
        assert p.amount == Decimal("250.00") and p.disposition_id == did
    html = client.get("/court/docket").get_data(as_text=True)
    assert number not in html  # disposed of
    assert client.post(f"/court/tickets/{number}/dispositions", data={**data, f"fine_{code}": "10"}).status_code == 422


def test_s11_adjourned_or_dismissed_carry_no_sentence(client, auth, app):
    number = make_ticket(app)
    auth.login("justice")
    base = {"decided_on": local_today().isoformat()}
    v = {"plea": "not_guilty", "fine": "0", "imprisonment_days": "0"}
    r = client.post(f"/court/tickets/{number}/dispositions", data={**base, **verdicts(**{"6A1": {
        **v, "outcome": "adjourned"}})})
    assert r.status_code == 422 and "adjourned_to" in errors_of(r)
    later = (local_today() + timedelta(days=7)).isoformat()
    assert client.post(f"/court/tickets/{number}/dispositions", data={
        **base, "adjourned_to": later, **verdicts(**{"6A1": {**v, "outcome": "adjourned"}})}).status_code == 303
    r = client.post(f"/court/tickets/{number}/dispositions", data={**base, **verdicts(**{"6A1": {
        **v, "outcome": "dismissed", "fine": "50"}})})
    assert r.status_code == 422 and "only upon conviction" in errors_of(r)["fine_6A1"]
    assert client.post(f"/court/tickets/{number}/dispositions", data={**base, **verdicts(**{"6A1": {
        **v, "outcome": "dismissed"}})}).status_code == 303


def test_s11_each_offence_its_own_verdict_and_its_own_sentence_within_the_limits(client, auth, app):
    """§11: "a fine not to exceed $500.00 or imprisonment of not more than 15 days, or both" for a
    violation: a ticket charging two offences has a verdict and a sentence for each."""
    number = make_ticket(app, ("6A1", "5A1"))
    auth.login("justice")
    page = client.get(f"/court/tickets/{number}").get_data(as_text=True)
    assert 'data-verdict-for="6A1"' in page and 'data-verdict-for="5A1"' in page
    base = {"decided_on": local_today().isoformat(), "appeared": "y"}
    over = verdicts(**{"5A1": {"plea": "guilty", "outcome": "convicted", "fine": "500", "imprisonment_days": "15"},
                       "6A1": {"plea": "guilty", "outcome": "convicted", "fine": "501"}})
    r = client.post(f"/court/tickets/{number}/dispositions", data={**base, **over})
    assert r.status_code == 422 and "$500.00 (§11(B))" in errors_of(r)["fine_6A1"] and "fine_5A1" not in errors_of(r)
    r = client.post(f"/court/tickets/{number}/dispositions", data={**base, **over, "fine_6A1": "500"})
    assert r.status_code == 303
    with app.app_context():
        rows = {d.code: d for d in db.session.execute(db.select(Disposition)).scalars()}
        assert rows["5A1"].section == "§11(A)" and rows["5A1"].fine == Decimal("500.00")
        assert rows["5A1"].imprisonment_days == 15
        assert rows["6A1"].section == "§11(B)" and rows["6A1"].fine == Decimal("500.00")
    page = client.get(f"/court/tickets/{number}").get_data(as_text=True)
    assert page.count('data-disposition="convicted"') == 2 and 'data-case-status="decided"' in page


def test_s11_one_offence_convicted_the_other_dismissed_or_adjourned_the_case_stays_open(client, auth, app):
    number = make_ticket(app, ("6A1", "5A1"))
    auth.login("justice")
    later = local_today() + timedelta(days=7)
    r = client.post(f"/court/tickets/{number}/dispositions", data={
        "decided_on": local_today().isoformat(), "appeared": "y", "adjourned_to": later.isoformat(),
        **verdicts(**{"5A1": {"plea": "guilty", "outcome": "convicted", "fine": "100"},
                      "6A1": {"plea": "not_guilty", "outcome": "adjourned"}})})
    assert r.status_code == 303
    docket = client.get("/court/docket").get_data(as_text=True)
    assert number in docket.split('id="docket-ahead"')[1]
    page = client.get(f"/court/tickets/{number}").get_data(as_text=True)
    assert 'data-verdict-for="6A1"' in page and 'data-verdict-for="5A1"' not in page
    until = (local_today() + timedelta(days=180)).isoformat()
    r = client.post(f"/court/tickets/{number}/dispositions", data={
        "decided_on": later.isoformat(), **verdicts(**{"6A1": {"plea": "not_guilty", "outcome": "acd"}})})
    assert r.status_code == 422 and "until_6A1" in errors_of(r)
    r = client.post(f"/court/tickets/{number}/dispositions", data={
        "decided_on": later.isoformat(), **verdicts(**{"6A1": {"plea": "not_guilty", "outcome": "acd",
                                                                "until": until}})})
    assert r.status_code == 303
    assert number not in client.get("/court/docket").get_data(as_text=True)
    page = client.get(f"/court/tickets/{number}").get_data(as_text=True)
    assert "Adjourned in contemplation of dismissal" in page and 'data-case-status="decided"' in page


def test_s11_no_conviction_on_a_ticket_never_served(client, auth, app):
    """CPL §150.40(2): "must be served personally"; §11: penalties only "upon conviction"."""
    number = make_ticket(app, served=False)
    auth.login("justice")
    r = client.post(f"/court/tickets/{number}/dispositions", data={
        "decided_on": local_today().isoformat(), "appeared": "y",
        **verdicts(**{"6A1": {"plea": "guilty", "outcome": "convicted", "fine": "50"}})})
    assert r.status_code == 422 and "never served" in errors_of(r)["outcome_6A1"]
    r = client.post(f"/court/tickets/{number}/dispositions", data={
        "decided_on": local_today().isoformat(), **verdicts(**{"6A1": {"outcome": "dismissed"}})})
    assert r.status_code == 303  # dismissing it is always open to the Justice


def test_s11_conviction_needs_a_plea_of_guilty_or_a_hearing(client, auth, app):
    number = make_ticket(app)
    auth.login("justice")
    data = {"decided_on": local_today().isoformat(), "appeared": "y",
            **verdicts(**{"6A1": {"plea": "not_guilty", "outcome": "convicted", "fine": "50"}})}
    r = client.post(f"/court/tickets/{number}/dispositions", data=data)
    assert r.status_code == 422 and "plea of guilty or a hearing" in errors_of(r)["outcome_6A1"]
    assert client.post(f"/court/tickets/{number}/hearings", data={
        "held_on": local_today().isoformat(), "complainant_appeared": "y", "owner_appeared": "y",
        "evidence": "The officer's testimony."}).status_code == 303
    assert client.post(f"/court/tickets/{number}/dispositions", data=data).status_code == 303


def test_s11_default_is_its_own_outcome_only_when_the_town_uses_one(client, auth, app):
    """§11: penalties "upon conviction"; a default (the person charged did not appear), if the
    town's court records one, is its own outcome with its reason, never a conviction."""
    number = make_ticket(app)
    auth.login("justice")
    data = {"decided_on": local_today().isoformat(), "notes": "Did not appear; a summons to follow.",
            **verdicts(**{"6A1": {"outcome": "default"}})}
    assert 'value="default"' not in client.get(f"/court/tickets/{number}").get_data(as_text=True)
    r = client.post(f"/court/tickets/{number}/dispositions", data=data)
    assert r.status_code == 422 and "does not record defaults" in errors_of(r)["outcome_6A1"]
    with app.app_context():
        set_setting("court_records_defaults", True)
        db.session.commit()
    assert 'value="default"' in client.get(f"/court/tickets/{number}").get_data(as_text=True)
    r = client.post(f"/court/tickets/{number}/dispositions", data={**data, "notes": ""})
    assert r.status_code == 422 and "reason" in errors_of(r)["notes"]
    r = client.post(f"/court/tickets/{number}/dispositions", data={**data, "appeared": "y"})
    assert r.status_code == 422 and "did not appear" in errors_of(r)["outcome_6A1"]
    r = client.post(f"/court/tickets/{number}/dispositions", data={**data, "fine_6A1": "50"})
    assert r.status_code == 422 and "only upon conviction" in errors_of(r)["fine_6A1"]
    assert client.post(f"/court/tickets/{number}/dispositions", data=data).status_code == 303
    with app.app_context():
        d = db.session.execute(db.select(Disposition)).scalar_one()
        assert d.outcome == "default" and d.fine == 0 and d.section == "" and "summons to follow" in d.notes
    assert number in client.get("/court/docket").get_data(as_text=True)  # still open
    unserved = make_ticket(app, served=False)
    r = client.post(f"/court/tickets/{unserved}/dispositions", data=data)
    assert r.status_code == 422 and "never served" in errors_of(r)["outcome_6A1"]


def test_s11_refused_fine_returns_to_the_refused_form_message_first(client, auth, app):
    """§11: a fine over the limit is refused on the form that was refused: open, its message at the
    form's top, its field in error autofocused (no JavaScript needed to find it on a long page)."""
    number = make_ticket(app, ["6A1"])
    auth.login("justice")
    data = {"decided_on": local_today().isoformat(), "appeared": "y",
            **verdicts(**{"6A1": {"plea": "guilty", "outcome": "convicted", "fine": "600", "imprisonment_days": "0"}})}
    r = client.post(f"/court/tickets/{number}/dispositions", data=data)
    html = r.get_data(as_text=True)
    assert r.status_code == 422
    form = html.split('action="/court/tickets/' + number + '/dispositions"')[1].split("</form>")[0]
    assert form.index("error-summary") < form.index('name="fine_6A1"')  # the message first
    assert re.search(r'<input[^>]*autofocus[^>]*name="fine_6A1"|<input[^>]*name="fine_6A1"[^>]*autofocus', form)
    assert html.count("autofocus") == 1
