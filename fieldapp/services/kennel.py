"""After the seizure: the kennel board, the owner's notices, the fees, the redemption (§8(B)-(D)).

- §8(B) the dog is held until its redemption deadline; the board says what is allowed today
  (`allowed_today`, from `law.impoundment.impoundment_end_refusal`).
- Owner notices (`record_notice`): each time the owner was told, how and by whom.
- §8(C)(1) the Town Board's fees (settings `fee_impoundment_first`/`_second`/`_third`,
  `fee_boarding_daily`) by this dog's impoundments in twelve months and the days held; §8(C)(2)
  a dog held as dangerous pays $30 for each further 24 hours (`fees_for`, the pure rule being
  `law.impoundment.impoundment_fees`).
- §8(C) redemption (`redeem`): only with proof of a current license (§5(A)(2): licensing is the
  clerk's) and identification, and the fees paid: one receipt (`services/money.py`), then the
  impoundment ends "redeemed".
- §8(D) a known owner owes the fees whether or not the dog is redeemed: `balance` is derived
  from the impoundment (fees accrued to the day it ended, or to now while held) and its payment
  lines (`Payment.impoundment_id`), a waived kind being a $0.00 line with the clerk's reason. It
  does not look at how the case ended, so every way of ending it bills the same.

Nothing here commits: the request does.
"""
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal

from sqlalchemy.orm import selectinload

from ..extensions import db
from ..law.impoundment import (
    ImpoundmentFeeLine,
    ImpoundmentFees,
    days_held,
    fees_run_until,
    impoundment_end_refusal,
    impoundment_fees,
    impoundments_in_twelve_months,
)
from ..law.schedule import daily_rates
from ..law.words import say_date, say_money
from ..models import Dog, Payment, record_event
from ..models.enforcement import IMPOUNDMENT_NOTICE_METHODS, Impoundment, ImpoundmentNotice
from ..settings import get_setting, schedule, setting_on
from ..timeutil import TOWN_TZ, local_today, to_local, utcnow
from .enforcement.history import attach_enforcement, orders_in_force
from .enforcement.seizure import end_impoundment, identify_owner
from .errors import ServiceError
from .money import PaymentLine, check_method, record_receipt

ZERO = Decimal("0.00")
ENTRY_REACHED_OFFICE = "the day the entry reached the office"  # law.impoundment.day_impounded's words
DANGEROUS_ORDERS = ("dangerous", "vicious")


# --- fees -------------------------------------------------------------------------------------

def impoundment_number(imp: Impoundment) -> int:
    """This impoundment's place among the dog's impoundments in the twelve months up to it
    (1 = a first one); a dog with no record counts as a first."""
    if imp.dog is None:
        return 1
    earlier = [o.impounded_on for o in imp.dog.impoundments
               if o.id != imp.id and (o.seized_at, o.id) < (imp.seized_at, imp.id or 0)]
    return impoundments_in_twelve_months(imp.impounded_on, earlier)


def held_as_dangerous(imp: Impoundment) -> bool:
    """§8(C)(2) "Dangerous dogs": the dog was seized while an order of the Town Justice declaring
    it dangerous or vicious (§10(B)(1)) was in force."""
    if imp.dog is None:
        return False
    return any(o.status in DANGEROUS_ORDERS and o.day1 <= imp.impounded_on for o in orders_in_force(imp.dog))


def fees_start(imp: Impoundment) -> tuple[date, datetime]:
    """The day and instant the fees run from: the seizure; for a seizure entered late, the day its
    holding period counts from when that is later (a typed date awaiting the office's confirmation,
    or one whose deadline had passed when the entry arrived, bills no boarding before it)."""
    if (imp.period_from and imp.period_from > imp.impounded_on
            and (imp.period_from_reason or "").startswith(ENTRY_REACHED_OFFICE)):
        return imp.period_from, datetime.combine(imp.period_from, datetime.min.time(), TOWN_TZ)
    return imp.impounded_on, to_local(imp.seized_at)


