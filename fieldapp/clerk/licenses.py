"""The clerk's license form (§5): a new dog and owner, or a renewal; the quote as it is typed;
the certificate. Routes on the clerk blueprint (`views.bp`)."""
from flask import flash, redirect, render_template, request, url_for

from ..auth import permission_required
from ..extensions import db
from ..law import LICENSE_EXEMPTIONS, new_resident_license_due
from ..models import Dog, License, MailApplication, Owner
from ..services import licensing as svc
from ..services.enumeration import pending_identification
from ..services.errors import ServiceError
from ..services.kennel_care import (
    adopter_becomes_owner,
    adopter_owner_data,
    adoption_awaiting_license,
    adoption_licensed,
    seized_dog_data,
)
from ..services.mail_in import mark_issued, refuse_unready
from ..timeutil import local_today
from ..web import refusal_on_form
from .forms import DogFields, LicenseForm, OwnerFields
from .views import _user, bp


def _application(form: LicenseForm) -> svc.Application:
    """The license particulars as the service wants them (lenient: used for quotes too)."""
    rabies = svc.RabiesEvidence(
        kind=form.rabies_kind.data if form.rabies_kind.data in ("certificate", "vet_statement") else "certificate",
        vet_name=form.rabies_vet.data or "", vaccinated_on=form.rabies_vaccinated_on.data,
        valid_until=form.rabies_valid_until.data, certificate_number=form.rabies_number.data or "",
        exempt_reason=form.rabies_exempt_reason.data or "", statement_on=form.rabies_statement_on.data)
    altered = form.altered.data
    purebred = form.license_kind.data == "purebred"
    return svc.Application(
        rabies=rabies, term_years=form.process_term(),
        altered_proof=None if altered in (None, "", "no", "None") else altered,
        exemption=form.exemption.data or None, exemption_certificate=form.exemption_certificate.data or "",
        purebred_dogs_on_premises=(form.purebred_dogs_on_premises.data or 0) if purebred else None,
        blank_tag=form.blank_tag.data or "", new_tag=form.new_tag.data, at_large=form.at_large.data,
        owner_asks=form.owner_asks.data, identified_unlicensed_in_enumeration=form.identified_in_enumeration.data,
        new_purebred_license=form.new_purebred_license.data,
        waive_tag_fee_reason=form.waive_tag_fee_reason.data or "",
        residence_began_on=form.residence_began_on.data)


def _quote(form: LicenseForm, today, dog=None, owner=None) -> dict:
    """The term choices (§5(A)(4)), which rule decided them, and the itemized fee for what the
    form says so far (for the dog and owner of the page, §5(H), §5(G)(2), §5(K))."""
    app = svc.prepare_application(_application(form), dog, owner, today)
    r = app.rabies
    checked = r.kind == "vet_statement" or r.valid_until is not None
    choices = svc.term_choices(today, r.term_limit if checked else None, r.statement_date(today))
    explanation = svc.term_explanation(today, r.term_limit if checked else None, r.statement_date(today))
    allowed = [c.years for c in choices if c.allowed]
    term = app.term_years if app.term_years in allowed else (allowed[0] if len(allowed) == 1 else None)
    lines, fee_error = None, None
    if term is not None:
        try:
            if app.purebred_dogs_on_premises == 0:
                app.purebred_dogs_on_premises = None
                fee_error = "Enter the number of purebred dogs on the premises to see the purebred fee."
            else:
                lines = svc.fee_lines(app, term, today)
        except (ValueError, TypeError) as exc:
            fee_error = str(exc)
    return {"choices": choices, "rabies_checked": checked, "term": term, "fee_lines": lines,
            "fee_total": svc.fee_total(lines) if lines else None, "fee_error": fee_error,
            "term_field": form.term_years, "issued_on": today, "term_explanation": explanation,
            "purebred_license": app.purebred_license, "replaces_tag": app.replaces_tag,
            "enumeration": svc.open_enumeration(today),
            "pending_enumeration": app.enumeration_identification,
            "resident_due": (new_resident_license_due(app.residence_began_on)
                             if app.residence_begun_on_valid(today) else None)}


