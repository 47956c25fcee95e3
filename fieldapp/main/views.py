from flask import Blueprint, render_template
from flask_login import current_user, login_required

bp = Blueprint("main", __name__)


@bp.route("/")
@login_required
def home():
    """Each role's starting screen: the officer's is the roadside one."""
    return render_template("main/home.html", user=current_user)
