"""Admin: the town's settings, fee schedule (§5(D)) with its authority, and users."""
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Event, Setting, User
from fieldapp.settings import SETTINGS, get_setting


@pytest.fixture
def admin(client, auth):
    auth.login("admin")
    return client


def current_form(app):
    with app.app_context():
        data = {}
        for spec in SETTINGS:
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
        assert db.session.get(Setting, "fee_unaltered").authority == "Resolution 2026-14 of 2026-01-12"
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