def accrued_until(imp: Impoundment, at: datetime | None = None) -> tuple[date, datetime]:
    """The day and instant the fees run to: the end of the case, or `at` (now) while held; §8(D)
    for an owner who did not redeem the dog, no later than the end of the redemption period
    (`law.impoundment.fees_run_until`)."""
    cap = fees_run_until(imp.status, imp.ended_on, imp.redemption_deadline)
    if cap is not None and cap < imp.ended_on:
        return cap, datetime.combine(cap, datetime.min.time(), TOWN_TZ)
    if imp.status != "held" and imp.ended_on is not None:
        if imp.ended_at is not None:
            return imp.ended_on, to_local(imp.ended_at)
        return imp.ended_on, to_local(imp.seized_at) + timedelta(days=(imp.ended_on - imp.impounded_on).days)
    instant = to_local(at or utcnow())
    today = max(local_today(), imp.impounded_on)
    return today, max(instant, to_local(imp.seized_at))


def fees_for(imp: Impoundment, at: datetime | None = None) -> ImpoundmentFees:
    """§8(C): the fees accrued by this impoundment, from the Town Board's settings as in force on
    each day (§8(C)(1) "set from time to time by resolution": from its date, never back): the
    impoundment fee of the day impounded, the boarding fee of each day held. A closed case keeps
    what it cost when it closed (`close_fees`)."""
    if imp.status != "held" and imp.fees_closed:
        return ImpoundmentFees(tuple(ImpoundmentFeeLine(kind, label, Decimal(amount), section)
                                     for kind, label, amount, section in imp.fees_closed))
    until_day, until = accrued_until(imp, at)
    from_day, since = fees_start(imp)
    hours = (until - since).total_seconds() / 3600
    days = days_held(from_day, max(until_day, from_day))
    on = imp.impounded_on
    return impoundment_fees(
        impoundment_number(imp), days, max(hours, 0.0), held_as_dangerous(imp),
        fee_first=setting_on("fee_impoundment_first", on), fee_second=setting_on("fee_impoundment_second", on),
        fee_third_and_later=setting_on("fee_impoundment_third", on),
        boarding_per_day=daily_rates(schedule("fee_boarding_daily"), from_day, days,
                                     get_setting("fee_boarding_daily")))


def close_fees(imp: Impoundment) -> None:
    """§8(C), §8(D): the case ended: keep what it cost, line by line, as it closed."""
    imp.fees_closed = None
    imp.fees_closed = [[ln.kind, ln.label, str(ln.amount), ln.section] for ln in fees_for(imp).lines]


@dataclass
class Balance:
    """§8(D): what is still owed on one impoundment, by kind of fee."""
    fees: ImpoundmentFees
    payments: list = field(default_factory=list)  # the Payment lines of this impoundment
    owed: tuple[ImpoundmentFeeLine, ...] = ()

    @property
    def total_owed(self) -> Decimal:
        return sum((line.amount for line in self.owed), ZERO)

    @property
    def total_paid(self) -> Decimal:
        return sum((p.amount for p in self.payments), ZERO)

    @property
    def waived(self) -> list:
        return [p for p in self.payments if p.waived_reason]


def payments_for(imp: Impoundment) -> list:
    if imp.id is None:
        return []
    return list(db.session.scalars(db.select(Payment).filter_by(impoundment_id=imp.id)
                                   .order_by(Payment.received_on, Payment.id)))


def payments_of(imps) -> dict[int, list]:
    """The payment lines of many impoundments in one SELECT, {impoundment id: lines} in the
    order `payments_for` gives them (the kennel board)."""
    lines = {imp.id: [] for imp in imps}
    if lines:
        for p in db.session.scalars(db.select(Payment).where(Payment.impoundment_id.in_(list(lines)))
                                    .order_by(Payment.received_on, Payment.id)):
            lines[p.impoundment_id].append(p)
    return lines


