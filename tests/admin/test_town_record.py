"""The town is a record (models/town.py): the admin edits it on "The town" (/admin/town), every
page reads it through current_town() and get_setting, and the finder's page shows its contact."""
import html

import pytest

from fieldapp.extensions import db
from fieldapp.models import Change, Event, Setting, Town, TownDay
from fieldapp.services.towns import TOWN_SPECS, update_town
from fieldapp.settings import get_setting
from fieldapp.town import current_law, current_town


def the_form(app, **changes):
    with app.app_context():
        data = {spec.key: str(get_setting(spec.key)) for spec in TOWN_SPECS}
    data.update(changes)
    return data


def test_the_demo_town_is_one_record_and_its_settings_and_calendar_belong_to_it(app):
    with app.app_context():
        [town] = db.session.scalars(db.select(Town)).all()
        assert current_town().name == town.name and current_town().law == town.law
        assert current_law().key == town.law
        assert current_town().time_zone == app.config["TIMEZONE"]
        assert {s.town_id for s in db.session.scalars(db.select(Setting))} <= {town.id}
        assert {d.town_id for d in db.session.scalars(db.select(TownDay))} <= {town.id}


def test_current_town_reads_the_record(app):
    with app.app_context():
        town = db.session.scalars(db.select(Town)).one()
        town.name, town.court_address, town.contact_email = "Example Hollow", "1 Court St", "dco@example.org"
        town.clerk_hours, town.time_zone = "Mon-Fri 9-4", "America/Chicago"
        db.session.commit()
        now = current_town()
        assert (now.name, now.court_address, now.contact_email) == ("Example Hollow", "1 Court St", "dco@example.org")
        assert (now.clerk_hours, now.time_zone, now.title) == ("Mon-Fri 9-4", "America/Chicago", "Town of Example Hollow")
        assert get_setting("court_address") == "1 Court St"


def test_the_admin_edits_the_town_and_it_is_audited(client, auth, app):
    auth.login("admin")
    page = client.get("/admin/").get_data(as_text=True)
    assert 'href="/admin/town"' in page
    r = client.post("/admin/town", data=the_form(app, town_name="Example Hollow", clerk_hours="Mon-Fri 9-4",
                                                 contact_email="dco@example.org", court_session_time="7 pm"))
    assert r.status_code == 302
    with app.app_context():
        town = db.session.scalars(db.select(Town)).one()
        assert (town.name, town.clerk_hours, town.court_session_time) == ("Example Hollow", "Mon-Fri 9-4", "19:00")
        assert db.session.scalars(db.select(Event).filter_by(kind="town.changed")).one().data["changed"]["town_name"][1] \
            == "Example Hollow"
        assert db.session.scalars(db.select(Change).filter_by(subject_type="Town")).all()
    assert "Town of Example Hollow" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("key, typed", [("town_name", ""), ("town_time_zone", "Mars/Olympus"),
                                        ("contact_email", "not an email"), ("clerk_phone", "x" * 201)])
def test_a_refused_town_field_is_shown_at_its_field_and_what_was_typed_kept(client, auth, app, key, typed):
    auth.login("admin")
    data = the_form(app, **{key: typed, "clerk_hours": "Typed hours"})
    r = client.post("/admin/town", data=data)
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert f'id="{key}-error"' in page and 'value="Typed hours"' in page
    if typed:
        assert html.escape(typed, quote=True) in page
    with app.app_context():
        assert db.session.scalars(db.select(Town)).one().clerk_hours != "Typed hours"  # nothing written


@pytest.mark.parametrize("role", ["clerk", "dco"])
def test_only_the_admin_edits_the_town(client, auth, role):
    auth.login(role)
    assert client.get("/admin/town").status_code == 403
    assert client.post("/admin/town", data={"town_name": "X"}).status_code == 403


def test_the_finders_page_shows_the_towns_contact(client, app, tokens):
    with app.app_context():
        update_town({"dco_phone": "(555) 010-2020", "contact_email": "finders@example.org",
                     "clerk_hours": "Tuesdays 10 to 2"}, None)
        db.session.commit()
    page = client.get(f"/t/{tokens['Luna']}").get_data(as_text=True)
    assert "(555) 010-2020" in page and "finders@example.org" in page and "Tuesdays 10 to 2" in page


def test_settings_and_closed_days_are_read_for_the_current_town_only(app):
    """A second town's rows (a county's deployment, later) are not the first town's."""
    from datetime import date

    from fieldapp.services.calendar import closed_days
    with app.app_context():
        first = db.session.scalars(db.select(Town)).one()
        other = Town(**{c.key: getattr(first, c.key) for c in Town.__table__.columns if c.key != "id"})
        other.name = "Other Town"
        db.session.add(other)
        db.session.flush()
        db.session.add(Setting(town_id=other.id, key="kennel_name", value="Other Kennel"))
        db.session.add(TownDay(town_id=other.id, day=date(2031, 3, 3), reason="Other's snow day", source="town"))
        db.session.commit()
        assert current_town().name == first.name
        assert get_setting("kennel_name") != "Other Kennel"
        assert date(2031, 3, 3) not in closed_days()
