"""§5(K) the dog enumeration at work: dogs identified as unlicensed during it (each owes the
resolution's surcharge with its next license, taken in with the license's receipt), the Town's
expenses of conducting it, and its account for the year.

The Board's resolution itself (period, surcharge) is recorded by the admin
(`services.licensing.record_enumeration`). The rules are `law/enumeration.py`'s.
"""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from ..extensions import db
from ..law import enumeration_open
from ..law.enumeration import (
    EnumerationYear,
    combined_year,
    enumeration_surcharge_owed,
    enumeration_year,
    identification_refusal,
)
from ..law.words import say_date
from ..models import (
    Dog,
    EnumerationExpense,
    EnumerationIdentification,
    EnumerationResolution,
    License,
    Payment,
    record_event,
)
from ..parsing import parse_money
from .errors import ServiceError

SURCHARGE_KIND = "enumeration_surcharge"  # the Payment kind (law/fees.py FEE_KINDS)


def enumerations() -> list[EnumerationResolution]:
    """Every enumeration the Town Board declared, the latest first."""
    return list(db.session.scalars(db.select(EnumerationResolution)
                                   .order_by(EnumerationResolution.opens_on.desc(), EnumerationResolution.id.desc())))


def is_open(enum: EnumerationResolution, on: date) -> bool:
    return enumeration_open(on, enum.opens_on, enum.closes_on)


def licensed_on(dog: Dog, on: date) -> bool:
    return any(lic.status in ("active", "superseded") and lic.issued_on <= on <= lic.expires_on
               for lic in dog.licenses)


def surcharge_paid(ident: EnumerationIdentification) -> Decimal:
    """The surcharge taken in on the license that charged it (0 when none did yet)."""
    if ident.license_id is None:
        return Decimal("0.00")
    return db.session.scalar(
        db.select(db.func.coalesce(db.func.sum(Payment.amount), 0))
        .where(Payment.license_id == ident.license_id, Payment.kind == SURCHARGE_KIND)) or Decimal("0.00")


def pending_identification(dog: Dog | None) -> EnumerationIdentification | None:
    """§5(K): the dog's identification whose surcharge no license has charged yet (the latest)."""
    if dog is None or dog.id is None:
        return None
    return db.session.scalars(
        db.select(EnumerationIdentification)
        .where(EnumerationIdentification.dog_id == dog.id, EnumerationIdentification.license_id.is_(None))
        .order_by(EnumerationIdentification.identified_on.desc(), EnumerationIdentification.id.desc())).first()


def surcharge_owed(ident: EnumerationIdentification) -> Decimal:
    """§5(K): the surcharge the identified dog owes with its next license (law's rule)."""
    enum = ident.enumeration
    return enumeration_surcharge_owed(enum.surcharge, ident.identified_on, enum.opens_on, enum.closes_on,
                                      already_paid=ident.license_id is not None)


def identify_unlicensed(enum: EnumerationResolution, dog: Dog, on: date, today: date, user=None,
                        where: str = "") -> EnumerationIdentification:
    """§5(K): mark ``dog`` identified as unlicensed during ``enum`` on ``on``. Refused (field
    "identified_on") outside the period, after today, for a dog licensed that day, or when the
    dog is marked in this enumeration already."""
    refusal = identification_refusal(on, today, enum.opens_on, enum.closes_on, licensed_on(dog, on))
    if refusal:
        raise ServiceError({"identified_on": refusal})
    if dog.status == "dead":
        raise ServiceError({"identified_on": f"{dog.name} was recorded as dead (§5(J)(2))."})
    already = next((i for i in enum.identifications if i.dog_id == dog.id), None)
    if already is not None:
        raise ServiceError({"identified_on": f"{dog.name} is marked in this enumeration already, "
                                             f"on {say_date(already.identified_on)}."})
    ident = EnumerationIdentification(enumeration=enum, dog=dog, identified_on=on, where=(where or "").strip()[:200],
                                      identified_by_id=getattr(user, "id", None))
    db.session.add(ident)
    dog.enumeration_identified_on = on
    db.session.flush()
    record_event("enumeration.identified", ident, actor=user, dog_id=dog.id, enumeration_id=enum.id,
                 identified_on=on.isoformat())
    return ident


def charged_on(ident: EnumerationIdentification, lic: License) -> None:
    """The license ``lic`` carried the identified dog's surcharge (issue_license calls this)."""
    ident.license_id = lic.id


def parse_amount(raw: str) -> Decimal | None:
    return parse_money(raw)


