"""A locked or unreachable database gives the phone (and a page) a retryable 503 with
Retry-After, never a 500 the outbox would count against the entry. Real faults, no mocks: a
SQLite file another connection holds the write lock of, and a PostgreSQL server that is not there."""
import sqlite3
import uuid

import pytest

from fieldapp import create_app
from fieldapp.extensions import db
from fieldapp.models import User
from tests.conftest import allow_the_suites_fixed_dates, make_test_config

from .server import free_port

VIOLATION = {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "occurred_at": "2026-10-19T09:30",
             "location_text": "Lake Rd at County Route 15", "dog_description": "brown hound"}


def retry_later(response, json=True):
    assert response.status_code == 503, (response.status_code, response.get_data(as_text=True)[:500])
    assert response.headers["Retry-After"] == "30"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]  # still every header
    if json:
        assert "tried again by itself" in response.json["message"]
    else:
        assert "tried again by itself" in response.get_data(as_text=True)
    return response


def entry(officer_id):
    return {"id": str(uuid.uuid4()), "kind": "violation", "recorded_at": "2026-10-19T13:30:00+00:00",
            "payload": VIOLATION, "officer_id": officer_id}


@pytest.fixture
def sqlite_town(tmp_path):
    """A small town on a SQLite file (whatever database the suite runs on): one DCO, signed in.
    SQLite waits 0.2 s for a lock here (5 s by default), so a held lock is quickly an error."""
    path = tmp_path / "locked.sqlite"
    app = create_app({**make_test_config(path), "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"timeout": 0.2}}})
    with app.app_context():
        db.create_all()
        user = User(username="dco", full_name="Dana Officer", role="dco", badge_number="SC-01")
        user.set_password("sandycreek")
        db.session.add(user)
        db.session.commit()
        allow_the_suites_fixed_dates()  # the entries below are dated October 2026
        officer_id = user.id
    client = app.test_client()
    assert client.post("/login", data={"username": "dco", "password": "sandycreek"}).status_code == 302
    yield app, client, officer_id, path
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def write_lock(sqlite_town):
    """Another process's connection holding the file's write lock (as a long backup or import would)."""
    holder = sqlite3.connect(sqlite_town[3], isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    yield
    holder.execute("ROLLBACK")
    holder.close()


def test_a_locked_database_answers_the_sync_api_503_and_keeps_nothing(sqlite_town, write_lock):
    app, client, officer_id, _ = sqlite_town
    one = entry(officer_id)
    retry_later(client.post("/api/sync", json=one))
    answer = retry_later(client.post("/api/sync/batch", json={"officer_id": officer_id, "entries": [
        {k: v for k, v in entry(officer_id).items() if k != "officer_id"}]}))
    assert answer.json["outcomes"] == []
    retry_later(client.post("/api/ticket-blocks", json={"device_id": "phone-1"}))


def test_a_locked_database_answers_a_page_503(sqlite_town, write_lock):
    app, client, officer_id, _ = sqlite_town
    form = {"entry_id": str(uuid.uuid4()), **VIOLATION}
    retry_later(client.post("/field/violations/new", data=form), json=False)


def test_a_locked_database_at_the_requests_own_commit_is_a_503_and_keeps_the_session(sqlite_town):
    """Signing in and out write their log line at the request's commit (after the view): a 503,
    and the session stays as it was, so no one is signed in or out without the log saying so."""
    app, client, officer_id, path = sqlite_town
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    retry_later(client.post("/logout"), json=False)
    stranger = app.test_client()
    retry_later(stranger.post("/login", data={"username": "dco", "password": "sandycreek"}), json=False)
    holder.execute("ROLLBACK")
    holder.close()
    assert client.get("/").status_code == 200  # still signed in
    assert stranger.get("/").status_code == 302  # never was


def test_after_the_lock_the_same_entry_goes_in_once(sqlite_town):
    app, client, officer_id, path = sqlite_town
    one = entry(officer_id)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    retry_later(client.post("/api/sync", json=one))
    holder.execute("ROLLBACK")
    holder.close()
    assert client.post("/api/sync", json=one).status_code == 201
    assert client.post("/api/sync", json=one).status_code == 200


@pytest.fixture
def unreachable(sqlite_town):
    """The same signed-in session against an app whose PostgreSQL server is not there (a port no
    one listens on): the session's user cannot even be loaded."""
    app, client, officer_id, _ = sqlite_town
    dead = f"postgresql+psycopg://fieldapp:x@127.0.0.1:{free_port()}/fieldapp"
    down = create_app({**make_test_config(dead), "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"connect_timeout": 2}}})
    phone = down.test_client()
    for cookie in client._cookies.values():
        phone.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
    yield down, phone, officer_id
    with down.app_context():
        db.engine.dispose()


def test_an_unreachable_database_answers_the_sync_api_503(unreachable):
    down, phone, officer_id = unreachable
    retry_later(phone.post("/api/sync", json=entry(officer_id)))
    retry_later(phone.post("/api/sync/batch", json={"officer_id": officer_id, "entries": [
        {k: v for k, v in entry(officer_id).items() if k != "officer_id"}]}))
    retry_later(phone.post(f"/api/sync/{uuid.uuid4()}/photos/0", data=b"\xff\xd8\xff", content_type="image/jpeg"))
    retry_later(phone.get("/api/field-dataset"))


def test_an_unreachable_database_answers_pages_503(unreachable):
    down, phone, officer_id = unreachable
    retry_later(phone.get("/"), json=False)
    retry_later(phone.get("/field/violations/new"), json=False)
    signed_out = down.test_client()
    retry_later(signed_out.post("/login", data={"username": "dco", "password": "sandycreek"}), json=False)
