"""The audit trail, kept by itself: every write to an audited record becomes a `Change` row.

Once and generically, by SQLAlchemy session events, so no service can forget:
- `after_flush` (the new rows have their ids, the attributes still hold their history) reads,
  for every created, changed or deleted object of a model in `AUDITED`, the columns that
  changed with their old and new values, and inserts the Change rows on the flush's own
  connection: the same transaction as the write, committed or rolled back with it;
- `before_flush` and the ORM's UPDATE/DELETE statements refuse any edit or deletion of a
  Change (append-only; a correction is a new write, which has its own Change).

Who: asked of the web layer, which the app plugs in (`use_actor_lookup`, from
`fieldapp/audit/who.py`): the signed-in user of the request, else the source: "web" (someone
signed out, a finder), "command line" (a `flask` command) or "system". The `Event` recorded in the same flush about
the same record (or the flush's only Event) is linked, so the audit trail says what happened in
the law's words (Event) and which columns it wrote (Change).
"""
import json
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import LargeBinary, event, inspect, or_

from ..extensions import db
from ..models import (
    Change,
    Dog,
    DogNotice,
    DogOwner,
    EnumerationExpense,
    EnumerationIdentification,
    EnumerationResolution,
    Event,
    FieldEntry,
    License,
    Owner,
    Payment,
    PurebredLicense,
    RabiesCertificate,
    Receipt,
    Setting,
    SettingChange,
    Tag,
    User,
)
from ..models.calendar import TownDay
from ..models.calls import Call, CallUpdate
from ..models.clerk_month import MailApplication, RenewalNotice
from ..models.court import CourtOrder, Disposition, Hearing, Summons
from ..models.dogs import Sequence
from ..models.enforcement import (
    AppearanceTicket,
    Impoundment,
    ImpoundmentNotice,
    Photo,
    RabiesRequest,
    ServiceAttempt,
    SwornComplaint,
    Violation,
)
from ..models.entries import LateEntry
from ..models.kennel_care import CareCheck, ImpoundmentDisposition, ImpoundmentMove
from ..models.once import FormOnce
from ..models.people import UserSession, UserTown
from ..models.photo_uploads import PhotoUploadPart
from ..models.public import FoundReport, TagScan
from ..models.tickets import TicketBlock, TicketNumberUse
from ..models.town import Town

# The audited models, each with the columns left out of its audit trail: bookkeeping that changes
# on every write (data_version, updated_at), and what must not be copied (a password hash, a
# phone's whole payload: its hash stands for it). A binary column (a photo) is recorded by size.
AUDITED: dict[type, frozenset[str]] = {
    Dog: frozenset({"data_version", "updated_at", "has_photo"}),
    Owner: frozenset({"updated_at"}),
    DogOwner: frozenset(),
    License: frozenset(),
    PurebredLicense: frozenset(),
    RabiesCertificate: frozenset(),
    Tag: frozenset(),
    DogNotice: frozenset(),
    Setting: frozenset({"updated_at"}),
    SettingChange: frozenset(),  # a fee from its date (the Town Board's resolution)
    FieldEntry: frozenset({"payload", "result"}),
    Violation: frozenset(),
    Impoundment: frozenset(),
    ImpoundmentDisposition: frozenset(),  # §8(E) how the case ended (impoundment/outcome.py)
    CareCheck: frozenset(),  # §8(B) care log
    AppearanceTicket: frozenset(),
    SwornComplaint: frozenset(),
    Receipt: frozenset(),
    Payment: frozenset(),
    EnumerationResolution: frozenset(),
    EnumerationIdentification: frozenset(),  # §5(K) dogs identified unlicensed
    EnumerationExpense: frozenset(),  # §5(K) the enumeration's expenses
    User: frozenset(),
    UserTown: frozenset(),  # the towns an officer serves: whose records they read and record
    RabiesRequest: frozenset(),  # §5(B)(1) the request that starts the ten days
    ImpoundmentNotice: frozenset(),  # §8(B) the owner told
    Summons: frozenset(),  # §10(B) the Town Justice's work: who was summoned, heard, ordered,
    Hearing: frozenset(),  # convicted and fined is the record most likely to be questioned
    CourtOrder: frozenset(),
    Disposition: frozenset(),
    MailApplication: frozenset(),  # §5(A)(3) what arrived by mail, and the money enclosed
    TownDay: frozenset(),  # a closed day moves every §8(B) deadline
    Town: frozenset({"updated_at"}),  # the town's record: its law, court, clerk's office, contact
    TicketBlock: frozenset(),  # §9 ticket numbers handed to a device
    FoundReport: frozenset(),  # a finder's message and how the office handled it
    ImpoundmentMove: frozenset(),  # §8(B) where a held dog is boarded during the hold
    LateEntry: frozenset(),  # an entry typed days back and the office's confirmation
    ServiceAttempt: frozenset(),  # CPL §150.40(2) an attempt to serve a ticket, noted
    Call: frozenset(),  # a call for service: who called, about what, and what came of it
    CallUpdate: frozenset(),  # a call's steps: taken, arrived, a record made from it, closed
}
# Models left out of the audit trail, each with the reason. `tests/test_listeners.py` fails when a
# model is in neither table, so a new model is a decision, not an accident.
NOT_AUDITED: dict[type, str] = {
    Change: "it is the audit trail",
    Event: "the audit log itself, append-only",
    Sequence: "a counter; the numbers it gives are audited on the records that carry them",
    Photo: "the bytes of a photo; the entry or record that carries it is audited",
    PhotoUploadPart: "a chunk of a photo on its way, deleted once the photo is whole (a Photo)",
    TagScan: "a log of scans, written once and never changed",
    RenewalNotice: "a log of renewal letters sent, written once per letter in bulk",
    TicketNumberUse: "a ledger of its own: each ticket number's use or void is one row written once",
    FormOnce: "a used one-time key of a form; the receipt or license it guards is audited",
    UserSession: "a signed-in session (a key's hash); sign-ins and sign-outs are Events",
}
# Recorded as changed, never with their values.
SECRET_COLUMNS = {(User, "password_hash"): "(password changed)"}

