from flask import render_template
from flask_login import current_user, login_required
from sqlalchemy import func

from ..extensions import db
from ..models.public import FoundReport
from ..services.enforcement import overdue_rabies_requests, tickets_not_served, violations_awaiting_ticket
from ..timeutil import local_today
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
                           overdue_requests=overdue, to_serve=to_serve, late_entries=late_entries)
