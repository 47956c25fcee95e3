"""The officer's offline copy of the roadside data, and the version that makes it a delta.

`Dog.data_version` says when anything on a dog's status card last changed. Services must
never forget to bump it, so a `before_flush` listener does it for them: any new, changed or
deleted License, RabiesCertificate, Tag, DogOwner, Owner (all of the owner's dogs), Dog, or
any other record with a `dog` / `dog_id` (enforcement records) touches its dog. One flush
takes one number from the `field_data` counter for all dogs it touches.

`field_dataset(since)` is what `GET /api/field-dataset?since=V` answers: the dogs changed
after version V in the same shape as `dog_status` (so online and offline cards agree), plus
each dog's active tag token and retired tokens (a retired tag scanned offline is "not valid").

The dogs are read as the status card reads one (services/card_rows.py: plain rows into the
card's small dataclasses, no ORM objects, which were most of the copy's cost at 50,000 dogs),
for all the changed dogs at once: one SELECT per table and one for the enforcement history the
flags come from (impounded with its hold-until day, prior violations with their dates, a rabies
vaccination request due, the Town Justice's orders), each filtered by
`dog_id IN (SELECT id FROM dog WHERE data_version > since)`: the same six queries for 15 dogs
or 50,000. Compact: a record leaves out what the card does not show (breed, colour and markings
are in `description`) and, inside its parts, empty values (None, "", [], false);
offline-card.js reads a missing key as empty.
"""
from sqlalchemy import func, inspect

from ..extensions import db
from ..law.impoundment import deadline_table
from ..models import Dog, DogOwner, License, Owner, RabiesCertificate, Sequence, Tag
from ..models.dogs import take_from_sequence, take_on_connection
from ..timeutil import local_today, utcnow
from ..town import current_law, each_town
from .calls import call_row, open_calls
from .card_rows import load_card_dogs
from .enforcement import closed_days, open_days
from .status import dog_status

# Columns whose change alone does not change the card (the bump itself, bookkeeping).
_DOG_BOOKKEEPING = {"data_version", "updated_at", "created_at"}


def _dogs_touched_by(obj, session) -> set:
    if isinstance(obj, Dog):
        if obj in session.new or obj in session.deleted:
            return {obj}
        state = inspect(obj)
        changed = {a.key for a in state.attrs if a.history.has_changes()} - _DOG_BOOKKEEPING
        return {obj} if changed else set()
    if isinstance(obj, Owner):
        return {link.dog for link in obj.dog_links if link.dog is not None}
    dog = getattr(obj, "dog", None)
    if isinstance(dog, Dog):
        return {dog}
    dog_id = getattr(obj, "dog_id", None)
    if isinstance(dog_id, int):
        found = session.get(Dog, dog_id)
        return {found} if found is not None else set()
    return set()


# The records the status card reads besides those with a `dog_id` (enforcement records, the
# Town Justice's orders...): a change to any of them reaches the phone's copy.
CARD_SOURCES = (Dog, License, RabiesCertificate, Tag, DogOwner, Owner)
# Records that have no `dog_id` and are not on the card, each with the reason
# (`tests/test_listeners.py` fails when a model is in neither).
NOT_ON_CARD: dict[str, str] = {
    "CallUpdate": "a call's steps; the call carries the dog (and its repeat flag)",
    "CareCheck": "the §8(B) care log is the kennel's, not the roadside's",
    "Disposition": "the court's verdict; only the orders in force reach the card",
    "Hearing": "the court's; only the orders in force reach the card",
    "Summons": "the court's; only the orders in force reach the card",
    "EnumerationExpense": "the town's accounts",
    "FormOnce": "a form's one-time key",
    "ImpoundmentMove": "where a held dog is boarded; the kennel's, not the roadside's",
    "LateEntry": "the office's confirmation of an entry's date",
    "ServiceAttempt": "an attempt to serve a ticket; the ticket carries the dog",
    "EnumerationResolution": "the town's accounts",
    "Event": "the audit log",
    "FieldEntry": "the phone's entry; the records it makes carry the dog",
    "ImpoundmentDisposition": "ends an impoundment, whose own change reaches the card",
    "ImpoundmentNotice": "the owner's notice; the impoundment is on the card",
    "Photo": "bytes; the card says only whether a dog has a photo",
    "PhotoUploadPart": "a chunk of a photo on its way from a phone",
    "PurebredLicense": "the premises' license; each dog's License is on the card",
    # It has a dog_id, but a month's letters would otherwise send every dog renewed back to the phones.
    "RenewalNotice": "the clerk's letter; the license it renews is on the card",
    "Receipt": "money taken; the licenses it paid for are on the card",
    "Sequence": "a counter",
    "Setting": "the town's settings; the copy carries what it needs at each fetch",
    "SettingChange": "the dated history of the settings; the office prices fees from it",
    "TicketBlock": "ticket numbers of a device",
    "TicketNumberUse": "ticket numbers of a device",
    "Town": "the town's record; the copy carries what it needs at each fetch",
    "TownDay": "the calendar; the copy carries the deadline table at each fetch",
    "User": "people who use the app",
    "UserSession": "a signed-in session",
    "UserTown": "the towns a user serves; the copy holds the towns of the officer who asks",
}


