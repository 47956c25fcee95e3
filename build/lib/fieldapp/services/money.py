"""Money taken in: a receipt and its typed payment lines (the ledger).

Every fee the town collects (license, §5(D) population control, replacement tag, purebred,
enumeration, impoundment, boarding, adoption, fine) is one `Payment` line of its kind; the lines
taken together at once share a `Receipt` that says how they were paid (cash, check number,
money order). Reports add up lines, never running totals.
"""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from ..extensions import db
from ..law.words import say_money
from ..models import Payment, Receipt, take_from_sequence
from ..models.licensing import PAYMENT_METHODS
from .errors import ServiceError


@dataclass(frozen=True)
class PaymentLine:
    kind: str
    amount: Decimal
    memo: str = ""
    dog_id: int | None = None
    license_id: int | None = None
    impoundment_id: int | None = None
    waived_reason: str | None = None


def check_method(method: str, reference: str) -> dict[str, str]:
    """Errors for how the money came, by form field ("method", "reference")."""
    if method not in PAYMENT_METHODS:
        return {"method": "Choose how it was paid: " + ", ".join(PAYMENT_METHODS.values()).lower() + "."}
    if method in ("check", "money_order") and not reference.strip():
        return {"reference": f"Write the {PAYMENT_METHODS[method].lower()} number."}
    return {}


def receipt_numbers(year: int, count: int) -> list[str]:
    """`count` receipt numbers of `year` at once, in order: R-2026-00042 (the counter starts
    again each year; the demo's bulk town takes many at once)."""
    first = take_from_sequence(f"receipt-{year}", count)
    return [f"R-{year}-{first + i:05d}" for i in range(count)]


def record_receipt(lines: list[PaymentLine], *, method: str = "cash", reference: str = "",
                   payer_name: str = "", received_on: date, user=None,
                   amount_received: Decimal | None = None) -> Receipt:
    """A receipt with its lines, numbered R-YYYY-NNNNN. Raises ServiceError on a bad method.
    ``amount_received``: what actually came, when it is not the lines' total (a check by mail
    for more than the fee); never less than the lines (a shortfall is not a receipt)."""
    errors = check_method(method, reference)
    if errors:
        raise ServiceError(errors)
    total = sum((line.amount for line in lines), Decimal("0.00"))
    if amount_received is not None and amount_received < total:
        raise ServiceError({"": f"{say_money(amount_received)} came in, less than the {say_money(total)} due."})
    number = receipt_numbers(received_on.year, 1)[0]
    receipt = Receipt(number=number, method=method, reference=reference.strip(), payer_name=payer_name.strip(),
                      received_on=received_on, received_by_id=getattr(user, "id", None),
                      amount_received=amount_received)
    db.session.add(receipt)
    for line in lines:
        receipt.lines.append(Payment(kind=line.kind, amount=line.amount, memo=line.memo or None,
                                     dog_id=line.dog_id, license_id=line.license_id,
                                     impoundment_id=line.impoundment_id,
                                     waived_reason=line.waived_reason, received_on=received_on,
                                     received_by_id=getattr(user, "id", None)))
    db.session.flush()
    return receipt
