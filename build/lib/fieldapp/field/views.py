"""The officer at the roadside (§5, §6, §8, §9, §10): scan, status card, violations,
seizures, appearance tickets, sworn complaints.

Every entry goes through `submit_entry` with the page's client UUID (hidden `entry_id`),
exactly as the offline outbox sends it; without JavaScript the form posts here and the
result page is rendered (201, or 200 for a replay), or the form again with its messages (422).
The five entry pages (violation, seizure, ticket, complaint, rabies request) are one view,
`entry_pages.new_entry`, driven by its `ENTRY_PAGES` table; each keeps its own URL and endpoint
(`field.new_violation`, ...) and needs its kind's power (services/registry.py). Reading pages
need "read_records" (fieldapp/law/authority.py).
"""
from datetime import date

from flask import abort, redirect, render_template, request, url_for
from flask_login import current_user
from sqlalchemy.orm import selectinload

from ..auth import permission_required
from ..extensions import db
from ..law import IMPOUNDMENT_OUTCOMES, license_status, rabies_status
from ..law.court import ATTEMPT_METHODS, SERVICE_METHODS
from ..law.laws import ALL_OFFENCES, offence_cited
from ..law.laws.cites import cite_in_town_law
from ..models import Dog, FieldEntry, RabiesCertificate
from ..models.enforcement import AppearanceTicket, Impoundment, Photo, SwornComplaint, Violation
from ..services import enforcement
from ..services.enforcement.payload import MAX_ID
from ..services.enforcement.ticket_copy import penalty_on_ticket
from ..services.errors import ServiceError
from ..services.notify import mail_configured
from ..services.search import search_dogs
from ..services.tags import find_tag
from ..services.ticket_numbers import ticket_by_number
from ..settings import get_setting
from ..timeutil import local_today, to_local
from ..town import act_for_its_town, current_law, record_or_404
from ..web import file_response
from . import bp
from .card import status_card
from .entry_pages import add_entry_pages, dog_arg, form_page, photo_list, violation_ctx
from .forms import ViolationForm
from .impoundment_outcomes import OUTCOME_LABELS, add_impoundment_outcome_pages
from .kennel import add_kennel_pages
from .serving import add_serving_pages

add_entry_pages(bp)
add_serving_pages(bp)
add_kennel_pages(bp)  # the kennel board, owner notices, §8(C) redemption and fees: field/kennel.py
add_impoundment_outcome_pages(bp)  # §8(E) outcomes and the §8(B) care log (field/impoundment_outcomes.py)

LIST_LIMIT = 100


@bp.app_context_processor
def _field_helpers():
    # VIOLATIONS: the offences of the town's law (the checkboxes); a record's codes are shown by
    # ALL_OFFENCES, the law it was judged by.
    return {"VIOLATIONS": current_law().offences, "ALL_OFFENCES": ALL_OFFENCES, "offence_cited": offence_cited,
            "penalty_on_ticket": penalty_on_ticket,
            "violation_title": enforcement.violation_title, "to_local": to_local,
            "SERVED_CAPACITIES": enforcement.SERVED_CAPACITIES, "SERVICE_METHODS": SERVICE_METHODS,
            "ATTEMPT_METHODS": ATTEMPT_METHODS, "IMPOUNDMENT_OUTCOMES": IMPOUNDMENT_OUTCOMES,
            "mail_configured": mail_configured}


# --- scan, lookup, card --------------------------------------------------------------------

@bp.get("/scan")
@permission_required("read_records")
def scan():
    return render_template("field/scan.html", copy_max_age_hours=get_setting("copy_max_age_hours"))


@bp.get("/lookup")
@permission_required("read_records")
def lookup():
    """A typed ID number, tag number or token (or a scanned URL) goes to the card; other words search."""
    q = (request.args.get("q") or "").strip()
    if not q:
        return redirect(url_for("field.scan"))
    token = q.rstrip("/").rsplit("/t/", 1)[1] if "/t/" in q else None
    if token:
        return redirect(url_for("tags.tag_page", token=token))
    text = q.lstrip("#").replace(" ", "")
    if text.isdigit() and int(text) <= MAX_ID:  # an ID number (a longer one is no INTEGER: PostgreSQL refuses it)
        # One dog of that number: its card. Each town numbers its own dogs, so an officer of
        # several towns may have two of one number: the search below lists both.
        dogs = db.session.execute(db.select(Dog.id).filter_by(id_number=int(text)).limit(2)).scalars().all()
        if len(dogs) == 1:
            return redirect(url_for("field.dog_card", dog_id=dogs[0]))
    if text.isdigit() and 9 <= len(text) <= 15:  # a microchip number, as a shelter's reader shows it
        chipped = db.session.execute(db.select(Dog.id).filter_by(microchip=text)).scalar_one_or_none()
        if chipped is not None:
            return redirect(url_for("field.dog_card", dog_id=chipped))
    tag = find_tag(text)
    if tag is not None and tag.dog_id is not None:
        return redirect(url_for("field.dog_card", dog_id=tag.dog_id))
    dogs = search_dogs(q)
    return render_template("field/lookup.html", q=q, dogs=dogs, tag=tag, statuses=_roadside_statuses(dogs))


