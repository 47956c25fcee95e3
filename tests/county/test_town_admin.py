"""The county administrator starts a town's people from the web (fieldapp/county/views.py:
town_admin): the town's administrator, serving that town alone, who then makes its clerk and
Justice on their own admin pages."""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import Event, User, UserTown

from ..roadside import errors_of

ADMIN = {"username": "elm-admin", "full_name": "Ellen Hollis", "password": "a long passphrase",
         "confirm": "a long passphrase"}


@pytest.fixture
def county(client, auth):
    auth.login("county_admin")
    return client


def _user(app, username):
    with app.app_context():
        return db.session.scalars(db.select(User).filter_by(username=username)).one_or_none()


def _towns_of(app, username):
    with app.app_context():
        user = db.session.scalars(db.select(User).filter_by(username=username)).one()
        return set(db.session.scalars(db.select(UserTown.town_id).where(UserTown.user_id == user.id)))


def test_the_county_administrator_adds_a_towns_administrator(app, client, auth, county, two_towns):
    second = two_towns["second"]
    listed = county.get("/county/").get_data(as_text=True)
    assert f'href="/county/towns/{second}/administrator">Add this town\'s administrator' in listed
    form = county.get(f"/county/towns/{second}/administrator").get_data(as_text=True)
    assert "Add the Town of Elm Hollow's administrator" in form and 'name="confirm"' in form
    done = county.post(f"/county/towns/{second}/administrator", data=ADMIN)
    assert done.status_code == 302 and done.headers["Location"].endswith(f"/county/#town-{second}")
    user = _user(app, "elm-admin")
    assert (user.role, user.full_name, user.active) == ("admin", "Ellen Hollis", True)
    assert _towns_of(app, "elm-admin") == {second}  # that town alone
    with app.app_context():
        event = db.session.scalars(db.select(Event).filter_by(kind="user.created")).one()
        assert event.data == {"username": "elm-admin", "role": "admin", "town": "Elm Hollow", "town_ids": [second]}
        assert event.actor.username == "county_admin" and event.subject_id == user.id
    assert "Ellen Hollis" in county.get("/county/").get_data(as_text=True)  # on the town's line
    auth.logout()

    # The town's administrator signs in and makes the clerk on their own Users page.
    auth.login("elm-admin", ADMIN["password"])
    made = client.post("/admin/users", data={"username": "elm-clerk", "full_name": "Elm Clerk", "role": "clerk",
                                             "password": "long enough pw"})
    assert made.status_code == 302 and _towns_of(app, "elm-clerk") == {second}


def test_a_taken_username_is_refused_without_saying_whose(app, county, two_towns):
    page = county.post(f"/county/towns/{two_towns['second']}/administrator",
                       data={**ADMIN, "username": "clerk"})  # Sandy Creek's clerk
    html = page.get_data(as_text=True)
    assert page.status_code == 422
    assert errors_of(page)["username"] == "The username “clerk” is taken. Choose another."
    assert "Sandy Creek" not in html.split("<main", 1)[-1].split("</main>")[0]  # whose is not said
    assert re.search(r'<input[^>]*autofocus[^>]*name="username"|<input[^>]*name="username"[^>]*autofocus', html)
    assert 'value="Ellen Hollis"' in html  # what was typed is kept
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(User.id)).filter_by(full_name="Ellen Hollis")) == 0
        assert not db.session.scalars(db.select(Event).filter_by(kind="user.created")).first()


@pytest.mark.parametrize("change, field, message", [
    ({"password": "too short", "confirm": "too short"}, "password", "Use at least 10 characters."),
    ({"confirm": "another long one"}, "confirm", "The two passwords differ: type the same one twice."),
    ({"full_name": ""}, "full_name", "Enter the person's name."),
    ({"username": "Not Valid"}, "username", "Use lower-case letters, digits, . _ - only."),
])
def test_the_form_says_what_to_fix_and_keeps_what_was_typed(app, county, two_towns, change, field, message):
    page = county.post(f"/county/towns/{two_towns['second']}/administrator", data={**ADMIN, **change})
    html = page.get_data(as_text=True)
    assert page.status_code == 422 and errors_of(page)[field] == message.replace("'", "&#39;")
    first = re.search(r"<(?:input|select|textarea)[^>]*\bautofocus\b[^>]*>", html).group(0)
    assert f'name="{field}"' in first
    if field != "full_name":
        assert 'value="Ellen Hollis"' in html
    assert _user(app, ADMIN["username"] if field != "username" else "not valid") is None


def test_only_the_county_administrator_adds_a_towns_administrator(app, client, auth, two_towns):
    auth.login("admin")  # Sandy Creek's administrator
    url = f"/county/towns/{two_towns['second']}/administrator"
    assert client.get(url).status_code == 403
    assert client.post(url, data=ADMIN).status_code == 403
    assert _user(app, "elm-admin") is None


def test_a_town_not_there_is_not_found(county):
    assert county.get("/county/towns/9999/administrator").status_code == 404
