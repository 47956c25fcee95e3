"""Sign-in and sign-out. Every attempt is in the admin's sign-in log (an Event): signed in,
wrong password, refused while rate-limited, signed out.

Guessing is slowed per account and per address (Flask-Limiter's store, as the public pages do):
after ACCOUNT_LIMIT wrong passwords for one username, or ADDRESS_LIMIT from one address, within
the window, sign-in is refused with a readable 429 until the window passes, even with the right
password. A right password clears the account's count. The counts are in RATELIMIT_STORAGE_URI's store,
shared by every worker (Redis when gunicorn runs several). If that store is out of reach, sign-in
goes on without the limit (logged), as the public pages do: officers are never all locked out.
The administrator unlocks an account (admin/views.py: `unlock_account`).

A wrong username costs what a wrong password does: one password hash, checked against a dummy
hash made with the same method, so the time of the answer does not tell which usernames exist.

Signing out ends the session on the server (fieldapp/auth: `end_session`). Everyone changes
their own password here (`change_password`), which ends their other sessions."""
import logging
import secrets
import time
from urllib.parse import urlparse

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_limiter.util import get_remote_address
from flask_login import current_user, login_required, login_user, logout_user
from limits import parse
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db, limiter
from ..models import User, record_event
from . import bp, end_session, end_sessions, renew_fingerprint, start_session
from .forms import ChangePasswordForm, LoginForm

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


def account_locked(username: str) -> bool:
    """Too many wrong passwords for this account: sign-in refused until the window passes or
    the administrator unlocks it."""
    if not _limits_on():
        return False
    try:
        return not limiter.limiter.test(ACCOUNT_LIMIT, "sign-in", username)
    except Exception:
        log.exception("Rate limit storage failed (sign-in)")
        return False


def unlock_account(username: str) -> None:
    """The administrator's unlock: the account's count of wrong passwords starts again."""
    _clear_account(username)


def _dummy_hash() -> str:
    """A hash of a random password, made once per app with the method real passwords use."""
    cached = current_app.extensions.get("fieldapp.dummy_hash")
    if cached is None:
        method = current_app.config.get("PASSWORD_HASH_METHOD", "scrypt")
        cached = current_app.extensions["fieldapp.dummy_hash"] = generate_password_hash(
            secrets.token_hex(16), method=method)
    return cached


def password_matches(user, password: str) -> bool:
    """One hash whoever asks: an unknown username (or a deactivated user) is checked against
    the dummy hash, so a wrong username takes as long as a wrong password."""
    stored = user.password_hash if user is not None else _dummy_hash()
    return check_password_hash(stored, password) and user is not None


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
        matches = password_matches(user, form.password.data)  # first: the same cost for everyone
        if user is None or not user.active or not matches:
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
    end_session()  # the session's row goes: a copy of this cookie signs no one in
    logout_user()
    # The sign-in page says "You are signed out." on this flag (not a flash: the phone's service
    # worker may fetch a page meanwhile, and a flash goes to the first page drawn), and the phone
    # clears its offline copy of the field data on it.
    return redirect(url_for("auth.login", signed_out=1))


@bp.route("/password", methods=["GET", "POST"])
@login_required
def change_password():
    """Current password, the new one twice. Ends the person's sessions on other devices; this
    one goes on. A wrong current password counts as a wrong sign-in (and is refused while the
    account is locked), so a borrowed session cannot guess it either."""
    user = current_user._get_current_object()
    form = ChangePasswordForm()
    if form.validate_on_submit():
        address = get_remote_address() or ""
        if _limited(user.username, address):
            form.current_password.errors.append(
                "Too many wrong passwords for this account. Wait and try again, or ask the administrator.")
        elif not password_matches(user, form.current_password.data):
            _count_failure(user.username, address)
            _log_now("user.password_change_failed", user, username=user.username, address=address)
            form.current_password.errors.append("That is not your current password.")
        elif form.new_password.data == form.current_password.data:
            form.new_password.errors.append("Choose a password other than the current one.")
        else:
            user.set_password(form.new_password.data)
            renew_fingerprint(user)
            ended = end_sessions(user, keep_current=True)
            record_event("user.password_changed", user, actor=user, address=address, sessions_ended=ended)
            flash("Your password is changed. You are signed out on every other device.", "success")
            return redirect(url_for("main.home"))
    status = 422 if request.method == "POST" else 200
    return render_template("auth/password.html", form=form), status
