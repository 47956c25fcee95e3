"""The town's calendar page (§8(B) business days), kept by the Town Clerk: a year's days the
town offices are closed, pre-filled from GCL §24's public holidays, a closure added (a snow day
with its reason) or a listed day opened. The holding period of every seizure (and the phone's
offline deadline table) reads it through services/calendar.py."""
from datetime import date

from flask import redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import permission_required
from ..extensions import db
from ..models import TownDay
from ..services import calendar
from ..services.errors import ServiceError
from ..timeutil import local_today
from . import bp


def _year() -> int:
    try:
        year = int(request.values.get("year") or local_today().year)
    except ValueError:
        year = local_today().year
    return min(max(year, 2000), 2100)


@bp.get("/")
@permission_required("keep_town_calendar")
def year_page(errors=None, status=200):
    year = _year()
    return render_template("calendar/year.html", year=year, days=calendar.year_days(year),
                           filled=calendar.year_filled(year), errors=errors or {},
                           form=request.form if errors else {}), status


@bp.post("/fill")
@permission_required("keep_town_calendar")
def fill():
    calendar.fill_year(_year(), current_user)
    return redirect(url_for("calendar.year_page", year=_year()), 303)


@bp.post("/close")
@permission_required("keep_town_calendar")
def close_day():
    try:
        day = date.fromisoformat(request.form.get("day") or "")
    except ValueError:
        return year_page({"day": "Give the date like 2026-12-04."}, 422)
    try:
        calendar.add_closure(day, request.form.get("reason", ""), current_user)
    except ServiceError as exc:
        return year_page(exc.errors, 422)
    return redirect(url_for("calendar.year_page", year=day.year), 303)


@bp.post("/days/<int:day_id>/open")
@permission_required("keep_town_calendar")
def open_day(day_id):
    row = db.get_or_404(TownDay, day_id)
    year = row.day.year
    calendar.set_open(row, request.form.get("open", "1") == "1", current_user)
    return redirect(url_for("calendar.year_page", year=year), 303)