def record_expense(enum: EnumerationResolution, spent_on: date | None, description: str, amount: Decimal | None,
                   paid_by: str, today: date, user=None) -> EnumerationExpense:
    """§5(K) "the expenses incurred by the Town in conducting the enumeration": one expense,
    each refusal on its field."""
    errors = {}
    if spent_on is None:
        errors["spent_on"] = "Enter the day of the expense."
    elif spent_on > today:
        errors["spent_on"] = "The day of the expense can't be after today."
    elif spent_on < enum.adopted_on:
        errors["spent_on"] = (f"The enumeration was declared on {say_date(enum.adopted_on)}: an expense "
                              "before that is not one of its expenses.")
    if not (description or "").strip():
        errors["description"] = "Say what the expense was for (for example: enumerator's mileage)."
    if amount is None:
        errors["amount"] = "Enter the amount in dollars and cents, like 42.50."
    elif amount <= 0:
        errors["amount"] = "The amount must be more than $0.00."
    elif amount != amount.quantize(Decimal("0.01")):
        errors["amount"] = "Enter the amount in dollars and cents, like 42.50."
    if not (paid_by or "").strip():
        errors["paid_by"] = "Say who incurred or paid it (for example: the enumerator, the Town Clerk's office)."
    if errors:
        raise ServiceError(errors)
    exp = EnumerationExpense(enumeration=enum, spent_on=spent_on, description=description.strip()[:200],
                             amount=amount, paid_by=paid_by.strip()[:120], recorded_by_id=getattr(user, "id", None))
    db.session.add(exp)
    db.session.flush()
    record_event("enumeration.expense", exp, actor=user, enumeration_id=enum.id, amount=str(amount),
                 spent_on=spent_on.isoformat())
    return exp


@dataclass(frozen=True)
class IdentifiedDog:
    """One dog of an enumeration's list, as the clerk reads it."""
    ident: EnumerationIdentification
    dog: Dog
    owed: Decimal  # the surcharge charged to the dog (§5(K))
    paid: Decimal  # taken in on its license
    license: License | None  # the license that charged it
    licensed_now: bool
    receipt: str | None

    @property
    def outstanding(self) -> Decimal:
        return max(self.owed - self.paid, Decimal("0.00"))


def identified_dogs(enum: EnumerationResolution, today: date) -> list[IdentifiedDog]:
    rows = []
    for ident in enum.identifications:
        enum_owes = enumeration_surcharge_owed(enum.surcharge, ident.identified_on, enum.opens_on, enum.closes_on)
        lic = ident.license
        current = ident.dog.current_license
        rows.append(IdentifiedDog(
            ident=ident, dog=ident.dog, owed=enum_owes, paid=surcharge_paid(ident), license=lic,
            licensed_now=current is not None and current.expires_on >= today,
            receipt=lic.receipt.number if lic is not None and lic.receipt is not None else None))
    return rows


def _surcharges_collected(enum: EnumerationResolution) -> list[tuple[date, Decimal]]:
    license_ids = [i.license_id for i in enum.identifications if i.license_id is not None]
    if not license_ids:
        return []
    return [(p.received_on, p.amount) for p in db.session.scalars(
        db.select(Payment).where(Payment.license_id.in_(license_ids), Payment.kind == SURCHARGE_KIND))]


@dataclass(frozen=True)
class EnumerationAccount:
    enumeration: EnumerationResolution
    totals: EnumerationYear
    expenses: list[EnumerationExpense]
    collected: list[tuple[date, Decimal]]
    dogs: list[IdentifiedDog]  # identified in the year


@dataclass(frozen=True)
class YearReport:
    year: int
    accounts: list[EnumerationAccount]
    total: EnumerationYear


def year_report(year: int, today: date) -> YearReport:
    """§5(K) "in any year": each enumeration with anything in ``year`` (open during it, a dog
    identified, a surcharge collected, an expense), and the town's total."""
    accounts = []
    for enum in sorted(enumerations(), key=lambda e: (e.opens_on, e.id)):
        charges = [(i.identified_on, enumeration_surcharge_owed(enum.surcharge, i.identified_on, enum.opens_on,
                                                                enum.closes_on)) for i in enum.identifications]
        collected = _surcharges_collected(enum)
        spent = [(x.spent_on, x.amount) for x in enum.expenses]
        totals = enumeration_year(year, charges, collected, spent)
        open_in_year = enum.opens_on.year <= year and (enum.closes_on is None or enum.closes_on.year >= year)
        if open_in_year or totals.identified or totals.collected_count or totals.expenses_count:
            accounts.append(EnumerationAccount(
                enumeration=enum, totals=totals,
                expenses=[x for x in enum.expenses if x.spent_on.year == year],
                collected=sorted(c for c in collected if c[0].year == year),
                dogs=[d for d in identified_dogs(enum, today) if d.ident.identified_on.year == year]))
    return YearReport(year=year, accounts=accounts, total=combined_year([a.totals for a in accounts], year))
