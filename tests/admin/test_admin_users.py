"""The admin's users: a new user has no role until one is chosen; a user's name, badge, phone and
role are edited later; the court's session day is a choice of day names and its time a clock field."""
import pytest

from fieldapp.extensions import db
from fieldapp.models import Event, User

from ..roadside import errors_of


@pytest.fixture
def admin(client, auth):
    auth.login("admin")
    return client


def user(app, username):
    with app.app_context():
        return db.session.scalars(db.select(User).filter_by(username=username)).one()


def test_a_new_user_has_no_role_until_the_admin_chooses_one(admin, app):
    page = admin.get("/admin/users").get_data(as_text=True)
    select = page.split('id="role"')[1].split("</select>")[0]
    assert '<option selected value="">Choose a role…</option>' in select
    refused = admin.post("/admin/users", data={"username": "pat", "full_name": "Pat Fuller", "role": "",
                                               "password": "long enough pw"})
    assert refused.status_code == 422 and "Choose a role." in errors_of(refused)["role"]
    assert 'value="Pat Fuller"' in refused.get_data(as_text=True)  # what was typed is kept
    done = admin.post("/admin/users", data={"username": "pat", "full_name": "Pat Fuller", "role": "dco",
                                            "password": "long enough pw"})
    assert done.status_code == 302 and user(app, "pat").role == "dco"


def test_the_admin_edits_a_users_name_badge_phone_and_role(admin, app):
    dco = user(app, "dco")
    page = admin.get("/admin/users").get_data(as_text=True)
    assert f'href="/admin/users/{dco.id}/edit"' in page
    form = admin.get(f"/admin/users/{dco.id}/edit").get_data(as_text=True)
    assert f'value="{dco.full_name}"' in form
    saved = admin.post(f"/admin/users/{dco.id}/edit", data={"full_name": "Dale R. Crofoot", "role": "constable",
                                                            "badge_number": "DCO-7", "phone": "315-555-0199"})
    assert saved.status_code == 302
    again = user(app, "dco")
    assert (again.full_name, again.badge_number, again.phone, again.role) == (
        "Dale R. Crofoot", "DCO-7", "315-555-0199", "constable")
    with app.app_context():
        kinds = {e.kind for e in db.session.scalars(db.select(Event).where(Event.kind.in_(
            ("user.edited", "user.role_changed"))))}
    assert kinds == {"user.edited", "user.role_changed"}
    refused = admin.post(f"/admin/users/{dco.id}/edit", data={"full_name": "", "role": "dco"})
    assert refused.status_code == 422 and "Enter the person" in errors_of(refused)["full_name"]


def test_the_admin_edits_their_own_name_but_not_their_own_role(admin, app):
    me = user(app, "admin")
    form = admin.get(f"/admin/users/{me.id}/edit").get_data(as_text=True)
    select = "<select" + form.split('id="role"')[0].rsplit("<select", 1)[-1] + form.split('id="role"')[1].split(">")[0]
    assert "disabled" in select
    saved = admin.post(f"/admin/users/{me.id}/edit", data={"full_name": "Ada Admin", "role": "clerk",
                                                           "badge_number": "", "phone": ""})
    assert saved.status_code == 302
    assert (user(app, "admin").full_name, user(app, "admin").role) == ("Ada Admin", "admin")


def test_s9_court_session_day_is_a_choice_of_day_names_and_its_time_a_clock_field(admin):
    page = admin.get("/admin/town").get_data(as_text=True)  # the court is on the town's record
    day = page.split('id="court_session_weekday"')[1].split("</select>")[0]
    assert ">Wednesday</option>" in day and "0=Monday" not in page
    time = page.split('id="court_session_time"')[1].split(">")[0]
    assert 'type="time"' in time and 'value="18:00"' in time
