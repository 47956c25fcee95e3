"""What anyone who finds a dog sees (no sign-in), and the officers' "Found dog reports" list.

Public (rate-limited per client, see pages.check_public_rate_limit):
  /t/<token>            the tags area's route; calls pages.found_dog_page / not_found_page
  /t/<token>/photo.jpg  the dog's photo, only for an active tag, addressed by token (never dog id)
  /t/<token>/message    POST: a finder's message to the owner
  /found                a dog without a tag: the DCO's number and a report form
  /found/thanks         after a message or report
Officers and clerk (permission_required("handle_found_reports")):
  /found-reports                      open (or all) reports, with "Mark handled"
  /found-reports/<id>/handled         POST, with a note
  /found-reports/<id>/photo.jpg       the finder's photo
"""
from flask import abort, redirect, render_template, request, session, url_for
from flask_limiter.util import get_remote_address
from flask_login import current_user
from werkzeug.exceptions import HTTPException

from ..auth import permission_required
from ..errors import MESSAGES
from ..extensions import csrf, db
from ..models import Tag
from ..models.public import FoundReport
from ..services.errors import ServiceError
from ..services.found_reports import (
    coarse_client_info,
    create_found_report,
    prepare_photo,
    recent_scans,
    tell_owners,
)
from ..services.found_reports import found_reports as reports_shown  # the view has the service's name
from ..services.found_reports import mark_handled as mark_report_handled  # the same
from ..settings import get_setting
from ..town import acted_for_key, acting_for
from ..web import refusal_on_form
from . import bp
from .forms import FoundDogMessageForm, FoundNoTagForm
from .pages import (
    _public_response,
    check_public_rate_limit,
    in_the_finders_town,
    not_found_page,
    render_found_dog_page,
    tel_href,
)

CSRF_EXPIRED = "This form has expired. Please press Send again."


@bp.app_template_global()
def finders_town_id():
    """The town a public page is for (a tag's, or the one the finder chose), for its links to the
    pages without a tag; None for a deployment's only town, which needs no choice."""
    return acted_for_key()


@bp.app_template_global()
def public_tag_scans(dog, limit=10):
    """For the `public/_tag_scans.html` partial on a dog's record."""
    return recent_scans(dog, limit)


@bp.errorhandler(HTTPException)
def public_error(exc):
    """Errors inside these views (e.g. 413 photo too large) on the finders' base, not the officers'."""
    if request.endpoint in ("public.found_reports", "public.mark_handled", "public.report_photo"):
        from ..errors import render_error
        return render_error(exc.code or 500, MESSAGES.get(exc.code) or exc.description)
    body = render_template("public/error.html", code=exc.code,
                           message=MESSAGES.get(exc.code) or exc.description,
                           dco_phone=get_setting("dco_phone"), dco_tel=tel_href(get_setting("dco_phone")))
    return _public_response(body, exc.code or 500)


def _active_tag(token: str):
    """The active tag of any town (a finder's tag may be any town's); its pages are in the name
    of its own town (`acting_for(tag.town_id)`)."""
    tag = db.session.execute(db.select(Tag).filter_by(token=token)
                             .execution_options(all_towns=True)).scalar_one_or_none()
    return tag if tag is not None and tag.status == "active" and tag.dog_id is not None else None


def _client_info() -> str:
    return coarse_client_info(request.user_agent.string, get_remote_address())


@bp.get("/t/<token>/photo.jpg")
def tag_photo(token):
    limited = check_public_rate_limit("photo")
    if limited is not None:
        return limited
    tag = _active_tag(token)
    if tag is None or tag.dog.photo is None:  # the dog: a relationship load, not narrowed to a town
        return not_found_page()
    resp = _public_response(tag.dog.photo, 200)
    resp.headers["Content-Type"] = "image/jpeg"
    resp.headers["Cache-Control"] = "private, max-age=300"
    return resp


def _form_failed(form) -> int:
    """Friendly words for an expired form; 400 for a missing/bad CSRF token, else 422."""
    if "csrf_token" in form.errors:
        form.csrf_token.errors = [CSRF_EXPIRED]
        return 400
    return 422


def _read_photo(form):
    """The finder's photo, cleaned (prepare_photo), or None. Adds a form error if unreadable."""
    upload = form.photo.data
    if not upload or not getattr(upload, "filename", ""):
        return None, True
    try:
        return prepare_photo(upload.read()), True
    except ServiceError as exc:
        refusal_on_form(exc, form)
        return None, False


def _store_report(**values):
    """Store the finder's message and commit it before any email is tried (a slow or failing
    mail server never loses it), then tell the owners."""
    report = create_found_report(client_info=_client_info(), **values)
    db.session.commit()
    tell_owners(report)
    return report