def _prefill_renewal(form: LicenseForm, dog: Dog) -> None:
    cert = dog.current_rabies
    lic = dog.current_license or (dog.licenses[0] if dog.licenses else None)
    if cert is not None:
        form.rabies_kind.data = "vet_statement" if cert.exempt_statement else "certificate"
        form.rabies_vet.data = cert.vet_name
        form.rabies_vaccinated_on.data = cert.vaccinated_on
        form.rabies_valid_until.data = cert.valid_until
        form.rabies_number.data = cert.certificate_number
        form.rabies_exempt_reason.data = cert.exempt_reason
        form.rabies_statement_on.data = cert.statement_on
    if dog.altered and dog.altered_proof in svc.PROOF_OF_ALTERING:
        form.altered.data = "on_file"
    elif dog.altered_proof == "vet_statement":
        form.altered.data = "vet_statement"
    elif dog.licenses:
        form.altered.data = "no"
    form.exemption.data = dog.exemption or ""
    form.identified_in_enumeration.data = pending_identification(dog) is not None  # §5(K)
    form.residence_began_on.data = dog.residence_began_on
    form.exemption_certificate.data = dog.exemption_certificate
    if dog.purebred or (lic and lic.kind == "purebred"):
        form.license_kind.data = "purebred"
        form.purebred_dogs_on_premises.data = lic.purebred_dogs_on_premises if lic else None


