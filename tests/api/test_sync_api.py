"""POST /api/sync: exactly once per client UUID, per-field errors, officer checks, CSRF stance."""
import uuid
from datetime import UTC, datetime

import pytest

from fieldapp.extensions import db
from fieldapp.models import Event, FieldEntry, User
from fieldapp.services.errors import ServiceError
from fieldapp.services.registry import KINDS, EntryKind

NOW = datetime(2026, 6, 1, 14, 30, tzinfo=UTC).isoformat()


def _validate(payload, user):
    if not str(payload.get("where", "")).strip():
        raise ServiceError({"where": "Say where it happened."})
    return {"where": payload["where"].strip()}


def _apply(clean, entry, user):
    return {"noted_at": clean["where"], "entry": entry.id}


@pytest.fixture(autouse=True)
def test_kind(monkeypatch):
    monkeypatch.setitem(KINDS, "test_note", EntryKind("test_note", "enforce", _validate, _apply))


def officer_id(app, name="dco"):
    with app.app_context():
        return db.session.execute(db.select(User.id).filter_by(username=name)).scalar_one()


def entry(app, **over):
    body = {"id": str(uuid.uuid4()), "kind": "test_note", "recorded_at": NOW,
            "payload": {"where": "Lake Rd"}, "officer_id": officer_id(app)}
    body.update(over)
    return body


def stored(app):
    with app.app_context():
        return db.session.execute(db.select(FieldEntry)).scalars().all()


def test_same_entry_twice_is_stored_once_with_the_same_result(app, client, auth):
    auth.login("dco")
    body = entry(app)
    first = client.post("/api/sync", json=body)
    again = client.post("/api/sync", json=body)
    assert first.status_code == 201 and first.json["status"] == "created"
    assert again.status_code == 200 and again.json["status"] == "duplicate"
    assert first.json["result"] == again.json["result"] == {"noted_at": "Lake Rd", "entry": body["id"]}
    rows = stored(app)
    assert len(rows) == 1
    # Both clocks are kept: the phone's and the server's.
    assert rows[0].device_recorded_at.isoformat() == NOW and rows[0].server_received_at is not None


def test_same_id_with_different_content_is_a_conflict(app, client, auth):
    auth.login("dco")
    body = entry(app)
    client.post("/api/sync", json=body)
    changed = client.post("/api/sync", json={**body, "payload": {"where": "Ridge Rd"}})
    assert changed.status_code == 409 and changed.json["status"] == "conflict"
    assert "id" in changed.json["errors"]
    assert len(stored(app)) == 1


def test_invalid_entry_answers_per_field_and_others_are_unaffected(app, client, auth):
    auth.login("dco")
    good1, bad, good2 = entry(app), entry(app, payload={"where": " "}), entry(app)
    answers = [client.post("/api/sync", json=b) for b in (good1, bad, good2)]
    assert [a.status_code for a in answers] == [201, 422, 201]
    assert answers[1].json["errors"] == {"where": "Say where it happened."}
    assert {r.id for r in stored(app)} == {good1["id"], good2["id"]}


@pytest.mark.parametrize("override, field", [
    ({"id": "not-a-uuid"}, "id"), ({"recorded_at": "yesterday"}, "recorded_at"),
    ({"recorded_at": "2026-06-01T10:00:00"}, "recorded_at"), ({"kind": "nope"}, "kind"),
    ({"recorded_at": "2099-06-01T10:00:00+00:00"}, "recorded_at"),
    ({"id": "{12345678-1234-1234-1234-123456789abc}"}, "id"), ({"id": "12345678123412341234123456789abc"}, "id"),
    ({"id": "12345678-1234-1234-1234-123456789abc-"}, "id"), ({"id": "urn:uuid:12345678-1234-1234-1234-123456789abc"}, "id"),
    ({"payload": ["x"]}, "payload")])
def test_malformed_entries_are_refused_with_a_reason(app, client, auth, override, field):
    auth.login("dco")
    answer = client.post("/api/sync", json=entry(app, **override))
    assert answer.status_code == 422 and field in answer.json["errors"]
    assert stored(app) == []


def test_entry_of_another_officer_is_refused_without_storing(app, client, auth):
    auth.login("constable")
    answer = client.post("/api/sync", json=entry(app))  # officer_id is the dco's
    assert answer.status_code == 403 and answer.json["status"] == "wrong_user"
    assert client.post("/api/sync", json=entry(app, officer_id=None)).status_code == 403
    assert stored(app) == []


