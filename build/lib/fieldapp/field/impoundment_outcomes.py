"""After the seizure, on the impoundment page: the §8(E) outcome forms (adopted,
euthanized, transferred, died in care, each with its details) and the §8(B) daily care log.

Real forms that work without JavaScript: a refusal shows the impoundment page again (422) with
what was typed and a message next to each field; a recorded one goes back to the case (303).
The services are fieldapp/services/impoundment/ (outcome, care, board); the request commits (fieldapp/web.py).
Powers: "dispose_of_impounded_dog" (§8(E)) and "keep_care_log" (§8(B)), fieldapp/law/authority.py.
"""
from datetime import date

from flask import abort, redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import permission_required
from ..extensions import db
from ..models import LateEntry
from ..models.enforcement import Impoundment
from ..models.licensing import PAYMENT_METHODS
from ..once import once_per_key
from ..services.enforcement.payload import PayloadReader
from ..services.errors import ServiceError
from ..services.impoundment import board, care, outcome
from ..timeutil import local_today, to_local, utcnow
from ..town import current_town, record_or_404
from .entry_pages import photo_list

OUTCOME_LABELS = {
    "adopted": "Adopted out (§8(E))",
    "euthanized": "Euthanized (§8(E))",
    "transferred": "Transferred to a shelter or rescue",
    "died": "Died in care",
}


def add_impoundment_outcome_pages(bp):
    """The routes of this module on the field blueprint (as entry_pages.add_entry_pages)."""
    bp.add_url_rule("/impoundments/<int:impoundment_id>/disposition", "record_impoundment_outcome",
                    record_impoundment_outcome, methods=["POST"])
    bp.add_url_rule("/impoundments/<int:impoundment_id>/care", "care_check", care_check,
                    methods=["GET", "POST"])
    bp.add_url_rule("/impoundments/<int:impoundment_id>/move", "move_held_dog", move_held_dog,
                    methods=["POST"])
    bp.add_url_rule("/late-entries", "late_entries", late_entries, methods=["GET"])
    bp.add_url_rule("/late-entries/<int:late_id>/confirm", "confirm_late_entry", confirm_late_entry,
                    methods=["POST"])
    bp.add_app_template_global(outcome_context, "outcome_context")
    bp.add_app_template_global(care_photos, "care_photos")


def outcome_context(imp) -> dict:
    """What the outcome partial (`_impound_disposition.html`) needs besides the impoundment
    (whichever view renders it)."""
    return {"labels": OUTCOME_LABELS, "fee": outcome.adoption_fee(), "methods": PAYMENT_METHODS,
            "today": local_today()}


def care_photos(imp) -> dict:
    """The photos of each care check of `imp`: {check id: [Photo]}."""
    return {c.id: photo_list(c.photo_entry_id) for c in imp.care_checks}  # without the bytes


def _read(form) -> outcome.OutcomeInput:
    raw = (form.get("on") or "").strip()
    try:
        on = date.fromisoformat(raw) if raw else local_today()
    except ValueError:
        raise ServiceError({"on": "The date is not a date like 2026-12-04."}) from None
    town = current_town()  # a field not sent at all: the town's own, as the form shows it
    adopter = outcome.Adopter(
        first_name=form.get("adopter_first_name", "").strip(), last_name=form.get("adopter_last_name", "").strip(),
        address=form.get("adopter_address", "").strip(), phone=form.get("adopter_phone", "").strip(),
        town=form.get("adopter_town", town.name).strip(), state=form.get("adopter_state", town.state).strip(),
        zip_code=form.get("adopter_zip", town.zip_code).strip())
    return outcome.OutcomeInput(
        outcome=form.get("outcome", ""), on=on, adopter=adopter, method=form.get("method", "cash"),
        reference=form.get("reference", ""), place=form.get("place", ""),
        performed_by=form.get("performed_by", ""), authority=form.get("authority", ""),
        transferred_to=form.get("transferred_to", ""), cause=form.get("cause", ""))


@permission_required("dispose_of_impounded_dog")
@once_per_key("disposition")  # an adoption takes the adoption fee: a double tap pays once
def record_impoundment_outcome(impoundment_id):
    """§8(E): the case closes as adopted, euthanized, transferred or died in care, with details."""
    from .views import impoundment_detail
    imp = record_or_404(Impoundment, impoundment_id)
    chosen = request.form.get("outcome", "")
    if chosen not in OUTCOME_LABELS:
        abort(400)
    try:
        outcome.record_impoundment_outcome(imp, _read(request.form), current_user)
    except ServiceError as exc:
        db.session.rollback()
        return impoundment_detail(impoundment_id, status=422, disposition_errors=exc.errors,
                                  disposition_open=chosen, disposition_values=request.form)
    return redirect(url_for("field.impoundment_detail", impoundment_id=imp.id) + "#disposition", 303)


