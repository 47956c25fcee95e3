"""After the seizure, on the impoundment page: the §8(E) disposition forms (adopted,
euthanized, transferred, died in care, each with its details) and the §8(B) daily care log.

Real forms that work without JavaScript: a refusal shows the impoundment page again (422) with
what was typed and a message next to each field; a recorded one goes back to the case (303).
The services are fieldapp/services/kennel_care.py; the request commits (fieldapp/web.py).
Powers: "dispose_of_impounded_dog" (§8(E)) and "keep_care_log" (§8(B)), fieldapp/law/authority.py.
"""
from datetime import date

from flask import abort, redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import permission_required
from ..extensions import db
from ..models.enforcement import Impoundment
from ..models.licensing import PAYMENT_METHODS
from ..services import kennel_care as care
from ..services.enforcement.payload import PayloadReader
from ..services.errors import ServiceError
from ..timeutil import local_today, to_local, utcnow
from .entry_pages import photo_list

DISPOSITION_LABELS = {
    "adopted": "Adopted out (§8(E))",
    "euthanized": "Euthanized (§8(E))",
    "transferred": "Transferred to a shelter or rescue",
    "died": "Died in care",
}


def add_disposition_pages(bp):
    """The routes of this module on the field blueprint (as entry_pages.add_entry_pages)."""
    bp.add_url_rule("/impoundments/<int:impoundment_id>/disposition", "record_disposition",
                    record_disposition, methods=["POST"])
    bp.add_url_rule("/impoundments/<int:impoundment_id>/care", "care_check", care_check,
                    methods=["GET", "POST"])
    bp.add_app_template_global(disposition_context, "disposition_context")
    bp.add_app_template_global(care_photos, "care_photos")


def disposition_context(imp) -> dict:
    """What the disposition partial needs besides the impoundment (whichever view renders it)."""
    return {"labels": DISPOSITION_LABELS, "fee": care.adoption_fee(), "methods": PAYMENT_METHODS,
            "today": local_today()}


def care_photos(imp) -> dict:
    """The photos of each care check of `imp`: {check id: [Photo]}."""
    return {c.id: photo_list(c.photo_entry_id) for c in imp.care_checks}  # without the bytes


def _read(form) -> care.DispositionInput:
    raw = (form.get("on") or "").strip()
    try:
        on = date.fromisoformat(raw) if raw else local_today()
    except ValueError:
        raise ServiceError({"on": "The date is not a date like 2026-12-04."}) from None
    adopter = care.Adopter(
        first_name=form.get("adopter_first_name", "").strip(), last_name=form.get("adopter_last_name", "").strip(),
        address=form.get("adopter_address", "").strip(), phone=form.get("adopter_phone", "").strip(),
        town=form.get("adopter_town", "Sandy Creek").strip(), state=form.get("adopter_state", "NY").strip(),
        zip_code=form.get("adopter_zip", "13145").strip())
    return care.DispositionInput(
        outcome=form.get("outcome", ""), on=on, adopter=adopter, method=form.get("method", "cash"),
        reference=form.get("reference", ""), place=form.get("place", ""),
        performed_by=form.get("performed_by", ""), authority=form.get("authority", ""),
        transferred_to=form.get("transferred_to", ""), cause=form.get("cause", ""))


@permission_required("dispose_of_impounded_dog")
def record_disposition(impoundment_id):
    """§8(E): the case closes as adopted, euthanized, transferred or died in care, with details."""
    from .views import impoundment_detail
    imp = db.get_or_404(Impoundment, impoundment_id)
    outcome = request.form.get("outcome", "")
    if outcome not in DISPOSITION_LABELS:
        abort(400)
    try:
        care.record_disposition(imp, _read(request.form), current_user)
    except ServiceError as exc:
        db.session.rollback()
        return impoundment_detail(impoundment_id, status=422, disposition_errors=exc.errors,
                                  disposition_open=outcome, disposition_values=request.form)
    return redirect(url_for("field.impoundment_detail", impoundment_id=imp.id) + "#disposition", 303)


@permission_required("keep_care_log")
def care_check(impoundment_id):
    """§8(B): today's care check of a dog held (fed, watered, cleaned, a health note, a photo)."""
    imp = db.get_or_404(Impoundment, impoundment_id)
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
