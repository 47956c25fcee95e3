"""The officer at the roadside (§5, §6, §8, §9, §10): scan, status card, violations,
seizures, appearance tickets, sworn complaints.

Every entry goes through `submit_entry` with the page's client UUID (hidden `entry_id`),
exactly as the offline outbox sends it; without JavaScript the form posts here and the
result page is rendered (201, or 200 for a replay), or the form again with its messages (422).
The form pages also work as generic pages (no query string) for the service worker's cache:
field.js fills `dog_id` / `violation_entry_id` from the query string when they are empty.
"""
import json
from datetime import date, timedelta

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_login import current_user
from sqlalchemy.orm import defer, selectinload

from ..auth import OFFICERS, STAFF, role_required
from ..extensions import db
from ..law import PRESUMPTIVE_EVIDENCE_NOTE, SECTION_6_RESTRICTIONS, VIOLATIONS, rabies_vaccination_due, redemption_deadline
from ..models import Dog, FieldEntry, Tag
from ..models.enforcement import (AppearanceTicket, Impoundment, Photo, RabiesRequest, SwornComplaint,
                                  Violation)
# Importing the enforcement service registers its entry kinds and flag sources at app start.
from ..services import enforcement as enf
from ..services.entries import EntryErrors, form_to_payload, submit_entry
from ..services.photos import store_photo
from ..timeutil import local_today, to_local, utcnow
from .card import card_context, load_card_dog, status_card
from .forms import (ComplaintForm, RabiesRequestForm, SeizureForm, TicketForm, ViolationForm,
                    now_local_input)

bp = Blueprint("field", __name__, url_prefix="/field")

# "Ruled out: ..." words for each exception an officer must exclude before recording.
RULED_OUT_WORDS = {
    "6B": "not on the owner's own property",
    "6A1-hunting": "not a hunting dog under command",
    "5A1-under-4-months": "not a puppy under four months kept from running at large",
    "5H-dog-show": "not at a dog show, licensed in the town where it lives",
    "5B2": "no vet's statement that vaccination would endanger the dog",
}
LIST_LIMIT = 100


@bp.app_context_processor
def _field_helpers():
    return {"VIOLATIONS": VIOLATIONS, "violation_title": enf.violation_title, "to_local": to_local,
            "SERVED_CAPACITIES": enf.SERVED_CAPACITIES}


# --- scan, lookup, card --------------------------------------------------------------------

@bp.get("/scan")
@role_required(*STAFF)
def scan():
    return render_template("field/scan.html")


@bp.get("/lookup")
@role_required(*STAFF)
def lookup():
    """A typed ID number, tag number or token (or a scanned URL) goes to the card; other words search."""
    q = (request.args.get("q") or "").strip()
    if not q:
        return redirect(url_for("field.scan"))
    token = q.rstrip("/").rsplit("/t/", 1)[1] if "/t/" in q else None
    if token:
        return redirect(f"/t/{token}")
    text = q.lstrip("#").replace(" ", "")
    if text.isdigit():
        dog = db.session.execute(db.select(Dog).filter_by(id_number=int(text))).scalar_one_or_none()
        if dog is not None:
            return redirect(url_for("field.dog_card", dog_id=dog.id))
    tag = _find_tag(text)
    if tag is not None and tag.dog_id is not None:
        return redirect(url_for("field.dog_card", dog_id=tag.dog_id))
    dogs = _search(q)
    return render_template("field/lookup.html", q=q, dogs=dogs, tag=tag)


def _find_tag(text):
    try:
        from ..services.tags import find_tag
    except ImportError:
        return db.session.execute(db.select(Tag).filter_by(token=text)).scalar_one_or_none()
    return find_tag(text)


def _search(q):
    from ..services.search import search_dogs
    return search_dogs(q)


@bp.get("/dogs/<int:dog_id>")
@role_required(*STAFF)
def dog_card(dog_id):
    response = status_card(dog_id)
    if response is None:
        abort(404)
    return response


@bp.get("/dogs/<int:dog_id>/photo")
@role_required(*STAFF)
def dog_photo(dog_id):
    photo = db.session.execute(db.select(Dog.photo).where(Dog.id == dog_id)).scalar_one_or_none()
    if photo is None:
        abort(404)
    return _image(photo)


@bp.get("/dogs/<int:dog_id>/enforcement")
@role_required(*STAFF)
def dog_enforcement(dog_id):
    dog = db.get_or_404(Dog, dog_id)
    return render_template("field/_dog_enforcement.html", dog=dog)


@bp.get("/photos/<int:photo_id>")
@role_required(*STAFF)
def photo(photo_id):
    return _image(db.get_or_404(Photo, photo_id).data)


