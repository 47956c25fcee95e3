"""The clerk's license form (§5): a new dog and owner, or a renewal; the quote as it is typed;
the certificate. Routes on the clerk blueprint (`views.bp`)."""
from flask import flash, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from ..auth import permission_required
from ..extensions import db
from ..models import Dog, License, MailApplication, Owner
from ..once import once_per_key
from ..services import license_mail, licensing
from ..services.enforcement import held_now
from ..services.enumeration import pending_identification
from ..services.errors import ServiceError
from ..services.impoundment.outcome import (
    adopter_owner_data,
    adoption_awaiting_license,
    seized_dog_data,
)
from ..timeutil import local_today
from ..town import current_law
from ..web import file_response, refusal_on_form
from .forms import DogFields, LicenseForm, OwnerFields
from .views import _user, bp


def _application(form: LicenseForm) -> licensing.Application:
    """The license particulars as the service wants them (lenient: used for quotes too)."""
    rabies = licensing.RabiesEvidence(
        kind=form.rabies_kind.data if form.rabies_kind.data in ("certificate", "vet_statement") else "certificate",
        vet_name=form.rabies_vet.data or "", vaccinated_on=form.rabies_vaccinated_on.data,
        valid_until=form.rabies_valid_until.data, certificate_number=form.rabies_number.data or "",
        exempt_reason=form.rabies_exempt_reason.data or "", statement_on=form.rabies_statement_on.data)
    altered = form.altered.data
    purebred = form.license_kind.data == "purebred"
    return licensing.Application(
        rabies=rabies, term_years=form.process_term(),
        altered_proof=None if altered in (None, "", "no", "None") else altered,
        exemption=form.exemption.data or None, exemption_certificate=form.exemption_certificate.data or "",
        purebred_dogs_on_premises=(form.purebred_dogs_on_premises.data or 0) if purebred else None,
        blank_tag=form.blank_tag.data or "", new_tag=form.new_tag.data, at_large=form.at_large.data,
        owner_asks=form.owner_asks.data, identified_unlicensed_in_enumeration=form.identified_in_enumeration.data,
        new_purebred_license=form.new_purebred_license.data,
        waive_tag_fee_reason=form.waive_tag_fee_reason.data or "",
        residence_began_on=form.residence_began_on.data)


def _issue_blocked(form: LicenseForm, today, dog=None) -> str | None:
    """Why "Issue license" can't succeed with what the form says now (the rabies evidence fits no
    term, §5(A)(4), §5(B); a dog recorded dead, §5(J)(2)), or None."""
    if dog is not None and dog.status == "dead":
        return licensing.license_blocker(dog, today)
    return licensing.rabies_refusal(_application(form).rabies, today)


def _quote(form: LicenseForm, today, dog=None, owner=None, mail_in=None) -> dict:
    """What the form says so far, quoted by the counter (`licensing.counter.quote_at_counter`);
    an application by mail at the fee of the day it came (§5(A)(3))."""
    app = _application(form)
    app.fees_on = mail_in.received_on if mail_in is not None else None
    return {**licensing.quote_at_counter(app, today, dog, owner), "term_field": form.term_years}


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
    if dog.altered and dog.altered_proof in licensing.PROOF_OF_ALTERING:
        form.altered.data = "on_file"
    elif dog.altered_proof == "vet_statement":
        form.altered.data = "vet_statement"
    elif dog.licenses:
        form.altered.data = "no"
    form.exemption.data = dog.exemption or ""
    form.microchip.data = dog.microchip or ""
    form.identified_in_enumeration.data = pending_identification(dog) is not None  # §5(K)
    form.residence_began_on.data = dog.residence_began_on
    form.exemption_certificate.data = dog.exemption_certificate
    if dog.purebred or (lic and lic.kind == "purebred"):
        form.license_kind.data = "purebred"
        form.purebred_dogs_on_premises.data = lic.purebred_dogs_on_premises if lic else None


def _mail_in(dog: Dog | None) -> MailApplication | None:
    """§5(A)(3): the application by mail the license is for (?mail=<id>): of this dog, or of a
    dog not yet on file when the form is for a new dog."""
    ma = db.session.get(MailApplication, request.args.get("mail", type=int) or 0)
    if ma is None or (ma.dog_id != (dog.id if dog is not None else None)):
        return None
    return ma


