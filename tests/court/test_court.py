"""The Town Justice (§9, §10(B), §11) through the court's pages: the docket, the summons, the
hearing, findings and orders (§4(C), §4(O)) that reach the roadside, §10(B)(4) violations of an
order, and dispositions with the §11 limits. The Justice writes; staff read."""
import re
import uuid
from datetime import timedelta
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Payment, User
from fieldapp.models.court import CourtOrder, Disposition, Hearing
from fieldapp.models.enforcement import AppearanceTicket, SwornComplaint, Violation
from fieldapp.settings import get_setting, set_setting
from fieldapp.timeutil import local_today, utcnow

from ..factories import make_licensed_dog

EVERY_PERSON_EXCEPTION = ["4C-totality"]


@pytest.fixture(autouse=True)
def brutus(app):
    """The dog these cases are about, made for each test: Brutus, licensed, with his tag."""
    with app.app_context():
        make_licensed_dog(name="Brutus")
        db.session.commit()


def dog_id(app, name):
    with app.app_context():
        return db.session.execute(db.select(Dog.id).filter_by(name=name)).scalar_one()


def errors_of(response):
    html = response.get_data(as_text=True)
    return dict(re.findall(r'<p class="error" id="([\w-]+)-error">([^<]*)</p>', html))


def forwarded_complaint(client, auth, app, dog="Brutus"):
    """A constable takes a sworn complaint about `dog` and forwards it; returns its id."""
    auth.login("constable")
    entry_id = str(uuid.uuid4())
    r = client.post("/field/complaints/new", data={
        "entry_id": entry_id, "complainant_name": "Linda Ackley", "complainant_residence": "211 Salisbury St", "violation_place": "Fox Rd at the mailbox",
        "sworn": "y", "codes": "6A4", "nature": "Bit my son on the arm at the mailbox.",
        "violation_on": local_today().isoformat(), "dog_id": str(dog_id(app, dog)), "forward_now": "y"})
    assert r.status_code == 201
    with app.app_context():
        c = db.session.execute(db.select(SwornComplaint).filter_by(entry_id=entry_id)).scalar_one()
        assert c.status == "forwarded"
        cid = c.id
    auth.logout()
    return cid


def summon(client, cid, on=None):
    """§10(B): the Justice summons the alleged owner (to appear today unless `on`)."""
    return client.post(f"/court/complaints/{cid}/summons", data={
        "name": "Gary Plumb", "address": "300 Fox Rd", "appear_on": (on or local_today()).isoformat(),
        "appear_time": "18:00"})


def hearing(client, cid, summoned=True, **over):
    """The hearing, after the summons (§10(B)) unless `summoned` is False."""
    if summoned:
        summon(client, cid)
    data = {"held_on": local_today().isoformat(), "complainant_appeared": "y", "owner_appeared": "y",
            "owner_counsel": "J. Barrister", "evidence": "Photos of the bite; ER record."}
    data.update(over)
    return client.post(f"/court/complaints/{cid}/hearings", data=data)


def verdicts(**by_code):
    """§11 per offence: the disposition form's fields of each offence (`plea_6A1`, ...)."""
    data = {}
    for code, fields in by_code.items():
        data.update({f"{name}_{code}": value for name, value in fields.items()})
    return data


def declare_dangerous(client, cid, **over):
    data = {"kind": "dangerous", "ordered_on": local_today().isoformat(), "victim": "person",
            "ruled_out": EVERY_PERSON_EXCEPTION}
    data.update(over)
    return client.post(f"/court/complaints/{cid}/orders", data=data)


