"""POST /api/sync/batch: many entries in one request, each its own outcome and its own
transaction, with exactly the rules of one at a time (one bad entry never sinks the rest)."""
import pytest
from sqlalchemy.exc import OperationalError

from fieldapp.services.registry import KINDS, EntryKind

from .test_sync_api import _apply, entry, officer_id, stored
from .test_sync_api import _validate as _validate_note


def _validate(payload, user):
    """test_sync_api's test kind, and two faults that are not the entry's."""
    if payload.get("where") == "crash":
        raise RuntimeError("a bug of ours")
    if payload.get("where") == "db down":
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection"))
    return _validate_note(payload, user)


@pytest.fixture(autouse=True)
def test_kind(monkeypatch):
    monkeypatch.setitem(KINDS, "test_note", EntryKind("test_note", "enforce", _validate, _apply))


def batch(app, *entries):
    return {"officer_id": officer_id(app), "entries": [{k: v for k, v in e.items() if k != "officer_id"}
                                                       for e in entries]}


def test_batch_each_entry_gets_its_own_outcome_in_order(app, client, auth):
    auth.login("dco")
    good1, bad, good2 = entry(app), entry(app, payload={"where": " "}), entry(app)
    answer = client.post("/api/sync/batch", json=batch(app, good1, bad, good2))
    assert answer.status_code == 200
    outcomes = answer.json["outcomes"]
    assert [(o["id"], o["http"]) for o in outcomes] == [(good1["id"], 201), (bad["id"], 422), (good2["id"], 201)]
    assert outcomes[1]["errors"] == {"where": "Say where it happened."}
    assert outcomes[0]["result"]["noted_at"] == "Lake Rd"
    assert {r.id for r in stored(app)} == {good1["id"], good2["id"]}


def test_batch_cut_off_and_sent_again_stores_each_entry_once(app, client, auth):
    auth.login("dco")
    entries = [entry(app, payload={"where": f"Road {n}"}) for n in range(5)]
    client.post("/api/sync/batch", json=batch(app, *entries[:3]))  # the answer was lost on the way
    again = client.post("/api/sync/batch", json=batch(app, *entries))
    assert [o["http"] for o in again.json["outcomes"]] == [200, 200, 200, 201, 201]
    assert len(stored(app)) == 5


def test_batch_an_entry_following_a_refused_one_waits_with_it(app, client, auth):
    auth.login("dco")
    bad = entry(app, payload={"where": " "})
    follower = entry(app, payload={"where": "Lake Rd", "violation_entry_id": bad["id"]})
    other = entry(app)
    outcomes = client.post("/api/sync/batch", json=batch(app, bad, follower, other)).json["outcomes"]
    assert [o["http"] for o in outcomes] == [422, 424, 201]
    assert {r.id for r in stored(app)} == {other["id"]}


def test_batch_a_fault_of_ours_on_one_entry_is_its_own_500_and_the_rest_go_in(app, client, auth):
    auth.login("dco")
    crash, good = entry(app, payload={"where": "crash"}), entry(app)
    answer = client.post("/api/sync/batch", json=batch(app, crash, good))
    assert answer.status_code == 200
    assert [o["http"] for o in answer.json["outcomes"]] == [500, 201]
    assert {r.id for r in stored(app)} == {good["id"]}


def test_batch_the_database_out_of_reach_is_a_retryable_503_saying_what_went_in(app, client, auth):
    auth.login("dco")
    good, down, later = entry(app), entry(app, payload={"where": "db down"}), entry(app)
    answer = client.post("/api/sync/batch", json=batch(app, good, down, later))
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    assert [o["id"] for o in answer.json["outcomes"]] == [good["id"]]
    assert "tried again by itself" in answer.json["message"]
    assert {r.id for r in stored(app)} == {good["id"]}


def test_batch_of_another_officer_is_refused_whole(app, client, auth):
    auth.login("dco")
    body = batch(app, entry(app))
    body["officer_id"] = officer_id(app, "clerk")
    answer = client.post("/api/sync/batch", json=body)
    assert answer.status_code == 403 and answer.json["status"] == "wrong_user"
    assert stored(app) == []


@pytest.mark.parametrize("entries", [[], "x", [{}] * 51])
def test_batch_of_a_wrong_size_is_refused(app, client, auth, entries):
    auth.login("dco")
    answer = client.post("/api/sync/batch", json={"officer_id": officer_id(app), "entries": entries})
    assert answer.status_code == 422 and "between 1 and 50" in answer.json["message"]


def test_a_locked_database_on_a_page_is_a_503_not_a_500(app, client, auth, monkeypatch):
    auth.login("dco")
    answer = client.post("/api/sync", json=entry(app, payload={"where": "db down"}))
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "30"
