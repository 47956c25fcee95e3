"""The five roadside entry pages (violation, seizure, ticket, complaint, rabies request) as one
view, `new_entry`, driven by `ENTRY_PAGES`: per kind its URL and endpoint, form class, template,
context builder, prefill (GET) and done page (201, or 200 for a replay).

Without JavaScript the form posts here and goes through `submit_entry` with the page's client
UUID (hidden `entry_id`), exactly as the offline outbox sends it; a refused entry (422) shows
the form again with a message next to each field. The pages also work as generic pages (no
query string) for the service worker's cache: field.js fills `dog_id` / `violation_entry_id`
from the query string when they are empty.
"""
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from flask import abort, g, make_response, render_template, request, url_for
from flask_login import current_user
from sqlalchemy.orm import defer

from ..auth import permission_required
from ..extensions import db
from ..law import PRESUMPTIVE_EVIDENCE_NOTE, SECTION_6_RESTRICTIONS, rabies_vaccination_due
from ..law.impoundment import deadline_table
from ..law.orders import order_short
from ..law.words import say_date
from ..models import Dog, FieldEntry
from ..models.enforcement import AppearanceTicket, Impoundment, Photo, RabiesRequest, SwornComplaint, Violation
from ..parsing import parse_date
from ..services import enforcement
from ..services.enforcement.complaint import owner_named
from ..services.entries import entry_town, form_to_payload, submit_entry
from ..services.errors import ServiceError
from ..services.photos import store_photo
from ..services.registry import KINDS
from ..services.ticket_numbers import town_prefix
from ..settings import get_setting
from ..timeutil import local_today, to_local, utcnow
from ..town import acting_for, current_law, current_town, current_town_id, each_town, law_key_of, seeing
from ..web import clock
from .card import card_context, load_card_dog
from .forms import ComplaintForm, RabiesRequestForm, SeizureForm, TicketForm, ViolationForm, now_local_input
from .record_urls import record_url


def dog_arg():
    raw = request.values.get("dog_id") or request.args.get("dog")
    try:
        return db.session.get(Dog, int(raw)) if raw else None
    except ValueError:
        return None


def _violation_arg():
    return enforcement.resolve_violation(request.values.get("violation_entry_id") or request.args.get("violation"))


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
            except ServiceError as exc:
                outcome.photo_errors.append(f"Photo {index + 1} ({f.filename}): {exc.errors['photos']}")
    return outcome


def page_response(template, http_status=200, push_url=None, **ctx):
    response = make_response(render_template(template, **ctx), http_status)
    if push_url:
        response.headers["HX-Push-Url"] = push_url  # the address bar shows the record, not the form
    return response


def form_page(template, form, status=200, other_errors=None, **ctx):
    dog = ctx.pop("dog", None) or dog_arg()
    return page_response(template, status, form=form, dog=dog, other_errors=other_errors or {},
                 now_input=now_local_input(), **ctx)


def _exceptions_ctx():
    """The exceptions an officer rules out before an offence stands (§6(B), §6(A)(1) hunting,
    §5(A)(1), §5(H), §5(B)(2)), each with the offences it is for: violation, seizure, ticket."""
    exceptions = {}
    offences = current_law().offences  # the town's law: under the state law alone, §118(1)'s
    for code, r in offences.items():
        for e in r.exceptions:
            exceptions.setdefault(e.code, (e, []))[1].append(code)
    return {"restrictions": offences, "law": current_law(), "ruled_out_words": enforcement.RULED_OUT_WORDS,
            "exceptions": exceptions}


def _following(violation, form, time_field):
    """An entry made from a recorded violation takes over what the officer typed for it: its
    codes and ruled-out exceptions, its time and (a seizure) its place."""
    if violation is not None:
        form.codes.data = list(violation.codes)
        form.ruled_out.data = list(violation.ruled_out)
        form[time_field].data = to_local(violation.occurred_at).strftime("%Y-%m-%dT%H:%M")
        # field.js leaves a carried time as it is (it sets "now" on a fresh form).
        form[time_field].render_kw = {**(form[time_field].render_kw or {}), "data-carried": "violation"}
        if "location_text" in form:
            form.location_text.data = violation.location_text or ""
            form.latitude.data, form.longitude.data = violation.latitude, violation.longitude
            form.accuracy.data = violation.accuracy_m
    return form


