"""POST /api/sync/batch: many entries in one request, each its own outcome and its own
savepoint of one transaction, with exactly the rules of one at a time (one bad entry never
sinks the rest)."""
import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from fieldapp.extensions import db
from fieldapp.models import Event
from fieldapp.services import notify
from fieldapp.services.registry import KINDS, EntryKind

from .test_sync_api import _apply as _apply_note
from .test_sync_api import _validate as _validate_note
from .test_sync_api import entry, officer_id, stored


def _validate(payload, user):
    """test_sync_api's test kind, and two faults that are not the entry's."""
    if payload.get("where") == "crash":
        raise RuntimeError("a bug of ours")
    if payload.get("where") == "db down":
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection"))
    return _validate_note(payload, user)


def _apply(clean, entry, user):
    """Writes a record of its own, and fails after it when asked (the entry is then flushed)."""
    db.session.add(Event(kind="test.noted", subject_type="field_entry", data={"entry": entry.id}))
    db.session.flush()
    if clean["where"].startswith("mail"):  # as a ticket's copy or a caller's answer is mailed
        notify.mail_after_commit(f"{entry.id}@example.org", "Noted", "Noted.", what="a test note")
    if clean["where"] in ("crash late", "mail then crash"):
        raise RuntimeError("a bug of ours, after the entry and a record were written")
    return _apply_note(clean, entry, user)


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


@pytest.mark.parametrize("entries", [[], "x", [{}] * 101])
def test_batch_of_a_wrong_size_is_refused(app, client, auth, entries):
    auth.login("dco")
    answer = client.post("/api/sync/batch", json={"officer_id": officer_id(app), "entries": entries})
    assert answer.status_code == 422 and "between 1 and 100" in answer.json["message"]


def test_a_locked_database_on_a_page_is_a_503_not_a_500(app, client, auth, monkeypatch):
    auth.login("dco")
    answer = client.post("/api/sync", json=entry(app, payload={"where": "db down"}))
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "30"


# --- each entry's shape is its own outcome ------------------------------------------------------

def test_batch_list_valued_id_is_refused_alone(app, client, auth):
    """A list where the entry's id should be: that entry's 422, the ones around it stored, and the
    request itself a 200 (the phone never resends the same batch for ever)."""
    auth.login("dco")
    good1, bad, good2 = entry(app), entry(app, id=[str(__import__("uuid").uuid4())]), entry(app)
    answer = client.post("/api/sync/batch", json=batch(app, good1, bad, good2))
    assert answer.status_code == 200
    outcomes = answer.json["outcomes"]
    assert [(o["index"], o["id"], o["http"]) for o in outcomes] == [
        (0, good1["id"], 201), (1, None, 422), (2, good2["id"], 201)]
    assert "id" in outcomes[1]["errors"]
    assert {r.id for r in stored(app)} == {good1["id"], good2["id"]}


@pytest.mark.parametrize("follows", [["x"], {"id": "x"}, 7, True, "not-a-uuid"])
def test_batch_list_valued_violation_entry_id_is_refused_alone(app, client, auth, follows):
    """A `violation_entry_id` that is no entry id never stops the batch: the kind's own reader
    answers for that entry, the next one goes in."""
    auth.login("dco")
    odd, good = entry(app, payload={"where": "Lake Rd", "violation_entry_id": follows}), entry(app)
    answer = client.post("/api/sync/batch", json=batch(app, odd, good))
    assert answer.status_code == 200
    assert [o["http"] for o in answer.json["outcomes"]][1] == 201
    assert good["id"] in {r.id for r in stored(app)}


def test_batch_an_entry_the_shape_check_refuses_holds_its_followers(app, client, auth):
    """Nested too deeply, NaN, a NUL: the entry's own 422 (what /api/sync answers for it alone), and
    an entry following it waits (424); nothing of either is stored."""
    auth.login("dco")
    deep = entry(app, payload={"where": "Lake Rd", "x": [[[[[["deep"]]]]]]})
    follower = entry(app, payload={"where": "Lake Rd", "violation_entry_id": deep["id"].upper()})
    nul = entry(app, payload={"where": "Lake\x00Rd"})
    good = entry(app)
    outcomes = client.post("/api/sync/batch", json=batch(app, deep, follower, nul, good)).json["outcomes"]
    assert [o["http"] for o in outcomes] == [422, 424, 422, 201]
    assert outcomes[0]["errors"] == {"x": "This is nested too deeply to be a form's field."}
    assert {r.id for r in stored(app)} == {good["id"]}


