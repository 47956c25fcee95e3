"""The officer's entries at the roadside, applied to the letter of the law.

One module per kind of entry, each a validator (payload -> a typed input, or ServiceError)
and an applier (input -> records, result dict), listed in `services/registry.py`:

- `violation`       §5(A)(1), §5(B)(1), §6(A): offences, exceptions ruled out, may carry a
                    §5(B)(1) request; a correction is a new version.
- `seizure`         §8(A),(B): the dog impounded until its redemption deadline.
- `ticket`          §9: an appearance ticket served (how and when), court and date from the
                    town's settings.
- `serving`         §9 "issue and serve": violations waiting for their ticket, tickets not
                    served yet, and a ticket marked served later.
- `complaint`       §10(A): a sworn complaint, forwarded to the Town Justice.
- `rabies_request`  §5(B)(1): a request to vaccinate within ten days.

`payload` reads a payload (one message per field); `record` is a dog's enforcement history
and the status-card flags drawn from it. Nothing here commits: `submit_entry` does.
"""
from .complaint import ComplaintInput, apply_complaint, forward_complaint, validate_complaint
from .payload import RULED_OUT_WORDS, PayloadReader, closed_days, open_days, resolve_violation, violation_title
from .rabies_request import (
    RabiesRequestInput,
    apply_rabies_request,
    overdue_rabies_requests,
    validate_rabies_request,
)
from .record import (
    EnforcementRecord,
    attach_enforcement,
    current_violations,
    enforcement_histories,
    enforcement_histories_of,
    enforcement_history,
    enforcement_selects,
    keep_enforcement,
    latest_violations_query,
    open_rabies_requests,
    orders_in_force,
)
from .seizure import (
    IMPOUNDMENT_STATUSES,
    SeizureInput,
    apply_seizure,
    end_impoundment,
    held_now,
    holding_period_for,
    identify_owner,
    owner_known_for,
    validate_seizure,
)
from .serving import ServiceInput, mark_served, read_service, tickets_not_served, violations_awaiting_ticket
from .ticket import SERVED_CAPACITIES, Court, TicketInput, apply_ticket, court_settings, validate_ticket
from .violation import ViolationInput, apply_violation, validate_violation

__all__ = [
    "ComplaintInput", "apply_complaint", "forward_complaint", "validate_complaint",
    "EnforcementRecord", "attach_enforcement", "current_violations", "enforcement_histories",
    "enforcement_histories_of", "enforcement_history", "enforcement_selects", "keep_enforcement",
    "latest_violations_query",
    "open_rabies_requests", "orders_in_force",
    "RULED_OUT_WORDS", "PayloadReader", "closed_days", "open_days", "resolve_violation", "violation_title",
    "RabiesRequestInput", "apply_rabies_request", "overdue_rabies_requests", "validate_rabies_request",
    "IMPOUNDMENT_STATUSES", "SeizureInput", "apply_seizure", "end_impoundment", "held_now",
    "holding_period_for", "identify_owner", "owner_known_for", "validate_seizure",
    "ServiceInput", "mark_served", "read_service", "tickets_not_served", "violations_awaiting_ticket",
    "SERVED_CAPACITIES", "Court", "TicketInput", "apply_ticket", "court_settings", "validate_ticket",
    "ViolationInput", "apply_violation", "validate_violation",
]
