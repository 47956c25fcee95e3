"""Applications by mail (§5(A)(3)): "All dog licenses may be purchased from the office of the
Town Clerk in person or by regular mail. If licensing or renewing a license by mail, the
appropriate fee must accompany the licensing forms."

A mail-in application is recorded with the date it was received and the payment enclosed (check
or money order and its number, the amount). Documents missing (§5(B) rabies certificate, §5(C)
proof of spaying or neutering, §5(E) the form, §5(D) the full fee, §5(I) a training certificate)
put it on hold, with a printable letter saying what is missing. Complete, the license is issued
with the counter's own service (`licensing.counter.license_at_counter`): only when the amount
enclosed covers the fee (else on hold, the letter saying how much is missing), the receipt
recording the amount that came; and the date the license and tag were mailed back is recorded.
An application for a dog not yet on file is recorded with the applicant's name and address and
the dog's name as written; the counter's new-dog form makes the dog when the license is issued."""
from datetime import date
from decimal import Decimal

from ..extensions import db
from ..law.words import say_date, say_money
from ..models import MAIL_MISSING, Dog, License, MailApplication, record_event
from ..parsing import parse_money
from .errors import ServiceError
from .money import check_method


def parse_amount(text) -> Decimal | None:
    return parse_money(text)


def _check(received_on, method, reference, amount, missing, today) -> tuple[dict, Decimal | None]:
    errors = {}
    if received_on is None:
        errors["received_on"] = "Enter the date the application came in the mail."
    elif received_on > today:
        errors["received_on"] = "The date received can't be after today."
    errors.update(check_method(method, reference))
    value = parse_amount(amount)
    if value is None or value < 0:
        errors["amount"] = "Enter the amount enclosed, like 16.00 (0.00 if no payment came)."
    unknown = [k for k in missing if k not in MAIL_MISSING]
    if unknown:
        errors["missing"] = "Choose what is missing from the list."
    return errors, value


def record_mail_in(dog: Dog | None, *, received_on: date | None, method: str, reference: str, amount,
                   missing: list[str], today: date, payer_name: str = "", notes: str = "",
                   applicant_name: str = "", applicant_address: str = "", dog_name: str = "",
                   user=None) -> MailApplication:
    """§5(A)(3): record an application that came by mail, with the payment enclosed; on hold
    while anything is missing (no payment: the fee is missing too). ``dog=None``: a dog not yet
    on file, with the applicant's name and address and the dog's name as written."""
    if dog is not None and dog.status == "dead":
        raise ServiceError({"": f"{dog.name} was recorded as dead (§5(J)(2)); no license can be issued."})
    errors, value = _check(received_on, method, reference, amount, missing, today)
    if dog is None:
        if not applicant_name.strip():
            errors["applicant_name"] = "Enter the applicant's name as it is on the application."
        if not applicant_address.strip():
            errors["applicant_address"] = "Enter the address to write back to."
        if not dog_name.strip():
            errors["dog_name"] = "Enter the dog's name as it is on the application."
    if errors:
        raise ServiceError(errors)
    missing = [k for k in MAIL_MISSING if k in missing or (k == "fee" and value == 0)]
    owner = dog.primary_owner if dog is not None else None
    ma = MailApplication(dog=dog, received_on=received_on, method=method, reference=reference.strip(),
                         amount=value, payer_name=payer_name.strip() or (owner.full_name if owner else
                                                                         applicant_name.strip()),
                         applicant_name=applicant_name.strip(), applicant_address=applicant_address.strip(),
                         dog_name=dog_name.strip(),
                         missing=missing, notes=notes.strip(), status="on_hold" if missing else "ready",
                         recorded_by_id=getattr(user, "id", None))
    db.session.add(ma)
    db.session.flush()
    record_event("mail_in.received", ma, actor=user, dog_id=dog.id if dog is not None else None,
                 received_on=received_on.isoformat(), method=method, reference=ma.reference,
                 amount=str(value), missing=missing,
                 **({} if dog is not None else {"applicant": ma.applicant_name, "dog_name": ma.dog_name}))
    return ma


def hold_for_fee(ma: MailApplication, fee_due: Decimal, user=None) -> MailApplication:
    """§5(A)(3) "the appropriate fee must accompany the licensing forms": the amount enclosed is
    less than the fee; the application waits for the rest (the letter says how much)."""
    ma.fee_due = fee_due
    ma.missing = [k for k in MAIL_MISSING if k in (ma.missing or []) or k == "fee"]
    ma.status = "on_hold"
    db.session.flush()
    record_event("mail_in.fee_short", ma, actor=user, fee_due=str(fee_due), amount=str(ma.amount or 0),
                 shortfall=str(ma.shortfall))
    return ma


