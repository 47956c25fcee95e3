"""/t/<token> for officers, staff and the public; /api/tags/<token>; the clerk's tag pages."""
from datetime import timedelta
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.law.words import say_date
from fieldapp.models import Payment, Tag
from fieldapp.services.licensing import RabiesEvidence
from fieldapp.services.tags import make_blank_tags, replace_tag
from fieldapp.settings import set_setting
from fieldapp.timeutil import local_today
from tests.factories import make_licensed_dog


def _tag(app, **filters):
    with app.app_context():
        tag = db.session.execute(db.select(Tag).filter_by(**filters).order_by(Tag.id)).scalars().first()
        return {"id": tag.id, "token": tag.token, "serial": tag.serial, "dog_id": tag.dog_id,
                "retired_on": tag.retired_on, "dog_name": tag.dog.name if tag.dog else None,
                "id_number": tag.dog.id_number if tag.dog else None}


def _dog_tag(app, change=None, **kw):
    """The active tag of a dog licensed for the test (as `make_licensed_dog(**kw)`); `change(dog)`
    then alters its record (e.g. a license's end) before it is read."""
    with app.app_context():
        dog = make_licensed_dog(**kw)
        if change:
            change(dog)
        db.session.commit()
        t = dog.active_tag
        return {"id": t.id, "token": t.token, "serial": t.serial, "dog_id": dog.id,
                "dog_name": dog.name, "id_number": dog.id_number}


@pytest.fixture
def active(app):
    return _dog_tag(app, name="Biscuit")


@pytest.fixture
def retired(app):
    with app.app_context():
        dog = make_licensed_dog()
        replace_tag(dog, local_today(), None)
        db.session.commit()
        dog_id = dog.id
    return _tag(app, status="retired", retired_reason="replaced", dog_id=dog_id)


@pytest.fixture
def blank(app):
    with app.app_context():
        serial = make_blank_tags(1, None)[0].serial
        db.session.commit()
    return _tag(app, status="blank", serial=serial)


# --- /t/<token> ---------------------------------------------------------------------------

@pytest.mark.parametrize("role", ["dco", "constable", "clerk"])
def test_signed_in_staff_see_the_dogs_status_card(client, auth, active, role):
    auth.login(role)
    resp = client.get(f"/t/{active['token']}")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert active["dog_name"] in html and str(active["id_number"]) in html
    assert "private" in resp.headers["Cache-Control"]


def test_tokens_are_matched_case_insensitively(client, auth, active):
    auth.login("dco")
    resp = client.get(f"/t/{active['token'].lower()}")
    assert resp.status_code == 200 and active["dog_name"] in resp.get_data(as_text=True)


def test_s5G1_retired_tag_tells_the_officer_it_is_not_valid(app, client, auth, retired):
    auth.login("dco")
    resp = client.get(f"/t/{retired['token']}")
    html = resp.get_data(as_text=True)
    assert f"Tag replaced on {say_date(retired['retired_on'])} — not valid" in html
    assert f"ID {retired['id_number']}" in html
    with app.app_context():
        new_token = db.session.get(Tag, retired["id"]).dog.active_tag.token
    assert new_token not in html  # never the token of the tag that replaced it


def test_blank_tag_tells_the_officer_it_was_never_issued(client, auth, blank):
    auth.login("constable")
    html = client.get(f"/t/{blank['token']}").get_data(as_text=True)
    assert "This tag has not been issued to a dog" in html


def test_public_sees_the_finders_page_for_an_active_tag(client, active):
    resp = client.get(f"/t/{active['token']}")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and active["dog_name"] in html
    assert "Miller" not in html  # the owner's name (Mary Miller) never shows to the public
    assert str(active["id_number"]) not in html


def test_public_gets_one_identical_404_for_unknown_retired_and_blank_tokens(client, retired, blank):
    unknown = client.get("/t/ZZZZZZZZZZZZZ")
    gone = client.get(f"/t/{retired['token']}")
    unissued = client.get(f"/t/{blank['token']}")
    assert unknown.status_code == gone.status_code == unissued.status_code == 404
    assert unknown.data == gone.data == unissued.data
    assert dict(unknown.headers) == dict(gone.headers) == dict(unissued.headers)


