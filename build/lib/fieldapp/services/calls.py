"""Calls for service: taking a call, the officer's queue, and what came of it.

Four entry kinds (services/registry.py), each through `submit_entry`, so a call taken at the
counter and one taken, updated or closed on a phone with no signal are written exactly once:

- `call`        a call recorded (the clerk at the counter or on the phone, or the officer);
- `call_take`   an officer takes it (refused while another officer has it, unless "go as well"
                is ticked: two officers never go to the same call without seeing it);
- `call_update` arrived (with the phone's position) or a note;
- `call_close`  its outcome (law/calls.py OUTCOMES): a record made from it, or why none was.

A violation, seizure, ticket or sworn complaint made "from a call" carries the call's UUID in
`call_entry_id`; `submit_entry` validates it before the record is written (`call_named`) and links
the record after (`link_record`): a `CallUpdate` "record" row, read both ways; a seizure or ticket
following a violation made from a call is from that call too. Citizens' reports
from the public form (`report_from_public`) are calls marked unverified.
"""
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..extensions import db
from ..law.calls import CALL_KINDS, OUTCOMES, RECORD_OUTCOMES, URGENCIES, kind_label
from ..law.words import say_datetime
from ..models import Dog, record_event
from ..models.calls import Call, CallUpdate
from ..settings import get_setting
from ..timeutil import to_local, utcnow
from .call_caller import tell_caller
from .enforcement.payload import PayloadReader
from .errors import ServiceError

# The record each entry kind makes from a call, by its result's key (services/enforcement).
RECORD_KEYS = {"violation": "violation_id", "seizure": "impoundment_id", "ticket": "ticket_id",
               "complaint": "complaint_id"}
CALL_NOT_ON_FILE = "This call is not on file (yet): send the call first, or choose it again from the list."
SOURCES = {"phone": "By telephone", "counter": "At the counter", "officer": "Seen or told in the field",
           "public": "Public form (unverified)"}


@dataclass(frozen=True)
class CallInput:
    kind: str
    urgency: str
    source: str
    received_at: datetime
    caller_name: str
    caller_phone: str
    caller_email: str
    caller_address: str
    tell_caller: str
    location_text: str
    place_description: str
    latitude: float | None
    longitude: float | None
    accuracy: float | None
    description: str
    dog: Dog | None
    dog_description: str


def read_call(r: PayloadReader, public=False) -> CallInput:
    """What a call says, from a form or a phone's entry (one message per field)."""
    # "about", not "kind": an entry's payload never names a field "kind" (the entry's own kind).
    kind = r.text("about", 12, required="Choose what the call is about.")
    if kind and kind not in CALL_KINDS:
        r.error("about", "Choose what the call is about from the list.")
    urgency = r.text("urgency", 8) or "today"
    if urgency not in URGENCIES:
        r.error("urgency", "Choose how urgent it is from the list.")
    source = "public" if public else (r.text("source", 10) or "phone")
    if source not in SOURCES or (source == "public" and not public):
        r.error("source", "Choose how the call came in.")
    # The public's report is received when it arrives; the office types when a call came in.
    received_at = utcnow() if public else r.instant("received_at", "time of the call")
    lat, lon = r.number("latitude", -90, 90), r.number("longitude", -180, 180)
    if (lat is None) != (lon is None):
        r.error("latitude", "The GPS position is incomplete. Type the address instead.")
        lat = lon = None
    accuracy = r.number("accuracy", 0, 100000)
    location_text = r.text("location_text", 300)
    place = r.text("place_description", 300)
    if not location_text and not place and lat is None:
        r.error("location_text", "Give the address, or describe the place (road and landmark) if the "
                                 "caller does not know the address.")
    caller_name = r.text("caller_name", 120, required="Give the caller's name." if public else None)
    caller_phone, caller_email = r.text("caller_phone", 40), r.text("caller_email", 120)
    if caller_email and ("@" not in caller_email or " " in caller_email):
        r.error("caller_email", "This is not an email address.")
    caller_address = r.text("caller_address", 300)
    tell = r.text("tell_caller", 6)
    if tell not in ("", "email", "letter"):
        r.error("tell_caller", "Choose how the caller wants to be told.")
    elif tell == "email" and not caller_email:
        r.error("caller_email", "Give the caller's email address, to tell them by email.")
    elif tell == "letter" and not caller_address:
        r.error("caller_address", "Give the caller's mailing address, to tell them by letter.")
    description = r.text("description", 2000, required="Say what is happening." if public else None)
    dog, dog_description = (None, r.text("dog_description", 300)) if public else r.dog(required_description=False)
    return CallInput(kind, urgency, source, received_at, caller_name, caller_phone, caller_email,
                     caller_address, tell, location_text, place, lat, lon, accuracy, description, dog,
                     dog_description)