def _image(data):
    response = make_response(data)
    response.headers["Content-Type"] = "image/jpeg"
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response


# --- entries: the no-JavaScript path of the one write path ---------------------------------

def _dog_arg():
    raw = request.values.get("dog_id") or request.args.get("dog")
    try:
        return db.session.get(Dog, int(raw)) if raw else None
    except ValueError:
        return None


def _violation_arg():
    return enf.resolve_violation(request.values.get("violation_entry_id") or request.args.get("violation"))


def _submit(kind):
    """Submit the posted form as an entry; returns the outcome, and stores the photos."""
    entry_id = request.form.get("entry_id")
    outcome = submit_entry(current_user, entry_id, kind, utcnow().isoformat(),
                           form_to_payload(request.form))
    if outcome.status == 403:
        abort(403)
    outcome.photo_errors = []
    if outcome.status in (200, 201):
        files = [f for f in request.files.getlist("photos") if f and f.filename]
        for index, f in enumerate(files):
            try:
                store_photo(entry_id, index, f.read(), f.mimetype or "")
            except EntryErrors as exc:
                outcome.photo_errors.append(f"Photo {index + 1} ({f.filename}): {exc.errors['photos']}")
    return outcome


def _page(template, http_status=200, push_url=None, **ctx):
    response = make_response(render_template(template, **ctx), http_status)
    if push_url:
        response.headers["HX-Push-Url"] = push_url  # the address bar shows the record, not the form
    return response


def _form_page(template, form, status=200, other_errors=None, **ctx):
    dog = ctx.pop("dog", None) or _dog_arg()
    return _page(template, status, form=form, dog=dog, other_errors=other_errors or {},
                 now_input=now_local_input(), **ctx)


def _codes_from(violation):
    return list(violation.codes) if violation else None


# Record violation ------------------------------------------------------------------------

def _violation_ctx():
    exceptions = {}
    for code, r in VIOLATIONS.items():
        for e in r.exceptions:
            exceptions.setdefault(e.code, (e, []))[1].append(code)
    return {"restrictions": VIOLATIONS, "ruled_out_words": RULED_OUT_WORDS, "exceptions": exceptions,
            "rabies_due": rabies_vaccination_due(local_today()),
            "presumptive_note": PRESUMPTIVE_EVIDENCE_NOTE, "section6": SECTION_6_RESTRICTIONS}


@bp.route("/violations/new", methods=["GET", "POST"])
@role_required(*OFFICERS)
def new_violation():
    if request.method == "GET":
        dog = _dog_arg()
        form = ViolationForm(formdata=None).prefill(dog_id=dog.id if dog else None,
                                                     occurred_at=now_local_input())
        return _form_page("field/violation_form.html", form, dog=dog, **_violation_ctx())
    form = ViolationForm()
    outcome = _submit("violation")
    if outcome.status in (200, 201):
        return _violation_done(form.entry_id.data, outcome)
    other = form.show_errors(outcome.errors)
    return _form_page("field/violation_form.html", form, outcome.status, other, **_violation_ctx())


def _violation_done(entry_id, outcome):
    result = outcome.result
    next_url = url_for("field.what_next", entry=entry_id, kind="violation", dog=result.get("dog_id") or "")
    violation = db.session.get(Violation, result["violation_id"])
    return _page("field/next.html", outcome.status, push_url=next_url, entry_id=entry_id, kind="violation",
                 dog=violation.dog, entry=db.session.get(FieldEntry, entry_id), violation=violation,
                 photo_errors=outcome.photo_errors)


@bp.get("/violations/<int:violation_id>/correct")
@role_required(*OFFICERS)
def correct_violation(violation_id):
    """A correction is a new version linked to the old one; the old one stays as it was."""
    old = db.get_or_404(Violation, violation_id)
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
    return _form_page("field/violation_form.html", form, dog=old.dog, correcting=old, **_violation_ctx())


def _latest(v):
    while v.superseded_by is not None:
        v = v.superseded_by
    return v


@bp.get("/violations/<int:violation_id>")
@role_required(*STAFF)
def violation_detail(violation_id):
    v = db.get_or_404(Violation, violation_id)
    versions = []
    older = v.supersedes
    while older is not None:
        versions.append(older)
        older = older.supersedes
    return render_template("field/violation.html", v=v, latest=_latest(v), older_versions=versions,
                           entry=db.session.get(FieldEntry, v.entry_id), photos=_photo_list(v.entry_id))


@bp.get("/violations")
@role_required(*STAFF)
def violations():
    stmt = enf.latest_violations_query().options(selectinload(Violation.dog), selectinload(Violation.officer))
    rows = db.session.execute(stmt.order_by(Violation.occurred_at.desc()).limit(LIST_LIMIT)).scalars().all()
    return render_template("field/violations.html", violations=rows)