def touch_changed_dogs(session, flush_context, instances):
    """Installed by `fieldapp/listeners.py` before every flush."""
    watched = CARD_SOURCES
    with session.no_autoflush:
        dogs = set()
        for obj in list(session.new) + list(session.dirty) + list(session.deleted):
            if isinstance(obj, (Sequence,)) or not hasattr(obj, "__table__") or type(obj).__name__ in NOT_ON_CARD:
                continue
            if isinstance(obj, watched) or hasattr(obj, "dog_id"):
                if obj in session.dirty and not session.is_modified(obj) and not isinstance(obj, Owner):
                    continue
                dogs |= _dogs_touched_by(obj, session)
        dogs = {d for d in dogs if d not in session.deleted}
        if not dogs:
            return
        # Not next_in_sequence(): it flushes, and we are inside a flush. One atomic statement,
        # so two transactions at once never give their dogs the same version.
        version = take_on_connection(session, session.connection(), "field_data", deployment=True)
        for dog in dogs:
            dog.data_version = version


def reserve_data_versions(count: int) -> int:
    """Move the data version on past `count` dogs written with their own versions 1..count by
    core inserts (the demo's bulk town), which pass the flush hook by; returns the first."""
    return take_from_sequence("field_data", count, deployment=True)


def current_version() -> int:
    return db.session.execute(db.select(func.max(Dog.data_version))).scalar() or 0


# dog_status() fields the offline card does not show: the description already says them.
_NOT_ON_CARD = ("breed", "color", "markings", "born_on", "exemption", "has_photo")


def _compact(value):
    """The value without empty entries (None, "", [], {}, False) at any depth; 0 is kept."""
    if isinstance(value, dict):
        kept = {k: _compact(v) for k, v in value.items()}
        return {k: v for k, v in kept.items() if not _empty(v)}
    if isinstance(value, list):
        return [_compact(v) for v in value]
    return value


def _empty(v) -> bool:
    return v is None or v is False or (isinstance(v, (str, list, dict)) and not v)


def _dog_record(dog, today) -> dict:
    card = dog_status(dog, today)
    for key in _NOT_ON_CARD:
        card["dog"].pop(key, None)
    active = dog.active_tag
    card["tag"] = active.token if active else None
    card["tag_serial"] = active.serial if active else None  # the number printed on a blank tag
    card["retired_tags"] = [{"token": t.token, "retired_on": t.retired_on.isoformat() if t.retired_on else None}
                            for t in dog.tags if t.status == "retired"]
    card["version"] = dog.data_version
    # The record's own keys stay (an empty list says "none"); what is inside them is compacted.
    return {key: _compact(value) for key, value in card.items()}


def field_dataset(since: int | None = None, today=None) -> dict:
    """Dogs changed after `since` (all dogs when None), ready for the phone's IndexedDB."""
    today = today or local_today()
    # The version first, the dogs after: a change committed while the copy is built is then in
    # the copy or in the next delta (both, at worst), never in neither. Versions are taken under
    # the counter row's lock (take_on_connection), so they are committed in their order.
    version = current_version()
    changed = db.select(Dog.id)
    if since is not None:
        changed = changed.where(Dog.data_version > since)
    dogs = load_card_dogs(changed)  # plain rows, a few queries for every dog (services/card_rows.py)
    return {
        "version": max([version] + [d.data_version for d in dogs]),
        "since": since,
        "full": since is None,
        "generated_at": utcnow().isoformat(),
        "today": today.isoformat(),
        "dogs": [_dog_record(d, today) for d in dogs],
        **copy_extras(today),
    }


def copy_extras(today) -> dict:
    """What goes with the dogs and is not versioned with them (the stored copy's key has it)."""
    # §8(B) redemption deadlines for seizures made offline, three weeks ahead.
    # Every open call for service, whole at each fetch (a few dozen at most): the queue with no
    # signal. A call changed is a new key: the stored whole copy is built again (its cost at
    # county size is the price of a queue that is never stale).
    # the town's calendar and its law (AML §117 counts calendar days)
    # Each town's, for an officer of several (town.py: each_town): the town where a seizure happens.
    return {"redemption_deadlines": each_town(lambda: deadline_table(today, 21, closed_days(), open_days(),
                                                                     current_law())),
            "calls": [call_row(c) for c in open_calls()]}