def validate_call(payload, user) -> CallInput:
    r = PayloadReader(payload)
    clean = read_call(r)
    r.done()
    return clean


def _new_call(clean: CallInput, entry_id: str, user, verified=True) -> Call:
    call = Call(entry_id=entry_id, received_at=clean.received_at, source=clean.source, verified=verified,
                recorded_by=user, caller_name=clean.caller_name, caller_phone=clean.caller_phone,
                caller_email=clean.caller_email, caller_address=clean.caller_address,
                tell_caller=clean.tell_caller, kind=clean.kind, urgency=clean.urgency,
                location_text=clean.location_text, place_description=clean.place_description,
                latitude=clean.latitude, longitude=clean.longitude, accuracy_m=clean.accuracy,
                description=clean.description, dog=clean.dog, dog_description=clean.dog_description)
    db.session.add(call)
    db.session.flush()
    return call


def apply_call(clean: CallInput, entry, user) -> dict:
    call = _new_call(clean, entry.id, user)
    record_event("call.recorded", call, actor=user, entry_id=entry.id, about=call.kind, urgency=call.urgency)
    return {"call_id": call.id}


def report_from_public(payload, entry_id: str) -> Call:
    """A citizen's report from the public page: a call marked unverified, no dog chosen (the
    public never searches the records), the caller's own position if the phone gave it."""
    r = PayloadReader(payload)
    clean = read_call(r, public=True)
    r.done()
    call = _new_call(clean, entry_id, None, verified=False)
    record_event("call.reported", call, actor=None, about=call.kind)
    return call


# Taking, updating and closing ----------------------------------------------------------------

def call_by_entry(entry_uuid) -> Call | None:
    if not isinstance(entry_uuid, str) or not entry_uuid or len(entry_uuid) > 36:
        return None
    return db.session.execute(db.select(Call).filter_by(entry_id=entry_uuid.lower())).scalar_one_or_none()


def _the_call(r: PayloadReader) -> Call | None:
    call = call_by_entry(r.text("call_entry_id", 36, required=CALL_NOT_ON_FILE))
    if call is None and "call_entry_id" not in r.errors:
        r.error("call_entry_id", CALL_NOT_ON_FILE)
    return call


def _officer_name(user) -> str:
    return user.full_name if user is not None else "another officer"


@dataclass(frozen=True)
class StepInput:
    call: Call
    what: str
    note: str
    latitude: float | None = None
    longitude: float | None = None
    outcome: str = ""
    referred_to: str = ""


def validate_take(payload, user) -> StepInput:
    r = PayloadReader(payload)
    call = _the_call(r)
    also = r.flag("also")
    if call is not None:
        if not call.is_open:
            r.error("call_entry_id", f"This call was closed {say_datetime(to_local(call.closed_at))} "
                                     f"({OUTCOMES.get(call.outcome, call.outcome)}).")
        elif call.officer_id not in (None, user.id) and not also:
            r.error("also", f"{_officer_name(call.officer)} took this call at "
                            f"{say_datetime(to_local(call.taken_at))}. Tick \"Go as well\" to go too.")
    r.done()
    return StepInput(call, "taken", r.text("note", 500))


def apply_take(clean: StepInput, entry, user) -> dict:
    call, at = clean.call, entry.device_recorded_at
    others = call.officer_id not in (None, user.id)
    call.officer, call.taken_at = user, at
    if call.status == "open":
        call.status = "taken"
    db.session.add(CallUpdate(call=call, entry_id=entry.id, kind="taken", at=at, officer=user,
                              note=("Going as well. " if others else "") + clean.note))
    record_event("call.taken", call, actor=user, entry_id=entry.id, as_well=others)
    return {"call_id": call.id}


