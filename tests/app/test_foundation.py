"""The app itself: factory, database settings, sign-in, roles, CSRF, errors, CLI."""
import pytest
from sqlalchemy import text

from fieldapp import create_app
from fieldapp.extensions import db
from fieldapp.law.authority import ROLES
from fieldapp.models import Dog, User


def test_factory_uses_test_config(app):
    assert app.testing


def test_the_database_refuses_a_row_pointing_at_nothing(app):
    """Foreign keys are enforced on both databases (SQLite only with PRAGMA foreign_keys=ON)."""
    from sqlalchemy.exc import IntegrityError

    from fieldapp.models import DogOwner
    with app.app_context():
        db.session.add(DogOwner(dog_id=987654, owner_id=987654))
        with pytest.raises(IntegrityError):
            db.session.flush()
        db.session.rollback()


def test_readers_do_not_wait_for_the_writer(app):
    """SQLite in WAL mode (a page load never waits for a sync's write); PostgreSQL at READ COMMITTED."""
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        else:
            assert db.session.execute(text("SHOW transaction_isolation")).scalar() == "read committed"


def test_database_url_selects_another_database(monkeypatch, tmp_path):
    import importlib

    import fieldapp.config
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'other.sqlite'}")
    importlib.reload(fieldapp.config)
    try:
        assert fieldapp.config.Config.SQLALCHEMY_DATABASE_URI.endswith("other.sqlite")
    finally:
        monkeypatch.delenv("DATABASE_URL")
        importlib.reload(fieldapp.config)


def test_pages_require_sign_in(client):
    response = client.get("/")
    assert response.status_code == 302
    assert "/login" in response.headers["Location"]


def test_login_with_demo_user(client, auth):
    response = auth.login("dco")
    assert response.status_code == 302
    page = client.get("/").get_data(as_text=True)
    assert "Scan tag" in page
    assert 'id="outbox-count"' in page


def test_wrong_password_keeps_username_and_says_why(client, auth):
    response = client.post("/login", data={"username": "clerk", "password": "nope"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "do not match" in page
    assert 'value="clerk"' in page


def test_passwords_are_hashed(app):
    with app.app_context():
        user = db.session.execute(db.select(User).filter_by(username="clerk")).scalar_one()
        assert user.password_hash != "sandycreek"
        assert user.check_password("sandycreek")


def test_login_does_not_redirect_off_site(client):
    response = client.post("/login?next=https://evil.example/", data={"username": "clerk", "password": "sandycreek"})
    assert response.headers["Location"] == "/"


def test_csrf_is_enforced_on_forms(empty_database):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": empty_database("c")})
    with app.app_context():
        db.create_all()
    response = app.test_client().post("/login", data={"username": "x", "password": "y"})
    assert response.status_code == 400
    assert "expired" in response.get_data(as_text=True)


def test_errors_answer_json_to_the_api_and_html_to_browsers(client):
    assert client.get("/api/does-not-exist").is_json
    html = client.get("/no-such-page")
    assert html.status_code == 404 and "text/html" in html.content_type


def test_responses_vary_on_hx_request(client):
    assert "HX-Request" in client.get("/login").headers.get("Vary", "")


def test_seed_demo_makes_the_demo_town(app):
    with app.app_context():
        usernames = {u.username for u in db.session.execute(db.select(User)).scalars()}
        assert set(ROLES) <= usernames  # a demo user of each role, named for it
        dogs = db.session.execute(db.select(Dog)).scalars().all()
        assert any(d.exemption == "service" for d in dogs)
        assert any(d.purebred for d in dogs) and any(d.altered for d in dogs)


def test_create_user_command(runner, app):
    result = runner.invoke(args=["create-user", "jdoe", "--role", "dco", "--name", "Jane Doe",
                                 "--password", "a-long-password"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert db.session.execute(db.select(User).filter_by(username="jdoe")).scalar_one().role == "dco"


def test_deactivated_user_is_signed_out_at_next_request(app, client, auth):
    auth.login("dco")
    assert client.get("/").status_code == 200
    with app.app_context():
        db.session.execute(db.select(User).filter_by(username="dco")).scalar_one().active = False
        db.session.commit()
    assert client.get("/").status_code == 302


def test_current_rabies_is_the_certificate_presented_last(app):
    """§5(B)(2): a vet's statement presented after an old certificate is the one in force."""
    from fieldapp.models import RabiesCertificate
    from tests.factories import make_licensed_dog
    with app.app_context():
        dog = make_licensed_dog()  # licensed on an old-style certificate
        db.session.add(RabiesCertificate(dog_id=dog.id, vet_name="Dr. Vet", exempt_statement=True,
                                         exempt_reason="Old age"))
        db.session.commit()
        db.session.expire_all()
        assert db.session.get(Dog, dog.id).current_rabies.exempt_statement


def test_pages_and_json_are_gzipped_for_phones_on_weak_signal(client, auth):
    auth.login("dco")
    response = client.get("/api/field-dataset", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") == "gzip"


def test_each_role_start_page_reaches_its_work(client, auth):
    expected = {
        "dco": ["/field/scan", "/field/violations/new", "/field/tickets/new", "/found-reports"],
        "clerk": ["/clerk/licenses/new", "/tags/print", "/tickets/numbers", "/found-reports"],
        "police": ["/field/scan", "/field/violations/new", "/field/tickets/new", "/found-reports"],
        "justice": ["/field/complaints", "/clerk/"],
        "admin": ["/admin/", "/admin/users"],
    }
    # What the start page must not offer: the admin manages settings and users, nothing else.
    absent = {
        "clerk": ["/field/scan", "/admin/"],
        "police": ["/field/complaints/new", "/clerk/licenses/new"],
        "constable": ["/field/tickets/new", "/tickets/book"],
        "admin": ["/clerk/", "/clerk/licenses/new", "/field/scan", "/tags/print", "/found-reports"],
    }
    for username, links in expected.items():
        auth.login(username)
        page = client.get("/").get_data(as_text=True)
        for link in links:
            assert f'href="{link}"' in page, (username, link)
            assert client.get(link).status_code == 200, (username, link)
        for link in absent.get(username, []):
            assert f'href="{link}"' not in page, (username, link)
        auth.logout()


def test_behind_a_reverse_proxy_the_client_address_comes_from_the_proxy(empty_database):
    """Rate limits are per finder: behind a proxy, every finder must not share one address."""
    from flask import request
    app = create_app({"TESTING": True, "TRUSTED_PROXIES": 1,
                      "SQLALCHEMY_DATABASE_URI": empty_database("p")})

    @app.get("/_whoami")
    def whoami():
        return f"{request.remote_addr} {request.scheme}"
    body = app.test_client().get("/_whoami", headers={"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"},
                      environ_base={"REMOTE_ADDR": "10.0.0.1"}).get_data(as_text=True)
    assert body == "203.0.113.7 https"


def test_an_id_past_the_largest_row_is_a_404_on_every_database(client, auth):
    auth.login("clerk")
    assert client.get("/dogs/2147483648").status_code == 404
    assert client.get("/dogs/2147483647").status_code == 404


def test_a_query_argument_past_the_largest_row_is_refused_not_a_500(client, auth):
    auth.login("clerk")
    assert client.get("/clerk/licenses/new?dog=99999999999").status_code in (200, 400, 404)
