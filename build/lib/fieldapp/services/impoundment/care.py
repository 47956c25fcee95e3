"""§8(B) "properly cared for, sheltered, fed and watered": the daily care log of a dog held, one
check at a time, with a photo kept like every photo (services/photos.py).

Services never commit: the request does (fieldapp/web.py).
"""
import uuid
from dataclasses import dataclass
from datetime import datetime

from ...extensions import db
from ...law import IMPOUNDMENT_OUTCOMES
from ...law.words import say_date
from ...models import record_event
from ...models.enforcement import Impoundment
from ...models.kennel_care import CareCheck
from ...timeutil import to_local, utcnow
from ..errors import ServiceError
from ..photos import store_photo


@dataclass(frozen=True)
class CareInput:
    checked_at: datetime
    fed: bool
    watered: bool
    cleaned: bool
    health_note: str = ""


def record_care_check(imp: Impoundment, c: CareInput, user, photo: tuple[bytes, str] | None = None) -> CareCheck:
    """§8(B): one check of a dog held (fed, watered, cleaned, a health note, by whom, when), with
    an optional photo (resized, no metadata). Refused for a dog no longer held or an empty check."""
    errors = {}
    if imp.status != "held":
        errors["checked_at"] = (f"The dog is not held any more ({IMPOUNDMENT_OUTCOMES.get(imp.status, imp.status)}"
                                f"{' on ' + say_date(imp.ended_on) if imp.ended_on else ''}): no care check to log.")
    elif c.checked_at > utcnow():
        errors["checked_at"] = "The time is in the future."
    elif to_local(c.checked_at).date() < imp.impounded_on:
        errors["checked_at"] = "The time is before the dog was impounded."
    if len(c.health_note) > 500:
        errors["health_note"] = "Keep the note under 500 characters."
    if not (c.fed or c.watered or c.cleaned or c.health_note.strip()):
        errors["fed"] = "Tick what was done (fed, watered, kennel cleaned), or write a health note."
    if errors:
        raise ServiceError(errors)
    check = CareCheck(impoundment=imp, checked_at=c.checked_at, fed=c.fed, watered=c.watered, cleaned=c.cleaned,
                      health_note=c.health_note.strip(), photo_entry_id=str(uuid.uuid4()), by_id=user.id)
    db.session.add(check)
    db.session.flush()
    if photo is not None and photo[0]:
        try:
            store_photo(check.photo_entry_id, 0, photo[0], photo[1])
        except ServiceError as exc:
            raise ServiceError({"photo": exc.errors.get("photos", "This photo could not be read.")}) from None
    record_event("impoundment.care_check", imp, actor=user, care_check_id=check.id,
                 fed=c.fed, watered=c.watered, cleaned=c.cleaned)
    return check
