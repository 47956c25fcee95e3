"""Admin: the town's settings, fee schedule (§5(D)) with its authority, and users."""
import html
import re
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Event, Setting, Town, User
from fieldapp.models.enforcement import AppearanceTicket
from fieldapp.services.towns import TOWN_SPECS
from fieldapp.settings import BOARD_SETTINGS, TOWN_FIELDS, SettingValueError, get_setting, set_setting

from ..roadside import post, record_violation, ticket_data


@pytest.fixture
def admin(client, auth):
    auth.login("admin")
    return client


def stored(key):
    """The town's stored row of a setting (None when nothing is stored)."""
    return db.session.scalars(db.select(Setting).filter_by(key=key)).one_or_none()


def the_town():
    return db.session.scalars(db.select(Town)).one()


def current_form(app, specs=BOARD_SETTINGS):
    with app.app_context():
        data = {}
        for spec in specs:
            value = get_setting(spec.key)
            if spec.kind == "bool":
                if value:
                    data[spec.key] = "y"
            elif spec.kind == "dates":
                data[spec.key] = "\n".join(d.isoformat() for d in value)
            else:
                data[spec.key] = str(value)
        return data


def test_settings_page_grouped_by_section(admin):
    page = admin.get("/admin/").get_data(as_text=True)
    assert "<legend>§5(D)</legend>" in page and "<legend>§8(C)(1)</legend>" in page
    assert "Town Board resolution" in page


def test_s5D_fee_change_saved_with_its_authority(admin, app):
    data = current_form(app)
    data.update(fee_altered="12.00", fee_unaltered="20.00",
                fee_altered__authority="Resolution 2026-14 of 2026-01-12",
                fee_unaltered__authority="Resolution 2026-14 of 2026-01-12")
    r = admin.post("/admin/", data=data)
    assert r.status_code == 302
    with app.app_context():
        assert get_setting("fee_altered") == Decimal("12.00")
        assert stored("fee_unaltered").authority == "Resolution 2026-14 of 2026-01-12"
        assert db.session.scalars(db.select(Event).filter_by(kind="setting.changed")).all()


def test_s5D_fee_change_needs_authority(admin, app):
    data = current_form(app)
    data.update(fee_replacement_tag="4.00")
    r = admin.post("/admin/", data=data)
    assert r.status_code == 422
    assert "Enter the Town Board resolution" in r.get_data(as_text=True)


def test_s5D_fee_schedule_validated_next_to_unaltered_fee(admin, app):
    data = current_form(app)
    # totals $13.00 and $17.00: $4.00 apart (§5(D) compares the totals, with the $1/$3 fees)
    data.update(fee_altered="12.00", fee_unaltered="14.00", fee_altered__authority="R-1", fee_unaltered__authority="R-1")
    r = admin.post("/admin/", data=data)
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    from fieldapp.admin.views import FEE_SCHEDULE_ERROR
    assert f'<p class="error" id="fee_unaltered-error">{FEE_SCHEDULE_ERROR}</p>' in page
    assert 'value="14.00"' in page  # what was typed is kept
    with app.app_context():
        assert get_setting("fee_unaltered") == Decimal("15.00")


def test_money_setting_rejects_bad_amount(admin, app):
    data = current_form(app)
    data.update(fee_impoundment_first="twenty")
    r = admin.post("/admin/", data=data)
    assert r.status_code == 422
    assert "Enter an amount of money" in r.get_data(as_text=True)


@pytest.mark.parametrize("role", ["clerk", "dco", "constable", "justice"])
def test_only_admin_opens_admin(client, auth, role):
    auth.login(role)
    assert client.get("/admin/").status_code == 403
    assert client.get("/admin/users").status_code == 403
    assert client.post("/admin/users", data={}).status_code == 403


def test_create_user_and_deactivate(admin, app, client):
    r = admin.post("/admin/users", data={"username": "NewDCO", "full_name": "Pat Fuller", "role": "dco",
                                         "badge_number": "SC-09", "password": "long-enough-pw"})
    assert r.status_code == 302
    with app.app_context():
        user = db.session.scalars(db.select(User).filter_by(username="newdco")).one()
        assert user.role == "dco" and user.badge_number == "SC-09" and user.active
        user_id = user.id
    r = admin.post("/admin/users", data={"username": "newdco", "full_name": "X", "role": "dco",
                                         "password": "long-enough-pw"})
    assert r.status_code == 422 and "already exists" in r.get_data(as_text=True)
    r = admin.post("/admin/users", data={"username": "short", "full_name": "X", "role": "dco", "password": "short"})
    assert r.status_code == 422
    assert admin.post(f"/admin/users/{user_id}/active", data={"active": "0"}).status_code == 302
    with app.app_context():
        assert not db.session.get(User, user_id).active
    admin.post("/logout")
    r = client.post("/login", data={"username": "newdco", "password": "long-enough-pw"})
    assert r.status_code == 422


def test_admin_cannot_deactivate_self(admin, app):
    with app.app_context():
        me = db.session.scalars(db.select(User).filter_by(username="admin")).one().id
    admin.post(f"/admin/users/{me}/active", data={"active": "0"})
    with app.app_context():
        assert db.session.get(User, me).active


# --- every setting has a range or a parser ------------------------------------------------------