def _photo_list(entry_id):
    return db.session.execute(db.select(Photo).filter_by(entry_id=entry_id).options(defer(Photo.data))
                              .order_by(Photo.index)).scalars().all()


# What now (after a violation) ----------------------------------------------------------------

@bp.get("/next")
@role_required(*OFFICERS)
def what_next():
    entry_id = request.args.get("entry") or ""
    entry = db.session.get(FieldEntry, entry_id) if entry_id else None
    violation = None
    if entry is not None and entry.kind == "violation":
        violation = enf.resolve_violation(entry_id)
    dog = violation.dog if violation and violation.dog else _dog_arg()
    return render_template("field/next.html", entry_id=entry_id, kind=request.args.get("kind") or "violation",
                           dog=dog, entry=entry, violation=violation, photo_errors=[])


# Seize dog -------------------------------------------------------------------------------

def _seizure_ctx(form):
    today = local_today()
    table = enf.deadline_table(today - timedelta(days=7), 60, enf.closed_days())
    initial = None
    try:
        seized_on = date.fromisoformat((form.seized_at.data or "")[:10])
    except ValueError:
        seized_on = None
    if seized_on and form.owner_known.data in ("yes", "no"):
        initial = redemption_deadline(seized_on, form.owner_known.data == "yes", enf.closed_days())
    return {"deadlines_json": json.dumps(table), "today": today, "initial_deadline": initial}


@bp.route("/seizures/new", methods=["GET", "POST"])
@role_required(*OFFICERS)
def new_seizure():
    if request.method == "GET":
        dog = _dog_arg()
        violation = _violation_arg()
        if dog is None and violation is not None:
            dog = violation.dog
        form = SeizureForm(formdata=None).prefill(
            dog_id=dog.id if dog else None, violation_entry_id=request.args.get("violation"),
            seized_at=now_local_input(), owner_known=("yes" if dog and dog.owners else None))
        form.codes.data = _codes_from(violation) or []
        return _form_page("field/seizure_form.html", form, dog=dog, violation=violation, **_seizure_ctx(form))
    form = SeizureForm()
    outcome = _submit("seizure")
    if outcome.status in (200, 201):
        imp = db.session.get(Impoundment, outcome.result["impoundment_id"])
        return _page("field/impoundment.html", outcome.status, push_url=outcome.result["url"], imp=imp,
                     just_recorded=True, photo_errors=outcome.photo_errors, photos=_photo_list(imp.entry_id))
    other = form.show_errors(outcome.errors)
    return _form_page("field/seizure_form.html", form, outcome.status, other, violation=_violation_arg(),
                      **_seizure_ctx(form))


@bp.get("/impoundments/<int:impoundment_id>")
@role_required(*STAFF)
def impoundment_detail(impoundment_id):
    imp = db.get_or_404(Impoundment, impoundment_id)
    return render_template("field/impoundment.html", imp=imp, just_recorded=False, photo_errors=[],
                           photos=_photo_list(imp.entry_id))


@bp.get("/impoundments")
@role_required(*STAFF)
def impoundments():
    rows = db.session.execute(db.select(Impoundment).options(selectinload(Impoundment.dog))
                              .order_by(Impoundment.seized_at.desc()).limit(LIST_LIMIT)).scalars().all()
    return render_template("field/impoundments.html", impoundments=rows, today=local_today())


# Issue appearance ticket -------------------------------------------------------------------

def _ticket_ctx():
    court = enf.court_settings()
    today = local_today()
    closed = enf.closed_days()
    # Earliest appearance date for a ticket served on each coming day, for the page offline.
    sessions = {(today + timedelta(days=i)).isoformat():
                enf.first_court_session(today + timedelta(days=i), court, closed).isoformat()
                for i in range(-7, 60)}
    return {"court": court, "sessions_json": json.dumps(sessions),
            "first_session": enf.first_court_session(today, court, closed)}


@bp.route("/tickets/new", methods=["GET", "POST"])
@role_required(*OFFICERS)
def new_ticket():
    if request.method == "GET":
        dog = _dog_arg()
        violation = _violation_arg()
        if dog is None and violation is not None:
            dog = violation.dog
        owner = dog.primary_owner if dog else None
        capacity = None
        if owner is not None:
            capacity = "guardian" if owner.is_minor else "owner"
        form = TicketForm(formdata=None).prefill(
            dog_id=dog.id if dog else None, violation_entry_id=request.args.get("violation"),
            served_at=now_local_input(), served_capacity=capacity,
            served_name=(owner.guardian_name if owner and owner.is_minor else owner.full_name if owner else None),
            minor_owner_name=owner.full_name if owner and owner.is_minor else None,
            served_address=owner.full_address if owner else None)
        form.codes.data = _codes_from(violation) or []
        return _form_page("field/ticket_form.html", form, dog=dog, violation=violation, **_ticket_ctx())
    form = TicketForm()
    outcome = _submit("ticket")
    if outcome.status in (200, 201):
        ticket = db.session.get(AppearanceTicket, outcome.result["ticket_id"])
        return _page("field/ticket.html", outcome.status, push_url=outcome.result["url"], t=ticket,
                     just_recorded=True, photo_errors=outcome.photo_errors)
    other = form.show_errors(outcome.errors)
    return _form_page("field/ticket_form.html", form, outcome.status, other, violation=_violation_arg(),
                      **_ticket_ctx())


