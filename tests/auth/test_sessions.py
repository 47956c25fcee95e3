"""Sessions end on the server: sign-out, a password change (the person's other sessions), an
administrator's reset, a deactivation or a role change delete the session's row, which every
worker checks when it loads the user, so a copied cookie stops working. A wrong username costs
one password hash, as a wrong password does. The phone is told how long its copy may live."""
import time

import pytest

from fieldapp import create_app
from fieldapp.extensions import db
from fieldapp.models import Event, User, UserSession
from tests.conftest import make_test_config

PASSWORD = "sandycreek"


def sign_in(client, username="dco", password=PASSWORD, address="192.0.2.10"):
    return client.post("/login", data={"username": username, "password": password},
                       environ_base={"REMOTE_ADDR": address})


def signed_in(app, username="dco"):
    client = app.test_client()
    assert sign_in(client, username).status_code == 302
    return client


def copy_of(app, client):
    """Another browser holding a copy of `client`'s session cookie."""
    name = app.config["SESSION_COOKIE_NAME"]
    thief = app.test_client()
    thief.set_cookie(name, client.get_cookie(name).value)
    return thief


def still_signed_in(client) -> bool:
    page = client.get("/field/scan")
    assert page.status_code in (200, 302)
    return page.status_code == 200


def user(app, username):
    with app.app_context():
        return db.session.execute(db.select(User).filter_by(username=username)).scalar_one()


def sessions_of(app, username):
    with app.app_context():
        uid = db.session.execute(db.select(User.id).filter_by(username=username)).scalar_one()
        return db.session.scalar(db.select(db.func.count()).select_from(UserSession).filter_by(user_id=uid))


def events(app, kind):
    with app.app_context():
        return db.session.scalars(db.select(Event).filter_by(kind=kind)).all()


def test_sign_out_ends_the_session_on_the_server(app):
    officer = signed_in(app)
    thief = copy_of(app, officer)
    assert still_signed_in(thief)  # the cookie is the credential...
    assert officer.post("/logout").status_code == 302
    assert not still_signed_in(thief)  # ...until the session it names is ended
    assert thief.post("/api/sync", json={}).status_code == 401
    assert thief.get("/api/field-dataset").status_code == 401
    assert sessions_of(app, "dco") == 0


def test_sign_out_in_one_worker_ends_the_session_in_another(app):
    # Two processes on one database, as gunicorn's workers: nothing kept in either.
    other_worker = create_app(make_test_config(app.config["SQLALCHEMY_DATABASE_URI"]))
    try:
        officer = signed_in(app)
        elsewhere = copy_of(other_worker, officer)
        assert still_signed_in(elsewhere)
        officer.post("/logout")
        assert not still_signed_in(elsewhere)
    finally:
        with other_worker.app_context():
            db.engine.dispose()


def test_signing_out_on_one_device_keeps_the_others(app):
    phone, office = signed_in(app), signed_in(app)
    assert sessions_of(app, "dco") == 2
    phone.post("/logout")
    assert still_signed_in(office) and not still_signed_in(phone)


def test_a_cookie_from_before_sessions_were_kept_signs_no_one_in(app):
    officer = signed_in(app)
    with officer.session_transaction() as s:
        s.pop("_sid")
    assert not still_signed_in(officer)


def test_changing_your_password_ends_your_other_sessions(app):
    phone, office = signed_in(app), signed_in(app)
    assert phone.get("/password").status_code == 200
    answer = phone.post("/password", data={"current_password": PASSWORD, "new_password": "a longer secret",
                                           "confirm": "a longer secret"})
    assert answer.status_code == 302
    assert still_signed_in(phone)  # this session goes on
    assert not still_signed_in(office)
    assert sign_in(app.test_client()).status_code == 422  # the old password no longer works
    assert sign_in(app.test_client(), password="a longer secret").status_code == 302
    [event] = events(app, "user.password_changed")
    assert event.data["sessions_ended"] == 1 and event.actor_id == user(app, "dco").id


@pytest.mark.parametrize("form, field, message", [
    ({"current_password": "wrong", "new_password": "a longer secret", "confirm": "a longer secret"},
     "current_password", "That is not your current password."),
    ({"current_password": PASSWORD, "new_password": "short", "confirm": "short"},
     "new_password", "Use at least 10 characters."),
    ({"current_password": PASSWORD, "new_password": "a longer secret", "confirm": "another secret"},
     "confirm", "The two new passwords differ."),
])
def test_a_password_change_refused_says_why_at_the_field(app, form, field, message):
    officer, office = signed_in(app), signed_in(app)
    before = user(app, "dco").password_hash
    answer = officer.post("/password", data=form)
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert message in html and f'name="{field}"' in html
    assert user(app, "dco").password_hash == before
    assert still_signed_in(officer) and still_signed_in(office)


def test_a_wrong_current_password_counts_as_a_wrong_sign_in(make_app):
    limited = make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI="memory://")
    officer = signed_in(limited)
    for _ in range(10):
        officer.post("/password", data={"current_password": "guess", "new_password": "a longer secret",
                                        "confirm": "a longer secret"})
    answer = officer.post("/password", data={"current_password": PASSWORD, "new_password": "a longer secret",
                                             "confirm": "a longer secret"})
    assert answer.status_code == 422 and "Too many wrong passwords" in answer.get_data(as_text=True)
    assert len(events(limited, "user.password_change_failed")) == 10