def documents_received(ma: MailApplication, still_missing: list[str], user=None,
                       amount_added=None) -> MailApplication:
    """What came later: `still_missing` is what is still lacking; nothing left: ready to issue.
    ``amount_added``: money that came with them (the rest of the fee), added to the amount
    enclosed; the counter checks it against the fee again when the license is issued."""
    if ma.status == "issued":
        raise ServiceError({"": "The license was issued already."})
    if any(k not in MAIL_MISSING for k in still_missing):
        raise ServiceError({"missing": "Choose what is still missing from the list."})
    if amount_added not in (None, ""):
        added = parse_amount(amount_added)
        if added is None or added < 0:
            raise ServiceError({"amount_added": "Enter the amount that came, like 2.00."})
        ma.amount = (ma.amount or Decimal("0.00")) + added
    before = list(ma.missing or [])
    ma.missing = [k for k in MAIL_MISSING if k in still_missing]
    ma.status = "on_hold" if ma.missing else "ready"
    db.session.flush()
    record_event("mail_in.documents", ma, actor=user, before=before, missing=ma.missing,
                 amount=str(ma.amount) if ma.amount is not None else None)
    return ma


def refuse_unready(ma: MailApplication) -> None:
    """The license is issued only for a complete application (§5(A)(3))."""
    if ma.status == "on_hold":
        raise ServiceError({"": "This application by mail is on hold: " + "; ".join(ma.missing_labels)
                                + ". Record the documents (and any money) when they come."})
    if ma.status == "issued":
        raise ServiceError({"": f"The license for this application by mail was issued already"
                                f"{' (' + ma.license.number + ')' if ma.license else ''}."})


def mark_issued(ma: MailApplication, lic: License, user=None) -> MailApplication:
    refuse_unready(ma)
    ma.status, ma.license = "issued", lic
    db.session.flush()
    record_event("mail_in.issued", ma, actor=user, license=lic.number)
    return ma


def record_mailed(ma: MailApplication, mailed_on: date | None, today: date, user=None) -> MailApplication:
    """The license and tag went back to the owner by mail on `mailed_on`."""
    if ma.status != "issued":
        raise ServiceError({"": "Issue the license first."})
    if mailed_on is None:
        raise ServiceError({"mailed_on": "Enter the date the license and tag were mailed."})
    if mailed_on > today or mailed_on < ma.received_on:
        raise ServiceError({"mailed_on": "The date mailed must be between the date received and today."})
    ma.mailed_on = mailed_on
    db.session.flush()
    record_event("mail_in.mailed", ma, actor=user, mailed_on=mailed_on.isoformat())
    return ma


def print_hold_letter(ma: MailApplication, today: date) -> bytes:
    """The letter printed for the owner, and the day it was printed kept on the application (its
    page says "Letter printed ..."): the one GET that writes, a record of what was read."""
    ma.hold_letter_on = today
    return hold_letter_pdf(ma, today)


def hold_letter_pdf(ma: MailApplication, today: date) -> bytes:
    """The letter to the owner: the application is on hold, and what is missing (§5(A)(3))."""
    from .letters import letter_pdf
    how = {"check": "check", "money_order": "money order", "cash": "cash"}.get(ma.method, ma.method)
    paid = (f"your {how}{' No. ' + ma.reference if ma.reference else ''} for {say_money(ma.amount)}"
            if ma.amount else "no payment")
    owner = ma.dog.primary_owner if ma.dog is not None else None
    to = [] if owner is not None else [f"{ma.applicant_name}, {ma.applicant_address}"]
    short = ([f"The fee for the license is {say_money(ma.fee_due)}; {say_money(ma.shortfall)} of it is still "
              "missing."] if ma.shortfall else [])
    return letter_pdf(
        owner, f"Your dog license application for {ma.dog.name if ma.dog is not None else ma.dog_name}",
        to + [f"We received your application by mail on {say_date(ma.received_on)}, with {paid}. We are "
              f"holding it: a license can be issued only when everything below has come ({_cited()})."] + short,
        ma.missing_labels, today, items_heading="Please send:",
        closing=["When we have them we will mail you the license and the tag. Questions: call the Town Clerk."])


def _cited() -> str:
    """§5(A)(3) in the town's law's name; under the state law alone, the application to the clerk
    (AML §109(1)(b))."""
    from ..town import current_law
    law = current_law()
    return f"{law.name}, §5(A)(3)" if law.local else law.power["issue_license"].section