@dataclass(frozen=True)
class EntryPage:
    """One kind's form page: GET shows `prefill()`'s form, POST submits it; 201/200 -> `done`."""
    kind: str
    url: str
    endpoint: str
    form: type
    template: str
    context: Callable[[object], dict]  # (form) -> what the template needs besides the form
    prefill: Callable[[], tuple]  # () -> (form, dog) for a GET
    done: Callable  # (entry_id, outcome) -> response


# Record violation ------------------------------------------------------------------------

def _orders_ctx():
    """§10(B): what the forms say of a dog's orders in force (`court_orders_notice`)."""
    return {"court_name": get_setting("court_name"), "order_short": order_short}


def violation_ctx(form=None):
    from ..services.licensing import open_enumeration
    enumeration = open_enumeration(local_today()) if current_user.may("identify_in_enumeration") else None
    return {**_exceptions_ctx(), **_orders_ctx(), "rabies_due": rabies_vaccination_due(local_today()),
            "presumptive_note": PRESUMPTIVE_EVIDENCE_NOTE, "section6": SECTION_6_RESTRICTIONS,
            "enumeration": enumeration}


def _violation_prefill():
    dog = dog_arg()
    form = ViolationForm(formdata=None).prefill(dog_id=dog.id if dog else None,
                                                occurred_at=now_local_input())
    # e.g. 5B1 from the start page: only an offence of the town's law
    form.codes.data = [c for c in request.args.getlist("code") if c in current_law().offences]
    return form, dog


def _violation_done(entry_id, outcome):
    result = outcome.result
    next_url = url_for("field.what_next", entry=entry_id, kind="violation", dog=result.get("dog_id") or "")
    violation = db.session.get(Violation, result["violation_id"])
    return page_response("field/next.html", outcome.status, push_url=next_url, entry_id=entry_id, kind="violation",
                 dog=violation.dog, entry=db.session.get(FieldEntry, entry_id), violation=violation,
                 photo_errors=outcome.photo_errors)


# Seize dog (§8) ----------------------------------------------------------------------------

def _seizure_ctx(form):
    """§8(B): the deadline table for the phone (the town's calendar), and for a dog on file
    whether its owner is known from the record (then the form does not ask)."""
    today = local_today()
    tables = each_town(lambda: deadline_table(local_today() - timedelta(days=7), 60, enforcement.closed_days(),
                                              enforcement.open_days(), current_law()))
    dog = dog_arg()
    violation = _violation_arg()
    if dog is None and violation is not None:
        dog = violation.dog
    known = enforcement.owner_known_for(dog, form.owner_named.data or "")
    seized_on = parse_date((form.seized_at.data or "")[:10])  # None for no date, or one past any holding period
    period = enforcement.holding_period_for(seized_on, known.known) if seized_on else None
    return {**_exceptions_ctx(), "deadlines_json": json.dumps(tables), "today": today,
            "dog_town": _dog_town(dog, tables),
            "initial_deadline": period.deadline if period else None,
            "initial_skipped": period.skipped if period else (), "violation": violation,
            "owner_known": known, "owner_of_record": bool(dog and dog.primary_owner) or bool(
                dog and (dog.licenses or dog.active_tag))}


def _seizure_prefill():
    dog, violation = dog_arg(), _violation_arg()
    if dog is None and violation is not None:
        dog = violation.dog
    form = SeizureForm(formdata=None).prefill(
        dog_id=dog.id if dog else None, violation_entry_id=request.args.get("violation"),
        seized_at=now_local_input(),
        held_at=get_setting("kennel_name"))  # §8(B): held at the town's kennel unless changed
    return _following(violation, form, "seized_at"), dog


def record_page(kind, model, result_key, template, name, with_photos=False):
    """The done page of an entry that made one record: the record's own page, just recorded."""
    def done(entry_id, outcome):
        record = db.session.get(model, outcome.result[result_key])
        extra = {"photos": photo_list(record.entry_id)} if with_photos else {}
        return page_response(template, outcome.status, push_url=record_url(kind, outcome.result),
                             just_recorded=True, photo_errors=outcome.photo_errors, **{name: record}, **extra)
    return done


_seizure_done = record_page("seizure", Impoundment, "impoundment_id", "field/impoundment.html", "imp", with_photos=True)


# Issue appearance ticket (§9) ----------------------------------------------------------------