def test_s10B_forwarded_complaint_on_the_docket_and_summons_with_the_court_settings(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    html = client.get("/court/docket").get_data(as_text=True)
    assert f'data-docket-case="complaint-{cid}"' in html and "not yet summoned" in html
    assert "Brutus" in html and "(§6(A)(4))" in html
    appear = local_today() + timedelta(days=3)
    r = client.post(f"/court/complaints/{cid}/summons", data={
        "name": "Gary Plumb", "address": "300 Fox Rd", "appear_on": appear.isoformat(), "appear_time": "18:00"})
    assert r.status_code == 303
    summons = client.get(r.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        court = get_setting("court_name")
    assert "Gary Plumb" in summons and "in person" in summons and court in summons
    assert f'data-appear-on="{appear.isoformat()}"' in summons
    html = client.get("/court/docket").get_data(as_text=True)
    ahead = html.split('id="docket-ahead"')[1]
    assert f'data-docket-case="complaint-{cid}"' in ahead


def test_s10B_summons_only_on_a_complaint_forwarded_to_the_justice(client, auth, app):
    auth.login("constable")
    entry_id = str(uuid.uuid4())
    client.post("/field/complaints/new", data={
        "entry_id": entry_id, "complainant_name": "A B", "complainant_residence": "1 Main St", "violation_place": "Fox Rd at the mailbox", "sworn": "y",
        "nature": "Barking", "violation_on": local_today().isoformat(), "dog_description": "Black dog"})
    with app.app_context():
        cid = db.session.execute(db.select(SwornComplaint.id).filter_by(entry_id=entry_id)).scalar_one()
    auth.login("justice")
    r = client.post(f"/court/complaints/{cid}/summons", data={
        "name": "X", "appear_on": local_today().isoformat(), "appear_time": "18:00"})
    assert r.status_code == 422 and "not been forwarded" in r.get_data(as_text=True)


def test_s10B_hearing_records_appearances_counsel_evidence_and_adjournment(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    later = local_today() + timedelta(days=14)
    assert hearing(client, cid, complainant_counsel="K. Advocate", adjourned_to=later.isoformat()).status_code == 303
    with app.app_context():
        h = db.session.execute(db.select(Hearing).filter_by(complaint_id=cid)).scalar_one()
        assert h.owner_counsel == "J. Barrister" and h.complainant_counsel == "K. Advocate"
        assert h.adjourned_to == later and "ER record" in h.evidence
    html = client.get("/court/docket").get_data(as_text=True)
    assert later.strftime("%-d") in html.split('id="docket-ahead"')[1]
    r = hearing(client, cid, adjourned_to=local_today().isoformat())
    assert r.status_code == 422 and "later day" in errors_of(r)["adjourned_to"]


def test_s10B_an_order_only_after_the_hearing(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    r = declare_dangerous(client, cid)
    assert r.status_code == 422 and "after the hearing" in r.get_data(as_text=True)


def test_s4C_dangerous_finding_refused_until_each_exception_is_considered(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    hearing(client, cid)
    page = client.get(f"/court/complaints/{cid}").get_data(as_text=True)
    for section in ("§4(C)(i)", "§4(C)(ii)", "§4(C)(iii)", "§4(C)(iv)", "lawful hunting", "totality of the evidence"):
        assert section in page
    r = declare_dangerous(client, cid, victim="dog_or_cat", ruled_out=["4C-i", "4C-ii"])
    assert r.status_code == 422 and "§4(C)(iii)" in errors_of(r)["ruled_out"]
    with app.app_context():
        assert db.session.execute(db.select(CourtOrder)).first() is None


def test_s10B1_dangerous_order_reaches_the_card_the_tag_api_and_the_phones_copy(client, auth, app, tokens):
    cid = forwarded_complaint(client, auth, app)
    brutus = dog_id(app, "Brutus")
    with app.app_context():
        before = db.session.get(Dog, brutus).data_version
    auth.login("justice")
    hearing(client, cid)
    assert declare_dangerous(client, cid).status_code == 303
    with app.app_context():
        order = db.session.execute(db.select(CourtOrder)).scalar_one()
        assert order.kind == "dangerous" and "collar and leash at all times" in order.terms
        assert order.findings == {"victim": "person", "ruled_out": ["4C-totality"]}
        assert db.session.get(Dog, brutus).data_version > before
    auth.login("dco")
    card = client.get(f"/field/dogs/{brutus}").get_data(as_text=True)
    assert 'data-flag="dangerous"' in card and "collar and leash" in card
    api = client.get(f"/api/tags/{tokens['Brutus']}").get_json()
    flag = next(f for f in api["flags"] if f.get("kind") == "dangerous")
    assert flag["date"] == local_today().isoformat() and "collar and leash" in flag["terms"]
    dataset = client.get(f"/api/field-dataset?since={before}").get_json()
    rec = next(d for d in dataset["dogs"] if d["dog"]["id"] == brutus)
    assert any(f["kind"] == "dangerous" and "collar and leash" in f["terms"] for f in rec["flags"])


def test_s10B_a_later_order_lifts_it_and_the_card_drops_the_flag(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    brutus = dog_id(app, "Brutus")
    auth.login("justice")
    hearing(client, cid)
    declare_dangerous(client, cid)
    with app.app_context():
        oid = db.session.execute(db.select(CourtOrder.id)).scalar_one()
    r = client.post(f"/court/orders/{oid}/change", data={"kind": "confined", "ordered_on": local_today().isoformat()})
    assert r.status_code == 303
    auth.login("dco")
    card = client.get(f"/field/dogs/{brutus}").get_data(as_text=True)
    assert 'data-flag="dangerous"' not in card and 'data-flag="confined"' in card
    auth.login("justice")
    with app.app_context():
        new = db.session.execute(db.select(CourtOrder).filter_by(supersedes_id=oid)).scalar_one()
        assert new.kind == "confined" and "§4(B)" in new.terms
        nid = new.id
    client.post(f"/court/orders/{nid}/change", data={"kind": "lifted", "ordered_on": local_today().isoformat()})
    auth.login("dco")
    card = client.get(f"/field/dogs/{brutus}").get_data(as_text=True)
    assert 'data-flag="confined"' not in card and "Town Justice" not in card
    auth.login("clerk")
    record = client.get(f"/clerk/dogs/{brutus}").get_data(as_text=True)
    assert record.count('data-court-item="order"') == 3 and 'data-court-item="hearing"' in record


def test_s4O_vicious_needs_a_ground_and_iii_a_prior_dangerous_finding(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    hearing(client, cid)
    r = client.post(f"/court/complaints/{cid}/orders", data={
        "kind": "vicious", "ordered_on": local_today().isoformat(), "grounds": ["4O-iii"]})
    assert r.status_code == 422 and "previous finding" in errors_of(r)["grounds"]
    r = client.post(f"/court/complaints/{cid}/orders", data={
        "kind": "vicious", "ordered_on": local_today().isoformat(), "grounds": ["4O-ii"]})
    assert r.status_code == 303


def test_s10B3_other_remedy_in_the_justices_words(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    hearing(client, cid)
    r = client.post(f"/court/complaints/{cid}/orders", data={"kind": "order", "ordered_on": local_today().isoformat()})
    assert r.status_code == 422 and "§10(B)(3)" in errors_of(r)["words"]
    r = client.post(f"/court/complaints/{cid}/orders", data={
        "kind": "order", "ordered_on": local_today().isoformat(), "words": "Fence the back yard within 30 days."})
    assert r.status_code == 303


def test_finder_of_a_dangerous_dog_is_told_not_to_approach_and_nothing_of_the_order(client, auth, app, tokens):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    hearing(client, cid)
    declare_dangerous(client, cid)
    auth.logout()
    html = client.get(f"/t/{tokens['Brutus']}").get_data(as_text=True)
    assert "Do not approach this dog" in html and "dog control officer" in html
    assert "collar and leash" not in html and "Justice" not in html and "§10" not in html


def test_s10B4_violation_of_an_order_linked_to_the_order_in_force(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    brutus = dog_id(app, "Brutus")
    auth.login("dco")
    r = client.post("/field/violations/new", data={
        "entry_id": str(uuid.uuid4()), "dog_id": str(brutus), "codes": "10B4",
        "occurred_at": (local_today() - timedelta(days=1)).isoformat() + "T12:00", "location_text": "Fox Rd"})
    assert r.status_code == 422 and "no order" in r.get_data(as_text=True)
    auth.login("justice")
    hearing(client, cid)
    declare_dangerous(client, cid)
    auth.login("dco")
    form = client.get(f"/field/violations/new?dog={brutus}").get_data(as_text=True)
    assert 'name="court_order_id"' in form and 'data-order-for="10B4"' in form
    with app.app_context():
        oid = db.session.execute(db.select(CourtOrder.id)).scalar_one()
    entry = str(uuid.uuid4())
    r = client.post("/field/violations/new", data={
        "entry_id": entry, "dog_id": str(brutus), "codes": "10B4", "court_order_id": str(oid),
        "occurred_at": (local_today() - timedelta(days=1)).isoformat() + "T12:00", "location_text": "Fox Rd, off leash"})
    assert r.status_code == 201
    with app.app_context():
        v = db.session.execute(db.select(Violation).filter_by(entry_id=entry)).scalar_one()
        assert v.codes == ["10B4"] and v.court_order_id == oid


def make_ticket(app, codes=("6A1",), served=True):
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        t = AppearanceTicket(entry_id=str(uuid.uuid4()), number=f"T{uuid.uuid4().hex[:8]}",
                             dog_id=db.session.execute(db.select(Dog.id).filter_by(name="Brutus")).scalar_one(),
                             codes=list(codes), served_capacity="owner", served_name="Gary Plumb",
                             served_address="300 Fox Rd", served_at=utcnow() if served else None,
                             served_how="personal" if served else "", court_name="Sandy Creek Town Court",
                             court_address="1992 Harwood Dr", appear_on=local_today(), appear_time="18:00",
                             officer_id=dco.id, officer_name="Dog Officer")
        db.session.add(t)
        db.session.commit()
        return t.number


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


def test_s10B_no_hearing_before_the_summons_unless_the_owner_came_of_own_accord(client, auth, app):
    """§10(B): "he or she shall summon the alleged owner to appear in person before him or her for
    a hearing"."""
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    page = client.get(f"/court/complaints/{cid}").get_data(as_text=True)
    assert "data-not-summoned" in page
    r = hearing(client, cid, summoned=False)
    assert r.status_code == 422 and "§10(B): the alleged owner has not been summoned" in r.get_data(as_text=True)
    r = hearing(client, cid, summoned=False, came_of_own_accord="y", owner_appeared="")
    assert r.status_code == 422 and "appeared" in errors_of(r)["came_of_own_accord"]
    assert hearing(client, cid, summoned=False, came_of_own_accord="y").status_code == 303
    with app.app_context():
        h = db.session.execute(db.select(Hearing).filter_by(complaint_id=cid)).scalar_one()
        assert h.owner_came_of_own_accord and h.owner_appeared
    assert "came of their own accord" in client.get(f"/court/complaints/{cid}").get_data(as_text=True)


def test_s10B_no_hearing_on_a_ticket_not_served(client, auth, app):
    number = make_ticket(app, served=False)
    auth.login("justice")
    r = client.post(f"/court/tickets/{number}/hearings", data={"held_on": local_today().isoformat(),
                                                               "owner_appeared": "y"})
    assert r.status_code == 422 and "CPL §150.40(2)" in r.get_data(as_text=True)


def test_s10B_hearing_where_the_owner_did_not_appear_recorded_as_such_and_the_order_says_so(client, auth, app):
    """§10(B): the summoned owner did not come; the Justice may adjourn, or order after it."""
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    later = local_today() + timedelta(days=7)
    assert hearing(client, cid, owner_appeared="", owner_counsel="", adjourned_to=later.isoformat()).status_code == 303
    page = client.get(f"/court/complaints/{cid}").get_data(as_text=True)
    assert 'data-owner-appeared="no"' in page and "owner did not appear" in page
    assert f"Adjourned to {later:%a %-d %b %Y}" in page or "Adjourned to" in page
    assert hearing(client, cid, summoned=False, owner_appeared="", owner_counsel="").status_code == 303
    r = client.post(f"/court/complaints/{cid}/orders", data={
        "kind": "confined", "ordered_on": local_today().isoformat()})
    assert r.status_code == 303
    page = client.get(f"/court/complaints/{cid}").get_data(as_text=True)
    assert "data-owner-absent" in page and "at which the owner, summoned, did not appear" in page


def test_court_records_read_by_staff_written_by_the_justice_only(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    for user in ("dco", "clerk"):
        auth.login(user)
        assert client.get("/court/docket").status_code == 200
        page = client.get(f"/court/complaints/{cid}").get_data(as_text=True)
        assert "Record the hearing" not in page
        assert hearing(client, cid).status_code == 403
    auth.login("admin")
    assert client.get("/court/docket").status_code == 403
    auth.login("justice")
    assert 'href="/court/docket"' in client.get("/").get_data(as_text=True)


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


def test_s10B_summons_names_where_the_violation_happened(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    r = summon(client, cid)
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Fox Rd at the mailbox" in page and "data-violation-place" in page
