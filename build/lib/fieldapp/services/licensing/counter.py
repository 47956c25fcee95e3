"""The clerk's counter (§5(A)-(K)): one application, checked once, and the license issued.

Five cases share it: a new dog (and owner), a renewal, an application by mail (§5(A)(3)), a dog
adopted out of the pound (§8(E)) and a dog licensed to be redeemed (§8(C)). The view maps its
forms into a `CounterApplication` and calls `license_at_counter`, which returns what it did
(`CounterResult`) or raises `ServiceError` (a message per field) or `NoLicenseNeeded` (§5(A)(1)).
"""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from ...extensions import db
from ...law.words import say_money
from ...models import Dog, MailApplication, Owner
from ...town import current_law
from ..errors import ServiceError
from ..money import check_method
from .application import (
    Application,
    check_application,
    license_needed_check,
    prepare_application,
    say_date,
)
from .fees import fee_lines, fee_total
from .issue import refuse_dead_dog, write_license
from .people import clean_microchip, create_dog, create_owner, update_dog


@dataclass
class CounterApplication:
    """What the clerk's form says, as plain values and the records it names."""
    application: Application
    dog: Dog | None = None  # a renewal (or an adopted or mailed-for dog on file); None: a new dog
    owner: Owner | None = None  # a new dog of an owner on file
    owner_data: dict | None = None  # a new owner, or the adopter (§8(E))
    dog_data: dict | None = None  # a new dog (§5(E)(2))
    microchip: str | None = None  # typed at the counter; None or empty: the record's stays as it is
    born_on: date | None = None  # the new dog's birth date, for §5(A)(1) even when the form is incomplete
    purebred: bool = False  # the clerk chose a §5(H) purebred license
    forms_complete: bool = True  # False: the forms' own fields were refused; nothing is written
    method: str = "cash"
    reference: str = ""
    adoption: object | None = None  # impoundment.outcome's adoption awaiting its license (§8(E))
    impoundment_id: int | None = None  # a held dog licensed to be redeemed (§8(C))
    mail_in: MailApplication | None = None  # §5(A)(3)


@dataclass
class CounterResult:
    license: object | None = None  # the License issued
    note: str | None = None  # §5(A)(1): licensed on the owner's request though not required yet
    held: MailApplication | None = None  # §5(A)(3): the fee enclosed fell short; on hold


def _adopted_already(adoption) -> str | None:
    if adoption is not None and adoption.license is not None:
        return f"This dog was licensed to its adopter already (license {adoption.license.number})."
    return None