def _sessions() -> dict:
    """The town's court, and the earliest appearance date for a ticket served on each coming day,
    for the page offline."""
    court, today, closed = enforcement.court_settings(), local_today(), enforcement.closed_days()
    return {"court": {"name": court.name, "address": court.address, "time": clock(court.time),
                      "min_days_ahead": court.min_days_ahead},
            "letters": town_prefix(),  # a ticket number's letters are its court's town's
            "sessions": {(today + timedelta(days=i)).isoformat():
                         court.first_session(today + timedelta(days=i), closed).isoformat() for i in range(-7, 60)}}


def _dog_town(dog, tables) -> str:
    """The key of the dog's own town in a form's per-town tables ("" when it has none of its own)."""
    return str(dog.town_id) if dog is not None and str(dog.town_id) in tables else ""


def _ticket_ctx(form=None):
    court = enforcement.court_settings()
    today = local_today()
    closed = enforcement.closed_days()
    courts = each_town(_sessions)
    dog = dog_arg() or getattr(_violation_arg(), "dog", None)
    return {**_exceptions_ctx(), **_orders_ctx(), "court": court, "sessions_json": json.dumps(courts),
            "dog_town": _dog_town(dog, courts),
            "duplicate_confirm": enforcement.ticket.DUPLICATE_CONFIRM,
            "first_session": court.first_session(today, closed), "violation": _violation_arg()}


def _ticket_prefill():
    dog, violation = dog_arg(), _violation_arg()
    if dog is None and violation is not None:
        dog = violation.dog
    owner = dog.primary_owner if dog else None
    capacity = None
    minor = owner is not None and owner.minor_on(local_today())  # §4(I)
    if owner is not None:
        capacity = "guardian" if minor else "owner"
    offences = current_law().offences
    form = TicketForm(formdata=None).prefill(codes=[c for c in request.args.getlist("code") if c in offences],
        dog_id=dog.id if dog else None, violation_entry_id=request.args.get("violation"),
        served_at=now_local_input(), served_capacity=capacity, served_how="personal",
        served_name=(owner.guardian_name if minor else owner.full_name if owner else None),
        minor_owner_name=owner.full_name if minor else None,
        served_address=owner.full_address if owner else None)
    form = _following(violation, form, "served_at")
    # The offence's time: the violation's, or now (a ticket written where the offence is seen).
    form.occurred_at.data = form.served_at.data
    form.occurred_at.render_kw = dict(form.served_at.render_kw or {})
    if violation is not None and request.args.get("served_now"):
        # §9: a ticket issued days after the violation (the "to issue and serve" list) is served
        # now, not at the time of the violation.
        form.served_at.data = now_local_input()
        form.served_at.render_kw = {k: v for k, v in form.served_at.render_kw.items() if k != "data-carried"}
    return form, dog


_ticket_done = record_page("ticket", AppearanceTicket, "ticket_id", "field/ticket.html", "t")


# Sworn complaint (§10(A)) --------------------------------------------------------------------

def _complaint_prefill():
    dog = dog_arg()
    named, residence = owner_named(dog, local_today())  # §4(I): a minor's guardian, a lost dog's keeper
    form = ComplaintForm(formdata=None).prefill(
        dog_id=dog.id if dog else None, violation_on=local_today().isoformat(),
        dog_description=dog.description if dog else None,
        owner_name=named or None, owner_residence=residence or None)
    return form, dog


_complaint_done = record_page("complaint", SwornComplaint, "complaint_id", "field/complaint.html", "c")


# Rabies vaccination request (§5(B)(1)) -------------------------------------------------------

def _rabies_request_prefill():
    dog = dog_arg()
    form = RabiesRequestForm(formdata=None).prefill(
        dog_id=dog.id if dog else None, requested_on=local_today().isoformat(),
        requested_of=dog.primary_owner.full_name if dog and dog.primary_owner else None)
    return form, dog


def _rabies_request_done(entry_id, outcome):
    req = db.session.get(RabiesRequest, outcome.result["rabies_request_id"])
    if req.dog_id:
        dog = load_card_dog(req.dog_id)
        notice = f"Rabies vaccination requested of {req.requested_of}: due {say_date(req.due_on)}."
        return page_response("field/card.html", outcome.status, push_url=url_for("field.dog_card", dog_id=dog.id),
                             notice=notice, **card_context(dog))
    return page_response("field/rabies_request_done.html", outcome.status, req=req)


