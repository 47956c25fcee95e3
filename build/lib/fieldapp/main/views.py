from flask import flash, redirect, render_template, request, session, url_for
from flask_login import current_user, login_required
from sqlalchemy import func

from ..errors import render_error
from ..extensions import db
from ..models import Town
from ..models.public import FoundReport
from ..services.enforcement import overdue_rabies_requests, tickets_not_served, violations_awaiting_ticket
from ..timeutil import local_today
from ..town import acted_for_key, towns_served
from . import bp


@bp.route("/")
@login_required
def home():
    """Each role's starting screen: a tile for each of its powers (fieldapp/law/authority.py);
    the officer's is the roadside one."""
    open_reports = 0
    if current_user.may("handle_found_reports"):
        open_reports = db.session.execute(
            db.select(func.count(FoundReport.id)).where(FoundReport.handled_at.is_(None))).scalar()
    # §5(B)(1): requests whose ten days passed without a certificate, for the officer to act on.
    overdue = overdue_rabies_requests(local_today()) if current_user.may("enforce") else []
    # §9: violations still waiting for their appearance ticket, and tickets not served yet.
    to_serve = 0
    if current_user.may("follow_up_tickets"):
        to_serve = len(violations_awaiting_ticket(local_today())) + len(tickets_not_served())
    late_entries = 0
    if current_user.may("confirm_late_entries"):
        from ..models import LateEntry
        late_entries = db.session.scalar(db.select(db.func.count(LateEntry.id)).where(
            LateEntry.confirmed_at.is_(None)))
    open_calls = 0
    if current_user.may("read_calls"):
        from ..models.calls import Call
        open_calls = db.session.scalar(db.select(func.count(Call.id)).where(Call.status != "closed"))
    return render_template("main/home.html", open_calls=open_calls, user=current_user, open_reports=open_reports,
                           overdue_requests=overdue, to_serve=to_serve, late_entries=late_entries,
                           towns=_towns_to_pick(), acting_for=acted_for_key())


def _towns_to_pick() -> list[Town]:
    """The towns an officer serving several may act for (AML §113(2): towns share an officer);
    none for one who serves one town (no choice to show)."""
    served = towns_served()
    if len(served) < 2:
        return []
    return db.session.scalars(db.select(Town).where(Town.id.in_(served)).order_by(Town.name)).all()


@bp.route("/town", methods=["POST"])
@login_required
def pick_town():
    """The officer picks the town they act for: what they record from now on is that town's, and
    the phone keeps the choice (the session cookie) until they pick another. Only a town they serve."""
    town_id = request.form.get("town_id", "")
    town_id = int(town_id) if town_id.isdigit() and len(town_id) < 10 else None
    if town_id not in towns_served():
        return render_error(403, "You do not serve that town, so you cannot act for it: pick one of "
                                 "the towns on your start page.")
    session["town_id"] = town_id
    town = db.session.get(Town, town_id)
    flash(f"You now act for the Town of {town.name}: what you record is that town's.", "success")
    return redirect(url_for("main.home"))