def _roadside_statuses(dogs) -> dict:
    """{dog id: (license status, rabies status)} for a results list, as the card says them
    (services/status.py): the search loads the licenses; the latest certificates are one query."""
    today = local_today()
    latest = {}
    if dogs:
        certs = db.session.execute(
            db.select(RabiesCertificate.dog_id, RabiesCertificate.valid_until, RabiesCertificate.exempt_statement)
            .where(RabiesCertificate.dog_id.in_([d.id for d in dogs])).order_by(RabiesCertificate.id.desc()))
        for row in certs:
            latest.setdefault(row.dog_id, row)
    out = {}
    for d in dogs:
        lic, rab = d.current_license, latest.get(d.id)
        out[d.id] = ("dog_died" if d.status == "dead" else license_status(lic.expires_on if lic else None, today),
                     rabies_status(rab.valid_until if rab else None, bool(rab and rab.exempt_statement), today))
    return out




@bp.get("/dogs/<int:dog_id>")
@permission_required("read_records")
def dog_card(dog_id):
    response = status_card(dog_id)
    if response is None:
        abort(404)
    return response


@bp.get("/dogs/<int:dog_id>/photo")
@permission_required("read_records")
def dog_photo(dog_id):
    photo = db.session.execute(db.select(Dog.photo).where(Dog.id == dog_id)).scalar_one_or_none()
    if photo is None:
        abort(404)
    return _image(photo)


@bp.get("/dogs/<int:dog_id>/enforcement")
@permission_required("read_records")
def dog_enforcement(dog_id):
    return render_template("field/_dog_enforcement.html", dog=record_or_404(Dog, dog_id))


@bp.get("/photos/<int:photo_id>")
@permission_required("read_records")
def photo(photo_id):
    return _image(db.get_or_404(Photo, photo_id).data)


def _image(data):
    return file_response(data, "image/jpeg", max_age=3600)

# Violations: corrections, records, lists -----------------------------------------------------

@bp.get("/violations/<int:violation_id>/correct")
@permission_required("enforce")
def correct_violation(violation_id):
    """A correction is a new version linked to the old one; the old one stays as it was."""
    old = record_or_404(Violation, violation_id)
    if old.superseded_by is not None:
        return redirect(url_for("field.correct_violation", violation_id=_latest(old).id))
    local = to_local(old.occurred_at)
    form = ViolationForm(formdata=None).prefill(
        dog_id=old.dog_id, supersedes_entry_id=old.entry_id, dog_description=old.dog_description,
        owner_description=old.owner_description, occurred_at=local.strftime("%Y-%m-%dT%H:%M"),
        latitude=old.latitude, longitude=old.longitude, accuracy=old.accuracy_m,
        location_text=old.location_text, narrative=old.narrative, witness=old.witness)
    form.codes.data = list(old.codes)
    form.ruled_out.data = list(old.ruled_out)
    return form_page("field/violation_form.html", form, dog=old.dog, correcting=old, **violation_ctx())


def _latest(v):
    while v.superseded_by is not None:
        v = v.superseded_by
    return v


@bp.get("/violations/<int:violation_id>")
@permission_required("read_records")
def violation_detail(violation_id):
    v = record_or_404(Violation, violation_id)
    versions = []
    older = v.supersedes
    while older is not None:
        versions.append(older)
        older = older.supersedes
    return render_template("field/violation.html", v=v, latest=_latest(v), older_versions=versions,
                           entry=db.session.get(FieldEntry, v.entry_id), photos=photo_list(v.entry_id))


@bp.get("/violations")
@permission_required("read_records")
def violations():
    """The violations, newest first; filtered by date, officer and dog from the URL (list_filters)."""
    from .list_filters import officers, read_filters
    filters = read_filters()
    stmt = enforcement.latest_violations_query().options(selectinload(Violation.dog), selectinload(Violation.officer))
    stmt = stmt.where(*filters.conditions(Violation, Violation.occurred_at, instant=True))
    rows = db.session.execute(stmt.order_by(Violation.occurred_at.desc()).limit(LIST_LIMIT)).scalars().all()
    return render_template("field/violations.html", violations=rows, filters=filters, filter_officers=officers())


# What now (after an entry) -------------------------------------------------------------------

@bp.get("/next")
@permission_required("enforce")
def what_next():
    entry_id = request.args.get("entry") or ""
    entry = db.session.get(FieldEntry, entry_id) if entry_id else None
    violation = None
    if entry is not None and entry.kind == "violation":
        violation = enforcement.resolve_violation(entry_id)
    dog = violation.dog if violation and violation.dog else dog_arg()
    # §8: a dog held now is not offered "Seize dog" again.
    return render_template("field/next.html", entry_id=entry_id, kind=request.args.get("kind") or "violation",
                           dog=dog, entry=entry, violation=violation, photo_errors=[],
                           held=enforcement.held_now(dog) is not None)


# Impoundments, tickets, complaints: records and lists ------------------------------------------

