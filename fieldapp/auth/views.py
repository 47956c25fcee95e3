"""Sign-in and sign-out. Every attempt is in the admin's sign-in log (an Event): signed in,
wrong password, refused while rate-limited, signed out.

Guessing is slowed per account and per address (Flask-Limiter's store, as the public pages do):
after ACCOUNT_LIMIT wrong passwords for one username, or ADDRESS_LIMIT from one address, within
the window, sign-in is refused with a readable 429 until the window passes, even with the right
password. A right password clears the account's count. The counts are in RATELIMIT_STORAGE_URI's store,
shared by every worker (Redis when gunicorn runs several). If that store is out of reach, sign-in
goes on without the limit (logged), as the public pages do: officers are never all locked out."""
import logging
import time
from urllib.parse import urlparse

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_limiter.util import get_remote_address
from flask_login import current_user, login_required, login_user, logout_user
from limits import parse

from ..extensions import db, limiter
from ..models import User, record_event
from . import start_session
from .forms import LoginForm

bp = Blueprint("auth", __name__)
log = logging.getLogger(__name__)

ACCOUNT_LIMIT = parse("10 per 15 minutes")  # wrong passwords for one username
ADDRESS_LIMIT = parse("30 per 15 minutes")  # wrong passwords from one address (an office shares one)


def _limits_on() -> bool:
    return bool(current_app.config.get("RATELIMIT_ENABLED", True)) and limiter.enabled


def _limited(username: str, address: str) -> int:
    """Seconds to wait if this account or address has used up its wrong passwords, else 0."""
    if not _limits_on():
        return 0
    try:
        for item, key in ((ACCOUNT_LIMIT, username), (ADDRESS_LIMIT, address)):
            if not limiter.limiter.test(item, "sign-in", key):
                reset_at, _ = limiter.limiter.get_window_stats(item, "sign-in", key)
                return max(1, int(reset_at - time.time()))
    except Exception:  # the limit store is down: let the officer sign in
        log.exception("Rate limit storage failed (sign-in)")
    return 0


def _count_failure(username: str, address: str) -> None:
    if not _limits_on():
        return
    try:
        limiter.limiter.hit(ACCOUNT_LIMIT, "sign-in", username)
        limiter.limiter.hit(ADDRESS_LIMIT, "sign-in", address)
    except Exception:
        log.exception("Rate limit storage failed (sign-in)")


def _clear_account(username: str) -> None:
    if not _limits_on():
        return
    try:
        limiter.limiter.clear(ACCOUNT_LIMIT, "sign-in", username)
    except Exception:
        log.exception("Rate limit storage failed (sign-in)")


def _log_now(kind, user, **data):
    """A failed or refused sign-in answers 4xx, which rolls the request back: commit the log line."""
    db.session.rollback()
    record_event(kind, user, actor=None, **data)
    db.session.commit()


@bp.route("/login", methods=["GET", "POST"])
def login():
    form = LoginForm()
    if form.validate_on_submit():
        username = form.username.data.strip().lower()[:64]
        address = get_remote_address() or ""
        wait = _limited(username, address)
        user = db.session.execute(db.select(User).filter_by(username=username)).scalar_one_or_none()
        if wait:
            _log_now("user.sign_in_refused", user, username=username, address=address)
            minutes = (wait + 59) // 60
            form.form_errors = list(form.form_errors) + [
                f"Too many wrong passwords for this account or from this device. Wait {minutes} "
                f"minute{'s' if minutes != 1 else ''} and try again, or ask the administrator."]
            response = current_app.make_response((render_template("auth/login.html", form=form), 429))
            response.headers["Retry-After"] = str(wait)
            return response
        if user is None or not user.active or not user.check_password(form.password.data):
            _count_failure(username, address)
            _log_now("user.sign_in_failed", user, username=username, address=address,
                     reason="inactive" if user is not None and user.active is False else "password")
            form.password.errors.append("That username and password do not match.")
        else:
            login_user(user, remember=False)
            start_session(user)
            _clear_account(username)
            record_event("user.signed_in", user, actor=user, address=address)  # the request commits
            target = request.args.get("next", "")
            if not target.startswith("/") or target.startswith("//") or urlparse(target).netloc:
                target = url_for("main.home")
            return redirect(target)
    status = 422 if request.method == "POST" else 200
    return render_template("auth/login.html", form=form), status


@bp.route("/logout", methods=["POST"])
@login_required
def logout():
    user = current_user._get_current_object()
    record_event("user.signed_out", user, actor=user, address=get_remote_address() or "")
    logout_user()
    flash("You are signed out.", "info")
    # The page clears the offline copy of the field data on this flag.
    return redirect(url_for("auth.login", signed_out=1))
