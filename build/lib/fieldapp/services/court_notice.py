"""§4(O)(iii): notice to the owner of a finding that the dog is dangerous.

A vicious finding on continued behaviour stands only on "a previous finding ... that it is a
dangerous dog, provided that its owner has been given notice of that finding"
(`law/orders.py: vicious_finding_refusal`). An owner who appeared at the hearing where the dog
was found dangerous heard it; otherwise the Town Justice records here when and how the notice
was given, kept with the order's findings (`owner_notified_on`, `owner_notified_how`).
"""
from datetime import date

from ..law.orders import NOTICE_METHODS
from ..models import record_event
from ..models.court import CourtOrder
from ..timeutil import local_today
from .errors import ServiceError


def record_finding_notice(order: CourtOrder, *, notified_on: date | None, how: str, user,
                          today: date | None = None) -> CourtOrder:
    """§4(O)(iii): the owner was given notice of the dangerous finding `order` on `notified_on`,
    by `how` (a key of NOTICE_METHODS). Flushes nothing and never commits: the view does."""
    errors = {}
    if order.kind != "dangerous":
        errors[""] = "§4(O)(iii): notice is recorded for a finding that the dog is dangerous."
    if notified_on is None:
        errors["notified_on"] = "Give the date the owner was given notice of the finding."
    elif notified_on > (today or local_today()):
        errors["notified_on"] = "The date of the notice is in the future."
    elif notified_on < order.ordered_on:
        errors["notified_on"] = "The notice cannot come before the finding it gives notice of."
    if how not in NOTICE_METHODS:
        errors["how"] = "Say how the owner was given notice."
    if errors:
        raise ServiceError(errors)
    order.findings = {**(order.findings or {}), "owner_notified_on": notified_on.isoformat(),
                      "owner_notified_how": how}
    record_event("court.finding_notice", order, actor=user, notified_on=notified_on.isoformat(), how=how,
                 dog_id=order.dog_id)
    return order
