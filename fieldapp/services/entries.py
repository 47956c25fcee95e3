"""The one write path for field entries (violation, seizure, ticket, complaint, ...).

Every entry carries a client-made UUID and the device's own time. The same entry arrives
through the sync API (from the phone's outbox) or a plain form post (no JavaScript); both
call `submit_entry`, which is idempotent on the UUID:

- new and valid        -> 201 and the stored result (server id, ticket number, deadline...)
- the same id again    -> 200 and the same stored result, never a second record
- same id, new payload -> 409 (kept on the phone for a person to look at)
- invalid              -> 422 with a message per field; nothing is written

- a user without the kind's power -> 403 (`User.may`, fieldapp/law/authority.py)

The kinds are listed in `services/registry.py: ENTRY_KINDS`: each a validator (payload ->
typed input, or ServiceError), an applier (input -> result dict) and the power it needs.

Transactions: services never commit or roll back (the view or the request does), with one
exception, by design: `submit_entry` is its own transaction. It commits the entry and its
records together, or rolls back everything on a ServiceError or a lost race for the UUID,
because the stored result is what makes the next arrival of the same UUID a harmless replay.
"""
import hashlib
import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..law.authority import POWERS
from ..models import FieldEntry
from .enforcement.payload import FIRST_YEAR, LAST_YEAR, check_document
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


def parse_entry_id(value) -> str:
    try:
        if not isinstance(value, str) or len(value) > 45:
            raise ValueError(value)
        return str(uuid.UUID(value))
    except (ValueError, TypeError):
        raise ServiceError({"id": "The entry has no valid identifier (UUID)."}) from None


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
    return utc


def submit_entry(user, entry_id, kind: str, recorded_at, payload: dict) -> EntryOutcome:
    """The entry applied once (the one service that commits: see the module's docstring)."""
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
        power = POWERS[spec.power]
        return EntryOutcome(403, errors={"kind": f"Your role may not record this kind of entry. "
                                                 f"{power.section}: {power.text}"})
    if not isinstance(payload, dict):
        return EntryOutcome(422, errors={"payload": "The entry has no content."})

    digest = payload_hash(kind, payload)
    existing = db.session.get(FieldEntry, entry_id)
    if existing is not None:
        return _replay(existing, digest)
    try:
        clean = spec.validate(payload, user)
        entry = FieldEntry(id=entry_id, kind=kind, officer_id=user.id, payload=payload,
                           payload_hash=digest, device_recorded_at=recorded)
        db.session.add(entry)
        db.session.flush()  # claims the UUID before any record is written
        entry.result = spec.apply(clean, entry, user)
        db.session.commit()
    except ServiceError as exc:
        db.session.rollback()
        return EntryOutcome(422, errors=exc.errors)
    except IntegrityError:
        # The same UUID arrived twice at once: the other request won; answer with its result.
        db.session.rollback()
        existing = db.session.get(FieldEntry, entry_id)
        if existing is not None:
            return _replay(existing, digest)
        # Another entry took what this one was writing (two officers correcting the same
        # violation at once): checked again with the other on file, the check says what changed.
        try:
            spec.validate(payload, user)
        except ServiceError as exc:
            db.session.rollback()
            return EntryOutcome(409, errors=exc.errors)
        raise
    return EntryOutcome(201, result=entry.result)


def _replay(existing: FieldEntry, digest: str) -> EntryOutcome:
    if existing.payload_hash != digest:
        return EntryOutcome(409, errors={"id": "This entry was already received with different "
                                               "content. Check it and record it again as a new entry."})
    return EntryOutcome(200, result=existing.result)


def form_to_payload(form) -> dict:
    """A submitted form (MultiDict) as an entry payload: repeated names become lists.

    The page's outbox builds the same shape from FormData, so both paths validate alike.
    """
    skip = {"csrf_token", "entry_id", "recorded_at", "kind"}
    payload = {}
    for key in form.keys():
        if key in skip:
            continue
        values = form.getlist(key)
        payload[key] = values if len(values) > 1 or key.endswith("[]") else values[0]
    return {k.removesuffix("[]"): v for k, v in payload.items()}