def _no_context(form=None):
    return {}


ENTRY_PAGES = (
    EntryPage("violation", "/violations/new", "new_violation", ViolationForm, "field/violation_form.html",
              violation_ctx, _violation_prefill, _violation_done),
    EntryPage("seizure", "/seizures/new", "new_seizure", SeizureForm, "field/seizure_form.html",
              _seizure_ctx, _seizure_prefill, _seizure_done),
    EntryPage("ticket", "/tickets/new", "new_ticket", TicketForm, "field/ticket_form.html",
              _ticket_ctx, _ticket_prefill, _ticket_done),
    EntryPage("complaint", "/complaints/new", "new_complaint", ComplaintForm, "field/complaint_form.html",
              _no_context, _complaint_prefill, _complaint_done),
    EntryPage("rabies_request", "/rabies-requests/new", "new_rabies_request", RabiesRequestForm,
              "field/rabies_request_form.html", _no_context, _rabies_request_prefill, _rabies_request_done),
)
_PAGES = {page.kind: page for page in ENTRY_PAGES}


def new_entry(kind):
    """GET: the kind's form, filled for the dog / violation in the query string. POST: the entry
    through submit_entry; its done page (201, 200 for a replay), or the form with its messages.
    For an officer of several towns the form is that of the town where it happened when its law
    is another (its offences, exceptions and court): `form_town`."""
    town_id = form_town()
    if town_id is None:
        return _new_entry(kind)
    g.town_acted_for = current_town()
    with acting_for(town_id), seeing(g.towns_served):
        return _new_entry(kind)


def form_town() -> int | None:
    """The town whose law an entry form is drawn in, when it is not the town acted for's: the town
    picked (`?town=` on the page, `town_id` when it is sent), else the dog's own town, as
    `entry_town` judges the entry. None when that town's law is the town acted for's (one form
    serves both; town-tables.js shows each town's court and deadlines)."""
    if request.method == "POST":
        said = request.form
    else:
        said = {"town_id": request.args.get("town", ""), "dog_id": request.args.get("dog", "")}
    default = entry_town({**said, "town_id": ""})  # the dog's own town, else None: the town acted for
    try:
        town_id = entry_town(said) if said.get("town_id") else default
    except ServiceError:  # a town the officer does not serve: the acting town's form, and its refusal
        return None
    g.entry_default_law = law_key_of(default or current_town_id())
    if town_id is None or town_id == current_town_id() or law_key_of(town_id) == current_law().key:
        return None
    return town_id


def _new_entry(kind):
    page = _PAGES[kind]
    if request.method == "GET":
        form, dog = page.prefill()
        _from_call(form)
        return form_page(page.template, form, dog=dog, **page.context(form))
    form = page.form()
    outcome = _submit(kind)
    if outcome.status in (200, 201):
        return page.done(form.entry_id.data, outcome)
    other = form.show_errors(outcome.errors)
    return form_page(page.template, form, outcome.status, other, **page.context(form))


def _from_call(form) -> None:
    """An entry made from a call for service (?call=<its UUID>): linked to it, at its place."""
    from ..services.calls import call_by_entry
    call = call_by_entry(request.args.get("call"))
    if call is None:
        return
    form.call_entry_id.data = call.entry_id
    if "location_text" in form and not form.location_text.data:
        form.location_text.data = call.location_text or call.place_description
        if call.latitude is not None and not form.latitude.data:
            form.latitude.data, form.longitude.data = call.latitude, call.longitude
    if "violation_on" in form:  # a sworn complaint: the day of the call
        form.violation_on.data = to_local(call.received_at).date().isoformat()
    if "nature" in form and not form.nature.data:
        form.nature.data = call.description


def add_entry_pages(bp) -> None:
    """Each kind's URL and endpoint (`field.new_violation`, ...), its kind's power required."""
    for page in ENTRY_PAGES:
        bp.add_url_rule(page.url, endpoint=page.endpoint, methods=["GET", "POST"],
                        view_func=permission_required(KINDS[page.kind].power)(new_entry),
                        defaults={"kind": page.kind})


def photo_list(entry_id):
    return db.session.execute(db.select(Photo).filter_by(entry_id=entry_id).options(defer(Photo.data))
                              .order_by(Photo.index)).scalars().all()
