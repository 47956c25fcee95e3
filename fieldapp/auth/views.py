from urllib.parse import urlparse

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required, login_user, logout_user

from ..extensions import db
from ..models import User, record_event
from .forms import LoginForm

bp = Blueprint("auth", __name__)


@bp.route("/login", methods=["GET", "POST"])
def login():
    form = LoginForm()
    if form.validate_on_submit():
        user = db.session.execute(
            db.select(User).filter_by(username=form.username.data.strip().lower())).scalar_one_or_none()
        if user is None or not user.active or not user.check_password(form.password.data):
            form.password.errors.append("That username and password do not match.")
        else:
            login_user(user, remember=True)
            record_event("user.signed_in", user, actor=user)  # kept: the request commits (web.py)
            target = request.args.get("next", "")
            if not target.startswith("/") or urlparse(target).netloc:
                target = url_for("main.home")
            return redirect(target)
    status = 422 if request.method == "POST" else 200
    return render_template("auth/login.html", form=form), status


@bp.route("/logout", methods=["POST"])
@login_required
def logout():
    user = current_user._get_current_object()
    record_event("user.signed_out", user, actor=user)
    logout_user()
    flash("You are signed out.", "info")
    # The page clears the offline copy of the field data on this flag.
    return redirect(url_for("auth.login", signed_out=1))