@bp.get("/tickets/<number>")
@role_required(*STAFF)
def ticket_detail(number):
    ticket = db.session.execute(db.select(AppearanceTicket).filter_by(number=number)).scalar_one_or_none()
    if ticket is None:
        abort(404)
    return render_template("field/ticket.html", t=ticket, just_recorded=False, photo_errors=[])


@bp.get("/tickets")
@role_required(*STAFF)
def tickets():
    rows = db.session.execute(db.select(AppearanceTicket).options(selectinload(AppearanceTicket.dog))
                              .order_by(AppearanceTicket.served_at.desc()).limit(LIST_LIMIT)).scalars().all()
    return render_template("field/tickets.html", tickets=rows)


# Sworn complaints (§10(A)) -------------------------------------------------------------------

@bp.route("/complaints/new", methods=["GET", "POST"])
@role_required(*OFFICERS)
def new_complaint():
    if request.method == "GET":
        dog = _dog_arg()
        owner = dog.primary_owner if dog else None
        form = ComplaintForm(formdata=None).prefill(
            dog_id=dog.id if dog else None, violation_on=local_today().isoformat(),
            dog_description=dog.description if dog else None,
            owner_name=owner.full_name if owner else None, owner_residence=owner.full_address if owner else None)
        return _form_page("field/complaint_form.html", form, dog=dog)
    form = ComplaintForm()
    outcome = _submit("complaint")
    if outcome.status in (200, 201):
        c = db.session.get(SwornComplaint, outcome.result["complaint_id"])
        return _page("field/complaint.html", outcome.status, push_url=outcome.result["url"], c=c,
                     just_recorded=True, photo_errors=outcome.photo_errors)
    other = form.show_errors(outcome.errors)
    return _form_page("field/complaint_form.html", form, outcome.status, other)


@bp.get("/complaints/<int:complaint_id>")
@role_required(*STAFF)
def complaint_detail(complaint_id):
    return render_template("field/complaint.html", c=db.get_or_404(SwornComplaint, complaint_id),
                           just_recorded=False, photo_errors=[])


@bp.post("/complaints/<int:complaint_id>/forward")
@role_required(*OFFICERS)
def forward_complaint(complaint_id):
    c = db.get_or_404(SwornComplaint, complaint_id)
    enf.forward_complaint(c, current_user)
    db.session.commit()
    return redirect(url_for("field.complaint_detail", complaint_id=c.id), 303)


@bp.get("/complaints")
@role_required(*STAFF)
def complaints():
    rows = db.session.execute(db.select(SwornComplaint).order_by(SwornComplaint.created_at.desc())
                              .limit(LIST_LIMIT)).scalars().all()
    return render_template("field/complaints.html", complaints=rows)


# Rabies vaccination request (§5(B)(1)) -------------------------------------------------------

@bp.route("/rabies-requests/new", methods=["GET", "POST"])
@role_required(*OFFICERS)
def new_rabies_request():
    if request.method == "GET":
        dog = _dog_arg()
        form = RabiesRequestForm(formdata=None).prefill(
            dog_id=dog.id if dog else None, requested_on=local_today().isoformat(),
            requested_of=dog.primary_owner.full_name if dog and dog.primary_owner else None)
        return _form_page("field/rabies_request_form.html", form, dog=dog)
    form = RabiesRequestForm()
    outcome = _submit("rabies_request")
    if outcome.status in (200, 201):
        req = db.session.get(RabiesRequest, outcome.result["rabies_request_id"])
        if req.dog_id:
            dog = load_card_dog(req.dog_id)
            notice = f"Rabies vaccination requested of {req.requested_of}: due {req.due_on:%a %-d %b %Y}."
            return _page("field/card.html", outcome.status, push_url=f"/field/dogs/{dog.id}", notice=notice,
                         **card_context(dog))
        return _page("field/rabies_request_done.html", outcome.status, req=req)
    other = form.show_errors(outcome.errors)
    return _form_page("field/rabies_request_form.html", form, outcome.status, other)

