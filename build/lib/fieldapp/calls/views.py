"""The queue of open calls, a call's page with its steps, and taking a call.

Every write is a field entry through `submit_entry` (the page's client UUID in `entry_id`), so
the clerk's post at the counter, the officer's form without JavaScript and the phone's outbox
write a call, a take, an arrival or a close exactly once. The queue (`calls.queue`) is one of the
pages the phone keeps (pwa/views.py SHELL_PAGES): each call's steps are forms on it, so an
officer with no signal takes, updates and closes a call from the kept page into the outbox.
"""
from flask import abort, redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import permission_required
from ..extensions import db
from ..field.forms import now_local_input
from ..law.calls import OUTCOMES, RECORD_OUTCOMES, STATUSES, URGENCIES, kind_label
from ..models.calls import Call
from ..models.enforcement import AppearanceTicket, Impoundment, SwornComplaint, Violation
from ..services.calls import call_by_entry, call_of_record, open_calls
from ..services.entries import form_to_payload, submit_entry
from ..services.search import search_dogs
from ..timeutil import utcnow
from . import bp
from .forms import CallForm, StepForm

RECORD_MODELS = {"violation": Violation, "seizure": Impoundment, "ticket": AppearanceTicket,
                 "complaint": SwornComplaint}
RECORD_ENDPOINTS = {"violation": ("field.violation_detail", "violation_id"),
                    "seizure": ("field.impoundment_detail", "impoundment_id"),
                    "ticket": ("field.ticket_detail", "number"),
                    "complaint": ("field.complaint_detail", "complaint_id")}
NEW_RECORD = {"violation": "field.new_violation", "seizure": "field.new_seizure", "ticket": "field.new_ticket",
              "complaint": "field.new_complaint"}
RECORD_POWER = {"violation": "enforce", "seizure": "enforce", "ticket": "issue_ticket",
                "complaint": "take_sworn_complaint"}


def record_link(update) -> tuple[str, str] | None:
    """(label, url) of a record made from a call."""
    model = RECORD_MODELS.get(update.record_kind)
    record = db.session.get(model, update.record_id) if model and update.record_id else None
    if record is None:
        return None
    endpoint, arg = RECORD_ENDPOINTS[update.record_kind]
    value = record.number if update.record_kind == "ticket" else record.id
    label = {"violation": "Violation no. {}", "seizure": "Impoundment no. {}", "ticket": "Ticket {}",
             "complaint": "Sworn complaint no. {}"}[update.record_kind].format(value)
    return label, url_for(endpoint, **{arg: value})


@bp.app_context_processor
def _call_helpers():
    return {"call_kind_label": kind_label, "call_outcomes": OUTCOMES, "call_statuses": STATUSES,
            "call_urgencies": URGENCIES, "call_record_link": record_link, "call_of_record": call_of_record}


def _own_ids(form, call, step) -> StepForm:
    """Field ids of their own (the queue shows every call's forms on one page; a label names one field)."""
    for f in form:
        f.id = f.label.field_id = f"{f.name}-{call.id}-{step}"
    return form


def _step_forms(call) -> dict:
    """A fresh form (its own UUID) for each step of the call."""
    forms = {}
    for name in ("take", "arrived", "note", "close"):
        form = StepForm(formdata=None, prefix="").prefill(call_entry_id=call.entry_id)
        form.what.data = {"arrived": "arrived", "note": "note"}.get(name, "")
        forms[name] = _own_ids(form, call, name)
    return forms


def _record_links(call) -> list[tuple[str, str]]:
    """"Record a violation (seizure, ticket, sworn complaint) from this call": the form prefilled
    with the call's dog and place, linked to it."""
    links = []
    for kind, endpoint in NEW_RECORD.items():
        if current_user.may(RECORD_POWER[kind]):
            args = {"call": call.entry_id, "place": call.location_text or call.place_description}
            if call.dog_id:
                args["dog"] = call.dog_id
            links.append((RECORD_OUTCOMES[kind], url_for(endpoint, **args)))
    return links


@bp.get("/")
@permission_required("read_calls")
def queue():
    """The open calls: urgent first, then oldest; the phone re-sorts them by distance (calls.js)."""
    calls = open_calls()
    return render_template("calls/queue.html", calls=calls, step_forms=_step_forms, record_links=_record_links,
                           now=utcnow())


@bp.get("/closed")
@permission_required("read_calls")
def closed():
    calls = db.session.execute(db.select(Call).where(Call.status == "closed")
                               .order_by(Call.closed_at.desc()).limit(100)).scalars().all()
    return render_template("calls/closed.html", calls=calls)


@bp.get("/<int:call_id>")
@permission_required("read_calls")
def call_page(call_id):
    call = db.session.get(Call, call_id) or abort(404)
    return render_template("calls/call.html", call=call, step_forms=_step_forms, record_links=_record_links,
                           forms=_step_forms(call), just=request.args.get("just"))


def _dog_choices(form):
    q = (form.dog_q.data or "").strip()
    return search_dogs(q, limit=10) if len(q) >= 2 else []


@bp.route("/new", methods=["GET", "POST"])
@permission_required("take_calls")
def new_call():
    """Take a call: who, where, what, the dog if known, how urgent. "Find the dog" searches the
    records (owner, address, name, looks) and shows the form again with the dogs to choose."""
    if request.method == "GET":
        form = CallForm(formdata=None).prefill(received_at=now_local_input(),
                                                source="officer" if current_user.may("enforce") else "phone")
        return render_template("calls/new.html", form=form, dogs=[], other_errors={})
    form = CallForm()
    if "find" in request.form:
        return render_template("calls/new.html", form=form, dogs=_dog_choices(form), other_errors={})
    payload = {k: v for k, v in form_to_payload(request.form).items() if k != "dog_q"}
    outcome = submit_entry(current_user, request.form.get("entry_id"), "call", utcnow().isoformat(), payload)
    if outcome.status in (200, 201):
        return redirect(url_for("calls.call_page", call_id=outcome.result["call_id"], just="recorded"), 303)
    other = form.show_errors(outcome.errors)
    return render_template("calls/new.html", form=form, dogs=_dog_choices(form), other_errors=other), outcome.status


STEP_KINDS = {"take": "call_take", "update": "call_update", "close": "call_close"}


@bp.post("/step/<step>")
@permission_required("respond_to_calls")
def step(step):
    """Without JavaScript: a step of a call posted through the same entry kind the outbox sends."""
    kind = STEP_KINDS.get(step) or abort(404)
    outcome = submit_entry(current_user, request.form.get("entry_id"), kind, utcnow().isoformat(),
                           form_to_payload(request.form))
    if outcome.status in (200, 201):
        return redirect(url_for("calls.call_page", call_id=outcome.result["call_id"], just=step), 303)
    call = call_by_entry(request.form.get("call_entry_id")) or abort(404)
    forms = _step_forms(call)
    name = {"take": "take", "close": "close"}.get(step, "note" if request.form.get("what") == "note" else "arrived")
    forms[name] = _own_ids(StepForm(), call, name)
    forms[name].show_errors(outcome.errors)
    return render_template("calls/call.html", call=call, step_forms=_step_forms, record_links=_record_links,
                           forms=forms, just=None, refused=name), outcome.status