def license_at_counter(c: CounterApplication, today: date, user=None) -> CounterResult:
    """Check the application once (§5(J)(2) a dead dog, §5(A)(1) age, §5(A)-(I), §5(H), the
    payment) and issue the license: the owner and dog made first when new, the adopter made the
    owner of record (§8(E)), a held dog linked (§8(C)), an application by mail marked issued.

    §5(A)(3) "the appropriate fee must accompany the licensing forms": a mail application whose
    amount enclosed is less than the fee is put on hold instead, with the shortfall (nothing
    issued, nothing taken); enough, and the receipt records the amount that came."""
    from ..impoundment.outcome import adopter_becomes_owner, adoption_licensed
    from ..mail_in import hold_for_fee, mark_issued, refuse_unready

    app, dog = c.application, c.dog
    if c.mail_in is not None:  # §5(A)(3): the fee in force on the day the application came
        app.fees_on = c.mail_in.received_on
    prepare_application(app, dog, c.owner, today)
    if c.adoption is not None:
        app.purebred_license = None  # the adopter's premises, not the former owner's (§5(H))
    errors = {}
    if (c.purebred and not app.purebred_dogs_on_premises and app.purebred_license is None
            and current_law().fees.purebred_fees):  # no purebred license under the state law alone
        errors["purebred_dogs_on_premises"] = ("Enter how many purebred dogs over four months are on "
                                               "the premises (§5(H)).")
        app.purebred_dogs_on_premises = None
    refuse_dead_dog(dog)
    born_on = dog.born_on if dog is not None else c.born_on
    note = license_needed_check(born_on, app.at_large, today, app.owner_asks)
    if errors or not c.forms_complete:
        raise ServiceError(errors)
    errors = check_application(app, today, dog)  # before an owner or dog is made
    errors.update(check_method(c.method, c.reference))
    try:  # §5(E)(2) "other identifying details": the chip, on no other dog's record
        chip = clean_microchip(c.microchip, dog)
    except ServiceError as exc:
        errors.update(exc.errors)
    if errors:
        raise ServiceError(errors)
    adopted = _adopted_already(c.adoption)
    if adopted:
        raise ServiceError({"": adopted})

    amount_received = None
    if c.mail_in is not None:
        refuse_unready(c.mail_in)
        due = fee_total(fee_lines(app, app.term_years, today))
        enclosed = c.mail_in.amount if c.mail_in.amount is not None else Decimal("0.00")
        if enclosed < due:
            return CounterResult(held=hold_for_fee(c.mail_in, due, user))
        amount_received = enclosed

    owner = c.owner or (create_owner(c.owner_data, today, user)
                        if dog is None or c.adoption is not None else None)
    if c.adoption is not None and dog is not None:  # the adopter: the owner of record now
        adopter_becomes_owner(c.adoption, dog, owner, today, user)
    if dog is None:
        dog = create_dog(c.dog_data, [owner], today, user)
        if c.impoundment_id:  # licensed to be redeemed (§8(C))
            from ...models.enforcement import Impoundment
            from ..impoundment.redemption import link_licensed_dog
            held = db.session.get(Impoundment, c.impoundment_id)
            if held is not None:
                link_licensed_dog(held, dog, user)
    if chip and chip != dog.microchip:
        update_dog(dog, {"microchip": chip}, user)
    if c.mail_in is not None and c.mail_in.dog_id is None:
        c.mail_in.dog = dog  # a dog not on file when its application came (§5(A)(3))
    lic = write_license(dog, app, today, user, method=c.method, reference=c.reference,
                        payer_name=c.mail_in.payer_name if c.mail_in is not None else "",
                        note=note, amount_received=amount_received)
    if c.mail_in is not None:
        mark_issued(c.mail_in, lic, user)
    if c.adoption is not None:
        adoption_licensed(c.adoption, dog, owner, lic, user)
    return CounterResult(license=lic, note=note)


def quote_at_counter(app: Application, today: date, dog: Dog | None = None, owner: Owner | None = None) -> dict:
    """The term choices (§5(A)(4)), which rule decided them, and the itemized fee for what the
    form says so far (for the dog and owner of the page, §5(H), §5(G)(2), §5(K)); lenient, as
    the clerk types: nothing is refused here."""
    from ...law import new_resident_license_due
    from .application import term_choices, term_explanation
    from .enumerations import open_enumeration
    prepare_application(app, dog, owner, today)
    r = app.rabies
    checked = r.kind == "vet_statement" or r.valid_until is not None
    choices = term_choices(today, r.term_limit if checked else None, r.statement_date(today))
    explanation = term_explanation(today, r.term_limit if checked else None, r.statement_date(today))
    allowed = [c.years for c in choices if c.allowed]
    term = app.term_years if app.term_years in allowed else (allowed[0] if len(allowed) == 1 else None)
    lines, fee_error = None, None
    if term is not None:
        try:
            if app.purebred_dogs_on_premises == 0:
                app.purebred_dogs_on_premises = None
                fee_error = "Enter the number of purebred dogs on the premises to see the purebred fee."
            else:
                lines = fee_lines(app, term, today)
        except (ValueError, TypeError) as exc:
            fee_error = str(exc)
    return {"choices": choices, "rabies_checked": checked, "term": term, "fee_lines": lines,
            "fee_total": fee_total(lines) if lines else None, "fee_error": fee_error,
            "issued_on": today, "term_explanation": explanation,
            "purebred_license": app.purebred_license, "replaces_tag": app.replaces_tag,
            "enumeration": open_enumeration(today),
            "pending_enumeration": app.enumeration_identification,
            "resident_due": (new_resident_license_due(app.residence_began_on)
                             if app.residence_begun_on_valid(today) else None)}


def issued_message(lic) -> str:
    """What the clerk reads back when the license is issued."""
    dog = lic.dog
    return (f"License {lic.number} issued to {dog.name} (ID No. {dog.id_number}), good through "
            f"{say_date(lic.expires_on)}. Fee {say_money(lic.fee_total)}.")


def held_message(ma: MailApplication) -> str:
    return (f"Application by mail put on hold: the {say_money(ma.amount or 0)} enclosed is "
            f"{say_money(ma.shortfall)} short of the {say_money(ma.fee_due)} fee (§5(A)(3)). Print the letter "
            "saying how much is missing.")