def validate_update(payload, user) -> StepInput:
    r = PayloadReader(payload)
    call = _the_call(r)
    what = r.text("what", 10) or "note"
    if what not in ("arrived", "note"):
        r.error("what", "Choose arrived or a note.")
    note = r.text("note", 500, required="Write the note." if what == "note" else None)
    lat, lon = r.number("latitude", -90, 90), r.number("longitude", -180, 180)
    if (lat is None) != (lon is None):
        lat = lon = None
    if call is not None and not call.is_open:
        r.error("call_entry_id", "This call is closed.")
    r.done()
    return StepInput(call, what, note, lat, lon)


def apply_update(clean: StepInput, entry, user) -> dict:
    call, at = clean.call, entry.device_recorded_at
    if clean.what == "arrived":
        if call.arrived_at is None or at < call.arrived_at:
            call.arrived_at = at
            call.arrival_latitude, call.arrival_longitude = clean.latitude, clean.longitude
        if call.officer_id is None:
            call.officer, call.taken_at = user, at
        call.status = "arrived"
    db.session.add(CallUpdate(call=call, entry_id=entry.id, kind=clean.what, at=at, officer=user,
                              note=clean.note, latitude=clean.latitude, longitude=clean.longitude))
    record_event(f"call.{clean.what}", call, actor=user, entry_id=entry.id)
    return {"call_id": call.id}


def records_of(call) -> list[CallUpdate]:
    return [u for u in call.updates if u.kind == "record"]


def validate_close(payload, user) -> StepInput:
    r = PayloadReader(payload)
    call = _the_call(r)
    outcome = r.text("outcome", 10, required="Choose what came of the call.")
    if outcome and outcome not in OUTCOMES:
        r.error("outcome", "Choose what came of the call from the list.")
    referred_to = r.text("referred_to", 200, required="Say to whom it was referred." if outcome == "referred" else None)
    note = r.text("note", 500)
    if call is not None:
        if not call.is_open:
            r.error("call_entry_id", "This call is closed already.")
        elif outcome in RECORD_OUTCOMES and not any(u.record_kind == outcome for u in records_of(call)):
            r.error("outcome", f"No {outcome.replace('complaint', 'sworn complaint')} was recorded from this call: "
                               "record it from the call first, then close it.")
    r.done()
    return StepInput(call, "closed", note, outcome=outcome, referred_to=referred_to)


def apply_close(clean: StepInput, entry, user) -> dict:
    call, at = clean.call, entry.device_recorded_at
    call.status, call.closed_at, call.closed_by = "closed", at, user
    call.outcome, call.outcome_note, call.referred_to = clean.outcome, clean.note, clean.referred_to
    if call.officer_id is None:
        call.officer, call.taken_at = user, call.taken_at or at
    db.session.add(CallUpdate(call=call, entry_id=entry.id, kind="closed", at=at, officer=user,
                              note=OUTCOMES[clean.outcome] + (f" to {clean.referred_to}" if clean.referred_to else "")
                              + (f". {clean.note}" if clean.note else "")))
    record_event("call.closed", call, actor=user, entry_id=entry.id, outcome=clean.outcome)
    result = {"call_id": call.id, "outcome": call.outcome}
    told = tell_caller(call)
    if told:
        result["caller_told"] = told
    return result


# Records made from a call ----------------------------------------------------------------------

def call_named(kind: str, payload) -> Call | None:
    """The call a violation, seizure, ticket or sworn complaint is made from (`call_entry_id`),
    or None; a call named and not on file (or closed) refuses the entry at that field."""
    if kind not in RECORD_KEYS or not isinstance(payload, dict):
        return None
    raw = payload.get("call_entry_id")
    if raw in (None, ""):
        return _call_of_followed(payload.get("violation_entry_id"))
    call = call_by_entry(raw)
    if call is None:
        raise ServiceError({"call_entry_id": CALL_NOT_ON_FILE})
    if not call.is_open:
        raise ServiceError({"call_entry_id": "The call this is recorded from is closed already: record it "
                                             "without the call, or ask the office to reopen it."})
    return call


