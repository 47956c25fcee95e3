"""The one list of field entry kinds and the one list of status-card flag sources.

A new kind of roadside entry, or a new flag on the status card, is one line here (and its
module): nothing registers itself when imported.

- Each `EntryKind` names its validator (payload, user) -> typed input, or raises ServiceError;
  its applier (input, FieldEntry, user) -> result dict, flushing, never committing; and the
  power (`fieldapp/law/authority.py`) a user needs to record it, checked by `submit_entry`.
- Each flag source is a function (dog, today) -> list of flag dicts for `dog_status`; it reads
  only `today` and the dog's own data (see services/status.py).
"""
from collections.abc import Callable
from dataclasses import dataclass

from . import calls, enforcement, record_flags, ticket_numbers
from .enforcement import record


@dataclass(frozen=True)
class EntryKind:
    name: str
    power: str  # an action of law/authority.py: WHO_MAY_ACT
    validate: Callable  # (payload, user) -> typed input, or raise ServiceError
    apply: Callable  # (input, entry, user) -> result dict


ENTRY_KINDS: tuple[EntryKind, ...] = (
    EntryKind("violation", "enforce", enforcement.validate_violation, enforcement.apply_violation),
    EntryKind("seizure", "enforce", enforcement.validate_seizure, enforcement.apply_seizure),
    EntryKind("ticket", "issue_ticket", enforcement.validate_ticket, enforcement.apply_ticket),
    EntryKind("ticket_void", "issue_ticket", ticket_numbers.validate_void, ticket_numbers.apply_void),
    EntryKind("complaint", "take_sworn_complaint", enforcement.validate_complaint,
              enforcement.apply_complaint),
    EntryKind("rabies_request", "request_rabies_vaccination", enforcement.validate_rabies_request,
              enforcement.apply_rabies_request),
    # Calls for service (services/calls.py): recorded, taken, updated, closed.
    EntryKind("call", "take_calls", calls.validate_call, calls.apply_call),
    EntryKind("call_take", "respond_to_calls", calls.validate_take, calls.apply_take),
    EntryKind("call_update", "respond_to_calls", calls.validate_update, calls.apply_update),
    EntryKind("call_close", "respond_to_calls", calls.validate_close, calls.apply_close),
)
KINDS: dict[str, EntryKind] = {k.name: k for k in ENTRY_KINDS}

# In the order the card shows them.
FLAG_SOURCES: tuple[Callable, ...] = (
    record.court_orders,  # §10(B)(1)-(3): orders of the Town Justice in force
    record_flags.reported_missing,  # §5(J)(1)
    record.impounded,  # §8, §8(B)
    record.prior_violations,  # §5, §6
    record.rabies_requested,  # §5(B)(1)
    calls.repeat_calls,  # calls for service: the same dog again and again
)