@permission_required("keep_care_log")
def care_check(impoundment_id):
    """§8(B): today's care check of a dog held (fed, watered, cleaned, a health note, a photo)."""
    imp = record_or_404(Impoundment, impoundment_id)
    errors, values, status = {}, {}, 200
    if request.method == "POST":
        values = request.form
        r = PayloadReader(dict(request.form))
        checked_at = r.instant("checked_at", "time of the check")
        check = care.CareInput(checked_at=checked_at, fed=r.flag("fed"), watered=r.flag("watered"),
                               cleaned=r.flag("cleaned"), health_note=r.text("health_note", 500))
        upload = request.files.get("photo")
        photo = (upload.read(), upload.mimetype or "") if upload and upload.filename else None
        try:
            r.done()
            care.record_care_check(imp, check, current_user, photo)
        except ServiceError as exc:
            db.session.rollback()
            errors, status = exc.errors, 422
        else:
            return redirect(url_for("field.impoundment_detail", impoundment_id=imp.id) + "#care", 303)
    now = to_local(utcnow()).strftime("%Y-%m-%dT%H:%M")
    return render_template("field/care_check.html", imp=imp, errors=errors, values=values, now=now), status


@permission_required("dispose_of_impounded_dog")
def move_held_dog(impoundment_id):
    """§8(B), §8(E): a held dog boarded elsewhere during the hold; the case stays open."""
    from .views import impoundment_detail
    imp = record_or_404(Impoundment, impoundment_id)
    raw = (request.form.get("moved_on") or "").strip()
    try:
        on = date.fromisoformat(raw) if raw else local_today()
    except ValueError:
        return impoundment_detail(impoundment_id, status=422, move_errors={
            "moved_on": "The date is not a date like 2026-12-04."}, move_values=request.form)
    try:
        board.move_held_dog(imp, request.form.get("to_where", ""), current_user, on,
                            request.form.get("move_note", ""))
    except ServiceError as exc:
        db.session.rollback()
        return impoundment_detail(impoundment_id, status=422, move_errors=exc.errors, move_values=request.form)
    return redirect(url_for("field.impoundment_detail", impoundment_id=imp.id) + "#moves", 303)


# --- the stale-date gate: entries dated days back, confirmed by the office -------------------------

def _record_of(late: LateEntry):
    """The record the late entry made, and its page (None when the entry made none)."""
    from ..models.enforcement import AppearanceTicket, SwornComplaint, Violation
    model = {"seizure": Impoundment, "violation": Violation, "ticket": AppearanceTicket,
             "complaint": SwornComplaint}.get(late.kind)
    if model is None:
        return None, None
    rec = db.session.execute(db.select(model).filter_by(entry_id=late.entry_id)).scalar_one_or_none()
    if rec is None:
        return None, None
    url = {"seizure": lambda r: url_for("field.impoundment_detail", impoundment_id=r.id),
           "violation": lambda r: url_for("field.violation_detail", violation_id=r.id),
           "ticket": lambda r: url_for("field.ticket_detail", number=r.number),
           "complaint": lambda r: url_for("field.complaint_detail", complaint_id=r.id)}[late.kind](rec)
    return rec, url


@permission_required("confirm_late_entries")
def late_entries(errors=None, status=200):
    """Entries whose event was typed more than `late_entry_days` back, awaiting confirmation first."""
    rows = list(db.session.scalars(db.select(LateEntry).order_by(
        LateEntry.confirmed_at.is_not(None), LateEntry.received_at.desc()).limit(200)))
    items = [(late, *_record_of(late)) for late in rows]
    from ..services.enforcement.payload import late_entry_days
    return render_template("field/late_entries.html", items=items, errors=errors or {},
                           days=late_entry_days()), status


@permission_required("confirm_late_entries")
def confirm_late_entry(late_id):
    """The office confirms the typed date: it counts from now on (a seizure's holding period is
    counted again from it, never giving a deadline already past when the entry arrived)."""
    from ..services.enforcement.late import confirm_late_entry
    late = record_or_404(LateEntry, late_id)
    if late.confirmed_at is not None:
        return redirect(url_for("field.late_entries"), 303)
    note = (request.form.get("confirm_note") or "").strip()
    if not note:
        return late_entries({late.id: "Say how the date was checked (e.g. the paper notes, the officer)."}, 422)
    confirm_late_entry(late, note, current_user, record=_record_of(late)[0])
    return redirect(url_for("field.late_entries"), 303)