@bp.route("/licenses/new", methods=["GET", "POST"])
@bp.route("/dogs/<int:dog_id>/renew", methods=["GET", "POST"])
@permission_required("issue_license")
@once_per_key("license")
def license_form(dog_id=None):
    """Issue a license: a new dog (and owner) or, with a dog, a renewal (§5(A)-(I)); also for an
    application by mail (?mail=), an adoption (?adoption=) and a dog to be redeemed (?impoundment=).
    The use case is `services.licensing.counter.license_at_counter`; this maps the forms."""
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
    mail_in = _mail_in(dog)
    owner_fields = (OwnerFields(formdata, prefix="owner", data=None if posted else (
                        adopter_owner_data(adoption) if adoption is not None else _mail_owner(mail_in)))
                    if (dog is None and owner is None) or adoption is not None else None)
    dog_fields = (DogFields(formdata, prefix="dog", data=None if posted else (
                      seized_dog_data(adoption.impoundment) if adoption is not None else _mail_dog(mail_in)))
                  if dog is None else None)
    form = LicenseForm()
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
    if posted and request.form.get("recheck"):
        posted = False  # no JavaScript: the new rabies certificate read again, nothing issued
    if posted:
        complete = form.validate_on_submit()
        complete = all([complete] + [f.validate() for f in (owner_fields, dog_fields) if f is not None])
        status = 422
        try:
            done = licensing.license_at_counter(licensing.CounterApplication(
                application=_application(form), dog=dog, owner=owner,
                owner_data=owner_fields.owner_data() if owner_fields is not None and complete else None,
                dog_data=dog_fields.dog_data() if dog_fields is not None and complete else None,
                born_on=dog_fields.born_on.data if dog_fields is not None else None,
                purebred=form.license_kind.data == "purebred" and not form.purebred_dogs_on_premises.errors,
                forms_complete=complete, adoption=adoption, mail_in=mail_in, microchip=form.microchip.data,
                impoundment_id=request.args.get("impoundment", type=int) if dog is None else None,
                **form.payment()), today, _user())
        except ServiceError as exc:
            refusal_on_form(exc, form, owner_fields, dog_fields)
        except licensing.NoLicenseNeeded as exc:
            db.session.rollback()
            notice = str(exc)
            status = 200
        else:
            if done.held is not None:
                flash(licensing.held_message(done.held), "error")
                return redirect(url_for(".mail_in", mail_id=done.held.id))
            flash(licensing.issued_message(done.license), "success")
            if done.note:
                flash(done.note, "info")
            return redirect(url_for(".certificate", license_id=done.license.id))
    if not posted and dog is not None and dog.status == "dead":
        form.form_errors = [f"{dog.name} was recorded as dead (§5(J)(2)). No license can be issued "
                            "for a dog recorded dead."]
    ctx = _quote(form, today, dog, owner, mail_in)
    return render_template("clerk/license_form.html", dog=dog, owner=owner, form=form, mail_in=mail_in,
                           adoption=adoption, quote_fields=QUOTE_FIELDS,
                           license_block=licensing.license_blocker(dog, today),
                           held=held_now(dog), issue_blocked=_issue_blocked(form, today, dog),
                           owner_fields=owner_fields, dog_fields=dog_fields, notice=notice,
                           today=today, exemptions=current_law().license.exemptions, **ctx), status


def _mail_owner(ma: MailApplication | None) -> dict | None:
    """A mail application for a dog not on file: the applicant's name to start the owner's form."""
    if ma is None or not ma.applicant_name:
        return None
    first, _, last = ma.applicant_name.rpartition(" ")
    return {"first_name": first or last, "last_name": last if first else "", "address": ma.applicant_address}


def _mail_dog(ma: MailApplication | None) -> dict | None:
    return {"name": ma.dog_name} if ma is not None and ma.dog_name else None


# What the fee and the term depend on: the license particulars, never the owner's name, address,
# phone or email, nor the dog's looks or the payment (the quote names the dog and owner on file by
# id). Sent by POST, so nothing typed reaches an access log or a proxy's log as a URL.
QUOTE_FIELDS = ("rabies_kind", "rabies_vaccinated_on", "rabies_valid_until", "rabies_statement_on",
                "altered", "exemption", "license_kind", "purebred_dogs_on_premises", "new_purebred_license",
                "term_years", "blank_tag", "new_tag", "at_large", "owner_asks", "identified_in_enumeration",
                "waive_tag_fee_reason", "residence_began_on", "quote_dog", "quote_owner", "quote_mail")


@bp.route("/licenses/quote", methods=["POST"])
@permission_required("issue_license")
def license_quote():
    """htmx: the term choices and itemized fee, refreshed as the clerk types (shared partial),
    from the fee's own fields only (`QUOTE_FIELDS`)."""
    fields = MultiDict([(k, v) for k, v in request.form.items(multi=True) if k in QUOTE_FIELDS])
    form = LicenseForm(formdata=fields, meta={"csrf": False})  # the request's CSRF is checked globally
    dog = db.session.get(Dog, fields.get("quote_dog", type=int) or 0)
    owner = db.session.get(Owner, fields.get("quote_owner", type=int) or 0)
    mail_in = db.session.get(MailApplication, fields.get("quote_mail", type=int) or 0)
    today = local_today()
    return (render_template("clerk/_license_quote.html", form=form, **_quote(form, today, dog, owner, mail_in))
            + render_template("clerk/_issue_button.html", oob=True, issue_blocked=_issue_blocked(form, today, dog)))


@bp.route("/licenses/<int:license_id>/certificate")
@permission_required("read_records")
def certificate(license_id):
    lic = db.get_or_404(License, license_id)
    from ..settings import get_setting
    mail_in = db.session.scalars(db.select(MailApplication).filter_by(license_id=lic.id)).first()
    return render_template("clerk/certificate.html", lic=lic, dog=lic.dog, owners=license_mail.owners_on(lic),
                           mail_in=mail_in, clerk_phone=get_setting("clerk_phone"),
                           emails=license_mail.addresses(lic))


@bp.route("/licenses/<int:license_id>/certificate.pdf")
@permission_required("read_records")
def certificate_pdf(license_id):
    """The certificate and its receipt as a PDF, to keep or mail (a download)."""
    lic = db.get_or_404(License, license_id)
    return file_response(license_mail.certificate_pdf(lic), "application/pdf", filename=f"license-{lic.number}.pdf")


@bp.route("/licenses/<int:license_id>/email", methods=["POST"])
@permission_required("issue_license")
def email_certificate(license_id):
    """Email the certificate and the receipt (PDF attached) to the owner's address on file."""
    lic = db.get_or_404(License, license_id)
    try:
        sent = license_mail.email_certificate(lic, _user())
    except ServiceError as exc:
        flash(" ".join(exc.errors.values()), "error")
    else:
        flash(f"The certificate and receipt were emailed to {', '.join(sent)}.", "success")
    return redirect(url_for(".certificate", license_id=lic.id), 303)
