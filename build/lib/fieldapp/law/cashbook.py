"""The clerk's cash book: money taken in, added up by fee type and by how it was paid, and the
§5(D) population-control fees to remit to the state.

Pure functions over plain rows (no Flask, no database): the services read the `Payment` lines
of a period into `CashLine`s; everything here only sorts and sums them. Money is `Decimal`.
A report reconciles when its fee-type totals, its payment-method totals and the sum of the
lines behind them agree to the cent (`CashReport.reconciles`).
"""
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .licensing import ALTERED_SURCHARGE, UNALTERED_SURCHARGE

ZERO = Decimal("0.00")

# The fee types of the report, in the order a clerk reads them. A `Payment.kind` of
# "license_fee" is split by the license's rate (§5(D): the altered and the unaltered fee).
FEE_TYPES: "OrderedDict[str, str]" = OrderedDict([
    ("license_altered", "License fee, spayed/neutered dogs (§5(D))"),
    ("license_unaltered", "License fee, unaltered dogs (§5(D))"),
    ("population_surcharge", "Animal population control fee (§5(D), to the state)"),
    ("purebred_fee", "Purebred licenses (§5(H))"),
    ("replacement_tag", "Replacement tags (§5(G)(2))"),
    ("enumeration_surcharge", "Enumeration surcharge (§5(K))"),
    ("impound", "Impoundment fees (§8(C))"),
    ("dangerous_dog", "Dangerous dog, each further 24 hours (§8(C)(2))"),
    ("boarding", "Boarding"),
    ("redemption", "Redemption"),
    ("adoption", "Adoption"),
    ("fine", "Fines (§11)"),
])

PAYMENT_METHOD_LABELS = OrderedDict([
    ("cash", "Cash"), ("check", "Checks"), ("money_order", "Money orders"), ("card", "Card"),
    ("unrecorded", "Not recorded (taken before receipts)"),
])


def fee_type(kind: str, license_altered: bool | None = None) -> str:
    """The report's fee type of a payment line: its kind, a license fee split by rate (§5(D))."""
    if kind == "license_fee":
        return "license_altered" if license_altered else "license_unaltered"
    return kind


def fee_type_label(key: str) -> str:
    """The words for a fee type; a kind this table does not know is named by its own name."""
    return FEE_TYPES.get(key) or key.replace("_", " ").capitalize()


@dataclass(frozen=True)
class CashLine:
    """One payment line as the report sees it."""
    payment_id: int
    received_on: date
    kind: str  # Payment.kind
    amount: Decimal
    method: str = "unrecorded"  # the receipt's method, or "unrecorded"
    reference: str = ""
    receipt: str = ""  # the receipt's number
    payer: str = ""
    memo: str = ""
    license_altered: bool | None = None  # for kind "license_fee": the license's rate
    waived: bool = False

    @property
    def fee_type(self) -> str:
        return fee_type(self.kind, self.license_altered)


@dataclass(frozen=True)
class Total:
    key: str
    label: str
    count: int
    amount: Decimal


@dataclass(frozen=True)
class Remittance:
    """§5(D): the population-control fees collected in the period ($1.00 altered, $3.00
    unaltered), which the town only collects: the amount to remit to the state."""
    starts_on: date
    ends_on: date
    altered_count: int
    unaltered_count: int
    other_count: int  # lines of another amount (a correction): counted in the total all the same
    total: Decimal

    @property
    def altered_amount(self) -> Decimal:
        return ALTERED_SURCHARGE * self.altered_count

    @property
    def unaltered_amount(self) -> Decimal:
        return UNALTERED_SURCHARGE * self.unaltered_count


@dataclass(frozen=True)
class CashReport:
    starts_on: date
    ends_on: date
    lines: tuple[CashLine, ...]
    by_fee_type: tuple[Total, ...]
    by_method: tuple[Total, ...]
    total: Decimal
    remittance: Remittance

    @property
    def reconciles(self) -> bool:
        """The fee-type totals, the method totals and the lines agree to the cent."""
        by_type = sum((t.amount for t in self.by_fee_type), ZERO)
        by_method = sum((t.amount for t in self.by_method), ZERO)
        lines = sum((ln.amount for ln in self.lines), ZERO)
        return by_type == by_method == lines == self.total

    @property
    def checks(self) -> tuple[CashLine, ...]:
        """The checks and money orders taken in, for the deposit slip."""
        return tuple(ln for ln in self.lines if ln.method in ("check", "money_order") and ln.amount)


def _totals(lines, key_of, label_of, order) -> tuple[Total, ...]:
    groups: dict[str, list[CashLine]] = {}
    for ln in lines:
        groups.setdefault(key_of(ln), []).append(ln)
    keys = [k for k in order if k in groups] + sorted(k for k in groups if k not in order)
    return tuple(Total(k, label_of(k), len(groups[k]), sum((ln.amount for ln in groups[k]), ZERO))
                 for k in keys)


def population_control_remittance(lines, starts_on: date, ends_on: date) -> Remittance:
    """§5(D) "a one ($1.00) dollar fee for altered dogs and a three ($3.00) dollar fee for
    unaltered dogs shall be collected for the purposes of carrying out animal population
    control efforts": the sum of the population-control lines received from `starts_on`
    through `ends_on` (both included), with the count at each rate."""
    own = [ln for ln in lines if ln.kind == "population_surcharge" and starts_on <= ln.received_on <= ends_on]
    altered = sum(1 for ln in own if ln.amount == ALTERED_SURCHARGE)
    unaltered = sum(1 for ln in own if ln.amount == UNALTERED_SURCHARGE)
    return Remittance(starts_on, ends_on, altered, unaltered, len(own) - altered - unaltered,
                      sum((ln.amount for ln in own), ZERO))


def cash_report(lines, starts_on: date, ends_on: date) -> CashReport:
    """The cash report of a day (starts_on == ends_on) or a month: the lines received in the
    period, by date, totalled by fee type (license fees split altered/unaltered, §5(D)) and by
    payment method; a $0.00 waived line is listed and counted, and adds nothing."""
    if ends_on < starts_on:
        raise ValueError("The period ends before it starts.")
    own = tuple(sorted((ln for ln in lines if starts_on <= ln.received_on <= ends_on),
                       key=lambda ln: (ln.received_on, ln.receipt, ln.payment_id)))
    return CashReport(
        starts_on, ends_on, own,
        _totals(own, lambda ln: ln.fee_type, fee_type_label, list(FEE_TYPES)),
        _totals(own, lambda ln: ln.method, lambda k: PAYMENT_METHOD_LABELS.get(k, k.replace("_", " ").capitalize()),
                list(PAYMENT_METHOD_LABELS)),
        sum((ln.amount for ln in own), ZERO),
        population_control_remittance(own, starts_on, ends_on))


def month_bounds(year: int, month: int) -> tuple[date, date]:
    """The first and last day of a month."""
    if not 1 <= month <= 12:
        raise ValueError("A month is 1 to 12.")
    first = date(year, month, 1)
    last = date(year + (month == 12), month % 12 + 1, 1)
    return first, date.fromordinal(last.toordinal() - 1)
