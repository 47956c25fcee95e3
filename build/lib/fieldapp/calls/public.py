"""A citizen's report of a dog problem, from the public found-dog pages (no sign-in).

Rate-limited like the finders' forms (public/pages.py: a page view, and a "message" per report),
a honeypot for bots, and marked unverified on the officer's queue. The page shows nothing of any
dog or owner: the citizen describes what they saw, and the office finds the dog.
"""
import uuid

from flask import abort, redirect, render_template, request, url_for

from ..extensions import csrf, db
from ..public.pages import _public_response, check_public_rate_limit, in_the_finders_town, tel_href
from ..public.views import _form_failed
from ..services.calls import report_from_public
from ..services.errors import ServiceError
from ..settings import get_setting
from ..town import acted_for_key
from . import bp
from .forms import PublicCallForm


@bp.app_template_global()
def public_call_reports() -> bool:
    """Whether the public pages offer the report form (the town's setting)."""
    return bool(get_setting("public_call_reports"))


def _page(form, status=200, sent=False):
    dco = get_setting("dco_phone")
    return _public_response(render_template("calls/public_report.html", form=form, sent=sent, dco_phone=dco,
                                            dco_tel=tel_href(dco)), status)


@bp.route("/report", methods=["GET", "POST"])
@csrf.exempt  # the form checks its own token, so an expired form keeps what was typed
@in_the_finders_town(offered=lambda: get_setting("public_call_reports"))
def public_report():
    if not get_setting("public_call_reports"):
        abort(404)
    form = PublicCallForm()
    if request.method == "GET":
        return check_public_rate_limit("page") or _page(PublicCallForm(formdata=None))
    if not form.validate():
        return check_public_rate_limit("page") or _page(form, _form_failed(form))
    limited = check_public_rate_limit("message")
    if limited is not None:
        return limited
    if (form.website.data or "").strip():  # a bot filled the hidden field: thanked, nothing kept
        return redirect(url_for("calls.public_report_sent", town=acted_for_key()))
    payload = {name: (form[name].data or "") for name in (
        "caller_name", "caller_phone", "caller_email", "about", "location_text", "place_description",
        "latitude", "longitude", "accuracy", "dog_description", "description")}
    payload["tell_caller"] = "email" if form.tell_me.data else ""
    try:
        report_from_public(payload, str(uuid.uuid4()))
    except ServiceError as exc:
        db.session.rollback()
        for name, message in exc.errors.items():
            target = name if name in form else "description"
            form[target].errors = list(form[target].errors) + [message]
        return _page(form, 422)
    return redirect(url_for("calls.public_report_sent", town=acted_for_key()))


@bp.get("/report/sent")
@in_the_finders_town
def public_report_sent():
    return check_public_rate_limit("page") or _page(PublicCallForm(formdata=None), sent=True)
