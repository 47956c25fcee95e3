"""§11: the Town Justice's disposition of each offence charged (plea, verdict, fine or
imprisonment), and fines received into the ledger.

Every function here checks the law (fieldapp/law/court.py, penalties.py), raises
ServiceError({field: message}) when it refuses, flushes and never commits: the view does.
"""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from ... import parsing
from ...extensions import db
from ...law import validate_sentence
from ...law.court import conviction_refusal
from ...law.words import say_money
from ...models import Payment, record_event
from ...models.court import OUTCOMES, PLEAS, Disposition
from ...settings import get_setting
from ..errors import ServiceError
from ..money import PaymentLine, check_method, record_receipt
from .case import Case

# --- §11 dispositions and fines --------------------------------------------------------------

def parse_money(text) -> Decimal | None:
    """A fine or sum as typed; blank is nothing ($0), as the disposition form leaves it."""
    return parsing.parse_money(text, blank=Decimal("0"))


@dataclass(frozen=True)
class Verdict:
    """§11 per offence: what the Justice decides on one offence charged today. `outcome` "" is
    nothing decided on it today; `until` is the day an adjournment in contemplation of
    dismissal ends."""
    plea: str = ""
    outcome: str = ""
    fine: object = "0"
    days: object = "0"
    until: date | None = None


def offence_field(name: str, code: str) -> str:
    """The form field of one offence's `name` (plea, outcome, fine, imprisonment_days, until)."""
    return f"{name}_{code or 'words'}"


def record_court_disposition(case: Case, *, decided_on: date | None, appeared: bool, verdicts: dict,
                             adjourned_to: date | None, notes: str, user) -> list[Disposition]:
    """§11: appeared or not, and for each offence charged (`verdicts`, code -> Verdict) its own
    plea and verdict: adjourned, adjourned in contemplation of dismissal, dismissed or convicted;
    on conviction a fine not over $500.00 and/or imprisonment of not more than 15 days for that
    offence, under §11(A) (failure to license) or §11(B) (any other provision), named on the
    record. A conviction needs a case to convict on: a ticket served personally or an owner
    summoned, and a plea of guilty or a hearing recorded (law/court.py: conviction_refusal)."""
    errors = {}
    if case.decided:
        errors[""] = "The case has been disposed of."
    if decided_on is None:
        errors["decided_on"] = "Give the date."
    open_codes = case.open_offences
    rows = []
    for code, v in verdicts.items():
        f = lambda name, code=code: offence_field(name, code)  # noqa: E731
        if not v.outcome:
            continue
        if code not in case.offence_codes:
            errors[""] = "That offence is not charged in this case."
            continue
        if code not in open_codes:
            errors[f("outcome")] = "This offence has been disposed of."
            continue
        if v.plea not in PLEAS:
            errors[f("plea")] = "Choose the plea."
        if v.outcome not in OUTCOMES:
            errors[f("outcome")] = "Choose adjourned, adjourned in contemplation of dismissal, dismissed or convicted."
            continue
        if v.outcome == "adjourned" and (adjourned_to is None or (decided_on and adjourned_to <= decided_on)):
            errors["adjourned_to"] = "Give the later day the case is adjourned to."
        if v.outcome == "default":
            if not get_setting("court_records_defaults"):
                errors[f("outcome")] = ("The town's court does not record defaults (setting): adjourn the "
                                        "offence instead.")
            elif appeared:
                errors[f("outcome")] = "A default is for a person charged who did not appear."
            elif not case.summoned(decided_on):
                errors[f("outcome")] = ("§11: no default on a ticket never served personally or a complaint "
                                        "whose owner was never summoned.")
            if not (notes or "").strip():
                errors["notes"] = "Give the reason for the default."
        if v.outcome == "acd" and (v.until is None or (decided_on and v.until <= decided_on)):
            errors[f("until")] = "Give the later day the adjournment in contemplation of dismissal ends."
        fine = parse_money(v.fine)
        try:
            days = int(v.days or 0)
        except (TypeError, ValueError):
            days = None
        section = case.offence_section(code)
        if fine is None:
            errors[f("fine")] = "Give the fine in dollars and cents."
        if days is None:
            errors[f("imprisonment_days")] = "Give whole days."
        if v.outcome != "convicted" and ((fine or 0) or (days or 0)):
            errors[f("fine")] = "A fine or imprisonment is imposed only upon conviction (§11)."
        elif v.outcome == "convicted":
            heard = any(decided_on is None or h.held_on <= decided_on for h in case.hearings)
            refusal = conviction_refusal(case.kind, case.summoned(decided_on), v.plea == "guilty", heard)
            if refusal:
                errors[f("outcome")] = refusal
            elif days and not case.most_days:
                errors[f("imprisonment_days")] = (f"No imprisonment: the town prosecutes by an action to recover a "
                                                  f"civil penalty ({case.law.penalties.section}).")
            elif fine is not None and days is not None:
                try:
                    validate_sentence(fine, days, section=section, max_fine=case.law.penalties.max_fine,
                                      max_days=case.most_days)
                except ValueError as e:
                    errors[f("imprisonment_days") if "days" in str(e) and "fine" not in str(e).lower()
                           else f("fine")] = str(e)
        rows.append((code, v, fine, days, section))
    if not rows and not errors:
        errors[""] = "Give the verdict of at least one offence."
    if errors:
        raise ServiceError(errors)
    made = []
    for code, v, fine, days, section in rows:
        convicted = v.outcome == "convicted"
        d = Disposition(code=code, decided_on=decided_on, appeared=appeared, plea=v.plea, outcome=v.outcome,
                        adjourned_to=adjourned_to if v.outcome == "adjourned" else v.until if v.outcome == "acd"
                        else None,
                        fine=fine if convicted else Decimal("0"), imprisonment_days=days if convicted else 0,
                        section=section if convicted else "", notes=notes.strip(), decided_by_id=user.id)
        setattr(d, case.kind, case.record)
        db.session.add(d)
        made.append(d)
    db.session.flush()
    for d in made:
        record_event("court.disposition", d, actor=user, case=case.kind, case_id=case.record.id, code=d.code,
                     outcome=d.outcome, fine=str(d.fine), days=d.imprisonment_days, section=d.section)
    return made


