"""§10(B) orders reach the roadside forms: an officer about to write a ticket (§9) or record a
violation about a dog under an order of the Town Justice reads "Under court order: confine to
premises (Sandy Creek Town Court, <date>)" first, from the server's page or, offline, from the
phone's copy (the order's flag carries its words in short)."""
import re

from fieldapp.extensions import db
from fieldapp.models.court import CourtOrder
from fieldapp.timeutil import local_today
from fieldapp.web import longdate

from ..factories import made, make_dog
from .test_court import forwarded_complaint, hearing


def confine(client, auth, app) -> int:
    """A dog of the test's own (Biscuit) ordered confined to its owner's premises (§10(B)(2)) on a
    sworn complaint heard today; its id."""
    dog = made(app, make_dog, name="Biscuit")
    cid = forwarded_complaint(client, auth, app, "Biscuit")
    auth.login("justice")
    hearing(client, cid)
    r = client.post(f"/court/complaints/{cid}/orders", data={"kind": "confined", "ordered_on": local_today().isoformat()})
    assert r.status_code == 303
    auth.logout()
    return dog


def notice(html):
    box = re.search(r'<div class="court-orders"[^>]*>(.*?)</div>', html, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box.group(1))).strip() if box else None


def test_s10B2_confinement_order_shows_on_the_ticket_and_violation_forms(client, auth, app):
    biscuit = confine(client, auth, app)
    another = made(app, make_dog)
    auth.login("dco")
    expected = f"Under court order: confine to premises (Sandy Creek Town Court, {longdate(local_today())})"
    for url in (f"/field/tickets/new?dog={biscuit}", f"/field/violations/new?dog={biscuit}"):
        html = client.get(url).get_data(as_text=True)
        assert expected in notice(html), url
        assert "§4(B)" in notice(html)  # the terms, one tap away
    # Another dog: nothing (the box is there, hidden, for the phone's copy).
    other = client.get(f"/field/tickets/new?dog={another}").get_data(as_text=True)
    assert "Under court order" not in other and re.search(r'data-court-orders data-court-name="Sandy Creek Town Court"'
                                                          r' role="note" hidden', other)


def test_s10B_the_phones_copy_carries_the_order_in_short_for_the_forms_offline(client, auth, app):
    biscuit = confine(client, auth, app)
    auth.login("dco")
    rec = next(d for d in client.get("/api/field-dataset").get_json()["dogs"] if d["dog"]["id"] == biscuit)
    flag = next(f for f in rec["flags"] if f.get("order_id"))
    assert flag["short"] == "confine to premises" and flag["date"] == local_today().isoformat()
    # The generic form the service worker caches has the box to fill, with the court's name.
    generic = client.get("/field/tickets/new").get_data(as_text=True)
    assert 'data-court-name="Sandy Creek Town Court"' in generic


def test_s10B_a_lifted_order_no_longer_shows_on_the_forms(client, auth, app):
    dog = confine(client, auth, app)
    with app.app_context():
        order_id = db.session.execute(db.select(CourtOrder.id)).scalar_one()
    auth.login("justice")
    r = client.post(f"/court/orders/{order_id}/change", data={"kind": "lifted", "ordered_on": local_today().isoformat()})
    assert r.status_code == 303
    auth.login("dco")
    html = client.get(f"/field/tickets/new?dog={dog}").get_data(as_text=True)
    assert "Under court order" not in html