def balance(imp: Impoundment, at: datetime | None = None, payments: list | None = None) -> Balance:
    """§8(D): the fees accrued (to the end of the case, or to now while held) less what was paid;
    a kind waived with a reason is owed no more. `payments`: the impoundment's lines when the
    caller has read them already (`payments_of`)."""
    fees = fees_for(imp, at)
    payments = payments_for(imp) if payments is None else payments
    paid: dict[str, Decimal] = {}
    waived = set()
    for p in payments:
        paid[p.kind] = paid.get(p.kind, ZERO) + Decimal(p.amount)
        if p.waived_reason:
            waived.add(p.kind)
    owed = []
    for line in fees.lines:
        left = ZERO if line.kind in waived else line.amount - paid.get(line.kind, ZERO)
        paid[line.kind] = max(ZERO, paid.get(line.kind, ZERO) - line.amount)
        if left > 0:
            owed.append(ImpoundmentFeeLine(line.kind, line.label if left == line.amount
                                           else f"{line.label} (balance)", left, line.section))
    return Balance(fees, payments, tuple(owed))


def owner_billed(imp: Impoundment) -> bool:
    """§8(D) "If the owner of any unredeemed dog is known": the owner is billed."""
    return bool(imp.owner_known)


def open_balances(dogs) -> list[tuple[Impoundment, Balance]]:
    """§8(D): the impoundments of these dogs with a known owner and fees still owed, oldest first;
    for the dog's record, the owner's page and the license form."""
    out = []
    for dog in dogs:
        if dog is None:
            continue
        for imp in dog.impoundments:
            if owner_billed(imp):
                owed = balance(imp)
                if owed.total_owed > 0:
                    out.append((imp, owed))
    return sorted(out, key=lambda pair: pair[0].seized_at)


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
    return out


# --- §8(B), §8(E) a held dog boarded elsewhere during the hold ---------------------------------

def move_held_dog(imp: Impoundment, to_where: str, user, on: date | None = None, note: str = ""):
    """§8(B), §8(E): a held dog boarded at another kennel or the SPCA. The case stays open (the
    owner may still redeem it, §8(C)); only where the dog is changes (`held_at`). A transfer that
    ends the case is a disposition, after the redemption period (`kennel_care.record_disposition`)."""
    from ..models.kennel_care import ImpoundmentMove
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
    return notice


# --- §8(C) redemption, §8(D) payment and waiver --------------------------------------------------

def license_refusal(imp: Impoundment, today: date) -> str | None:
    """§8(C) "proof of licensing": why the dog may not be redeemed for want of a current license."""
    dog = imp.dog
    if dog is None:
        return ("§8(C): a dog is redeemed only with proof of a current license. This dog has no record "
                "in the town's files: the Town Clerk licenses it first (§5(A)(2)).")
    lic = dog.current_license
    if lic is None:
        return (f"§8(C): {dog.name} has no current license, and a dog is redeemed only with proof of "
                "licensing. The Town Clerk licenses the dog first (§5(A)(2)), then the dog is released.")
    if lic.expires_on < today:
        return (f"§8(C): {dog.name}'s license {lic.number} expired on "
                f"{say_date(lic.expires_on)}. The Town Clerk renews it first (§5(A)(2)), then the dog is released.")
    return None


def _lines(imp: Impoundment, owed: Balance) -> list[PaymentLine]:
    return [PaymentLine(kind=ln.kind, amount=ln.amount, memo=f"{ln.label} {ln.section} — impoundment no. {imp.id}",
                        dog_id=imp.dog_id, impoundment_id=imp.id) for ln in owed.owed]


