"""The stale-date gate: an entry whose event is dated more than `late_entry_days` (a setting)
before it reaches the office needs a reason and waits for the office's confirmation
(`hold_late_entry`, a `LateEntry`); `payload.PayloadReader.late_gate` asks for the reason."""
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date

from ...extensions import db
from ...timeutil import to_local, utcnow

# --- the stale-date gate -------------------------------------------------------------------------
# Each kind of field entry's event time (the payload's field): the violation seen, the dog seized,
# the ticket served (or written), the violation complained of.
EVENT_FIELDS = {"violation": "occurred_at", "seizure": "seized_at", "ticket": "served_at",
                "complaint": "violation_on"}
LATE_REASON = "late_reason"
LATE_REASON_NEEDED = ("Say why this is entered only now (e.g. written on paper during an outage). "
                      "The office confirms the date before it counts.")


@dataclass(frozen=True)
class LateEvent:
    field: str
    typed_on: date
    reason: str


_AT_THE_TIME = ContextVar("entered_at_the_time", default=False)


@contextmanager
def entered_at_the_time():
    """Entries made now for days past as if each had reached the office on its day (the demo
    town's past, `seed-demo`): the stale-date gate lets them through."""
    token = _AT_THE_TIME.set(True)
    try:
        yield
    finally:
        _AT_THE_TIME.reset(token)


def late_entry_days() -> int:
    from ...settings import get_setting
    return max(0, int(get_setting("late_entry_days")))


def is_late(typed_on: date, reached_on: date) -> bool:
    """An event dated more than `late_entry_days` before the day the entry reached the office."""
    return not _AT_THE_TIME.get() and (reached_on - typed_on).days > late_entry_days()


def _typed_on(entry) -> date | None:
    from .payload import PayloadReader  # here: the reader's gate imports this module
    name = EVENT_FIELDS.get(entry.kind)
    if not name or not isinstance(entry.payload, dict) or not entry.payload.get(name):
        return None
    r = PayloadReader(entry.payload)
    when = r.day(name, name) if name == "violation_on" else to_local(r.instant(name, name)).date()
    return None if r.errors else when


def hold_late_entry(entry):
    """The stale-date gate's record: a `LateEntry` awaiting the office's confirmation for an entry
    whose event time is late (the validator asked for the reason already), else None. Idempotent:
    the seizure's applier asks first (its holding period depends on it), `submit_entry` after."""
    from ...models import LateEntry
    # Only a late entry can have the record: an entry on time is answered without asking the
    # database for one (a query per entry in a shift's batch).
    typed_on = _typed_on(entry)
    received = entry.server_received_at or utcnow()
    if typed_on is None or not is_late(typed_on, to_local(received).date()):
        return None
    if entry.late is not None:
        return entry.late
    late = LateEntry(entry=entry, kind=entry.kind, field=EVENT_FIELDS[entry.kind], typed_on=typed_on,
                     received_at=received, late_reason=str(entry.payload.get(LATE_REASON) or "").strip()[:300])
    db.session.add(late)
    db.session.flush()
    return late


def confirm_late_entry(late, note: str, user, record=None) -> None:
    """The office confirms a late entry's typed date (`note`: how it was checked): it counts from
    now on; a seizure's holding period (`record`, its Impoundment) is counted again from it,
    never giving a deadline already past when the entry arrived."""
    from ...models import record_event
    from .seizure import confirm_late_seizure
    late.confirmed_at, late.confirmed_by_id, late.confirm_note = utcnow(), user.id, note[:300]
    if late.kind == "seizure" and record is not None:
        confirm_late_seizure(record, late, user)
    record_event("entry.late_date_confirmed", late, actor=user, entry_kind=late.kind, entry_id=late.entry_id,
                 typed_on=late.typed_on.isoformat(), note=note[:300])