def _thanks(tagged: bool, notified: bool):
    # The town whose dog it was: the thanks page gives that town's number.
    session["public_thanks"] = {"tagged": tagged, "notified": notified, "town_id": acted_for_key()}
    return redirect(url_for("public.thanks"))


@bp.post("/t/<token>/message")
@csrf.exempt  # the form checks its own token, so an expired form keeps what the finder typed
def message(token):
    tag = _active_tag(token)
    if tag is None:
        return not_found_page()
    with acting_for(tag.town_id):  # the message is the dog's town's, and so are its pages and emails
        return _message(tag)


def _message(tag):
    form = FoundDogMessageForm()
    if not form.validate():
        status = _form_failed(form)
        return check_public_rate_limit("page") or render_found_dog_page(tag, form, status)
    limited = check_public_rate_limit("message")
    if limited is not None:
        return limited
    if form.is_spam:  # accept and drop: the bot learns nothing, nothing is stored
        return _thanks(tagged=True, notified=False)
    photo, ok = _read_photo(form)
    if not ok:
        return render_found_dog_page(tag, form, 422)
    report = _store_report(
        tag=tag, finder_name=form.finder_name.data, finder_phone=form.finder_phone.data,
        finder_email=form.finder_email.data, location=form.location.data, note=form.note.data,
        photo=photo)
    return _thanks(tagged=True, notified=report.owner_notified_count > 0)


def _render_found(form, status=200):
    dco = get_setting("dco_phone")
    return _public_response(render_template("public/found_no_tag.html", form=form, dco_phone=dco,
                                            dco_tel=tel_href(dco)), status)


@bp.route("/found", methods=["GET", "POST"])
@csrf.exempt  # as above: the form checks its own token
@in_the_finders_town
def found():
    form = FoundNoTagForm()
    if request.method == "GET":
        return check_public_rate_limit("page") or _render_found(form)
    if not form.validate():
        status = _form_failed(form)
        return check_public_rate_limit("page") or _render_found(form, status)
    limited = check_public_rate_limit("message")
    if limited is not None:
        return limited
    if form.is_spam:
        return _thanks(tagged=False, notified=False)
    photo, ok = _read_photo(form)
    if not ok:
        return _render_found(form, 422)
    _store_report(
        finder_name=form.finder_name.data, finder_phone=form.finder_phone.data,
        finder_email=form.finder_email.data, location=form.location.data,
        description=form.description.data, note=form.note.data, photo=photo)
    return _thanks(tagged=False, notified=False)


@bp.get("/found/thanks")
def thanks():
    limited = check_public_rate_limit("page")
    if limited is not None:
        return limited
    info = session.pop("public_thanks", None) or {"tagged": False, "notified": False}
    town_id = info.pop("town_id", None)
    if town_id is None:
        return _render_thanks(info)
    with acting_for(town_id):
        return _render_thanks(info)


def _render_thanks(info):
    dco = get_setting("dco_phone")
    return _public_response(render_template("public/thanks.html", dco_phone=dco, dco_tel=tel_href(dco),
                                            **info), 200)


# ---- Officers and clerk -------------------------------------------------------------------

@bp.get("/found-reports")
@permission_required("handle_found_reports")
def found_reports():
    show = "all" if request.args.get("show") == "all" else "open"
    reports = reports_shown(show)
    open_count = db.session.execute(
        db.select(db.func.count(FoundReport.id)).filter(FoundReport.handled_at.is_(None))).scalar()
    return render_template("public/found_reports.html", reports=reports, show=show, open_count=open_count)


def _safe_next(default: str) -> str:
    nxt = request.form.get("next") or ""
    return nxt if nxt.startswith("/") and not nxt.startswith("//") and "\\" not in nxt else default


@bp.post("/found-reports/<int:report_id>/handled")
@permission_required("handle_found_reports")
def mark_handled(report_id):
    from flask import flash
    report = db.session.get(FoundReport, report_id) or abort(404)
    note = (request.form.get("note") or "").strip()
    if not note:
        flash("Say what was done (e.g. \"Owner called, picked up the dog\") before marking it handled.",
              "error")
        return redirect(_safe_next(url_for("public.found_reports")) + f"#report-{report.id}")
    try:
        mark_report_handled(report, current_user, note)
        flash("Report marked handled.", "success")
    except ServiceError as exc:
        refusal_on_form(exc)  # flashed: the list has no form to put it on
    return redirect(_safe_next(url_for("public.found_reports")))


@bp.get("/found-reports/<int:report_id>/photo.jpg")
@permission_required("handle_found_reports")
def report_photo(report_id):
    report = db.session.get(FoundReport, report_id)
    if report is None or report.photo is None:
        abort(404)
    resp = _public_response(report.photo, 200)
    resp.headers["Content-Type"] = "image/jpeg"
    resp.headers["Cache-Control"] = "private, max-age=3600"
    return resp
