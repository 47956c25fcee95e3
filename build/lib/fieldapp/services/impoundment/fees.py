"""§8(C), §8(D): the fees of an impoundment and what is still owed on it.

- §8(C)(1) the Town Board's fees (settings `fee_impoundment_first`/`_second`/`_third`,
  `fee_boarding_daily`) by this dog's impoundments in twelve months and the days held; §8(C)(2)
  a dog held as dangerous pays $30 for each further 24 hours (`fees_for`, the pure rule being
  `law.impoundment.impoundment_fees`).
- §8(D) a known owner owes the fees whether or not the dog is redeemed: `balance` is derived
  from the impoundment (fees accrued to the day it ended, or to now while held) and its payment
  lines (`Payment.impoundment_id`), a waived kind being a $0.00 line with the clerk's reason. It
  does not look at how the case ended, so every way of ending it bills the same.

Nothing here commits: the request does.
"""
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal

from ...extensions import db
from ...law.impoundment import (
    ImpoundmentFeeLine,
    ImpoundmentFees,
    days_held,
    fees_run_until,
    impoundment_fees,
    impoundments_in_twelve_months,
)
from ...law.schedule import daily_rates
from ...models import Payment
from ...models.enforcement import Impoundment
from ...settings import get_setting, schedule, setting_on
from ...timeutil import local_today, to_local, town_tz, utcnow
from ...town import current_law
from ..enforcement.record import orders_in_force

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
        return imp.period_from, datetime.combine(imp.period_from, datetime.min.time(), town_tz())
    return imp.impounded_on, to_local(imp.seized_at)


def accrued_until(imp: Impoundment, at: datetime | None = None) -> tuple[date, datetime]:
    """The day and instant the fees run to: the end of the case, or `at` (now) while held; §8(D)
    for an owner who did not redeem the dog, no later than the end of the redemption period
    (`law.impoundment.fees_run_until`)."""
    cap = fees_run_until(imp.status, imp.ended_on, imp.redemption_deadline)
    if cap is not None and cap < imp.ended_on:
        return cap, datetime.combine(cap, datetime.min.time(), town_tz())
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
                                     get_setting("fee_boarding_daily")),
        law=current_law())  # the town's law: §8(C), or AML §117(4) with no dangerous dog's fee


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
