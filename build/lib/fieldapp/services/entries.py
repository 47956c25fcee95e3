"""The one write path for field entries (violation, seizure, ticket, complaint, ...).

Every entry carries a client-made UUID and the device's own time. The same entry arrives
through the sync API (from the phone's outbox) or a plain form post (no JavaScript); both
call `submit_entry`, which is idempotent on the UUID:

- new and valid        -> 201 and the stored result (server id, ticket number, deadline...)
- the same id again    -> 200 and the same stored result, never a second record
- same id, new payload -> 409 (kept on the phone for a person to look at)
- same id, another officer's entry -> 409: an entry is answered only to the officer who made it
- invalid              -> 422 with a message per field; nothing is written

- a user without the kind's power -> 403 (`User.may`, fieldapp/law/authority.py)

The kinds are listed in `services/registry.py: ENTRY_KINDS`: each a validator (payload ->
typed input, or ServiceError), an applier (input -> result dict) and the power it needs.

Transactions: services never commit or roll back (the view or the request does), with one
exception, by design: `submit_entry` is its own transaction. It commits the entry and its
records together, or rolls back everything on a ServiceError or a lost race for the UUID,
because the stored result is what makes the next arrival of the same UUID a harmless replay.
Inside `one_transaction` (the sync API's batch) the same holds of a savepoint per entry, and the
caller commits the batch once.
"""
import hashlib
import json
import re
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import Dog, FieldEntry
from ..timeutil import utcnow
from ..town import acting_for, current_law, seeing, towns_seen
from . import calls
from .enforcement.payload import CLOCK_SKEW, FIRST_YEAR, LAST_YEAR, check_document, hold_late_entry
from .errors import ServiceError
from .registry import KINDS


@dataclass
class EntryOutcome:
    status: int  # 200, 201, 403, 409, 422
    result: dict | None = None
    errors: dict | None = None

    def as_json(self) -> dict:
        if self.errors:
            return {"status": "rejected" if self.status != 409 else "conflict", "errors": self.errors}
        return {"status": "created" if self.status == 201 else "duplicate", "result": self.result}