@pytest.mark.parametrize("item", [None, "entry", 5, ["id"]])
def test_batch_an_item_that_is_not_an_entry_is_refused_alone(app, client, auth, item):
    auth.login("dco")
    good = entry(app)
    body = batch(app, good)
    body["entries"].insert(0, item)
    outcomes = client.post("/api/sync/batch", json=body).json["outcomes"]
    assert [(o["index"], o["http"]) for o in outcomes] == [(0, 422), (1, 201)]


def test_batch_the_same_id_twice_in_one_batch_is_stored_once(app, client, auth):
    auth.login("dco")
    one = entry(app)
    other_content = {**one, "payload": {"where": "Ridge Rd"}}
    outcomes = client.post("/api/sync/batch", json=batch(app, one, one, other_content)).json["outcomes"]
    assert [o["http"] for o in outcomes] == [201, 200, 409]
    assert [r.id for r in stored(app)] == [one["id"]]


def test_batch_a_value_the_database_cannot_keep_is_that_entrys_400(app, client, auth, monkeypatch):
    from sqlalchemy.exc import DataError

    def _cannot_keep(payload, user):
        if payload.get("where") == "too big":
            raise DataError("INSERT", {}, Exception("value out of range"))
        return _validate(payload, user)

    monkeypatch.setitem(KINDS, "test_note", EntryKind("test_note", "enforce", _cannot_keep, KINDS["test_note"].apply))
    auth.login("dco")
    big, good = entry(app, payload={"where": "too big"}), entry(app)
    answer = client.post("/api/sync/batch", json=batch(app, big, good))
    assert answer.status_code == 200
    assert [o["http"] for o in answer.json["outcomes"]] == [400, 201]
    assert {r.id for r in stored(app)} == {good["id"]}


def test_batch_an_entry_id_of_another_officer_is_a_conflict_never_their_result(app, client, auth):
    """Officer A's entry, replayed by officer B's phone with the same UUID and content: B is told
    the id belongs to another officer's entry (409), and never sees A's result."""
    auth.login("dco")
    mine = entry(app)
    first = client.post("/api/sync/batch", json=batch(app, mine)).json["outcomes"][0]
    assert first["http"] == 201
    auth.logout()
    auth.login("constable")
    body = {"officer_id": officer_id(app, "constable"), "entries": [
        {k: v for k, v in mine.items() if k != "officer_id"}]}
    outcome = client.post("/api/sync/batch", json=body).json["outcomes"][0]
    assert outcome["http"] == 409 and outcome["status"] == "conflict" and "result" not in outcome
    assert "belongs to another officer's entry" in outcome["errors"]["id"]
    assert len(stored(app)) == 1


def test_batch_recorded_at_in_2099_is_refused_for_that_entry(app, client, auth):
    """The phone's clock in 2099: that entry's 422 at `recorded_at`, the next one goes in."""
    auth.login("dco")
    future, good = entry(app, recorded_at="2099-06-01T10:00:00+00:00"), entry(app)
    outcomes = client.post("/api/sync/batch", json=batch(app, future, good)).json["outcomes"]
    assert [o["http"] for o in outcomes] == [422, 201]
    assert "check the phone's date and time" in outcomes[0]["errors"]["recorded_at"]


def test_batch_recorded_at_a_few_minutes_ahead_is_within_the_clock_skew(app, client, auth):
    from datetime import timedelta

    from fieldapp.timeutil import utcnow
    auth.login("dco")
    ahead = entry(app, recorded_at=(utcnow() + timedelta(minutes=5)).isoformat())
    too_far = entry(app, recorded_at=(utcnow() + timedelta(hours=2)).isoformat())
    outcomes = client.post("/api/sync/batch", json=batch(app, ahead, too_far)).json["outcomes"]
    assert [o["http"] for o in outcomes] == [201, 422]


# --- which fields are lists, said once -----------------------------------------------------------

def test_form_fields_that_are_lists_are_the_same_on_the_phone_and_the_server():
    """forms.js LIST_FIELDS is services/entries.py LIST_FIELDS."""
    import re
    from pathlib import Path

    from fieldapp.services.entries import LIST_FIELDS
    source = (Path(__file__).parents[2] / "fieldapp/static/js/forms.js").read_text()
    js = re.search(r"LIST_FIELDS = new Set\(\[([^\]]*)\]\)", source).group(1)
    assert set(re.findall(r'"([a-z_]+)"', js)) == LIST_FIELDS


