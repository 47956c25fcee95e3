"""The Town Justice (§9, §10(B), §11): the docket, a case's summons, hearings, orders and
dispositions. The Justice ("judge") writes; staff with "read_records" read. Each POST calls one
service of services/court/; a refusal shows on its form (422), the request commits on success.
"""
from flask import abort, redirect, render_template, url_for
from flask_login import current_user

from ..auth import permission_required
from ..extensions import db
from ..law.orders import NOTICE_METHODS, ORDER_KINDS, VICIOUS_GROUNDS, VICTIMS, exceptions_for
from ..models.court import OUTCOMES, PLEAS, CourtOrder, Disposition, Summons
from ..once import once_per_key
from ..services import court
from ..services.court_notice import record_finding_notice
from ..services.enforcement import court_settings
from ..services.errors import ServiceError
from ..settings import get_setting
from ..timeutil import local_today
from ..web import refusal_on_form
from . import bp
from .forms import (
    ChangeOrderForm,
    FindingNoticeForm,
    FineForm,
    HearingForm,
    OrderForm,
    SummonsForm,
    disposition_form_for,
)


@bp.app_context_processor
def _court_helpers():
    return {"ORDER_KINDS": ORDER_KINDS, "VICTIMS": VICTIMS, "VICIOUS_GROUNDS": VICIOUS_GROUNDS,
            "PLEAS": PLEAS, "OUTCOMES": OUTCOMES, "dog_court_record": court.dog_court_record}


@bp.get("/docket")
@permission_required("read_records")
def docket():
    today = local_today()
    return render_template("court/docket.html", docket=court.docket(today), today=today)


def _case_or_404(kind, ident):
    case = court.case_for(kind, ident)
    if case is None:
        abort(404)
    return case


def _case_url(case):
    if case.kind == "ticket":
        return url_for("court.ticket_case", number=case.record.number)
    return url_for("court.complaint_case", complaint_id=case.record.id)


def _case_page(case, status=200, **forms):
    today = local_today()
    sitting = court_settings()
    dog = case.dog
    summons = forms.get("summons") or SummonsForm(formdata=None, name=case.owner_name, address=case.owner_address,
                                                   appear_on=sitting.first_session(today),
                                                   appear_time=sitting.time)
    hearing = forms.get("hearing") or HearingForm(formdata=None, held_on=today)
    order = forms.get("order") or OrderForm(formdata=None, ordered_on=today)
    disposition = forms.get("disposition") or disposition_form_for(
        case.open_offences, get_setting("court_records_defaults"), formdata=None, decided_on=today)
    return render_template(
        "court/case.html", case=case, today=today, summons_form=summons, hearing_form=hearing,
        order_form=order, disposition_form=disposition, fine_form=forms.get("fine") or FineForm(
            formdata=None, received_on=today), fine_for=forms.get("fine_for"),
        change_form=forms.get("change") or ChangeOrderForm(formdata=None, ordered_on=today),
        change_for=forms.get("change_for"), exceptions_for=exceptions_for,
        notice_form=forms.get("notice") or FindingNoticeForm(formdata=None, notified_on=today),
        notice_for=forms.get("notice_for"), NOTICE_METHODS=NOTICE_METHODS, offence_field=court.offence_field,
        orders_in_force=court.orders_in_force_for(dog), fine_outstanding=court.fine_outstanding,
        judge=current_user.may("judge")), status


def _submit(case, name, form, act, then, **page):
    """One of the case page's forms posted: validate `form` (its messages show), then `act()`, one
    service call. A refusal shows on the case page with `form` in the place of its `name` (422);
    on success, see other (303): `then` is the case page's anchor ("#orders"), or a function of what
    `act` returned giving the URL."""
    form.validate()
    try:
        result = act()
    except ServiceError as e:
        refusal_on_form(e, form)
        return _case_page(case, 422, **{name: form}, **page)
    return redirect(then(result) if callable(then) else _case_url(case) + then, 303)


@bp.get("/complaints/<int:complaint_id>")
@permission_required("read_records")
def complaint_case(complaint_id):
    return _case_page(_case_or_404("complaint", complaint_id))


@bp.get("/tickets/<number>")
@permission_required("read_records")
def ticket_case(number):
    return _case_page(_case_or_404("ticket", number))


