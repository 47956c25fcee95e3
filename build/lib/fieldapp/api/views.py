"""JSON API for the phone: sync of outbox entries and photos, offline dataset, entry rules,
ticket numbers.

CSRF: this blueprint is exempt from the form CSRF token, because the outbox and the service
worker send entries hours after a page was rendered (and the worker has no page to read a
token from). Instead every write here must (1) be `Content-Type: application/json` (or a raw
image for photos), which a cross-site HTML form cannot send and cross-site fetch() cannot send
without a CORS preflight we never answer, and (2) come from this origin: `Sec-Fetch-Site`,
when the browser sends it, is "same-origin", and `Origin`, when sent, is our own. The session
cookie is also SameSite=Lax. See `_same_origin_json_only`.
"""
import gzip
from urllib.parse import urlparse

from flask import abort, current_app, jsonify, make_response, request
from flask_login import current_user
from sqlalchemy import func

from ..auth import permission_required
from ..extensions import csrf, db
from ..field.record_urls import with_record_url
from ..models import Dog, FieldEntry, record_event
from ..services import copy_store, field_data, ticket_numbers
from ..services.enforcement.payload import MAX_INT, check_document
from ..services.entries import parse_entry_id, submit_entry
from ..services.errors import ServiceError
from ..services.photos import MAX_PHOTOS_PER_ENTRY
from ..timeutil import local_today, utcnow
from . import bp

csrf.exempt(bp)

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
PHOTO_TYPES = {"image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"}


def _error(status, message, **extra):
    return jsonify(error=status, message=message, **extra), status


@bp.before_request
def _same_origin_json_only():
    if request.method not in WRITE_METHODS:
        return None
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return _error(403, "Requests from other sites are refused.")
    origin = request.headers.get("Origin")
    if origin and origin != "null" and urlparse(origin).netloc != request.host:
        return _error(403, "Requests from other sites are refused.")
    ctype = (request.mimetype or "").lower()
    allowed = PHOTO_TYPES if request.endpoint == "api.sync_photo" else {"application/json"}
    if ctype not in allowed:
        return _error(415, "Send this as " + (" or ".join(sorted(allowed))) + ".")
    return None


