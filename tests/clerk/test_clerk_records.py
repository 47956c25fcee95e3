"""The dog's record, owners and co-owners, §5(J) notices, and who may do what at the counter."""
from datetime import date

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, DogNotice, Event, License, Owner
from tests.factories import made, make_dog, make_licensed_dog, make_owner

TODAY = date(2026, 3, 14)


@pytest.fixture
def app(app):
    app.config["FIXED_TODAY"] = TODAY
    return app


def owner_of_a_dog(app) -> int:
    """An owner of record of a dog, made for the test: the owner's id."""
    with app.app_context():
        owner_id = make_dog().primary_owner.id
        db.session.commit()
    return owner_id


def test_search_page_live_and_plain(clerk, app):
    made(app, make_dog, name="Ares", breed="Xoloitzcuintli")
    made(app, make_dog, name="Juno", breed="Xoloitzcuintli")
    page = clerk.get("/clerk/").get_data(as_text=True)
    assert 'hx-trigger="input changed delay:250ms' in page
    assert 'type="submit"' in page
    full = clerk.get("/clerk/?q=xoloitzcuintli").get_data(as_text=True)
    assert "Ares" in full and "<html" in full
    partial = clerk.get("/clerk/?q=xoloitzcuintli", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Ares" in partial and "Juno" in partial and "<html" not in partial
    # Back button (htmx history restore) and boosted navigation get the whole page.
    for header in ("HX-History-Restore-Request", "HX-Boosted"):
        page = clerk.get("/clerk/?q=xoloitzcuintli", headers={"HX-Request": "true", header: "true"})
        assert "<html" in page.get_data(as_text=True)


def test_dog_record_shows_everything(clerk, app):
    with app.app_context():
        stevens = [make_owner(first_name=first, last_name="Stevens", address="137 Lake Rd") for first in ("John", "Gary")]
        bella = make_licensed_dog(owners=stevens, name="Bella", breed="Beagle", markings="notched left ear")
        db.session.commit()
        lic_number = bella.current_license.number
    page = clerk.get(f"/clerk/dogs/{bella.id}").get_data(as_text=True)
    for text in ("Bella", "Beagle", "notched left ear", "John Stevens", "Gary Stevens", lic_number,
                 "Rabies", "Notices", "Payments", "Renew license"):
        assert text in page


@pytest.mark.parametrize("role", ["dco", "constable", "justice"])
def test_officers_and_justice_may_look_but_not_edit(client, auth, app, role):
    auth.login(role)
    dog_id = made(app, make_licensed_dog, name="Max")
    assert client.get("/clerk/?q=max").status_code == 200
    page = client.get(f"/clerk/dogs/{dog_id}")
    assert page.status_code == 200 and "Renew license" not in page.get_data(as_text=True)
    assert client.get("/clerk/licenses/new").status_code == 403
    assert client.post("/clerk/licenses/new", data={}).status_code == 403
    assert client.get(f"/clerk/dogs/{dog_id}/renew").status_code == 403
    assert client.get(f"/clerk/dogs/{dog_id}/notices/new").status_code == 403
    assert client.get(f"/clerk/dogs/{dog_id}/edit").status_code == 403


def test_signed_out_is_sent_to_sign_in(client):
    assert client.get("/clerk/").status_code == 302


def test_owner_edit_records_phone_optin_with_date(clerk, app):
    owner_id = owner_of_a_dog(app)
    with app.app_context():
        owner = db.session.get(Owner, owner_id)
        data = {f: getattr(owner, f) for f in ("first_name", "last_name", "address", "town", "state",
                                                "zip_code", "phone")}
    data["show_phone_publicly"] = "y"
    r = clerk.post(f"/clerk/owners/{owner_id}/edit", data=data)
    assert r.status_code == 302
    with app.app_context():
        owner = db.session.get(Owner, owner_id)
        assert owner.show_phone_publicly and owner.phone_optin_on == TODAY
    data.pop("show_phone_publicly")
    data["phone"] = ""
    r = clerk.post(f"/clerk/owners/{owner_id}/edit", data=data)
    assert r.status_code == 422


def test_s4I_minor_owner_needs_guardian(clerk, app):
    owner_id = owner_of_a_dog(app)
    with app.app_context():
        owner = db.session.get(Owner, owner_id)
        data = {f: getattr(owner, f) for f in ("first_name", "last_name", "address", "town", "state",
                                                "zip_code", "phone")}
    data["is_minor"] = "y"
    r = clerk.post(f"/clerk/owners/{owner_id}/edit", data=data)
    assert r.status_code == 422
    assert "guardian" in r.get_data(as_text=True)


def test_s5E1_add_co_owner_new_and_existing(clerk, app):
    duke_id, other_id = made(app, make_dog), owner_of_a_dog(app)  # one owner of record, and another
    r = clerk.post(f"/clerk/dogs/{duke_id}/owners/add", data={
        "owner_id": "new", "new-first_name": "Sam", "new-last_name": "Ackley", "new-address": "5 Fox Rd",
        "new-town": "Sandy Creek", "new-state": "NY", "new-zip_code": "13145", "new-phone": "315-555-0101"})
    assert r.status_code == 302
    r = clerk.post(f"/clerk/dogs/{duke_id}/owners/add", data={"owner_id": str(other_id)})
    assert r.status_code == 302
    with app.app_context():
        names = [o.full_name for o in db.session.get(Dog, duke_id).owners]
        assert "Sam Ackley" in names and len(names) == 3
    # The owner picker finds owners by name (htmx partial).
    assert "Ackley" in clerk.get("/clerk/owners/lookup?owner_q=ackley").get_data(as_text=True)


def test_s5J_transfer_to_new_owner_license_not_transferable(clerk, app):
    with app.app_context():
        max_ = make_licensed_dog()
        db.session.commit()
        dog_id, old_owner, lic_id, version = max_.id, max_.primary_owner.id, max_.current_license.id, max_.data_version
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new", data={
        "kind": "transfer", "occurred_on": "2026-03-10", "filed_on": "2026-03-14", "owner_id": "new",
        "new-first_name": "Nora", "new-last_name": "Bice", "new-address": "9 Ridge Rd", "new-town": "Sandy Creek",
        "new-state": "NY", "new-zip_code": "13145", "new-phone": "315-555-0199"})
    assert r.status_code == 302
    with app.app_context():
        dog = db.session.get(Dog, dog_id)
        assert [o.full_name for o in dog.owners] == ["Nora Bice"]
        assert db.session.get(License, lic_id).status == "transferred"
        assert dog.current_license is None  # the new owner must apply
        assert dog.data_version > version
        notice = db.session.scalars(db.select(DogNotice).filter_by(dog_id=dog_id)).one()
        assert notice.occurred_on == date(2026, 3, 10) and notice.filed_on == TODAY
        assert notice.details["from_owner_ids"] == [old_owner]
        assert db.session.scalars(db.select(Event).filter_by(kind="dog.notice.transfer")).one()
    page = clerk.get(f"/clerk/licenses/{lic_id}/certificate").get_data(as_text=True)
    assert "No license is transferable" in page