APPEND_ONLY = "The audit trail is append-only: a Change is never edited or deleted."


class AppendOnlyError(RuntimeError):
    pass


def plain(value):
    """A column value as plain JSON: dates and instants as ISO text, money as text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return f"({len(bytes(value)):,} bytes)"
    return json.loads(json.dumps(value, default=str))


def _audited_model(obj):
    for model in type(obj).__mro__:
        if model in AUDITED:
            return model
    return None


def _system():
    return None, "system"


_who = _system


def use_actor_lookup(lookup) -> None:
    """Plug in `lookup() -> (user id or None, source)`: who makes the write in progress. It runs
    inside a flush, so it must not query (fieldapp/audit/who.py reads what is loaded)."""
    global _who
    _who = lookup or _system


def _column_values(model, state, keys):
    """{key: value} of the loaded column attributes (never loads one)."""
    out = {}
    for key in keys:
        if key in state.dict:
            out[key] = state.dict[key]
    return out


def _diff(model, obj, action):
    state = inspect(obj)
    mapper = state.mapper
    left_out = AUDITED[model]
    keys = [attr.key for attr in mapper.column_attrs if attr.key not in left_out]
    changes = {}
    if action == "created":
        for key, value in _column_values(model, state, keys).items():
            if value is not None:
                changes[key] = [None, "(set)" if (model, key) in SECRET_COLUMNS else plain(value)]
    elif action == "deleted":
        for key, value in _column_values(model, state, keys).items():
            changes[key] = [SECRET_COLUMNS.get((model, key), plain(value)), None]
    else:
        for key in keys:
            hist = state.attrs[key].history
            if not hist.added and not hist.deleted:
                continue
            old = hist.deleted[0] if hist.deleted else None
            new = hist.added[0] if hist.added else None
            if not hist.added and hist.unchanged:
                new = hist.unchanged[0]
            if (model, key) in SECRET_COLUMNS:
                if old != new:
                    changes[key] = [None, SECRET_COLUMNS[(model, key)]]
                continue
            old, new = plain(old), plain(new)
            if old != new:
                changes[key] = [old, new]
    return state, changes


def _identity(state):
    """The primary key from the loaded attributes (a new row's key is not registered yet)."""
    if state.identity is not None:
        return tuple(state.identity)
    mapper = state.mapper
    key = tuple(state.dict.get(mapper.get_property_by_column(col).key) for col in mapper.primary_key)
    return None if any(part is None for part in key) else key


def _belongs_to(model, state, identity):
    """(dog_id, owner_id) of the record, from its own columns."""
    values = state.dict
    ident = identity[0] if len(identity) == 1 else None
    dog_id = ident if model is Dog else values.get("dog_id")
    owner_id = ident if model is Owner else values.get("owner_id")
    return (dog_id if isinstance(dog_id, int) else None), (owner_id if isinstance(owner_id, int) else None)


def _keep_old_value(target, value, oldvalue, initiator):
    return value


def keep_old_values():
    """Each audited column loads its old value when set (active history), so a write to a record
    read before the last commit still knows what it replaces. Binary columns (photos) are left
    unloaded: their history says only the new size. Installed by `fieldapp/listeners.py`."""
    for model, left_out in AUDITED.items():
        for attr in inspect(model).column_attrs:
            if attr.key in left_out or any(isinstance(c.type, LargeBinary) for c in attr.columns):
                continue
            column = getattr(model, attr.key)
            if not event.contains(column, "set", _keep_old_value):
                event.listen(column, "set", _keep_old_value, active_history=True, retval=True)




def refuse_edits_of_changes(session, flush_context, instances):
    for obj in list(session.dirty) + list(session.deleted):
        if isinstance(obj, Change) and (obj in session.deleted or session.is_modified(obj)):
            raise AppendOnlyError(APPEND_ONLY)


def refuse_bulk_edits_of_changes(orm_execute_state):
    if orm_execute_state.is_update or orm_execute_state.is_delete:
        mapper = orm_execute_state.bind_mapper
        if mapper is not None and mapper.class_ is Change:
            raise AppendOnlyError(APPEND_ONLY)


def refuse_change_rows(mapper, connection, target):
    raise AppendOnlyError(APPEND_ONLY)


def record_changes(session, flush_context):
    rows = []
    events = [obj for obj in session.new if isinstance(obj, Event)]
    for action, objs in (("created", session.new), ("changed", session.dirty), ("deleted", session.deleted)):
        for obj in objs:
            model = _audited_model(obj)
            if model is None or (action == "changed" and not session.is_modified(obj, include_collections=False)):
                continue
            state, changes = _diff(model, obj, action)
            identity = _identity(state)
            if not changes or identity is None:
                continue
            dog_id, owner_id = _belongs_to(model, state, identity)
            rows.append({"subject_type": model.__name__,
                         "subject_key": ",".join(str(part) for part in identity),
                         "action": action, "changes": changes, "dog_id": dog_id, "owner_id": owner_id,
                         "event_id": _event_for(events, model.__name__, identity)})
    if not rows:
        return
    actor_id, source = _who()
    from ..models.types import now_utc
    at = now_utc()
    for row in rows:
        row.update(at=at, actor_id=actor_id, source=source)
    session.connection().execute(Change.__table__.insert(), rows)


def _event_for(events, subject_type, identity):
    for ev in events:
        if ev.subject_type == subject_type and (ev.subject_id,) == tuple(identity) and ev.id is not None:
            return ev.id
    if len(events) == 1 and events[0].id is not None:
        return events[0].id
    return None


# --- reading the audit trail ------------------------------------------------------

@dataclass(frozen=True)
class AuditLine:
    """One change as the History page shows it."""
    change: Change
    what: str  # "Owner", "License 2026-0012"
    fields: list  # [(label, old, new)]


def _label(key: str) -> str:
    return key.removesuffix("_id").replace("_", " ").capitalize() if key.endswith("_id") else \
        key.replace("_", " ").capitalize()


def _shown(value) -> str:
    if value is None or value == "":
        return "—"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list) and all(isinstance(v, dict) and "label" in v for v in value):
        # Fee lines and the like: "Town license fee $10.00; ..."
        return "; ".join(f"{v['label']}" + (f" ${v['amount']}" if "amount" in v else "") for v in value) or "—"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, str) and len(value) > 19 and value[4] == "-" and value[10] == "T":
        return value[:16].replace("T", " ") + " UTC"  # an instant, to the minute
    return str(value)


