"""Applications by mail (§5(A)(3)) at the clerk's desk: record one with the payment enclosed,
hold it with a letter saying what is missing, issue the license with the counter's own form
(`/clerk/dogs/<id>/renew?mail=<id>`) and record when the license and tag were mailed."""
from flask import flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import DateField, RadioField, SelectMultipleField, StringField
from wtforms.validators import Length, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from ..auth import permission_required
from ..extensions import db
from ..law.laws.cites import CitesTownLaw
from ..law.words import say_date
from ..models import MAIL_MISSING, Dog, MailApplication
from ..once import once_per_key
from ..services.errors import ServiceError
from ..services.mail_in import documents_received, print_hold_letter, record_mail_in, record_mailed
from ..timeutil import local_today
from ..web import file_response, form_page, refusal_on_form
from .payment_fields import COUNTER_METHODS
from .views import _user, bp


class MultiCheckbox(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


def _strip(v):
    return v.strip() if isinstance(v, str) else v


class MailInForm(CitesTownLaw, FlaskForm):
    """§5(A)(3): the application that came by mail and the payment enclosed with it."""
    received_on = DateField("Date received in the mail", [Optional()], render_kw={"type": "date"})
    method = RadioField("Payment enclosed", choices=[COUNTER_METHODS[1], COUNTER_METHODS[2], COUNTER_METHODS[0]],
                        default="check", validate_choice=False)
    reference = StringField("Check or money order number", [Optional(), Length(max=40)], filters=[_strip],
                            render_kw={"autocomplete": "off"})
    amount = StringField("Amount enclosed ($)", [Length(max=12)], filters=[_strip],
                         render_kw={"inputmode": "decimal"})
    missing = MultiCheckbox("Missing from the envelope", choices=list(MAIL_MISSING.items()), validate_choice=False)
    notes = StringField("Notes (optional)", [Optional(), Length(max=300)], filters=[_strip])
    # A dog not on file yet: who applied, where to write back, and the dog as written.
    applicant_name = StringField("Applicant's name", [Optional(), Length(max=120)], filters=[_strip])
    applicant_address = StringField("Applicant's address", [Optional(), Length(max=300)], filters=[_strip])
    dog_name = StringField("Dog's name", [Optional(), Length(max=80)], filters=[_strip])


class DocumentsForm(CitesTownLaw, FlaskForm):
    missing = MultiCheckbox("Still missing (untick what came)", choices=list(MAIL_MISSING.items()),
                            validate_choice=False)
    amount_added = StringField("Amount that came with them ($, optional)", [Optional(), Length(max=12)],
                               filters=[_strip], render_kw={"inputmode": "decimal"})


class MailedForm(FlaskForm):
    mailed_on = DateField("Date the license and tag were mailed", [Optional()], render_kw={"type": "date"})


@bp.route("/mail/")
@permission_required("issue_license")
def mail_in_list():
    """Applications by mail: on hold, ready to issue, issued but not yet mailed back, and the last mailed."""
    open_ = db.session.scalars(db.select(MailApplication).where(MailApplication.mailed_on.is_(None))
                               .order_by(MailApplication.received_on, MailApplication.id)).all()
    done = db.session.scalars(db.select(MailApplication).where(MailApplication.mailed_on.is_not(None))
                              .order_by(MailApplication.mailed_on.desc()).limit(20)).all()
    return render_template("clerk/mail_in/list.html", open_=open_, done=done)


@bp.route("/dogs/<int:dog_id>/mail-in/new", methods=["GET", "POST"])
@permission_required("issue_license")
@once_per_key("mail_in")
def new_mail_in(dog_id):
    """Record a renewal (or license) application received by mail, §5(A)(3)."""
    return _record(db.get_or_404(Dog, dog_id))


@bp.route("/mail/new", methods=["GET", "POST"])
@permission_required("issue_license")
@once_per_key("mail_in")
def new_mail_in_new_dog():
    """Record an application by mail for a dog not yet on file (§5(A)(3))."""
    return _record(None)


def _record(dog):
    today = local_today()
    form = MailInForm()
    if request.method == "GET":
        form.received_on.data = today
    status = 200
    if request.method == "POST":
        status = 422
        if form.validate_on_submit():
            try:
                ma = record_mail_in(dog, received_on=form.received_on.data, method=form.method.data or "",
                                    reference=form.reference.data or "", amount=form.amount.data,
                                    missing=form.missing.data or [], notes=form.notes.data or "",
                                    applicant_name=form.applicant_name.data or "",
                                    applicant_address=form.applicant_address.data or "",
                                    dog_name=form.dog_name.data or "", today=today, user=_user())
            except ServiceError as exc:
                refusal_on_form(exc, form)
            else:
                flash("Application by mail recorded: " + ("on hold, documents missing." if ma.missing
                                                          else "complete, ready to issue."), "success")
                return redirect(url_for(".mail_in", mail_id=ma.id))
    return render_template("clerk/mail_in/new.html", dog=dog, form=form), status


def _page(ma, docs=None, mailed=None, status=200):
    docs = docs or DocumentsForm(formdata=None, data={"missing": ma.missing})
    mailed = mailed or MailedForm(formdata=None, data={"mailed_on": local_today()})
    return render_template("clerk/mail_in/show.html", ma=ma, dog=ma.dog, docs=docs, mailed=mailed), status


@bp.route("/mail/<int:mail_id>")
@permission_required("issue_license")
def mail_in(mail_id):
    return _page(db.get_or_404(MailApplication, mail_id))


@bp.post("/mail/<int:mail_id>/documents")
@permission_required("issue_license")
def mail_in_documents(mail_id):
    ma = db.get_or_404(MailApplication, mail_id)
    form = DocumentsForm()

    def received():
        documents_received(ma, form.missing.data or [], _user(), amount_added=form.amount_added.data)
        flash("Still missing: " + "; ".join(ma.missing_labels) if ma.missing
              else "Everything has come: issue the license.", "success")
        return redirect(url_for(".mail_in", mail_id=ma.id))
    return form_page(form, received, lambda: _page(ma, docs=form)[0])


@bp.post("/mail/<int:mail_id>/mailed")
@permission_required("issue_license")
def mail_in_mailed(mail_id):
    ma = db.get_or_404(MailApplication, mail_id)
    form = MailedForm()

    def mailed():
        record_mailed(ma, form.mailed_on.data, local_today(), _user())
        flash(f"License and tag mailed to the owner on {say_date(ma.mailed_on)}.", "success")
        return redirect(url_for(".mail_in", mail_id=ma.id))
    return form_page(form, mailed, lambda: _page(ma, mailed=form)[0])


@bp.route("/mail/<int:mail_id>/letter.pdf")
@permission_required("issue_license")
def mail_in_letter(mail_id):
    """The letter to the owner saying what is missing (printable PDF)."""
    ma = db.get_or_404(MailApplication, mail_id)
    return file_response(print_hold_letter(ma, local_today()), "application/pdf", filename=f"missing-{ma.id}.pdf")