def _json_body() -> dict:
    """The request's JSON object, its shape checked (`check_document`) before anything reads it:
    400 if it is not a JSON object, 422 with a message per field if it is not what a form sends."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested thousands deep: the parser gives up
        abort(make_response(*_error(400, "The request body is nested too deeply to be an entry.")))
    if not isinstance(body, dict):
        abort(make_response(*_error(400, "The request body is not a JSON object.")))
    try:
        check_document(body)
    except ServiceError as exc:
        abort(make_response(jsonify(status="rejected", errors=exc.errors), 422))
    return body


@bp.post("/sync")
@permission_required("enforce")
def sync():
    """One outbox entry -> its EntryOutcome (201 new, 200 replay, 409 conflict, 422 invalid)."""
    body = _json_body()
    stated = body.get("officer_id")
    if str(stated) != str(current_user.id):
        # Another officer signed in on this phone: nothing is stored, the outbox pauses.
        return jsonify(status="wrong_user", error=403,
                       message="This entry was recorded by another officer; it stays on the phone "
                               "until that officer signs in."), 403
    outcome = submit_entry(current_user._get_current_object(), body.get("id"), body.get("kind"),
                           body.get("recorded_at"), body.get("payload"))
    return jsonify(with_record_url(body.get("kind"), outcome.as_json())), outcome.status


def _entry_key(value) -> str | None:
    """An entry id as the records keep it (a UUID's one spelling), or None for anything else."""
    try:
        return parse_entry_id(value)
    except ServiceError:
        return None


def _photo_entry(entry_id, index):
    """The entry id of a photo's entry, or the api's answer why not (404, 403, 422)."""
    key = _entry_key(entry_id)
    entry = db.session.get(FieldEntry, key) if key else None
    if entry is None:
        return None, _error(404, "The entry of this photo has not arrived yet; send the entry first.")
    if entry.officer_id != current_user.id:
        return None, _error(403, "This photo belongs to another officer's entry.")
    if not 0 <= index < MAX_PHOTOS_PER_ENTRY:  # the store's own limit, so a photo it would refuse never starts
        return None, _error(422, f"A field entry has at most {MAX_PHOTOS_PER_ENTRY} photos.")
    return key, None


def _header_int(name):
    """A byte count the phone sent in header `name`: None when absent, -1 when not a number."""
    value = request.headers.get(name)
    if value is None:
        return None
    return int(value) if value.isdigit() and len(value) < 12 else -1


@bp.post("/sync/<entry_id>/photos/<int:index>")
@permission_required("enforce")
def sync_photo(entry_id, index):
    """A photo of an entry already confirmed; idempotent on (entry id, index). Whole (older
    phones), or one chunk of it with `Upload-Offset` and `Upload-Length` (services/photo_uploads.py:
    answered with the offset the office holds, where the phone resumes after a cut link)."""
    key, refused = _photo_entry(entry_id, index)
    if refused:
        return refused
    data = request.get_data()
    if not data:
        return _error(422, "The photo is empty.")
    offset, total = _header_int("Upload-Offset"), _header_int("Upload-Length")
    if offset is not None or total is not None:
        return _photo_chunk(key, index, offset, total, data)
    from ..services.photos import store_photo
    try:
        stored = store_photo(key, index, data, request.mimetype)
    except ServiceError as exc:
        db.session.rollback()
        return jsonify(status="rejected", errors=exc.errors), 422
    result = {"entry_id": key, "index": index, "photo_id": getattr(stored, "id", None)}
    return jsonify(status="stored", result=result), 201


def _photo_chunk(key, index, offset, total, data):
    from ..services.photo_uploads import receive_chunk
    if offset is None or total is None or offset < 0 or total < 0:
        return _error(400, "A chunk of a photo says its byte offset (Upload-Offset) and the "
                           "photo's size (Upload-Length), both whole numbers.")
    answer = receive_chunk(key, index, offset, total, data, request.mimetype)
    db.session.commit()
    body = answer.as_json()
    if answer.status == "stored":
        body["result"] = {"entry_id": key, "index": index, "photo_id": answer.photo_id}
    if answer.http >= 400 and answer.status != "rejected":
        body["error"] = answer.http
    return jsonify(body), answer.http, {"Upload-Offset": str(answer.offset), "Upload-Length": str(answer.total)}


@bp.get("/sync/<entry_id>/photos/<int:index>")
@permission_required("enforce")
def sync_photo_state(entry_id, index):
    """Where a photo stands on the office's side: stored, partial (the offset held) or none."""
    key, refused = _photo_entry(entry_id, index)
    if refused:
        return refused
    from ..services.photo_uploads import upload_state
    state = upload_state(key, index)
    headers = {"Upload-Offset": str(state["offset"] or 0)} if state["status"] != "stored" else {}
    return jsonify(state), 200, headers


@bp.post("/outbox/discarded")
@permission_required("enforce")
def outbox_discarded():
    """An officer discarded an entry that never reached the server: an audit trace of what."""
    body = _json_body()
    try:
        entry_id = parse_entry_id(body.get("id"))
    except ServiceError as exc:
        return jsonify(status="rejected", errors=exc.errors), 422
    record_event("outbox.discarded", None, actor=current_user, entry_id=entry_id,
                 entry_kind=str(body.get("kind", ""))[:30], payload=body.get("payload"),
                 last_error=body.get("last_error"), created_at=str(body.get("created_at", ""))[:40],
                 discarded_at=str(body.get("discarded_at", ""))[:40])
    return jsonify(status="recorded"), 201


@bp.get("/field-dataset")
@permission_required("enforce")
def field_dataset():
    """What a roadside scan needs offline, as a delta since data version `since`."""
    since = request.args.get("since", type=int)
    if since is not None and not 0 <= since <= MAX_INT:
        return _error(400, "The data version `since` is not one this server gave; "
                           "leave it out to load everything again.")
    today = local_today()
    extras = copy_store.phone_extras(today)
    if since is None:
        return _full_copy(extras, today)
    if _changed_dogs(since) > current_app.config.get("FIELD_COPY_INLINE_DOGS", 10000):
        # Most of a county changed (an import): the delta would be a whole build in the request.
        # The current whole copy replaces the phone's; while it is built, the phone keeps its own.
        return _full_copy(extras, today, older_ok=False)
    dataset = field_data.field_dataset(since, today)
    dataset.update(extras)
    response = jsonify(dataset)
    response.headers["Cache-Control"] = "no-store"
    return response


def _changed_dogs(since) -> int:
    return db.session.execute(db.select(func.count(Dog.id)).where(Dog.data_version > since)).scalar()


def _full_copy(extras, today, older_ok=True):
    """The whole copy, built once per data version and day (services/copy_store.py), sent gzipped.
    A county's copy is built in the background: meanwhile the phone gets the last copy stored
    (it asks for the changes since later) or 202 with Retry-After (it keeps what it has)."""
    dogs = db.session.execute(db.select(func.count(Dog.id))).scalar()
    body, current = copy_store.copy_for_phone(extras, today, dogs, older_ok)
    retry_after = str(current_app.config.get("FIELD_COPY_RETRY_AFTER", 30))
    if body is None:
        response = jsonify(status="building", message="The phone's copy is being built; ask again later.")
        response.status_code = 202
        response.headers["Retry-After"] = retry_after
        response.headers["Cache-Control"] = "no-store"
        return response
    # A whole copy of the owners' contacts leaves for a phone: the admin sees it.
    record_event("export.field_dataset", None, actor=current_user, dogs=dogs)
    if "gzip" in request.headers.get("Accept-Encoding", "").lower():
        response = make_response(body)
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = make_response(gzip.decompress(body))
    response.headers["Content-Type"] = "application/json"
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = "no-store"
    if current:
        response.headers["X-Copy-As-Of"] = utcnow().isoformat()  # the data are current while the version is
    else:
        # An older copy: its own generated_at says how old (dataset.js), and the phone asks for
        # what changed since once the current one is built.
        response.headers["Retry-After"] = retry_after
    return response


@bp.get("/entry-rules")
@permission_required("enforce")
def entry_rules():
    """The entries' rules as data (services/enforcement/rules.py): the phone checks an entry
    with them before it is queued, with or without signal."""
    from ..services.enforcement.rules import entry_rules as rules
    response = jsonify(rules())
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/ticket-blocks")
@permission_required("issue_ticket")
def ticket_blocks():
    """§9: reserve a block of ticket numbers for this phone (it holds them offline)."""
    body = _json_body()
    try:
        block = ticket_numbers.reserve_block(current_user, body.get("device_id"),
                                             ticket_numbers.block_size(body.get("size")))
    except ServiceError as exc:
        db.session.rollback()
        return jsonify(status="rejected", errors=exc.errors), 422
    numbers = ticket_numbers.block_numbers(block)  # with the letters of the block's town
    return jsonify(status="created", block={
        "id": block.id, "device_id": block.device_id, "issued_at": block.issued_at.isoformat(),
        "first": numbers[0], "last": numbers[-1], "numbers": numbers}), 201


@bp.post("/ticket-numbers/<number>/void")
@permission_required("issue_ticket")
def void_ticket_number(number):
    """§9: void a spoiled number now (offline, the phone queues a "ticket_void" entry instead)."""
    body = _json_body()
    try:
        text = ticket_numbers.void_number(current_user, number, body.get("reason"))
    except ServiceError as exc:
        db.session.rollback()
        return jsonify(status="rejected", errors=exc.errors), 422
    return jsonify(status="created", result={"ticket_number": text, "status": "void"}), 201
