"""Issuing a license (§5(A)(2), §5(G), §5(H)): the license, its tag, its fee lines in the ledger."""
from datetime import date

from ...extensions import db
from ...law import (
    new_resident_lateness,
    new_resident_license_due,
)
from ...models import (
    Dog,
    License,
    PurebredLicense,
    RabiesCertificate,
    record_event,
)
from ...town import current_law
from ..enumeration import charged_on, identify_unlicensed
from ..errors import ServiceError
from ..money import check_method, record_receipt
from ..numbers import assign_id_number, next_license_number, next_purebred_license_number
from .application import (
    PROOF_OF_ALTERING,
    Application,
    RabiesEvidence,
    check_application,
    license_needed_check,
    prepare_application,
    say_date,
    term_choices,
)
from .enumerations import open_enumeration
from .fees import fee_lines, fee_total, payment_lines


def _rabies_record(dog: Dog, r: RabiesEvidence) -> RabiesCertificate:
    """The dog's certificate on file if it is the same one presented again, else a new record."""
    for cert in dog.rabies_certificates:
        if r.kind == "vet_statement":
            if cert.exempt_statement and cert.vet_name == r.vet_name and cert.exempt_reason == r.exempt_reason \
                    and cert.statement_on == r.statement_on:
                return cert
        elif (not cert.exempt_statement and cert.valid_until == r.valid_until
              and cert.vaccinated_on == r.vaccinated_on
              and (cert.certificate_number or "") == r.certificate_number):
            return cert
    cert = RabiesCertificate(
        dog=dog, vet_name=r.vet_name.strip(),
        vaccinated_on=r.vaccinated_on if r.kind == "certificate" else None,
        valid_until=r.valid_until if r.kind == "certificate" else None,
        certificate_number=r.certificate_number.strip() or None if r.kind == "certificate" else None,
        exempt_statement=r.kind == "vet_statement",
        exempt_reason=r.exempt_reason.strip() or None if r.kind == "vet_statement" else None,
        statement_on=r.statement_on if r.kind == "vet_statement" else None)
    db.session.add(cert)
    db.session.flush()
    return cert


def issue_license(dog: Dog, app: Application, today: date, user=None, *, method: str = "cash",
                  reference: str = "", payer_name: str = "") -> License:
    """§5(F): check the application for `dog` (§5(A)-(I)) and issue the license
    (`write_license`). The clerk's counter checks once itself (`counter.license_at_counter`)."""
    refuse_dead_dog(dog)
    note = license_needed_check(dog.born_on, app.at_large, today, app.owner_asks)
    prepare_application(app, dog, None, today)
    errors = check_application(app, today, dog)
    errors.update(check_method(method, reference))
    if errors:
        raise ServiceError(errors)
    return write_license(dog, app, today, user, method=method, reference=reference, payer_name=payer_name,
                         note=note)


