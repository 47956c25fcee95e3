"""The Town Justice (§10(B)) through the court's pages: the docket, the summons, the hearing,
findings and orders (§4(C), §4(O)) that reach the roadside, and §10(B)(4) violations of an order.
The Justice writes; staff read. Dispositions are in test_court_disposition.py."""
import uuid
from datetime import timedelta

from fieldapp.extensions import db
from fieldapp.models import Dog
from fieldapp.models.court import CourtOrder, Hearing
from fieldapp.models.enforcement import SwornComplaint, Violation
from fieldapp.settings import get_setting
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


def test_s10B_summons_names_where_the_violation_happened(client, auth, app):
    cid = forwarded_complaint(client, auth, app)
    auth.login("justice")
    r = summon(client, cid)
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Fox Rd at the mailbox" in page and "data-violation-place" in page
