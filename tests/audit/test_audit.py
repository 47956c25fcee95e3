"""The audit trail (services/audit.py): every write to an audited record is a Change, with who
and when and each column's old and new value, shown on the record's History page; nothing edits
or deletes a Change; the admin's activity log shows sign-ins, exports and settings changes."""
import pytest
from sqlalchemy import delete, update

from fieldapp.extensions import db
from fieldapp.models import Owner
from fieldapp.models.audit import Change
from fieldapp.services.audit import AppendOnlyError
from tests.factories import make_dog, make_licensed_dog, make_owner

OWNER_FIELDS = ("first_name", "last_name", "address", "town", "state", "zip_code", "phone")


def owner_form(owner, **changes):
    return {**{f: getattr(owner, f) for f in OWNER_FIELDS}, **changes}


def test_an_address_changed_on_the_owner_page_shows_in_its_history_with_the_clerk(clerk, app):
    with app.app_context():
        owner = make_dog(make_owner(address="12 Pine St")).primary_owner
        db.session.commit()
        owner_id, old_address, data = owner.id, owner.address, owner_form(owner, address="77 Lake Shore Rd")
    assert clerk.post(f"/clerk/owners/{owner_id}/edit", data=data).status_code == 302
    assert f"/clerk/owners/{owner_id}/history" in clerk.get(f"/clerk/owners/{owner_id}").get_data(as_text=True)
    page = clerk.get(f"/clerk/owners/{owner_id}/history").get_data(as_text=True)
    newest = page.split('class="history-line')[1]
    assert "Owner changed" in newest and "owner.updated" in newest
    assert old_address in newest and "77 Lake Shore Rd" in newest and "Tammy Miller" in newest
    with app.app_context():
        ch = db.session.scalars(db.select(Change).filter_by(subject_type="Owner", subject_key=str(owner_id))
                                .order_by(Change.id.desc())).first()
        assert ch.changes == {"address": [old_address, "77 Lake Shore Rd"]}
        assert ch.actor.username == "clerk" and ch.source == "web" and ch.event.kind == "owner.updated"


def test_a_refused_edit_leaves_no_change(clerk, app):
    with app.app_context():
        owner = make_dog().primary_owner
        db.session.commit()
        owner_id, data = owner.id, owner_form(owner, address="1 Nowhere", phone="")
        before = db.session.scalar(db.select(db.func.count(Change.id)))
    assert clerk.post(f"/clerk/owners/{owner_id}/edit", data=data).status_code == 422
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Change.id))) == before


def test_dog_history_has_the_dog_and_its_licenses_and_the_license_page_links_its_own(clerk, app):
    with app.app_context():
        dog = make_licensed_dog(breed="Beagle")
        db.session.commit()
        dog_id, lic_id, lic_number = dog.id, dog.current_license.id, dog.current_license.number
    assert f"/clerk/dogs/{dog_id}/history" in clerk.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)
    page = clerk.get(f"/clerk/dogs/{dog_id}/history").get_data(as_text=True)
    assert "Dog created" in page and "Beagle" in page and f"License #{lic_id} created" in page
    assert f"/clerk/licenses/{lic_id}/history" in clerk.get(f"/clerk/licenses/{lic_id}/certificate").get_data(
        as_text=True)
    page = clerk.get(f"/clerk/licenses/{lic_id}/history").get_data(as_text=True)
    assert f"License {lic_number}: history" in page and lic_number in page


def test_nothing_can_edit_or_delete_a_change(app, clerk):
    for url in ("/clerk/owners/1/history", "/clerk/dogs/1/history", "/clerk/licenses/1/history", "/admin/activity"):
        assert clerk.post(url).status_code == 405
        assert clerk.delete(url).status_code == 405
    with app.app_context():
        ch = db.session.scalars(db.select(Change)).first()
        ch.changes = {"address": ["forged", "forged"]}
        with pytest.raises(AppendOnlyError):
            db.session.flush()
        db.session.rollback()
        db.session.delete(db.session.scalars(db.select(Change)).first())
        with pytest.raises(AppendOnlyError):
            db.session.flush()
        db.session.rollback()
        with pytest.raises(AppendOnlyError):
            db.session.execute(update(Change).values(action="x"))
        with pytest.raises(AppendOnlyError):
            db.session.execute(delete(Change))
        db.session.rollback()


def test_a_write_outside_a_request_is_the_systems(app):
    with app.app_context():
        owner = db.session.scalars(db.select(Owner).order_by(Owner.id)).first()
        owner.phone = "(315) 555-0000"
        db.session.commit()
        ch = db.session.scalars(db.select(Change).order_by(Change.id.desc())).first()
        assert (ch.actor_id, ch.source, ch.owner_id) == (None, "system", owner.id)


def test_a_password_is_never_copied_into_the_history(app):
    with app.app_context():
        from fieldapp.models import User
        user = db.session.scalars(db.select(User).filter_by(username="dco")).one()
        user.set_password("another-long-password")
        db.session.commit()
        ch = db.session.scalars(db.select(Change).order_by(Change.id.desc())).first()
        assert ch.changes == {"password_hash": [None, "(password changed)"]}


def test_the_admin_sees_sign_ins_exports_and_settings_changes_on_one_page(client, auth, app):
    auth.login("clerk")
    assert client.get("/tags/sheet.pdf?serials=1-999999").status_code == 200
    auth.logout()
    with app.app_context():
        from fieldapp.settings import set_setting
        set_setting("kennel_name", "North Kennel")
        db.session.commit()
        set_setting("kennel_name", "South Kennel")
        set_setting("clerk_phone", "(315) 555-0199")  # a column of the town's record
        db.session.commit()
    auth.login("admin")
    assert "/admin/activity" in client.get("/").get_data(as_text=True)
    page = client.get("/admin/activity").get_data(as_text=True)
    settings = page.split('id="settings-changes"')[1].split('id="exports"')[0]
    assert "North Kennel" in settings and "South Kennel" in settings and "Setting #kennel_name" in settings
    assert "(315) 555-0199" in settings and "Town #" in settings
    exports = page.split('id="exports"')[1].split('id="sign-ins"')[0]
    assert "Tag sheet printed (PDF)" in exports and "Tammy Miller" in exports
    sign_ins = page.split('id="sign-ins"')[1]
    assert "Signed in" in sign_ins and "clerk" in sign_ins and "Signed out" in sign_ins
    auth.logout()
    auth.login("clerk")
    assert client.get("/admin/activity").status_code == 403


def test_a_value_set_after_a_commit_is_recorded_with_the_value_it_replaces(app):
    """The record was read before the last commit (its attributes expired): the old value is
    loaded when the new one is set, so the history still says what it replaced."""
    with app.app_context():
        owner = db.session.scalars(db.select(Owner).order_by(Owner.id)).first()
        old = owner.address
        db.session.commit()  # expires everything
        owner.address = "5 Expired Ln"
        db.session.commit()
        ch = db.session.scalars(db.select(Change).order_by(Change.id.desc())).first()
        assert ch.changes == {"address": [old, "5 Expired Ln"]}