@bp.post("/complaints/<int:complaint_id>/summons")
@permission_required("judge")
def summon(complaint_id):
    case = _case_or_404("complaint", complaint_id)
    form = SummonsForm()
    return _submit(case, "summons", form, lambda: court.summon(
        case.record, name=form.name.data or "", address=form.address.data or "", appear_on=form.appear_on.data,
        appear_time=form.appear_time.data or "", user=current_user, today=local_today()),
        lambda s: url_for("court.summons", summons_id=s.id))


@bp.get("/summonses/<int:summons_id>")
@permission_required("read_records")
def summons(summons_id):
    s = db.get_or_404(Summons, summons_id)
    return render_template("court/summons.html", s=s, case=court.Case(s.complaint))


@bp.post("/<any(complaints, tickets):kind>/<ident>/hearings")
@permission_required("judge")
def hearing(kind, ident):
    case = _case_or_404(kind[:-1], ident)
    form = HearingForm()
    return _submit(case, "hearing", form, lambda: court.record_hearing(
        case, held_on=form.held_on.data, complainant_appeared=form.complainant_appeared.data,
        owner_appeared=form.owner_appeared.data, appearances=form.appearances.data or "",
        complainant_counsel=form.complainant_counsel.data or "", owner_counsel=form.owner_counsel.data or "",
        evidence=form.evidence.data or "", adjourned_to=form.adjourned_to.data, user=current_user,
        came_of_own_accord=form.came_of_own_accord.data), "#hearings")


@bp.post("/complaints/<int:complaint_id>/orders")
@permission_required("judge")
def order(complaint_id):
    case = _case_or_404("complaint", complaint_id)
    form = OrderForm()
    return _submit(case, "order", form, lambda: court.make_order(
        case.record, kind=form.kind.data or "", ordered_on=form.ordered_on.data, words=form.words.data or "",
        victim=form.victim.data or None, ruled_out=form.ruled_out.data or [], grounds=form.grounds.data or [],
        user=current_user), "#orders")


@bp.post("/orders/<int:order_id>/change")
@permission_required("judge")
def change_order(order_id):
    old = db.get_or_404(CourtOrder, order_id)
    if old.complaint is None:
        abort(404)
    case = court.Case(old.complaint)
    form = ChangeOrderForm()
    kind = old.kind if form.kind.data == "same" else form.kind.data
    return _submit(case, "change", form, lambda: court.change_order(
        old, kind=kind or "", ordered_on=form.ordered_on.data, words=form.words.data or "", user=current_user),
        "#orders", change_for=old.id)


@bp.post("/orders/<int:order_id>/notice")
@permission_required("judge")
def finding_notice(order_id):
    """§4(O)(iii): the owner given notice of a dangerous finding (date, how)."""
    o = db.get_or_404(CourtOrder, order_id)
    if o.complaint is None:
        abort(404)
    form = FindingNoticeForm()
    return _submit(court.Case(o.complaint), "notice", form, lambda: record_finding_notice(
        o, notified_on=form.notified_on.data, how=form.how.data or "", user=current_user),
        "#orders", notice_for=o.id)


@bp.post("/<any(complaints, tickets):kind>/<ident>/dispositions")
@permission_required("judge")
def disposition(kind, ident):
    case = _case_or_404(kind[:-1], ident)
    form = disposition_form_for(case.open_offences, get_setting("court_records_defaults"))

    def verdict(code):
        value = lambda name: form[court.offence_field(name, code)].data  # noqa: E731
        return court.Verdict(plea=value("plea") or "", outcome=value("outcome") or "", fine=value("fine"),
                             days=value("imprisonment_days"), until=value("until"))
    return _submit(case, "disposition", form, lambda: court.record_court_disposition(
        case, decided_on=form.decided_on.data, appeared=form.appeared.data,
        verdicts={code: verdict(code) for code in case.open_offences}, adjourned_to=form.adjourned_to.data,
        notes=form.notes.data or "", user=current_user), "#dispositions")


@bp.post("/dispositions/<int:disposition_id>/fines")
@permission_required("judge")
@once_per_key("fine")
def fine(disposition_id):
    d = db.get_or_404(Disposition, disposition_id)
    case = court.Case(d.ticket or d.complaint)
    form = FineForm()
    return _submit(case, "fine", form, lambda: court.receive_fine(
        d, amount=form.amount.data, received_on=form.received_on.data, user=current_user,
        **form.payment()),
        "#dispositions", fine_for=d.id)