def _call_of_followed(violation_entry) -> Call | None:
    """A seizure or ticket that follows a violation made from a call ("Seize dog" on the next
    screen) is from that call too, while it is open."""
    if not isinstance(violation_entry, str) or not violation_entry or len(violation_entry) > 36:
        return None
    update = db.session.execute(db.select(CallUpdate).filter_by(kind="record", entry_id=violation_entry.lower())
                                ).scalars().first()
    return update.call if update is not None and update.call.is_open else None


def link_record(call: Call, kind: str, entry, result: dict) -> dict:
    """The record the entry made, on the call's timeline (and the call's on the record's page)."""
    record_id = result.get(RECORD_KEYS[kind])
    db.session.add(CallUpdate(call=call, entry_id=entry.id, kind="record", at=entry.device_recorded_at,
                              officer_id=entry.officer_id, record_kind=kind, record_id=record_id))
    if call.officer_id is None:
        call.officer_id, call.taken_at = entry.officer_id, entry.device_recorded_at
    db.session.flush()
    return {"call_id": call.id}


def call_of_record(kind: str, record_id: int) -> Call | None:
    """The call a record was made from (its page links back)."""
    return db.session.execute(db.select(Call).join(CallUpdate).where(
        CallUpdate.kind == "record", CallUpdate.record_kind == kind, CallUpdate.record_id == record_id)
    ).scalars().first()


# The queue and the repeat flag ------------------------------------------------------------------

def open_calls() -> list[Call]:
    """The open calls, urgent first, then oldest first (the phone can sort by distance)."""
    from sqlalchemy.orm import joinedload
    calls = db.session.execute(db.select(Call).where(Call.status != "closed").options(joinedload(Call.officer))
                               .order_by(Call.received_at)).scalars().all()
    from ..law.calls import URGENCY_ORDER
    return sorted(calls, key=lambda c: (URGENCY_ORDER.get(c.urgency, 9), c.received_at))


def call_row(call: Call) -> dict:
    """One open call as the phone's copy keeps it (services/field_data.py): the queue with no signal.
    The caller's telephone is there for the officer to call back; no caller's email or address."""
    return {"id": call.id, "entry_id": call.entry_id, "kind": call.kind, "kind_label": kind_label(call.kind),
            "urgency": call.urgency, "status": call.status, "verified": call.verified,
            "received_at": call.received_at.isoformat(), "place": call.place,
            "latitude": call.latitude, "longitude": call.longitude, "description": call.description[:300],
            "dog_id": call.dog_id, "dog_description": call.dog_description,
            "caller_name": call.caller_name, "caller_phone": call.caller_phone,
            "officer": call.officer.full_name if call.officer else None,
            "officer_id": call.officer_id, "taken_at": call.taken_at.isoformat() if call.taken_at else None}


def repeat_window() -> tuple[int, int]:
    return get_setting("repeat_dog_calls"), get_setting("repeat_call_days")


def repeat_calls(dog, today):
    """The status-card flag: the same dog called about `repeat_dog_calls` times (3) in the last
    `repeat_call_days` (30). Reads the dog's history rows (services/enforcement/record.py)."""
    from .enforcement.record import enforcement_history
    calls = [r for r in enforcement_history(dog) if r.kind == "call"]
    if len(calls) < 2:  # never a repeat (the setting's least is 2): the card reads no settings for it
        return []
    times, days = repeat_window()
    since = today - timedelta(days=days - 1)
    calls = [r for r in calls if to_local(r.at).date() >= since]
    if len(calls) < times:
        return []
    calls.sort(key=lambda r: r.at, reverse=True)
    return [{"code": "repeat_calls", "level": "warn", "since": since.isoformat(),
             "label": f"Repeat dog: {len(calls)} calls in {days} days",
             "history": [{"date": to_local(r.at).date().isoformat(), "text": kind_label(r.status)}
                         for r in calls[:5]]}]