def test_s5J_transfer_to_existing_owner(clerk, app):
    dog_id, new_owner_id = made(app, make_dog), owner_of_a_dog(app)
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new", data={
        "kind": "transfer", "occurred_on": "2026-03-10", "filed_on": "2026-03-14", "owner_id": str(new_owner_id)})
    assert r.status_code == 302
    with app.app_context():
        assert [o.id for o in db.session.get(Dog, dog_id).owners] == [new_owner_id]


def test_s5J1_lost_then_found(clerk, app):
    dog_id = made(app, make_licensed_dog)
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new",
                   data={"kind": "lost", "occurred_on": "2026-03-12", "filed_on": "2026-03-14"})
    assert r.status_code == 302
    with app.app_context():
        dog = db.session.get(Dog, dog_id)
        assert dog.status == "lost" and dog.status_on == date(2026, 3, 12)
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new",
                   data={"kind": "found", "occurred_on": "2026-03-13", "filed_on": "2026-03-14"})
    assert r.status_code == 302
    with app.app_context():
        assert db.session.get(Dog, dog_id).status == "active"


@pytest.mark.parametrize("kind, status", [("stolen", "stolen"), ("death", "dead"), ("moved", "moved")])
def test_s5J_stolen_death_moved_set_status(clerk, app, kind, status):
    with app.app_context():
        dog = make_licensed_dog()
        db.session.commit()
        dog_id, version = dog.id, dog.data_version
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new", data={
        "kind": kind, "occurred_on": "2026-03-01", "filed_on": "2026-03-14", "new_address": "1 Main St, Pulaski"})
    assert r.status_code == 302
    with app.app_context():
        dog = db.session.get(Dog, dog_id)
        assert dog.status == status and dog.status_on == date(2026, 3, 1)
        assert dog.data_version > version


def test_s5J_notice_dates_checked(clerk, app):
    dog_id = made(app, make_licensed_dog)
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new",
                   data={"kind": "lost", "occurred_on": "2026-03-15", "filed_on": "2026-03-14"})
    assert r.status_code == 422
    assert "can&#39;t be after" in r.get_data(as_text=True)
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new",
                   data={"kind": "found", "occurred_on": "2026-03-14", "filed_on": "2026-03-14"})
    assert r.status_code == 422


def test_edit_dog_description_touches_roadside_data(clerk, app):
    with app.app_context():
        dog = make_dog(name="Duke", breed="German Shepherd", color="black and tan", markings="")
        db.session.commit()
        dog_id, version = dog.id, dog.data_version
    r = clerk.post(f"/clerk/dogs/{dog_id}/edit", data={
        "name": "Duke", "sex": "M", "born_on": "2019-01-01", "breed": "German Shepherd",
        "color": "black and tan", "markings": "torn right ear"})
    assert r.status_code == 302
    with app.app_context():
        dog = db.session.get(Dog, dog_id)
        assert dog.markings == "torn right ear" and dog.data_version > version
