"""The officer's roadside screens: the Justice's order in one line on the card (§10(B)), the
roadside search once per dog with its status, the usual offences first, what needs signal, and
the dog's microchip number (record, edit form, card, search, the phone's copy)."""
import re
import uuid
from datetime import date

from fieldapp.extensions import db
from fieldapp.law.orders import CONFINED_TERMS, order_terms
from fieldapp.models import Dog, User
from fieldapp.models.court import CourtOrder
from fieldapp.services.enforcement.record import order_gist
from tests.factories import made, make_dog, make_licensed_dog


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def confine(app, words, on=date(2026, 12, 4)) -> int:
    """A dog of the test's own under a §10(B)(2) order to be confined, with the Justice's words: its id."""
    dog = made(app, make_dog, name="Brutus")
    with app.app_context():
        justice = db.session.execute(db.select(User).filter_by(username="justice")).scalar_one()
        db.session.add(CourtOrder(dog_id=dog, kind="confined", ordered_on=on,
                                  terms=order_terms("confined", words), ordered_by_id=justice.id))
        db.session.commit()
    return dog


# --- §10(B): the order in one line ---------------------------------------------------------------

def test_s10B2_court_order_on_the_card_is_one_line(client, auth, app):
    """§10(B)(2) "confined to the premises of the owner": the card says the order in one line
    (what the Justice added, and the date); the §4(B) meaning of confined is a tap away."""
    brutus = confine(app, "Inside 9 pm-7 am.")
    auth.login("dco")
    html = client.get(f"/field/dogs/{brutus}").get_data(as_text=True)
    item = re.search(r'<li class="flag flag-bad flag-order" data-flag="confined">(.*?)</li>', html, re.S).group(1)
    summary = text(re.search(r"<summary>(.*?)</summary>", item, re.S).group(1))
    assert summary == "CONFINED: Inside 9 pm-7 am. since Fri 4 Dec 2026 terms ▾"
    assert "§4(B)" not in summary and "§4(B)" in item  # the terms, inside the closed <details>
    assert "<details open" not in item
    # The owner and the buttons come right after the warnings.
    assert html.index('class="owners"') < html.index(">Record violation</a>")


def test_s10B_order_gist_words():
    assert order_gist("confined", CONFINED_TERMS) == "CONFINED: confine to premises"
    assert order_gist("dangerous", order_terms("dangerous")).startswith("DANGEROUS: declared dangerous")
    long = order_gist("order", "Keep the dog " + "away from the school yard and " * 5)
    assert long.startswith("COURT ORDER: Keep the dog") and long.endswith("…") and len(long) < 90


def test_s10B_the_phones_copy_carries_the_orders_gist(client, auth, app):
    zeus = confine(app, "Inside 9 pm-7 am.")
    auth.login("dco")
    rec = next(d for d in client.get("/api/field-dataset").get_json()["dogs"] if d["dog"]["id"] == zeus)
    flag = next(f for f in rec["flags"] if f.get("order_id"))
    assert flag["gist"] == "CONFINED: Inside 9 pm-7 am." and "§4(B)" in flag["detail"]


# --- the roadside search -------------------------------------------------------------------------

def test_roadside_search_lists_each_dog_once_with_its_status(client, auth, app):
    auth.login("dco")
    html = client.get("/field/lookup?q=Rd").get_data(as_text=True)
    ids = re.findall(r'<li data-dog-id="(\d+)">', html)
    assert len(ids) >= 3 and len(ids) == len(set(ids))
    assert html.count('data-results="office"') == 1
    for item in re.findall(r'<li data-dog-id="\d+">(.*?)</li>', html, re.S):
        assert re.search(r'data-status="license-(valid|expiring|expired|none|dog_died)"', item)
        assert re.search(r'data-status="rabies-(valid|exempt|expired|none)"', item)
    duke = client.get("/field/lookup?q=Duke").get_data(as_text=True)
    if 'data-dog-id' in duke:  # one dog may also be a redirect; Duke's license expired (demo)
        assert 'data-status="license-expired"' in duke


# --- the offence lists ---------------------------------------------------------------------------

USUAL = ["6A1", "5A1", "6A2", "6A7"]


def offences(html):
    box = re.search(r'<fieldset class="offences[^"]*" id="codes".*?</fieldset>', html, re.S).group(0)
    usual, _, more = box.partition("data-more-offences")
    return re.findall(r'data-code="(\w[\w-]*)"', usual), re.findall(r'data-code="(\w[\w-]*)"', more), more