def test_unknown_token_is_404_for_officers_too(client, auth):
    auth.login("dco")
    assert client.get("/t/ZZZZZZZZZZZZZ").status_code == 404


# --- /api/tags/<token> --------------------------------------------------------------------

def test_api_tag_json_shape(client, auth, active):
    auth.login("dco")
    resp = client.get(f"/api/tags/{active['token'].lower()}")
    assert resp.status_code == 200 and resp.is_json
    data = resp.get_json()
    assert {"id_number", "name", "sex", "breed", "color"} <= set(data["dog"])
    assert data["dog"]["id_number"] == active["id_number"] and data["dog"]["name"] == "Biscuit"
    assert data["license"]["status"] == "valid" and data["license"]["expiring"] is False
    assert data["rabies"]["status"] == "valid" and data["rabies"]["valid_until"]
    assert isinstance(data["flags"], list)
    assert data["tag"] == {"status": "active", "serial": active["serial"], "token": active["token"],
                           "bound_on": data["tag"]["bound_on"], "retired_on": None}


def test_api_tag_is_four_queries_with_the_users(app, client, auth, active):
    # At county scale: the user, the tag, the card's one query (not each relationship in turn),
    # and the town's settings in one (its time zone: the day the statuses are judged on).
    from fieldapp.querycount import counting_queries
    auth.login("dco")
    with app.app_context():
        engine = db.engine
    with counting_queries(engine) as statements:
        assert client.get(f"/api/tags/{active['token']}").status_code == 200
    assert len(statements) <= 4, statements


def test_api_tag_license_expiring_is_valid_with_a_flag(app, client, auth):
    def ends_in(days):
        def change(dog):
            dog.licenses[0].expires_on = local_today() + timedelta(days=days)
        return change
    statement = RabiesEvidence(kind="vet_statement", vet_name="Dr. Hale", exempt_reason="Too old and frail")
    auth.login("constable")
    bella = client.get(f"/api/tags/{_dog_tag(app, ends_in(20))['token']}").get_json()
    assert bella["license"]["status"] == "valid" and bella["license"]["expiring"] is True
    duke = client.get(f"/api/tags/{_dog_tag(app, ends_in(-40))['token']}").get_json()
    assert duke["license"]["status"] == "expired" and duke["license"]["expiring"] is False
    daisy = client.get(f"/api/tags/{_dog_tag(app, license={'rabies': statement})['token']}").get_json()
    assert daisy["rabies"]["status"] == "exempt"
    penny = client.get(f"/api/tags/{_dog_tag(app, status='lost')['token']}").get_json()
    assert "lost" in [f["code"] for f in penny["flags"]]


def test_api_tag_retired_is_410_and_unknown_404(client, auth, retired, blank):
    auth.login("dco")
    gone = client.get(f"/api/tags/{retired['token']}")
    assert gone.status_code == 410
    assert gone.get_json()["error"] == "tag_retired"
    assert gone.get_json()["message"] == f"Tag replaced on {say_date(retired['retired_on'])} — not valid"
    unknown = client.get("/api/tags/ZZZZZZZZZZZZZ")
    assert unknown.status_code == 404 and unknown.is_json
    assert client.get(f"/api/tags/{blank['token']}").status_code == 404


@pytest.mark.parametrize("role,code", [("dco", 200), ("constable", 200), ("police", 200),
                                       ("clerk", 403), ("justice", 403), ("admin", 403)])
def test_api_tag_is_for_officers_only(client, auth, active, role, code):
    auth.login(role)
    resp = client.get(f"/api/tags/{active['token']}")
    assert resp.status_code == code and resp.is_json


def test_api_tag_signed_out_is_json_401(client, active):
    resp = client.get(f"/api/tags/{active['token']}")
    assert resp.status_code == 401 and resp.get_json()["error"] == "sign_in_required"


