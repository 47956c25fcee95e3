"""The outbox's batches: up to BATCH_MAX entries in one request, one outcome each, one commit."""
from flask import abort, current_app, jsonify, make_response, request
from flask_login import current_user
from sqlalchemy.exc import DataError, OperationalError

from ..auth import permission_required
from ..errors import DATABASE_UNAVAILABLE
from ..extensions import db
from ..field.record_urls import with_record_url
from ..services.enforcement.payload import check_document
from ..services.entries import commit_entries, one_transaction, roll_back_entry, submit_entry
from ..services.errors import ServiceError
from . import bp
from .views import _entry_key, _error

BATCH_MAX = 100  # entries per request: ~100 KB of JSON, one round trip on a weak link (500: five)
WAITS = "Waits for the violation it follows, which was not accepted."
OUR_FAULT = "The server failed on this entry. It stays on the phone."
NOT_KEPT = ("A number or a piece of text in this entry is not one the records can keep (too large, "
            "or not what the field takes). Nothing was saved.")


def _said_id(value):
    """The entry's id as the phone sent it, to find its own outcome by; None when it is not text."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # half of a UTF-16 pair: not text to send back
        return None
    return value


def _batch_body():
    """The batch's own shape: a JSON object from this officer with a list of entries. Each
    entry's shape is its own outcome (`_one_of_batch`), so one malformed entry is refused alone."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        abort(make_response(*_error(400, "The request body is nested too deeply to be an entry.")))
    if not isinstance(body, dict):
        abort(make_response(*_error(400, "The request body is not a JSON object.")))
    if str(body.get("officer_id")) != str(current_user.id):
        abort(make_response(jsonify(
            status="wrong_user", error=403,
            message="These entries were recorded by another officer; they stay on the phone until "
                    "that officer signs in."), 403))
    entries = body.get("entries")
    if not isinstance(entries, list) or not entries or len(entries) > BATCH_MAX:
        abort(make_response(*_error(422, f"Send between 1 and {BATCH_MAX} entries.")))
    return entries


@bp.post("/sync/batch")
@permission_required("enforce")
def sync_batch():
    """Up to BATCH_MAX outbox entries, in their order, in one request -> one outcome each.

    Each entry is a savepoint of the batch's one transaction (`one_transaction`), answered as
    one sent alone is (201/200/409/422/403): one bad entry never sinks the others, and a batch
    cut off halfway and sent again replays the stored ones (200). Each entry's shape (an object,
    its id, its payload) is checked inside its own outcome, so a malformed one is refused alone
    (422) and the rest go in. An entry that
    follows (`violation_entry_id`) one refused in this same batch is not applied: 424, it waits
    on the phone with that one. A value the database cannot keep is that entry's 400; an entry
    the server fails on is a 500 of its own, rolled back, and the rest go on. Every outcome
    carries the entry's `index` in the batch (and its `id` as sent, when that is text)."""
    entries = _batch_body()
    user = current_user._get_current_object()
    try:
        with one_transaction():  # one commit for the batch, a savepoint for each entry
            return _apply_batch(user, entries)
    except OperationalError:  # the batch could not begin (SQLite: another writer holds the lock)
        current_app.logger.warning("Sync batch not begun: the database is unavailable")
        return _unavailable([])


def _apply_batch(user, entries):
    held, accepted, outcomes = set(), set(), []
    for index, item in enumerate(entries):
        try:
            outcome = _one_of_batch(user, item, held, accepted)
        except OperationalError:
            # The database is locked or unreachable: not this entry's fault. What went in is
            # said; the rest wait for the phone's next try (503 is retried, and not counted).
            current_app.logger.warning("Sync batch stopped: the database is unavailable")
            return _unavailable(outcomes if _committed() else [])
        outcomes.append({"index": index, **outcome})
    if not _committed():
        return _unavailable([])  # nothing went in: the phone sends them all again
    return jsonify(outcomes=outcomes), 200


def _committed() -> bool:
    """The batch's entries committed, or (the database out of reach) none of them."""
    try:
        commit_entries()
        return True
    except OperationalError:
        try:
            db.session.rollback()
        except OperationalError:
            pass
        return False


def _unavailable(went_in):
    return jsonify(outcomes=went_in, error=503, message=DATABASE_UNAVAILABLE), 503, {"Retry-After": "30"}


def _one_of_batch(user, item, held: set, accepted: set) -> dict:
    """One entry of a batch -> its outcome. `held` gathers the ids refused in this batch (their
    followers wait), `accepted` those stored in it (a twin refused later, 409, holds nothing)."""
    if not isinstance(item, dict):
        return {"id": None, "http": 422, "status": "rejected", "errors": {"": "This is not an entry."}}
    said, key = _said_id(item.get("id")), _entry_key(item.get("id"))
    answer = _answer(user, item, held)
    answer = {"id": said, **answer}
    if key and answer["http"] < 300:
        accepted.add(key)
        held.discard(key)
    elif key and key not in accepted:
        held.add(key)
    return answer


def _answer(user, item: dict, held: set) -> dict:
    try:
        check_document(item)  # what `_json_body` checks of one entry sent alone
    except ServiceError as exc:
        return {"http": 422, "status": "rejected", "errors": exc.errors}
    payload = item.get("payload")
    follows = _entry_key(payload.get("violation_entry_id")) if isinstance(payload, dict) else None
    if follows and follows in held:
        return {"http": 424, "status": "waiting", "message": WAITS}
    try:
        outcome = submit_entry(user, item.get("id"), item.get("kind"), item.get("recorded_at"), payload)
    except OperationalError:
        raise  # the whole batch stops: sync_batch answers 503
    except DataError:  # a value the database cannot keep that no check caught: the entry's own
        roll_back_entry()
        current_app.logger.warning("Sync refused a value the database cannot keep (entry %s)",
                                   repr(item.get("id"))[:60])
        return {"http": 400, "status": "rejected", "errors": {"": NOT_KEPT}}
    except Exception:  # a fault of ours on this entry: the others still go in
        roll_back_entry()
        current_app.logger.exception("Sync of entry %s failed", repr(item.get("id"))[:60])
        return {"http": 500, "status": "error", "message": OUR_FAULT}
    return {"http": outcome.status, **with_record_url(item.get("kind"), outcome.as_json())}
