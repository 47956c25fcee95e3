"""§5(K) the dog enumeration: a dog identified as unlicensed during it, the surcharge it owes, and
the enumeration's account for the year.

§5(K): "When the Town Board determines the need for a dog enumeration, ... an additional
surcharge, as determined from time to time by resolution of the Town Board, for recovering
costs associated with an enumeration conducted shall be charged. Should a dog be identified as
unlicensed during such enumeration, such additional fee shall be the property of the Town and
shall be used to pay the expenses incurred by the Town in conducting the enumeration. In the
event the additional fees collected exceed the expenses incurred by the Town in conducting an
enumeration in any year, such excess fees may be used by the Town for enforcing this law and
for spaying or neutering animals; and offsetting costs associated with the provision and
replacement of identification tags."

Pure functions on plain values: the period and the surcharge come from the Board's resolution
(a record, never a constant); money is ``Decimal``.
"""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .fees import enumeration_open, enumeration_surcharge_due
from .licensing import _money
from .words import say_date

EXCESS_USES = ("enforcing this law", "spaying or neutering animals",
               "offsetting the costs of providing and replacing identification tags")


def identification_refusal(on: date, today: date, opened_on: date, closed_on: date | None,
                           licensed_that_day: bool) -> str | None:
    """§5(K) "identified as unlicensed during such enumeration": why a dog can't be marked
    identified unlicensed in the enumeration on ``on`` (None: it can). The day must be within
    the enumeration's period (``enumeration_open``) and not after today, and the dog must have
    had no license in force that day."""
    if on > today:
        return "The day the dog was identified can't be after today."
    if not enumeration_open(on, opened_on, closed_on):
        period = f"{say_date(opened_on)} to {say_date(closed_on)}" if closed_on else f"from {say_date(opened_on)}"
        return f"The enumeration was not open on {say_date(on)}: it runs {period} (§5(K))."
    if licensed_that_day:
        return (f"The dog had a license in force on {say_date(on)}, so it was not unlicensed; "
                "it owes no enumeration surcharge (§5(K)).")
    return None


def enumeration_surcharge_owed(surcharge: Decimal, identified_on: date | None, opened_on: date,
                               closed_on: date | None, already_paid: bool = False) -> Decimal:
    """§5(K): the surcharge a dog owes with its next license: the resolution's ``surcharge`` when
    the dog was identified as unlicensed during the enumeration's period, whenever the license is
    then issued, and once only (``already_paid``: its license carried it). Otherwise $0.00."""
    if identified_on is None or already_paid:
        return Decimal("0.00")
    return enumeration_surcharge_due(surcharge, identified_on, opened_on, closed_on, True)


@dataclass(frozen=True)
class EnumerationYear:
    """One year of an enumeration's account (§5(K) "in any year")."""
    year: int
    identified: int  # dogs identified as unlicensed in the year
    charged: Decimal  # the surcharges those dogs owe
    collected: Decimal  # surcharges received in the year
    collected_count: int
    expenses: Decimal  # the Town's expenses of conducting the enumeration in the year
    expenses_count: int

    @property
    def outstanding(self) -> Decimal:
        """Surcharges charged to the year's dogs and not (yet) collected; never below zero."""
        return max(self.charged - self.collected, Decimal("0.00"))

    @property
    def balance(self) -> Decimal:
        """Collected less expenses: positive, an excess; negative, the cost not yet recovered."""
        return self.collected - self.expenses

    @property
    def excess(self) -> Decimal:
        """§5(K): fees collected beyond the year's expenses, which the Town may use for
        ``EXCESS_USES``."""
        return max(self.balance, Decimal("0.00"))

    @property
    def shortfall(self) -> Decimal:
        return max(-self.balance, Decimal("0.00"))


def enumeration_year(year: int, charges: list[tuple[date, Decimal]], collected: list[tuple[date, Decimal]],
                     expenses: list[tuple[date, Decimal]]) -> EnumerationYear:
    """§5(K) the year's account: ``charges`` (day a dog was identified, the surcharge it owes),
    ``collected`` (day received, amount) and ``expenses`` (day spent, amount); only the rows
    dated in ``year`` count."""
    def in_year(rows):
        return [_money(amount, "amount") for on, amount in rows if on.year == year]
    owed, got, spent = in_year(charges), in_year(collected), in_year(expenses)
    zero = Decimal("0.00")
    return EnumerationYear(year=year, identified=len(owed), charged=sum(owed, zero),
                           collected=sum(got, zero), collected_count=len(got),
                           expenses=sum(spent, zero), expenses_count=len(spent))


def combined_year(years: list[EnumerationYear], year: int) -> EnumerationYear:
    """The town's account of every enumeration of ``year`` together (§5(K) "in any year")."""
    zero = Decimal("0.00")
    return EnumerationYear(
        year=year, identified=sum(y.identified for y in years), charged=sum((y.charged for y in years), zero),
        collected=sum((y.collected for y in years), zero), collected_count=sum(y.collected_count for y in years),
        expenses=sum((y.expenses for y in years), zero), expenses_count=sum(y.expenses_count for y in years))