def fine_outstanding(d: Disposition) -> Decimal:
    return Decimal(d.fine or 0) - sum((Decimal(p.amount) for p in d.payments), Decimal("0"))


def receive_fine(d: Disposition, *, amount, received_on: date | None, user, method: str = "cash",
                 reference: str = "", payer_name: str = "") -> Payment:
    """A fine received: a typed line of the ledger (Payment kind "fine"), never over what is owed,
    on a receipt that says how it was paid (`services.money.record_receipt`)."""
    amount = parse_money(amount)
    errors = {}
    if d.outcome != "convicted" or not d.fine:
        errors[""] = "No fine was imposed."
    elif amount is None or amount <= 0:
        errors["amount"] = "Give the amount received."
    elif amount > fine_outstanding(d):
        errors["amount"] = f"Only {say_money(fine_outstanding(d))} of the fine is outstanding."
    if received_on is None:
        errors["received_on"] = "Give the date received."
    errors.update(check_method(method, reference))
    if errors:
        raise ServiceError(errors)
    case = Case(d.ticket or d.complaint)
    offence = case.offence(d.code)[1]
    receipt = record_receipt([PaymentLine(kind="fine", amount=amount, dog_id=case.dog.id if case.dog else None,
                                          memo=f"Fine ({d.section}), {case.title}"
                                               f"{', ' + offence if offence and d.code else ''}"[:200])],
                             method=method, reference=reference, payer_name=payer_name,
                             received_on=received_on, user=user)
    p = receipt.lines[0]
    p.disposition_id = d.id
    db.session.flush()
    db.session.expire(d, ["payments"])
    record_event("court.fine_received", p, actor=user, disposition_id=d.id, amount=str(amount))
    return p