def test_an_entry_id_of_another_officers_entry_is_refused_and_their_result_never_shown(app, client, auth):
    """Officer A's entry, its UUID replayed by officer B (same content or not): 409 "belongs to
    another officer's entry", never A's result; A still gets the stored result."""
    auth.login("dco")
    body = entry(app)
    assert client.post("/api/sync", json=body).status_code == 201
    auth.logout()
    auth.login("constable")
    for payload in (body["payload"], {"where": "Ridge Rd"}):
        answer = client.post("/api/sync", json={**body, "payload": payload, "officer_id": officer_id(app, "constable")})
        assert answer.status_code == 409 and "result" not in answer.json
        assert answer.json["errors"]["id"].startswith("This entry id belongs to another officer's entry")
    auth.logout()
    auth.login("dco")
    again = client.post("/api/sync", json=body)
    assert again.status_code == 200 and again.json["result"]["noted_at"] == "Lake Rd"
    assert len(stored(app)) == 1


def test_signed_out_gets_401_json_and_nothing_is_stored(app, client):
    answer = client.post("/api/sync", json=entry(app))
    assert answer.status_code == 401 and answer.is_json
    assert stored(app) == []


def test_clerk_may_not_sync_field_entries(app, client, auth):
    auth.login("clerk")
    assert client.post("/api/sync", json=entry(app, officer_id=officer_id(app, "clerk"))).status_code == 403


def test_cross_site_requests_and_form_posts_are_refused(app, client, auth):
    """The api is CSRF-exempt; JSON-only + same-origin checks stand in for the token."""
    auth.login("dco")
    body = entry(app)
    assert client.post("/api/sync", json=body, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert client.post("/api/sync", json=body, headers={"Origin": "https://evil.example"}).status_code == 403
    assert client.post("/api/sync", data={"id": body["id"]}).status_code == 415
    assert client.post("/api/sync", data="{}", content_type="text/plain").status_code == 415
    assert stored(app) == []
    ok = client.post("/api/sync", json=body, headers={"Sec-Fetch-Site": "same-origin",
                                                      "Origin": "http://localhost"})
    assert ok.status_code == 201


def test_api_works_with_csrf_enabled_without_a_token(app, client, auth):
    app.config["WTF_CSRF_ENABLED"] = True
    with app.test_client() as c:
        app.config["WTF_CSRF_ENABLED"] = False
        c.post("/login", data={"username": "dco", "password": "sandycreek"})
        app.config["WTF_CSRF_ENABLED"] = True
        assert c.post("/api/sync", json=entry(app)).status_code == 201


def test_discarding_an_entry_is_audited(app, client, auth):
    auth.login("dco")
    body = {"id": str(uuid.uuid4()), "kind": "test_note", "payload": {"where": ""},
            "last_error": {"where": "Say where it happened."}}
    assert client.post("/api/outbox/discarded", json=body).status_code == 201
    with app.app_context():
        ev = db.session.execute(db.select(Event).filter_by(kind="outbox.discarded")).scalar_one()
        assert ev.data["entry_id"] == body["id"] and ev.actor.username == "dco"


def test_photo_uploads_after_its_entry_and_is_idempotent(app, client, auth, monkeypatch):
    calls = []

    def fake_store(entry_id, index, data, content_type):
        calls.append((entry_id, index, len(data), content_type))
        return types.SimpleNamespace(id=7)
    import types

    import fieldapp.services as services
    fake = types.ModuleType("fieldapp.services.photos")
    fake.store_photo = fake_store
    monkeypatch.setitem(__import__("sys").modules, "fieldapp.services.photos", fake)
    monkeypatch.setattr(services, "photos", fake, raising=False)
    auth.login("dco")
    body = entry(app)
    url = f"/api/sync/{body['id']}/photos/0"
    assert client.post(url, data=b"\xff\xd8jpeg", content_type="image/jpeg").status_code == 404
    client.post("/api/sync", json=body)
    assert client.post(url, data=b"\xff\xd8jpeg", content_type="image/jpeg").status_code == 201
    assert client.post(url, data=b"x", content_type="text/plain").status_code == 415
    assert calls == [(body["id"], 0, 6, "image/jpeg")]