def write_license(dog: Dog, app: Application, today: date, user=None, *, method: str = "cash",
                  reference: str = "", payer_name: str = "", note: str | None = None,
                  amount_received=None) -> License:
    """§5(F): issue a license (new or renewal) for `dog`, issued today.

    The fee is taken in as one receipt (`services.money.record_receipt`): how it was paid
    (`method` cash, check or money order, with its `reference` number) and by whom; the
    receipt is `License.receipt` (None for a license with no fee line, e.g. §5(I)).

    §5(G): the dog gets its identification number at its first license (kept for ever after) and
    a tag: the blank pre-printed tag typed in, else a new one; a renewal keeps the dog's tag unless
    a new one is asked for. A renewal supersedes the dog's active license. The fee lines are stored
    on the license and as typed Payment ledger lines. ``app`` was checked and prepared for this
    dog already (`issue_license`, `counter.license_at_counter`); ``amount_received``: what came
    with an application by mail (§5(A)(3)), on the receipt.
    """
    if app.enumeration_identification is None and app.identified_unlicensed_in_enumeration:
        # §5(K): identified as unlicensed at the counter, while an enumeration is open.
        enum = open_enumeration(today)
        if enum is not None:
            try:
                app.enumeration_identification = identify_unlicensed(
                    enum, dog, today, today, user, where="At the Town Clerk's counter, when licensed")
            except ServiceError as exc:
                raise ServiceError({"identified_in_enumeration": exc.errors.get("identified_on", "")}) from None
    from ..tags import bind_blank_tag, issue_tag

    lines = fee_lines(app, app.term_years, today)
    expires_on = next(c.expires_on for c in term_choices(today, app.rabies.term_limit,
                                                         app.rabies.statement_date(today))
                      if c.years == app.term_years)
    previous = [lic for lic in dog.licenses if lic.status == "active"]
    rabies = _rabies_record(dog, app.rabies)

    # §5(C), §5(I), §5(H): what the application showed about the dog.
    if app.altered_proof in PROOF_OF_ALTERING:
        dog.altered = True
        if app.altered_proof != "on_file":
            dog.altered_proof = app.altered_proof
    else:
        dog.altered = False
        dog.altered_proof = app.altered_proof  # None or vet_statement
    dog.exemption = app.exemption
    dog.exemption_certificate = app.exemption_certificate.strip() or None if app.exemption else None
    dog.purebred = app.purebred_dogs_on_premises is not None
    id_number = assign_id_number(dog)

    resident_note = None
    if app.residence_began_on is not None:  # §5(J)(3)
        dog.residence_began_on = app.residence_began_on
        lateness = new_resident_lateness(app.residence_began_on, today)
        resident_note = f"Licensed {lateness.days_late} days late (due by {say_date(lateness.due_on)}, §5(J)(3))." \
            if lateness.late else None

    # The marking in the words of the town's law (AML §110(2): "Working Search Dog").
    marking = current_law().license.exemptions[app.exemption].marking if app.exemption else None
    premises = app.purebred_license
    if app.purebred_dogs_on_premises and premises is None and app.exemption is None:
        premises = _new_purebred_license(dog, app, today, lines, user)
    lic = License(
        number=next_license_number(today.year), dog=dog,
        kind="purebred" if app.purebred_dogs_on_premises else "individual",
        issued_on=today, term_years=app.term_years, expires_on=expires_on,
        altered=app.pays_as_altered, exemption_marking=marking,
        purebred_dogs_on_premises=(premises.dogs_on_premises if premises else app.purebred_dogs_on_premises),
        purebred_license=premises, rabies_certificate=rabies,
        fee_total=fee_total(lines),
        fee_lines=[ln.stored() for ln in lines],
        issued_by_id=getattr(user, "id", None))
    db.session.add(lic)
    for old in previous:
        old.status = "superseded"
    db.session.flush()
    if app.enumeration_identification is not None and any(
            ln.kind == "enumeration_surcharge" and ln.amount > 0 for ln in lines):
        charged_on(app.enumeration_identification, lic)  # §5(K): this license charged the surcharge
    paid = payment_lines(lines, f"License {lic.number}", dog_id=dog.id, license_id=lic.id)
    receipt = None
    if paid:
        owner = dog.primary_owner
        receipt = record_receipt(paid, method=method, reference=reference,
                                 payer_name=payer_name or (owner.full_name if owner else ""),
                                 received_on=today, user=user, amount_received=amount_received)

    tag = None
    if app.blank_tag.strip():  # refused on "blank_tag", like the application's own fields
        tag = bind_blank_tag(dog, app.blank_tag, today, user)
    elif dog.active_tag is None or app.new_tag:
        tag = issue_tag(dog, today, user)

    record_event("license.issued", lic, actor=user, dog_id=dog.id, number=lic.number,
                 id_number=id_number, term_years=lic.term_years, expires_on=lic.expires_on.isoformat(),
                 fee_total=str(lic.fee_total), tag_serial=tag.serial if tag else None,
                 superseded=[old.number for old in previous],
                 receipt=receipt.number if receipt else None, **({"note": note} if note else {}),
                 **({"purebred_license": premises.number} if premises else {}),
                 **({"new_resident_note": resident_note} if resident_note else {}))
    db.session.flush()
    return lic


def refuse_dead_dog(dog: Dog | None) -> None:
    """§5(J)(2): a dog recorded dead is never licensed again."""
    if dog is not None and dog.status == "dead":
        when = f" on {say_date(dog.status_on)}" if dog.status_on else ""
        raise ServiceError({"": f"{dog.name} was recorded as dead{when} (§5(J)(2)). No license can "
                                "be issued for a dog recorded dead."})


def _new_purebred_license(dog: Dog, app: Application, today: date, lines: list[dict],
                          user) -> PurebredLicense:
    """§5(H): a new purebred license for the owner's premises, superseding the one in force."""
    owner = dog.primary_owner
    for old in db.session.scalars(db.select(PurebredLicense).filter_by(owner_id=owner.id, status="active")):
        old.status = "superseded"
    expires_on = next(c.expires_on for c in term_choices(today, app.rabies.term_limit,
                                                         app.rabies.statement_date(today))
                      if c.years == app.term_years)
    purebred = [ln for ln in lines if ln.kind == "purebred_fee"]
    pl = PurebredLicense(
        number=next_purebred_license_number(today.year), owner=owner,
        premises=owner.full_address, dogs_on_premises=app.purebred_dogs_on_premises, issued_on=today,
        term_years=app.term_years, expires_on=expires_on, fee_total=fee_total(purebred),
        fee_lines=[ln.stored() for ln in purebred],
        issued_by_id=getattr(user, "id", None))
    db.session.add(pl)
    db.session.flush()
    record_event("purebred_license.issued", pl, actor=user, number=pl.number, owner_id=owner.id,
                 dogs_on_premises=pl.dogs_on_premises, fee_total=str(pl.fee_total))
    return pl


def new_resident_status(dog: Dog) -> dict | None:
    """§5(J)(3): for a new resident's dog, the 30-day deadline and, once licensed, whether it
    was late (the first license issued on or after the date residence began)."""
    if dog.residence_began_on is None:
        return None
    due_on = new_resident_license_due(dog.residence_began_on)
    licensed = [lic for lic in dog.licenses if lic.issued_on >= dog.residence_began_on]
    first = min(licensed, key=lambda lic: lic.issued_on) if licensed else None
    lateness = new_resident_lateness(dog.residence_began_on, first.issued_on) if first else None
    return {"residence_began_on": dog.residence_began_on, "due_on": due_on,
            "licensed_on": first.issued_on if first else None,
            "late_note": (f"{lateness.days_late} day{'s' if lateness.days_late != 1 else ''} late"
                          if lateness and lateness.late else None)}