def redeem(imp: Impoundment, *, identification: str, method: str, reference: str = "", payer_name: str = "",
           user, today: date | None = None):
    """§8(C): the owner redeems the dog: proof of a current license and identification, and the
    fees accrued until now paid on one receipt; then the impoundment ends "redeemed" at the same
    instant, so the §8(D) balance is nothing. Returns the receipt (None when nothing was owed)."""
    today = today or local_today()
    errors = {}
    if imp.status != "held":
        errors["redeem"] = f"The impoundment already ended ({imp.status}); the dog is not held."
        raise ServiceError(errors)
    refusal = license_refusal(imp, today)
    if refusal:
        errors["license"] = refusal
    identification = (identification or "").strip()
    if not identification:
        errors["identification"] = ("§8(C): the owner must show identification. Write what was shown "
                                    "(e.g. NY driver license).")
    elif len(identification) > 120:
        errors["identification"] = "Keep it under 120 characters."
    at = utcnow()
    owed = balance(imp, at)
    if owed.total_owed > 0:
        errors.update(check_method(method, reference or ""))
    if not (payer_name or "").strip():
        errors["payer_name"] = "Write the name of the person redeeming the dog."
    if errors:
        raise ServiceError(errors)
    receipt = None
    if owed.total_owed > 0:
        receipt = record_receipt(_lines(imp, owed), method=method, reference=reference or "",
                                 payer_name=payer_name, received_on=today, user=user)
        for line in receipt.lines:
            line.created_at = at  # paid at the instant the fees ran to
    lic = imp.dog.current_license
    note = f"{payer_name.strip()}, {identification}" + (f"; receipt {receipt.number}" if receipt else "")
    end_impoundment(imp, "redeemed", user, today, note)
    imp.ended_at = at  # the fees ran to this instant, and were paid to it
    close_fees(imp)
    record_event("impoundment.fees_paid", imp, actor=user, receipt=receipt.number if receipt else None,
                 total=str(owed.total_owed), identification=identification, license=lic.number)
    return receipt


def pay_balance(imp: Impoundment, *, method: str, reference: str = "", payer_name: str = "", user,
                today: date | None = None):
    """§8(D): the known owner pays what is owed on the impoundment, redeemed or not: one receipt."""
    today = today or local_today()
    owed = balance(imp)
    if owed.total_owed <= 0:
        raise ServiceError({"pay": "Nothing is owed on this impoundment."})
    errors = check_method(method, reference or "")
    if not (payer_name or "").strip():
        errors["pay_payer_name"] = "Write the name of the person paying."
    if errors:
        raise ServiceError(errors)
    receipt = record_receipt(_lines(imp, owed), method=method, reference=reference or "", payer_name=payer_name,
                             received_on=today, user=user)
    record_event("impoundment.fees_paid", imp, actor=user, receipt=receipt.number, total=str(owed.total_owed))
    return receipt


def waive_balance(imp: Impoundment, reason: str, user, today: date | None = None) -> list:
    """§8(D): the clerk waives what is owed, with a reason: a $0.00 line of each kind owed, with the
    reason (the house's way: `Payment.waived_reason`). A waived kind is owed no more."""
    today = today or local_today()
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError({"waive_reason": "Give the reason the fees are waived (who decided, and why)."})
    if len(reason) > 200:
        raise ServiceError({"waive_reason": "Keep the reason under 200 characters."})
    owed = balance(imp)
    if owed.total_owed <= 0:
        raise ServiceError({"waive_reason": "Nothing is owed on this impoundment."})
    lines = []
    for ln in owed.owed:
        p = Payment(kind=ln.kind, amount=ZERO, dog_id=imp.dog_id, impoundment_id=imp.id, received_on=today,
                    received_by_id=getattr(user, "id", None), waived_reason=reason,
                    memo=f"{ln.label} {ln.section} — {say_money(ln.amount)} waived — impoundment no. {imp.id}"[:200])
        db.session.add(p)
        lines.append(p)
    db.session.flush()
    record_event("impoundment.fees_waived", imp, actor=user, reason=reason, total=str(owed.total_owed))
    return lines


def link_licensed_dog(imp: Impoundment, dog, user) -> None:
    """A seized dog with no record, licensed at the counter to be redeemed (§8(C), §5(A)(2)): the
    impoundment now names the dog's record. Only a held impoundment with no dog yet."""
    if imp.status != "held" or imp.dog_id is not None or dog is None:
        return
    imp.dog = dog
    record_event("impoundment.dog_identified", imp, actor=user, dog_id=dog.id)
    owner = dog.primary_owner
    if not imp.owner_known and owner is not None:
        # §8(B): its owner is known now: nine business days from the day impounded.
        identify_owner(imp, owner.full_name, user)
