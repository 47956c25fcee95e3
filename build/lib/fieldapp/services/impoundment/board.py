"""After the seizure (§8(B), §8(E)): the kennel board, a held dog boarded elsewhere, and the
owner's notices.

- §8(B) the dog is held until its redemption deadline; the board says what is allowed today
  (`allowed_today`, from `law.impoundment.impoundment_end_refusal`).
- Owner notices (`record_notice`): each time the owner was told, how and by whom.

Nothing here commits: the request does.
"""
from datetime import date, datetime, timedelta

from sqlalchemy.orm import selectinload

from ...extensions import db
from ...law.impoundment import impoundment_end_refusal
from ...law.laws.cites import cite
from ...law.words import say_date
from ...models import Dog, record_event
from ...models.enforcement import IMPOUNDMENT_NOTICE_METHODS, Impoundment, ImpoundmentNotice
from ...timeutil import local_today, to_local, utcnow
from ...town import current_law
from ..enforcement.record import attach_enforcement
from ..errors import ServiceError

# --- the board -------------------------------------------------------------------------------

def allowed_today(imp: Impoundment, today: date) -> list[str]:
    """What may be done with a held dog today (§8(C), §8(E))."""
    if imp.status != "held":
        return []
    out = ["Owner may redeem (§8(C))"]
    refusal = impoundment_end_refusal("adopted", today, imp.redemption_deadline, imp.status)
    after = imp.redemption_deadline + timedelta(days=1)
    if refusal is None:
        out.append("Available for adoption or euthanasia now (§8(E)), or a transfer that ends the case")
    else:
        out.append(f"Available for adoption or euthanasia from {say_date(after)} (§8(E)), "
                   "or a transfer that ends the case; until then it may be boarded elsewhere, the case open")
    law = current_law()
    return [cite(law, line) for line in out]


# --- §8(B), §8(E) a held dog boarded elsewhere during the hold ---------------------------------

def move_held_dog(imp: Impoundment, to_where: str, user, on: date | None = None, note: str = ""):
    """§8(B), §8(E): a held dog boarded at another kennel or the SPCA. The case stays open (the
    owner may still redeem it, §8(C)); only where the dog is changes (`held_at`). A transfer that
    ends the case is an outcome, after the redemption period (`outcome.record_impoundment_outcome`)."""
    from ...models.kennel_care import ImpoundmentMove
    on = on or local_today()
    to_where, note = (to_where or "").strip(), (note or "").strip()
    errors = {}
    if imp.status != "held":
        errors["to_where"] = f"The impoundment already ended ({imp.status}); the dog is not held."
    elif not to_where:
        errors["to_where"] = "Say where the dog is boarded now (the kennel or shelter, and its town)."
    elif len(to_where) > 200:
        errors["to_where"] = "Keep this under 200 characters."
    if len(note) > 300:
        errors["move_note"] = "Keep the note under 300 characters."
    if on > local_today():
        errors["moved_on"] = "The date is in the future."
    elif on < imp.impounded_on:
        errors["moved_on"] = "The date is before the dog was impounded."
    if errors:
        raise ServiceError(errors)
    move = ImpoundmentMove(impoundment=imp, moved_on=on, from_where=imp.held_at or "", to_where=to_where,
                           note=note, by_id=user.id)
    db.session.add(move)
    imp.held_at = to_where[:200]
    db.session.flush()
    record_event("impoundment.moved", imp, actor=user, to_where=to_where, from_where=move.from_where,
                 on=on.isoformat())
    return move


def days_left(imp: Impoundment, today: date) -> int:
    return (imp.redemption_deadline - today).days


def board(today: date, limit: int = 100, where=()) -> tuple[list, list]:
    """The kennel board: dogs held now (nearest deadline first), then ended cases (latest first),
    `where` the board's filters (field/list_filters.py). What their fees read is loaded for all of
    them at once: each dog's impoundments (§8(C)(1) counts them) and its orders (§8(C)(2),
    `attach_enforcement`: one query for every dog)."""
    dog = selectinload(Impoundment.dog)
    held = list(db.session.scalars(db.select(Impoundment).filter_by(status="held").where(*where)
                                   .options(dog.selectinload(Dog.impoundments), selectinload(Impoundment.notices))
                                   .order_by(Impoundment.redemption_deadline, Impoundment.seized_at)))
    ended = list(db.session.scalars(db.select(Impoundment).where(Impoundment.status != "held", *where)
                                    .options(dog.selectinload(Dog.impoundments))
                                    .order_by(Impoundment.ended_on.desc(), Impoundment.id.desc()).limit(limit)))
    attach_enforcement({imp.dog for imp in held + ended if imp.dog is not None})
    return held, ended


# --- owner notices ---------------------------------------------------------------------------

def record_notice(imp: Impoundment, method: str, notified_at: datetime | None, to_whom: str, note: str,
                  user) -> ImpoundmentNotice:
    """The owner told that the dog is held: how, when, to whom, by whom (DL-18 "owner notified")."""
    errors = {}
    if method not in IMPOUNDMENT_NOTICE_METHODS:
        errors["method"] = "Choose how the owner was told: " + ", ".join(
            v.lower() for v in IMPOUNDMENT_NOTICE_METHODS.values()) + "."
    to_whom, note = (to_whom or "").strip(), (note or "").strip()
    if not to_whom:
        errors["to_whom"] = "Say whom you told (the owner's name, or who took the message)."
    elif len(to_whom) > 120:
        errors["to_whom"] = "Keep the name under 120 characters."
    if len(note) > 300:
        errors["note"] = "Keep the note under 300 characters."
    if notified_at is None:
        errors["notified_at"] = "Give the date and time the owner was told, like 2026-10-19 14:30."
    elif to_local(notified_at) < to_local(imp.seized_at):
        errors["notified_at"] = "That is before the dog was seized."
    elif to_local(notified_at) > to_local(utcnow()) + timedelta(minutes=5):
        errors["notified_at"] = "That is in the future."
    if errors:
        raise ServiceError(errors)
    notice = ImpoundmentNotice(impoundment=imp, method=method, notified_at=notified_at, to_whom=to_whom,
                               note=note, by_id=getattr(user, "id", None))
    db.session.add(notice)
    db.session.flush()
    record_event("impoundment.owner_notified", imp, actor=user, method=method, to_whom=to_whom,
                 notified_at=notified_at.isoformat())
    _count_from_the_notice(imp, user)
    return notice


def _count_from_the_notice(imp, user) -> None:
    """AML §117(6) (the state law alone): an identified dog's period runs from the first notice to
    its owner, seven days after notice given personally, nine from mailing (or any other way):
    the deadline is recomputed from it. The local law's §8(B) counts from the day impounded."""
    from ..enforcement.seizure import counted_from, first_notice, holding_period_for, skipped_list
    if current_law().holding.business_days or not imp.owner_known or imp.status != "held":
        return
    period = holding_period_for(counted_from(imp), True, first_notice(imp))
    if period.deadline != imp.redemption_deadline:
        old = imp.redemption_deadline
        imp.redemption_deadline, imp.deadline_skipped = period.deadline, skipped_list(period)
        record_event("impoundment.deadline_from_notice", imp, actor=user, old_deadline=old.isoformat(),
                     redemption_deadline=period.deadline.isoformat())
