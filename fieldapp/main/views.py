from flask import Blueprint, render_template
from flask_login import current_user, login_required
from sqlalchemy import func

from ..extensions import db
from ..models.public import FoundReport

bp = Blueprint("main", __name__)


@bp.route("/")
@login_required
def home():
    """Each role's starting screen: a tile for each of its powers (fieldapp/law/authority.py);
    the officer's is the roadside one."""
    open_reports = 0
    if current_user.may("handle_found_reports"):
        open_reports = db.session.execute(
            db.select(func.count(FoundReport.id)).where(FoundReport.handled_at.is_(None))).scalar()
    return render_template("main/home.html", user=current_user, open_reports=open_reports)