def payload_hash(kind: str, payload: dict) -> str:
    canonical = json.dumps({"kind": kind, "payload": payload}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


# A UUID as every generator writes it (the phone's crypto.randomUUID, Python's str(uuid4())):
# 36 characters, hyphens in their places. Python's UUID() also reads braces, "urn:uuid:" and
# stray hyphens; those spellings would be stored under another text than the phone keeps.
UUID_TEXT = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def parse_entry_id(value) -> str:
    """The entry's client UUID in its one spelling (lower case), or a ServiceError at `id`."""
    if isinstance(value, str) and UUID_TEXT.fullmatch(value):
        return str(uuid.UUID(value))
    raise ServiceError({"id": "The entry has no valid identifier (UUID)."})


def parse_recorded_at(value) -> datetime:
    unreadable = ServiceError({"recorded_at": "The time the entry was recorded is missing or unreadable."})
    if not isinstance(value, str) or len(value) > 40:
        raise unreadable
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
        if when.tzinfo is not None:
            utc = when.astimezone(UTC)
    except (ValueError, OverflowError):
        raise unreadable from None
    if when.tzinfo is None:
        raise ServiceError({"recorded_at": "The time the entry was recorded has no time zone."})
    if not FIRST_YEAR <= utc.year <= LAST_YEAR:
        raise ServiceError({"recorded_at": "The time the entry was recorded is not a real date: "
                                           "check the phone's date and time."})
    if utc > utcnow() + CLOCK_SKEW:
        # Recorded later than now: the phone's clock is wrong, and the time it gives is not one
        # the record can keep (the office's clock may lag the phone's by CLOCK_SKEW).
        raise ServiceError({"recorded_at": "The time the entry was recorded is later than now: "
                                           "check the phone's date and time, then send it again."})
    return utc


NOT_SERVED = ("You do not serve the town this entry names. It stays on the phone: pick one of "
              "your towns on the start page and record it again.")


def entry_town(payload) -> int | None:
    """The town whose law judges an entry: where it happened. The town the officer picked on
    the phone (`town_id`), else the dog's own town, else the town acted for (None: the request's
    town as it is). An officer of one town needs no look-up; a town they do not serve is a
    ServiceError at `town_id`."""
    seen = towns_seen()
    if not isinstance(seen, list) or not isinstance(payload, dict):
        return None
    said = payload.get("town_id")
    if said not in (None, ""):
        town_id = int(said) if isinstance(said, (int, str)) and str(said).isdigit() else None
        if town_id not in seen:
            raise ServiceError({"town_id": NOT_SERVED})
        return town_id
    if len(seen) < 2:
        return None
    dog_id = payload.get("dog_id")
    if isinstance(dog_id, (int, str)) and str(dog_id).isdigit() and len(str(dog_id)) < 10:
        return db.session.scalar(db.select(Dog.town_id).where(Dog.id == int(dog_id)))
    return None


def submit_entry(user, entry_id, kind: str, recorded_at, payload: dict) -> EntryOutcome:
    """The entry applied once (the one service that commits: see the module's docstring), under
    the law of the town where it happened (`entry_town`)."""
    try:
        town_id = entry_town(payload)
    except ServiceError as exc:
        return EntryOutcome(403, errors=exc.errors)
    if town_id is None:
        return _submit(user, entry_id, kind, recorded_at, payload)
    # Judged by that town's law, while the officer still sees every town they serve: a dog of
    # one town may be caught in another.
    served = towns_seen()
    with acting_for(town_id), seeing(served):
        return _submit(user, entry_id, kind, recorded_at, payload)


@contextmanager
def one_transaction():
    """Entries submitted inside are one transaction, each in a savepoint of its own: a refused or
    failed entry rolls back alone, and the caller commits them all at once (`commit_entries`).
    A batch of a hundred then costs one commit, and no entry reloads what the last one wrote."""
    _begin_writing()
    db.session.info[_BATCH] = True
    try:
        yield
    finally:
        db.session.info.pop(_BATCH, None)


def _begin_writing() -> None:
    """SQLite: the batch's transaction begun here, for writing. Python's sqlite3 begins one only
    at the first INSERT, so a savepoint made before it would be the transaction itself, and its
    release would commit (SQLAlchemy's SQLite notes, "Serializable isolation / Savepoints").
    IMMEDIATE takes the write lock now, so a batch never fails half-way upgrading a read."""
    if db.session.get_bind().dialect.name != "sqlite":
        return
    connection = db.session.connection()
    if not connection.connection.dbapi_connection.in_transaction:
        # Through SQLAlchemy, so that a locked database is its OperationalError (a 503, retried).
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def commit_entries() -> None:
    db.session.commit()


def roll_back_entry() -> None:
    """After a failure of `submit_entry`: alone, its transaction is rolled back; in a batch, its
    savepoint already was, and the entries before it stand."""
    if not db.session.info.get(_BATCH):
        db.session.rollback()


_BATCH = "entries_in_one_transaction"


class _Unit:
    """One entry's transaction: the session's own, or a savepoint inside `one_transaction`."""

    def __init__(self):
        self.savepoint = db.session.begin_nested() if db.session.info.get(_BATCH) else None

    def commit(self):
        if self.savepoint is None:
            db.session.commit()
        else:
            self.savepoint.commit()

    def rollback(self):
        if self.savepoint is None:
            db.session.rollback()
        elif self.savepoint is db.session().get_nested_transaction():  # open, or spoilt by a flush
            self.savepoint.rollback()


def _submit(user, entry_id, kind: str, recorded_at, payload: dict) -> EntryOutcome:
    try:
        entry_id = parse_entry_id(entry_id)
        recorded = parse_recorded_at(recorded_at)
        if isinstance(payload, dict):
            check_document(payload)  # the shape of the whole payload, before any field is read
    except ServiceError as exc:
        return EntryOutcome(422, errors=exc.errors)
    spec = KINDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        shown = kind[:40] if isinstance(kind, str) else "(not a name)"
        return EntryOutcome(422, errors={"kind": f"Unknown kind of entry: {shown!r}."})
    if not user.may(spec.power):
        power = current_law().power[spec.power]  # the town's law says who may
        cited = f"{power.section}: " if power.section else ""
        return EntryOutcome(403, errors={"kind": f"Your role may not record this kind of entry. "
                                                 f"{cited}{power.text}"})
    if not isinstance(payload, dict):
        return EntryOutcome(422, errors={"payload": "The entry has no content."})

    digest = payload_hash(kind, payload)
    existing = db.session.get(FieldEntry, entry_id)
    if existing is not None:
        return _replay(existing, digest, user)
    unit = _Unit()
    try:
        call = calls.call_named(kind, payload)  # a record made from a call for service
        clean = spec.validate(payload, user)
        entry = FieldEntry(id=entry_id, kind=kind, officer_id=user.id, payload=payload,
                           payload_hash=digest, device_recorded_at=recorded)
        db.session.add(entry)
        db.session.flush()  # claims the UUID before any record is written
        entry.result = spec.apply(clean, entry, user)
        if call is not None:
            entry.result = {**entry.result, **calls.link_record(call, kind, entry, entry.result)}
        if hold_late_entry(entry) is not None:  # the stale-date gate: the office confirms the date
            entry.result = {**entry.result, "awaiting_office_confirmation": True}
        unit.commit()
    except ServiceError as exc:
        unit.rollback()
        return EntryOutcome(422, errors=exc.errors)
    except IntegrityError:
        # The same UUID arrived twice at once: the other request won; answer with its result.
        unit.rollback()
        existing = db.session.get(FieldEntry, entry_id)
        if existing is not None:
            return _replay(existing, digest, user)
        # Another entry took what this one was writing (two officers correcting the same
        # violation at once): checked again with the other on file, the check says what changed.
        try:
            spec.validate(payload, user)
        except ServiceError as exc:
            return EntryOutcome(409, errors=exc.errors)
        raise
    except BaseException:
        unit.rollback()  # in a batch: this entry alone (the caller answers for it)
        raise
    return EntryOutcome(201, result=entry.result)


OTHER_OFFICERS_ID = ("This entry id belongs to another officer's entry. Nothing was stored: "
                     "record it again as a new entry.")


def _replay(existing: FieldEntry, digest: str, user) -> EntryOutcome:
    """The stored answer to the same UUID again, to the officer who made it; to anyone else a
    refusal, never that officer's result (a copied or guessed id learns nothing)."""
    if existing.officer_id != user.id:
        return EntryOutcome(409, errors={"id": OTHER_OFFICERS_ID})
    if existing.payload_hash != digest:
        return EntryOutcome(409, errors={"id": "This entry was already received with different "
                                               "content. Check it and record it again as a new entry."})
    return EntryOutcome(200, result=existing.result)


# The payload fields that hold several values: the entry forms' checkbox groups, read by
# `PayloadReader.choices`. A field named "x[]" is one too. Any other field holds one value; the
# phone's forms.js keeps the same list (LIST_FIELDS), checked by tests/api/test_sync_batch.py.
LIST_FIELDS = frozenset({"codes", "ruled_out"})


def form_to_payload(form) -> dict:
    """A submitted form (MultiDict) as an entry payload: the LIST_FIELDS (and "x[]") as lists,
    every other field one value. A name a page sent twice with the same value (or empty but
    once) is that value; with two different values it stays a list, which the kind's reader
    refuses at that field, rather than one of them being picked silently.

    The page's outbox builds the same shape from FormData, so both paths validate alike.
    """
    skip = {"csrf_token", "entry_id", "recorded_at", "kind"}
    payload = {}
    for key in form.keys():
        if key in skip:
            continue
        values = form.getlist(key)
        name = key.removesuffix("[]")
        if key.endswith("[]") or name in LIST_FIELDS:
            payload[name] = values
        else:
            payload[name] = one_value(values)
    return payload


def one_value(values: list):
    """One field's values, given once or more: the one value, or the list when they differ."""
    given = list(dict.fromkeys(v for v in values if v != ""))
    if len(given) > 1:
        return values
    return given[0] if given else (values[0] if values else "")