BREAKING = {  # what was accepted before, and broke every ticket page and sync after it
    "court_session_weekday": "7",
    "court_min_days_ahead": str(10**9),
    "court_session_time": "evening",
    "session_idle_minutes": "-1",
    "ticket_due_days": "1e3",
    "copy_max_age_hours": "99999999",
    "fee_boarding_daily": "1e30",
    "mail_server": "mail.example.org:99999",
    "mail_from": "<script>",
    "public_base_url": "javascript:alert(1)",
    "kennel_name": "x" * 201,
}


@pytest.mark.parametrize("url, specs", [("/admin/", BOARD_SETTINGS), ("/admin/town", TOWN_SPECS)])
def test_every_setting_says_what_it_takes_and_the_field_points_to_it(admin, url, specs):
    """Each field's hint is the setting's rule (range or parser), tied with aria-describedby to
    a hint that is on the page (the settings, and the town's record on its own page)."""
    page = admin.get(url).get_data(as_text=True)
    for described in re.findall(r'aria-describedby="([^"]*)"', page):
        assert all(f'id="{i}"' in page for i in described.split()), described  # no dangling ids
    for spec in specs:
        if spec.kind == "bool":  # on or off: nothing to range
            continue
        assert spec.rule, spec.key
        hint_id = f"{spec.key}-hint"
        assert f'id="{hint_id}"' in page, spec.key
        control = re.search(rf'<(input|select|textarea)[^>]*name="{spec.key}"[^>]*>', page).group(0)
        assert hint_id in re.search(r'aria-describedby="([^"]*)"', control).group(1), spec.key
    assert ("A whole number from 0 to 90." if url == "/admin/" else "6 pm") in page


@pytest.mark.parametrize("key", sorted(BREAKING))
def test_a_value_out_of_the_settings_range_is_refused_at_its_field_and_kept(admin, app, key):
    url = "/admin/town" if key in TOWN_FIELDS else "/admin/"
    data = current_form(app, TOWN_SPECS if key in TOWN_FIELDS else BOARD_SETTINGS)
    data[key] = BREAKING[key]
    if key.startswith("fee_"):
        data[key + "__authority"] = "R-9"
    r = admin.post(url, data=data)
    assert r.status_code == 422, key
    page = r.get_data(as_text=True)
    assert f'id="{key}-error"' in page
    if key != "court_session_weekday":  # a choice among the days: nothing typed to keep
        assert html.escape(BREAKING[key], quote=True) in page
    with app.app_context():
        assert stored(key) is None  # nothing stored
        assert get_setting(key) != BREAKING[key]


def test_s9_court_session_time_typed_6_pm_is_kept_as_18_00(admin, app):
    data = current_form(app, TOWN_SPECS)
    data.update(court_session_time="6:30 pm", court_session_weekday="4")
    assert admin.post("/admin/town", data=data).status_code == 302
    with app.app_context():
        assert get_setting("court_session_time") == "18:30" and get_setting("court_session_weekday") == 4
        assert the_town().court_session_time == "18:30"


def test_set_setting_refuses_what_the_form_refuses(app):
    with app.app_context():
        for key, value in BREAKING.items():
            with pytest.raises(SettingValueError):
                set_setting(key, value)
        set_setting("court_session_time", "6 pm")
        assert get_setting("court_session_time") == "18:00"


def test_s9_values_stored_before_the_ranges_are_read_as_the_defaults_and_tickets_still_open(client, auth, app):
    """A weekday of 7, 10^9 days, "6 pm" and -1 stored by an older version (or by hand): the
    pages read the defaults, so tickets are written and shown; a ticket that kept "6 pm" as its
    time is shown at 6:00 pm."""
    with app.app_context():
        town = the_town()
        town.court_session_weekday, town.court_session_time = 7, "99:99"
        for key, value in {"court_min_days_ahead": 10**9, "session_idle_minutes": -1}.items():
            db.session.add(Setting(town_id=town.id, key=key, value=value))
        db.session.commit()
        assert get_setting("court_session_weekday") == 2 and get_setting("court_min_days_ahead") == 7
        assert get_setting("court_session_time") == "18:00" and get_setting("session_idle_minutes") == 480
    auth.login("dco")  # an idle limit of -1 would sign everyone out at once
    assert client.get("/field/tickets/new").status_code == 200
    violation = record_violation(client, app)
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(app, violation_entry_id=violation))
    assert response.status_code == 201
    with app.app_context():
        ticket = db.session.execute(db.select(AppearanceTicket).filter_by(entry_id=entry_id)).scalar_one()
        assert ticket.appear_on.weekday() == 2 and ticket.appear_time == "18:00"
        ticket.appear_time = "6 pm"  # as an older version stored it
        db.session.commit()
        number = ticket.number
    page = client.get(f"/field/tickets/{number}")
    assert page.status_code == 200 and "6:00 pm" in page.get_data(as_text=True)
    assert client.get("/field/tickets").status_code == 200


def test_saving_the_town_page_writes_a_value_stored_outside_its_rule_again_in_shape(admin, app):
    with app.app_context():
        town = the_town()
        town.court_session_time, town.court_session_weekday = "99:99", 7
        db.session.commit()
    page = admin.get("/admin/town").get_data(as_text=True)
    assert 'value="18:00"' in page  # the default it is read as
    assert admin.post("/admin/town", data=current_form(app, TOWN_SPECS)).status_code == 302
    with app.app_context():
        assert (the_town().court_session_time, the_town().court_session_weekday) == ("18:00", 2)