def test_admin_reset_ends_other_sessions(app):
    officer, admin = signed_in(app, "police"), signed_in(app, "admin")
    police = user(app, "police")
    page = admin.get("/admin/users").get_data(as_text=True)
    assert f'href="/admin/users/{police.id}/password"' in page
    refused = admin.post(f"/admin/users/{police.id}/password", data={"new_password": "new one!", "confirm": "new one!"})
    assert refused.status_code == 422 and "Use at least 10 characters." in refused.get_data(as_text=True)
    assert still_signed_in(officer)
    answer = admin.post(f"/admin/users/{police.id}/password",
                        data={"new_password": "handed over in person", "confirm": "handed over in person"})
    assert answer.status_code == 302
    assert not still_signed_in(officer)
    assert officer.post("/api/sync", json={}).status_code == 401
    assert sign_in(officer, "police").status_code == 422
    assert sign_in(officer, "police", "handed over in person").status_code == 302
    [event] = events(app, "user.password_reset")
    assert event.actor_id == user(app, "admin").id and event.data["sessions_ended"] == 1
    assert "Password reset by the administrator" in admin.get("/admin/sign-ins").get_data(as_text=True)


def test_an_admin_resets_their_own_password_on_the_page_everyone_uses(app):
    admin = signed_in(app, "admin")
    answer = admin.get(f"/admin/users/{user(app, 'admin').id}/password")
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/password")


def test_only_the_admin_resets_or_unlocks(app):
    clerk = signed_in(app, "clerk")
    police = user(app, "police")
    assert clerk.post(f"/admin/users/{police.id}/password",
                      data={"new_password": "handed over in person", "confirm": "handed over in person"}).status_code == 403
    assert clerk.post(f"/admin/users/{police.id}/unlock").status_code == 403


def test_admin_unlocks_a_locked_account(make_app):
    limited = make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI="memory://")
    guesser = limited.test_client()
    for i in range(10):
        sign_in(guesser, "dco", f"guess{i}", address="203.0.113.5")
    assert sign_in(limited.test_client(), address="198.51.100.7").status_code == 429  # locked
    admin = signed_in(limited, "admin")
    dco = user(limited, "dco")
    page = admin.get("/admin/users").get_data(as_text=True)
    assert f'id="locked-{dco.id}"' in page and "Locked: too many wrong passwords" in page
    assert admin.post(f"/admin/users/{dco.id}/unlock").status_code == 302
    assert f'id="locked-{dco.id}"' not in admin.get("/admin/users").get_data(as_text=True)
    assert sign_in(limited.test_client(), address="198.51.100.7").status_code == 302
    assert [e.actor_id for e in events(limited, "user.unlocked")] == [user(limited, "admin").id]


def test_admin_reset_unlocks_the_account_too(make_app):
    limited = make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI="memory://")
    for i in range(10):
        sign_in(limited.test_client(), "dco", f"guess{i}", address="203.0.113.5")
    admin = signed_in(limited, "admin")
    admin.post(f"/admin/users/{user(limited, 'dco').id}/password",
               data={"new_password": "handed over in person", "confirm": "handed over in person"})
    assert sign_in(limited.test_client(), password="handed over in person",
                   address="198.51.100.7").status_code == 302


def test_deactivation_and_a_role_change_delete_the_users_sessions(app):
    signed_in(app, "police"), signed_in(app, "police")
    signed_in(app, "constable")
    admin = signed_in(app, "admin")
    assert sessions_of(app, "police") == 2
    admin.post(f"/admin/users/{user(app, 'police').id}/active", data={"active": "0"})
    assert sessions_of(app, "police") == 0
    assert events(app, "user.deactivated")[0].data["sessions_ended"] == 2
    admin.post(f"/admin/users/{user(app, 'constable').id}/role", data={"role": "dco"})
    assert sessions_of(app, "constable") == 0


def test_unknown_username_costs_a_hash(app, monkeypatch):
    """An unknown username, a deactivated user, a wrong and a right password: one hash each,
    with the same method as the users' own (so the same cost: timing tells no username)."""
    from fieldapp.auth import views
    calls = []
    real = views.check_password_hash

    def counted(stored, password):
        calls.append(stored.split("$", 1)[0])
        return real(stored, password)
    monkeypatch.setattr(views, "check_password_hash", counted)
    with app.app_context():
        db.session.execute(db.update(User).where(User.username == "police").values(active=False))
        db.session.commit()
    client = app.test_client()
    costs = []
    for username, password in (("nosuchuser", "guess"), ("police", PASSWORD), ("dco", "guess"), ("dco", PASSWORD)):
        calls.clear()
        sign_in(client, username, password)
        costs.append(list(calls))
    method = user(app, "dco").password_hash.split("$", 1)[0]
    assert costs == [[method]] * 4
    assert method.startswith("pbkdf2:sha256:1000")  # the tests' method, as configured


def test_the_phone_is_told_how_long_its_copy_may_live(app):
    from fieldapp.settings import set_setting
    with app.app_context():
        set_setting("session_idle_minutes", 90)
        db.session.commit()
    officer = signed_in(app)
    answer = officer.get("/api/field-dataset")
    assert answer.status_code == 200 and answer.headers["X-Session-Idle-Seconds"] == str(90 * 60)
    assert "X-Session-Idle-Seconds" not in officer.get("/field/scan").headers


def test_signing_in_again_ends_the_session_the_cookie_held(app):
    officer = signed_in(app)
    thief = copy_of(app, officer)
    assert sign_in(officer).status_code == 302
    assert sessions_of(app, "dco") == 1
    assert still_signed_in(officer) and not still_signed_in(thief)


def test_an_idle_session_ends_on_the_server_too(app):
    officer = signed_in(app)
    thief = copy_of(app, officer)
    with officer.session_transaction() as s:
        s["_seen"] = int(time.time()) - 481 * 60
    assert not still_signed_in(officer)
    assert sessions_of(app, "dco") == 0
    assert not still_signed_in(thief)  # its cookie is younger, but the session it names has ended
