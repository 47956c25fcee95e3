"""§8(C) redemption and §8(D) payment and waiver of an impoundment's fees.

- §8(C) redemption (`redeem`): only with proof of a current license (§5(A)(2): licensing is the
  clerk's) and identification, and the fees paid: one receipt (`services/money.py`), then the
  impoundment ends "redeemed".
- §8(D) the known owner pays what is owed, redeemed or not (`pay_balance`), or the clerk waives
  it with a reason (`waive_balance`); the balance itself is `impoundment/fees.py: balance`.

Nothing here commits: the request does.
"""
from datetime import date

from ...extensions import db
from ...law.laws.cites import cite_in_town_law
from ...law.words import say_date, say_money
from ...models import Payment, record_event
from ...models.enforcement import Impoundment
from ...timeutil import local_today, utcnow
from ..enforcement.seizure import end_impoundment, identify_owner
from ..errors import ServiceError
from ..money import PaymentLine, check_method, record_receipt
from .fees import ZERO, Balance, balance, close_fees

# --- §8(C) redemption, §8(D) payment and waiver --------------------------------------------------

def license_refusal(imp: Impoundment, today: date) -> str | None:
    """§8(C) "proof of licensing": why the dog may not be redeemed for want of a current license
    (citing the town's law)."""
    refusal = _license_refusal(imp, today)
    return cite_in_town_law(refusal) if refusal else None


def _license_refusal(imp: Impoundment, today: date) -> str | None:
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