def test_offences_usual_first_the_rest_under_more(client, auth, app):
    auth.login("dco")
    for url in ("/field/violations/new", "/field/seizures/new", "/field/tickets/new"):
        html = client.get(url).get_data(as_text=True)
        usual, more, rest = offences(html)
        assert usual == USUAL, url
        assert "6A9" in more and "5B1" in more and not set(USUAL) & set(more), url
        assert not rest.lstrip().startswith("open"), url  # closed until one of them is chosen
        assert all(n == "codes" for n in re.findall(r'<input type="checkbox" name="(\w+)" value="\w', html.split('id="codes"')[1].split("</fieldset>")[0]))


def test_offences_more_opens_when_one_of_them_is_chosen(client, auth, app):
    auth.login("dco")
    r = client.post("/field/violations/new", data={"entry_id": str(uuid.uuid4()), "codes": "6A9"})
    assert r.status_code == 422  # no dog, no place: the form comes back with what was ticked
    usual, more, rest = offences(r.get_data(as_text=True))
    assert rest.lstrip().startswith("open")
    assert re.search(r'value="6A9"\s+checked', r.get_data(as_text=True))


# --- what needs signal ---------------------------------------------------------------------------

def test_links_that_need_signal_are_marked_and_the_search_has_an_offline_way(client, auth):
    auth.login("dco")
    html = client.get("/").get_data(as_text=True)
    assert re.search(r'<a href="/clerk/"[^>]*data-needs-signal data-offline-href="/field/scan">Dogs</a>', html)
    assert re.search(r'href="/clerk/" data-needs-signal data-offline-href="/field/scan">Find a dog or owner', html)
    assert re.search(r'href="/field/violations" data-needs-signal>Violations', html)
    assert re.search(r'href="/field/scan">Scan tag', html)  # kept on the phone: not marked
    assert "js/signal.js" in html


# --- the microchip -------------------------------------------------------------------------------

CHIP = "985112003456789"


def set_chip(client, app, dog, chip):
    form = client.get(f"/clerk/dogs/{dog}/edit").get_data(as_text=True)
    data = {k: v for k, v in re.findall(r'<input[^>]*name="(\w+)"[^>]*value="([^"]*)"', form)}
    data.update({"microchip": chip})
    with app.app_context():
        d = db.session.get(Dog, dog)
        data.update({"name": d.name, "sex": d.sex, "breed": d.breed, "color": d.color, "markings": d.markings,
                     "born_on": d.born_on.isoformat() if d.born_on else ""})
    return client.post(f"/clerk/dogs/{dog}/edit", data=data)


def test_microchip_on_the_record_the_card_and_the_phones_copy(client, auth, app):
    max_id = made(app, make_licensed_dog)
    auth.login("clerk")
    r = set_chip(client, app, max_id, "985 112 003 456 789")
    assert r.status_code == 302, r.get_data(as_text=True)
    assert f'<dd id="microchip">{CHIP}</dd>' in client.get(f"/clerk/dogs/{max_id}").get_data(as_text=True)
    auth.login("dco")
    assert f"chip {CHIP}" in client.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    rec = next(d for d in client.get("/api/field-dataset").get_json()["dogs"] if d["dog"]["id"] == max_id)
    assert rec["dog"]["microchip"] == CHIP


def test_microchip_found_by_the_roadside_and_clerk_search_exactly(client, auth, app):
    max_id = made(app, make_licensed_dog)
    auth.login("clerk")
    set_chip(client, app, max_id, CHIP)
    assert client.get(f"/clerk/?q={CHIP}").get_data(as_text=True).count(f"/clerk/dogs/{max_id}\"") == 1
    assert f"/clerk/dogs/{max_id}\"" not in client.get(f"/clerk/?q={CHIP[:-1]}").get_data(as_text=True)
    auth.login("dco")
    r = client.get(f"/field/lookup?q={CHIP}")
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/field/dogs/{max_id}")


def test_microchip_refused_unless_9_to_15_digits_on_one_dog(client, auth, app):
    max_id, bella_id = made(app, make_licensed_dog), made(app, make_licensed_dog)
    auth.login("clerk")
    for bad in ("12345678", "1234567890123456", "98511200345678X"):
        r = set_chip(client, app, max_id, bad)
        html = r.get_data(as_text=True)
        assert r.status_code == 422 and "9 to 15 digits" in html and f'value="{bad}"' in html
    assert set_chip(client, app, max_id, CHIP).status_code == 302
    r = set_chip(client, app, bella_id, CHIP)
    assert r.status_code == 422 and "on another dog" in r.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Dog, bella_id).microchip is None