@bp.get("/impoundments/<int:impoundment_id>")
@permission_required("read_records")
def impoundment_detail(impoundment_id, errors=None, status=200, **extra):
    imp = record_or_404(Impoundment, impoundment_id)
    return render_template("field/impoundment.html", imp=imp, just_recorded=False, photo_errors=[],
                           photos=photo_list(imp.entry_id), errors=errors or {},
                           outcomes=_outcomes_for(current_user), today=local_today(), **extra), status


def _outcomes_for(user) -> dict:
    """§8(E) outcomes this user may record here, for the DCO. Redeemed is not one of them: §8(C)
    redemption needs proof of license and identification and the fees, its own section
    (field/kennel.py, `_impound_redeem.html`)."""
    return {code: label for code, label in IMPOUNDMENT_OUTCOMES.items()
            if code != "redeemed" and code not in OUTCOME_LABELS and user.may("dispose_of_impounded_dog")}


@bp.post("/impoundments/<int:impoundment_id>/owner-identified")
@permission_required("record_redemption")
def impoundment_owner_identified(impoundment_id):
    """§8(B): the owner of a held dog becomes known: nine business days, the deadline recomputed."""
    imp = record_or_404(Impoundment, impoundment_id)
    try:
        enforcement.identify_owner(imp, request.form.get("owner_named", ""), current_user)
    except ServiceError as exc:
        return impoundment_detail(impoundment_id, exc.errors, 422)
    return redirect(url_for("field.impoundment_detail", impoundment_id=imp.id), 303)


@bp.post("/impoundments/<int:impoundment_id>/end")
@permission_required("record_redemption")
def end_impoundment(impoundment_id):
    """§8(C), §8(E): redeemed, from this page. Adopted, euthanized, transferred and died in care
    have their own forms with their details (field/impoundment_outcomes.py); here they are refused."""
    imp = record_or_404(Impoundment, impoundment_id)
    outcome = request.form.get("outcome", "")
    if outcome == "redeemed":  # §8(C): only with proof of license and identification, and the fees
        return impoundment_detail(impoundment_id, {"outcome": cite_in_town_law(
            "§8(C): a dog is redeemed with proof of license and identification and the fees: use “Redeem the dog”.")},
            422)
    if outcome in OUTCOME_LABELS and not current_user.may("dispose_of_impounded_dog"):
        abort(403)
    if outcome in OUTCOME_LABELS:  # recorded with their DL-18 details (field/impoundment_outcomes.py)
        return impoundment_detail(impoundment_id, {"outcome": (
            f"Record it with the form “{OUTCOME_LABELS[outcome]}” under Disposition: it keeps the details "
            "the state's report (DL-18) asks for.")}, 422)
    if outcome not in _outcomes_for(current_user):
        abort(403)
    try:
        on = date.fromisoformat(request.form.get("ended_on") or local_today().isoformat())
    except ValueError:
        return impoundment_detail(impoundment_id, {"outcome": "The date is not a date like 2026-12-04."}, 422)
    if on > local_today():
        return impoundment_detail(impoundment_id, {"outcome": "The date is in the future."}, 422)
    try:
        enforcement.end_impoundment(imp, outcome, current_user, on, request.form.get("end_note", ""))
    except ServiceError as exc:
        return impoundment_detail(impoundment_id, exc.errors, 422)
    return redirect(url_for("field.impoundment_detail", impoundment_id=imp.id), 303)


@bp.get("/tickets/<number>")
@permission_required("read_records")
def ticket_detail(number):
    ticket = ticket_by_number(number)  # typed with any town's letters, or none
    if ticket is None:
        abort(404)
    act_for_its_town(ticket)  # its court, its law's penalty
    if ticket.number != number:
        return redirect(url_for("field.ticket_detail", number=ticket.number))
    return render_template("field/ticket.html", t=ticket, just_recorded=False, photo_errors=[])


@bp.get("/tickets")
@permission_required("read_records")
def tickets():
    rows = db.session.execute(db.select(AppearanceTicket).options(selectinload(AppearanceTicket.dog))
                              .order_by(AppearanceTicket.issued_at.desc()).limit(LIST_LIMIT)).scalars().all()
    return render_template("field/tickets.html", tickets=rows)


@bp.get("/complaints/<int:complaint_id>")
@permission_required("read_records")
def complaint_detail(complaint_id):
    return render_template("field/complaint.html", c=record_or_404(SwornComplaint, complaint_id),
                           just_recorded=False, photo_errors=[])


@bp.post("/complaints/<int:complaint_id>/forward")
@permission_required("take_sworn_complaint")
def forward_complaint(complaint_id):
    """§10(A): forwarded to the Town Justice; the service changes the record, the request commits."""
    c = record_or_404(SwornComplaint, complaint_id)
    enforcement.forward_complaint(c, current_user)
    return redirect(url_for("field.complaint_detail", complaint_id=c.id), 303)


@bp.get("/complaints")
@permission_required("read_records")
def complaints():
    rows = db.session.execute(db.select(SwornComplaint).order_by(SwornComplaint.created_at.desc())
                              .limit(LIST_LIMIT)).scalars().all()
    return render_template("field/complaints.html", complaints=rows)