# Shown by the change itself (its time) or meaningless to a reader.
_NOT_SHOWN = {"id", "created_at"}


def _subject_name(subject_type: str) -> str:
    """RabiesCertificate -> Rabies certificate."""
    words = "".join(" " + c.lower() if c.isupper() else c for c in subject_type).strip()
    return words[:1].upper() + words[1:]


def lines(changes) -> list[AuditLine]:
    out = []
    for ch in changes:
        name = _subject_name(ch.subject_type)
        key = ch.subject_key
        if ch.subject_type == "Setting" and "," in (key or ""):  # (town, key): the town is the record's
            key = key.split(",", 1)[1]
        what = name if ch.subject_type in ("Dog", "Owner") else f"{name} #{key}"
        fields = [(_label(k), _shown(old), _shown(new)) for k, (old, new) in ch.changes.items()
                  if k not in _NOT_SHOWN]
        out.append(AuditLine(ch, what, fields))
    return out


def _newest_first(query, limit):
    return db.session.scalars(query.order_by(Change.at.desc(), Change.id.desc()).limit(limit)).all()


def audit_of_dog(dog_id: int, limit: int = 500) -> list[Change]:
    """The dog's row and everything of the dog's (licenses, certificates, tags, owners of record)."""
    return _newest_first(db.select(Change).where(Change.dog_id == dog_id), limit)


def audit_of_owner(owner_id: int, limit: int = 500) -> list[Change]:
    """The owner's row, the owner's links to dogs and purebred licenses."""
    return _newest_first(db.select(Change).where(Change.owner_id == owner_id), limit)


def audit_of(model, key, limit: int = 500) -> list[Change]:
    return _newest_first(db.select(Change).where(Change.subject_type == model.__name__,
                                                 Change.subject_key == str(key)), limit)


def audit_of_license(lic: License, limit: int = 500) -> list[Change]:
    """The license's row and the payment lines taken for it."""
    payment_keys = [str(i) for i in db.session.scalars(db.select(Payment.id).filter_by(license_id=lic.id))]
    cond = (Change.subject_type == "License") & (Change.subject_key == str(lic.id))
    if payment_keys:
        cond = or_(cond, (Change.subject_type == "Payment") & Change.subject_key.in_(payment_keys))
    return _newest_first(db.select(Change).where(cond), limit)