@bp.route("/licenses/new", methods=["GET", "POST"])
@bp.route("/dogs/<int:dog_id>/renew", methods=["GET", "POST"])
@permission_required("issue_license")
def license_form(dog_id=None):
    """Issue a license: a new dog (and owner) or, with a dog, a renewal (§5(A)-(I))."""
    today = local_today()
    # §8(E): a dog adopted out of the pound is licensed to its adopter (?adoption=<impoundment id>).
    adoption = adoption_awaiting_license(request.args.get("adoption", type=int))
    if adoption is not None:
        dog_id = adoption.impoundment.dog_id
    dog_id = dog_id or request.args.get("dog", type=int)
    dog = db.get_or_404(Dog, dog_id) if dog_id else None
    owner_id = request.args.get("owner", type=int)
    owner = (db.get_or_404(Owner, owner_id)) if owner_id and dog is None and adoption is None else None
    posted = request.method == "POST"
    formdata = request.form if posted else None
    owner_fields = (OwnerFields(formdata, prefix="owner", data=None if posted or adoption is None
                                else adopter_owner_data(adoption))
                    if (dog is None and owner is None) or adoption is not None else None)
    dog_fields = (DogFields(formdata, prefix="dog", data=None if posted or adoption is None
                            else seized_dog_data(adoption.impoundment)) if dog is None else None)
    form = LicenseForm()
    # §5(A)(3): a license for an application by mail takes the payment enclosed with it.
    mail_in = db.session.get(MailApplication, request.args.get("mail", type=int) or 0) if dog else None
    if mail_in is not None and mail_in.dog_id != dog.id:
        mail_in = None
    if not posted and dog is not None:
        _prefill_renewal(form, dog)
    if not posted and mail_in is not None:
        form.method.data, form.reference.data = mail_in.method, mail_in.reference
    if not posted and adoption is not None and adoption.license is not None:
        form.form_errors = [f"This dog was licensed to its adopter already (license {adoption.license.number})."]
    if not posted and form.term_years.data is None:
        form.term_years.data = 1
    notice = None
    status = 200
    if posted:
        valid = form.validate_on_submit()
        valid = all([valid] + [f.validate() for f in (owner_fields, dog_fields) if f is not None])
        app = _application(form)
        svc.prepare_application(app, dog, owner, today)
        if form.license_kind.data == "purebred" and not form.purebred_dogs_on_premises.data \
                and app.purebred_license is None and not form.purebred_dogs_on_premises.errors:
            form.purebred_dogs_on_premises.errors = [
                "Enter how many purebred dogs over four months are on the premises (§5(H))."]
            valid = False
        born_on = dog.born_on if dog is not None else dog_fields.born_on.data
        status = 422
        try:
            svc.refuse_dead_dog(dog)
            svc.license_needed_check(born_on, app.at_large, today, app.owner_asks)
            if valid:
                errors = svc.check_application(app, today, dog)  # before an owner or dog is made
                if errors:
                    raise ServiceError(errors)
                if adoption is not None and adoption.license is not None:
                    raise ServiceError({"": f"This dog was licensed to its adopter already "
                                            f"(license {adoption.license.number})."})
                the_owner = owner or (svc.create_owner(owner_fields.owner_data(), today, _user())
                                      if dog is None or adoption is not None else None)
                if adoption is not None and dog is not None:  # the adopter: the owner of record now
                    adopter_becomes_owner(adoption, dog, the_owner, today, _user())
                the_dog = dog or svc.create_dog(dog_fields.dog_data(), [the_owner], today, _user())
                if dog is None and request.args.get("impoundment", type=int):  # licensed to be redeemed (§8(C))
                    from ..models.enforcement import Impoundment
                    from ..services.kennel import link_licensed_dog
                    held = db.session.get(Impoundment, request.args.get("impoundment", type=int))
                    if held is not None:
                        link_licensed_dog(held, the_dog, _user())
                if mail_in is not None:
                    refuse_unready(mail_in)
                lic = svc.issue_license(the_dog, app, today, _user(), **form.payment(),
                                        payer_name=mail_in.payer_name if mail_in else "")
                if mail_in is not None:
                    mark_issued(mail_in, lic, _user())
                if adoption is not None:
                    adoption_licensed(adoption, the_dog, the_owner, lic, _user())
                flash(f"License {lic.number} issued to {the_dog.name} (ID No. {the_dog.id_number}), "
                      f"good through {svc.say_date(lic.expires_on)}. Fee {_money(lic.fee_total)}.", "success")
                note = svc.license_needed_check(the_dog.born_on, app.at_large, today, app.owner_asks)
                if note:
                    flash(note, "info")
                return redirect(url_for(".certificate", license_id=lic.id))
        except ServiceError as exc:
            refusal_on_form(exc, form, owner_fields, dog_fields)
        except svc.NoLicenseNeeded as exc:
            db.session.rollback()
            notice = str(exc)
            status = 200
    if not posted and dog is not None and dog.status == "dead":
        form.form_errors = [f"{dog.name} was recorded as dead (§5(J)(2)). No license can be issued "
                            "for a dog recorded dead."]
    ctx = _quote(form, today, dog, owner)
    return render_template("clerk/license_form.html", dog=dog, owner=owner, form=form, mail_in=mail_in,
                           adoption=adoption,
                           owner_fields=owner_fields, dog_fields=dog_fields, notice=notice,
                           today=today, exemptions=LICENSE_EXEMPTIONS, **ctx), status


def _money(amount) -> str:
    from ..web import money
    return money(amount)


@bp.route("/licenses/quote")
@permission_required("issue_license")
def license_quote():
    """htmx: the term choices and itemized fee, refreshed as the clerk types (shared partial)."""
    form = LicenseForm(formdata=request.args)
    dog = db.session.get(Dog, request.args.get("quote_dog", type=int) or 0)
    owner = db.session.get(Owner, request.args.get("quote_owner", type=int) or 0)
    return render_template("clerk/_license_quote.html", form=form, **_quote(form, local_today(), dog, owner))


@bp.route("/licenses/<int:license_id>/certificate")
@permission_required("read_records")
def certificate(license_id):
    lic = db.get_or_404(License, license_id)
    from ..settings import get_setting
    owners = [link.owner for link in lic.dog.owner_links
              if link.since <= lic.issued_on and (link.until is None or link.until > lic.issued_on)] \
        or lic.dog.owners
    mail_in = db.session.scalars(db.select(MailApplication).filter_by(license_id=lic.id)).first()
    return render_template("clerk/certificate.html", lic=lic, dog=lic.dog, owners=owners, mail_in=mail_in,
                           clerk_phone=get_setting("clerk_phone"))
