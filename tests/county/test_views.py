"""The county administrator's pages (fieldapp/county/views.py): the towns, a new town, and the
towns each dog control officer and police officer serves; and nothing of a town's own."""
import re

import pytest

from fieldapp.demo import DEMO_PASSWORD
from fieldapp.extensions import db
from fieldapp.models import Event, Town, User, UserTown
from fieldapp.settings import get_setting
from fieldapp.town import acting_for

from ..roadside import errors_of

NEW_TOWN = {"town_name": "Richland", "town_county": "Oswego", "town_zip": "13144", "town_law": "aml-article-7",
            "town_time_zone": "America/New_York", "clerk_phone": "(315) 298-5174",
            "clerk_address": "1 Bridge St, Pulaski, NY 13142", "court_name": "Richland Town Court",
            "court_address": "1 Bridge St, Pulaski, NY 13142", "dco_phone": "(315) 298-5555"}


@pytest.fixture
def county(client, auth):
    auth.login("county_admin")
    return client


def _id(app, model, **by):
    with app.app_context():
        return db.session.scalars(db.select(model.id).filter_by(**by)).one()


def _towns_of(app, username):
    with app.app_context():
        user_id = _id(app, User, username=username)
        return set(db.session.scalars(db.select(UserTown.town_id).where(UserTown.user_id == user_id)))


def test_the_start_page_leads_the_county_administrator_to_the_towns_and_officers(county):
    page = county.get("/").get_data(as_text=True)
    for href in ('href="/county/"', 'href="/county/towns/new"', 'href="/county/officers"'):
        assert href in page
    assert 'href="/clerk/' not in page and 'href="/admin/' not in page  # no town's records or settings
    assert 'aria-label="Towns Dog Control: start"' in page  # no town's name: they serve none


def test_the_county_administrator_adds_a_town_with_the_settings_defaults(county, app):
    form = county.get("/county/towns/new").get_data(as_text=True)
    assert 'value="aml-article-7"' in form and "Agriculture and Markets Law, Article 7" in form  # the laws, by name
    done = county.post("/county/towns/new", data=NEW_TOWN)
    assert done.status_code == 302 and done.headers["Location"].endswith("/county/officers")
    with app.app_context():
        town = db.session.scalars(db.select(Town).filter_by(name="Richland")).one()
        assert (town.county, town.zip_code, town.law, town.court_name) == (
            "Oswego", "13144", "aml-article-7", "Richland Town Court")
        assert (town.state, town.clerk_hours, town.contact_email) == ("NY", "", "")  # the defaults
        with acting_for(town.id):  # its own kennel by its name, never the first town's
            assert get_setting("town_name") == "Richland"
            assert get_setting("kennel_name") == "Richland Town Kennel"
            assert get_setting("ticket_number_prefix") == "RI"
        assert db.session.scalars(db.select(Event).filter_by(kind="town.added")).one().data["name"] == "Richland"
    listed = county.get("/county/").get_data(as_text=True)
    assert "Town of Richland" in listed and "Agriculture and Markets Law, Article 7" in listed


def test_a_refused_town_keeps_what_was_typed_and_focuses_the_first_error(county, app):
    refused = county.post("/county/towns/new", data={**NEW_TOWN, "town_name": "", "town_zip": "13144",
                                                     "town_time_zone": "Mars/Olympus"})
    assert refused.status_code == 422
    errors = errors_of(refused)
    assert set(errors) == {"town_name", "town_time_zone"}
    page = refused.get_data(as_text=True)
    assert 'value="Richland Town Court"' in page  # kept
    first_error = re.search(r'<input[^>]*id="town_name"[^>]*>', page).group(0)
    assert "autofocus" in first_error and page.count("autofocus") == 1  # the first field in error
    # The same town twice is refused: it is already there.
    sandy = county.post("/county/towns/new", data={**NEW_TOWN, "town_name": "sandy creek"})
    assert sandy.status_code == 422 and "already one of the towns" in errors_of(sandy)["town_name"]


def test_the_county_administrator_assigns_a_dog_control_officer_whose_sessions_end(county, app):
    county.post("/county/towns/new", data=NEW_TOWN)
    first, richland = _id(app, Town, name="Sandy Creek"), _id(app, Town, name="Richland")
    dco_id, police_id = _id(app, User, username="dco"), _id(app, User, username="police")
    officer = app.test_client()  # the officer, signed in on their phone
    officer.post("/login", data={"username": "dco", "password": DEMO_PASSWORD})
    assert officer.get("/").status_code == 200

    page = county.get("/county/officers").get_data(as_text=True)
    assert f'name="towns-{dco_id}" value="{first}" checked>' in page  # the demo's officer serves the first town
    assert f'name="towns-{dco_id}" value="{richland}">' in page
    assert f'name="towns-{police_id}"' in page and 'name="towns-' + str(_id(app, User, username="clerk")) not in page
    saved = county.post("/county/officers", data={"officer": [dco_id, police_id],
                                                  f"towns-{dco_id}": [first, richland], f"towns-{police_id}": [first]})
    assert saved.status_code == 302
    assert _towns_of(app, "dco") == {first, richland}
    assert _towns_of(app, "police") == {first}  # unchanged
    # The change holds at once: the officer's session is over.
    gone = officer.get("/")
    assert gone.status_code == 302 and "/login" in gone.headers["Location"]
    with app.app_context():
        event = db.session.scalars(db.select(Event).filter_by(kind="user.towns_changed")).one()
        assert event.subject_id == dco_id and event.data["sessions_ended"] == 1
        assert event.data["new"] == "Sandy Creek, Richland"
    # Signed in again, the officer reads both towns.
    officer.post("/login", data={"username": "dco", "password": DEMO_PASSWORD})
    assert officer.get("/").status_code == 200


def test_an_officer_keeps_at_least_one_town_and_the_page_keeps_what_was_ticked(county, app):
    county.post("/county/towns/new", data=NEW_TOWN)
    first, richland = _id(app, Town, name="Sandy Creek"), _id(app, Town, name="Richland")
    dco_id, police_id = _id(app, User, username="dco"), _id(app, User, username="police")
    refused = county.post("/county/officers", data={"officer": [dco_id, police_id], f"towns-{police_id}": [richland]})
    assert refused.status_code == 422
    assert "Tick at least one town" in errors_of(refused)[f"officer-{dco_id}"]
    page = refused.get_data(as_text=True)
    assert f'name="towns-{police_id}" value="{richland}" checked>' in page  # kept
    assert f'name="towns-{dco_id}" value="{richland}" autofocus>' in page and page.count("autofocus") == 1
    assert _towns_of(app, "police") == {first}  # nothing written
    # A user who is not a shared officer is not assigned here.
    clerk_id = _id(app, User, username="clerk")
    assert county.post("/county/officers", data={"officer": [clerk_id], f"towns-{clerk_id}": [richland]}).status_code == 422
    assert _towns_of(app, "clerk") == {first}


@pytest.mark.parametrize("url", ["/clerk/", "/clerk/licenses/new", "/field/violations", "/field/impoundments",
                                 "/calls/", "/admin/", "/admin/users", "/admin/town", "/law/reading", "/reports/"])
def test_the_county_administrator_reads_no_towns_records_nor_settings(county, url):
    assert county.get(url).status_code == 403


@pytest.mark.parametrize("role", ["admin", "clerk", "dco"])
def test_only_the_county_administrator_keeps_the_towns(client, auth, role):
    auth.login(role)
    for url in ("/county/", "/county/towns/new", "/county/officers"):
        assert client.get(url).status_code == 403