# --- the clerk: dog record, replacing, printing -------------------------------------------

def test_dog_record_shows_active_and_retired_tags_and_the_replace_form(app, client, auth, retired):
    auth.login("clerk")
    with app.app_context():
        dog = db.session.get(Tag, retired["id"]).dog
        active_serial, dog_id = dog.active_tag.serial, dog.id
    html = client.get(f"/tags/replace/{dog_id}").get_data(as_text=True)
    assert f"Tag number</dt><dd>{active_serial}" in html
    assert f"Tag {retired['serial']}: replaced" in html
    assert "Replace lost tag" in html and "$3.00" in html
    record = client.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)
    assert "Replace lost tag" in record  # the partial on the clerk's dog page


def test_s5G2_clerk_replaces_a_lost_tag_for_the_fee_in_settings(app, client, auth, active):
    with app.app_context():
        set_setting("fee_replacement_tag", "4.25")
        db.session.commit()
    auth.login("clerk")
    resp = client.post(f"/tags/replace/{active['dog_id']}", data={"blank_tag": ""})
    assert resp.status_code == 302 and resp.location.endswith(f"/clerk/dogs/{active['dog_id']}")
    with app.app_context():
        old = db.session.get(Tag, active["id"])
        assert old.status == "retired" and old.retired_reason == "replaced"
        pay = db.session.execute(db.select(Payment).filter_by(kind="replacement_tag", dog_id=active["dog_id"])).scalar_one()
        assert pay.amount == Decimal("4.25")
    assert client.get(f"/t/{active['token']}").status_code == 200  # the officer-style page...
    auth.logout()
    assert client.get(f"/t/{active['token']}").status_code == 404  # ...and a 404 to the public


def test_replace_with_a_wrong_blank_number_says_why_and_keeps_it(client, auth, active, app):
    other = _dog_tag(app)
    auth.login("clerk")
    resp = client.post(f"/tags/replace/{active['dog_id']}", data={"blank_tag": str(other["serial"])})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "already issued to another dog" in html and f'value="{other["serial"]}"' in html
    assert 'aria-invalid="true"' in html
    with app.app_context():
        assert not db.session.execute(db.select(Payment).filter_by(kind="replacement_tag",
                                                                    dog_id=active["dog_id"])).first()


@pytest.mark.parametrize("role", ["dco", "constable", "police", "justice", "admin"])
def test_only_the_clerk_replaces_tags_and_prints(client, auth, active, role):
    auth.login(role)
    assert client.post(f"/tags/replace/{active['dog_id']}").status_code == 403
    assert client.get("/tags/print").status_code == 403
    assert client.post("/tags/blanks", data={"count": 3}).status_code == 403


def test_print_page_offers_todays_tags_a_selection_and_blanks(client, auth, active):
    auth.login("clerk")
    html = client.get("/tags/print").get_data(as_text=True)
    assert "Avery 22807" in html and "Today’s licenses" in html and "New blank tags" in html
    assert 'name="id"' in html
    found = client.get("/tags/print", query_string={"q": str(active["id_number"])}).get_data(as_text=True)
    assert f'value="{active["id"]}"' in found and "Biscuit" in found


def test_clerk_makes_a_batch_of_blank_tags_then_prints_them(app, client, auth):
    auth.login("clerk")
    resp = client.post("/tags/blanks", data={"count": 24})
    assert resp.status_code == 302
    first, last = map(int, resp.location.split("batch=")[1].split("-"))
    assert last - first == 23
    with app.app_context():
        made = db.session.execute(db.select(Tag).where(Tag.serial.between(first, last))).scalars().all()
        assert len(made) == 24 and all(t.status == "blank" and t.dog_id is None for t in made)
    page = client.get(resp.location).get_data(as_text=True)
    assert f"serials={first}-{last}" in page
    bad = client.post("/tags/blanks", data={"count": 0})
    assert bad.status_code == 422 and "between 1 and 1,200" in bad.get_data(as_text=True)