def test_form_to_payload_lists_only_the_list_fields():
    """A checkbox group is a list even with one box ticked; any other field is one value, the
    same value twice is that value, and two different values stay a list for the reader to refuse."""
    from werkzeug.datastructures import MultiDict

    from fieldapp.services.entries import form_to_payload
    form = MultiDict([("codes", "6A1"), ("ruled_out", "6B"), ("ruled_out", "6A1-hunting"),
                      ("violation_entry_id", "abc"), ("violation_entry_id", "abc"),
                      ("dog_id", ""), ("dog_id", "7"), ("location_text", "Lake Rd"), ("location_text", "Ridge Rd"),
                      ("extra[]", "x"), ("csrf_token", "t")])
    assert form_to_payload(form) == {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting"],
                                     "violation_entry_id": "abc", "dog_id": "7",
                                     "location_text": ["Lake Rd", "Ridge Rd"], "extra": ["x"]}


def test_every_entry_form_names_a_field_twice_only_for_a_list_field(app, client, auth):
    """The pages themselves: a name given by two inputs of an entry form is one of LIST_FIELDS
    (radio buttons aside: the browser sends the one chosen)."""
    import re
    from collections import Counter

    from fieldapp.services.entries import LIST_FIELDS
    auth.login("dco")
    for url in ("/field/violations/new", "/field/seizures/new", "/field/tickets/new", "/field/complaints/new",
                "/field/rabies-requests/new"):
        html = client.get(url).get_data(as_text=True)
        forms = re.findall(r"<form[^>]*data-outbox-kind.*?</form>", html, re.S)
        assert forms, url
        for form in forms:
            fields = re.findall(r'<(?:input|select|textarea)[^>]*>', form)
            names = Counter(re.search(r'\sname="([^"]+)"', f).group(1) for f in fields
                            if ' name="' in f and 'type="radio"' not in f)
            twice = {n for n, count in names.items() if count > 1} - LIST_FIELDS - {"photos"}
            assert not twice, (url, twice)


def _events(app):
    with app.app_context():
        return [e.data["entry"] for e in db.session.execute(
            db.select(Event).filter_by(kind="test.noted")).scalars()]


def test_batch_an_entry_failing_after_its_writes_leaves_nothing_and_the_others_stand(app, client, auth):
    auth.login("dco")
    good1, late, good2 = entry(app), entry(app, payload={"where": "crash late"}), entry(app)
    answer = client.post("/api/sync/batch", json=batch(app, good1, late, good2))
    assert [o["http"] for o in answer.json["outcomes"]] == [201, 500, 201]
    assert {r.id for r in stored(app)} == {good1["id"], good2["id"]}
    assert sorted(_events(app)) == sorted([good1["id"], good2["id"]])


def test_batch_is_committed_once(app, client, auth):
    auth.login("dco")
    commits = []
    with app.app_context():
        engine = db.engine
    listener = lambda conn: commits.append(1)  # noqa: E731
    event.listen(engine, "commit", listener)
    try:
        answer = client.post("/api/sync/batch", json=batch(app, *[entry(app) for _ in range(20)]))
    finally:
        event.remove(engine, "commit", listener)
    assert [o["http"] for o in answer.json["outcomes"]] == [201] * 20
    assert len(commits) == 1
    assert len(stored(app)) == 20


def test_batch_whose_commit_fails_says_nothing_went_in(app, client, auth, monkeypatch):
    import fieldapp.api.batch as api_batch

    def out_of_reach():
        raise OperationalError("COMMIT", {}, Exception("server closed the connection"))
    monkeypatch.setattr(api_batch, "commit_entries", out_of_reach)
    auth.login("dco")
    answer = client.post("/api/sync/batch", json=batch(app, entry(app), entry(app)))
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    assert answer.json["outcomes"] == []  # the phone keeps both and sends them again
    assert stored(app) == [] and _events(app) == []


def test_batch_mail_goes_for_the_entries_kept_and_never_for_one_rolled_back(app, client, auth, smtp_sink):
    """An entry's mail waits for the batch's commit; an entry rolled back (its savepoint) sends
    none, and another's refusal in the same batch does not stop a kept entry's mail."""
    from fieldapp.settings import set_setting
    with app.app_context():
        set_setting("mail_server", f"127.0.0.1:{smtp_sink.server_address[1]}")
        set_setting("mail_from", "dogs@town.example")
        db.session.commit()
    auth.login("dco")
    kept, crashed, refused = (entry(app, payload={"where": "mail"}), entry(app, payload={"where": "mail then crash"}),
                              entry(app, payload={"where": " "}))
    answer = client.post("/api/sync/batch", json=batch(app, kept, crashed, refused))
    assert [o["http"] for o in answer.json["outcomes"]] == [201, 500, 422]
    sent_to = [" ".join(m["rcpt"]) for m in smtp_sink.messages]
    assert len(sent_to) == 1 and kept["id"] in sent_to[0]
