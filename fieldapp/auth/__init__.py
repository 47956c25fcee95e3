"""Sign-in, and the check every view makes: `permission_required(action)`, a power of the
law's table of who may act (fieldapp/law/authority.py).

A session holds the user's id, a fingerprint of what it was granted on (`session_fingerprint`:
the role and the password hash) and when it was last used. The user loader ends it when the
user is deactivated, their role changes or their password changes (the fingerprint no longer
matches), and `end_idle_sessions` ends it after the setting `session_idle_minutes` without use.
There is no "remember me" cookie: the session cookie is the one credential.
"""
import hashlib
import time
from functools import wraps

from flask import abort, request, session
from flask_login import AnonymousUserMixin, current_user

from ..extensions import db
from ..law.authority import POWERS

SEEN_EVERY = 60  # seconds: the last-use time is written at most once a minute (fewer cookies)


class SignedOut(AnonymousUserMixin):
    """Someone not signed in holds no power of the table (a finder uses the public pages)."""

    def may(self, action: str) -> bool:
        return False


def session_fingerprint(user) -> str:
    """What a session was granted on: a change of role or password ends every open session."""
    return hashlib.sha256(f"{user.id}|{user.role}|{user.password_hash}".encode()).hexdigest()[:24]


def start_session(user) -> None:
    """After login_user: the session remembers its fingerprint and when it was last used."""
    session.permanent = True  # kept across browser restarts until idle (PERMANENT_SESSION_LIFETIME)
    session["_fp"] = session_fingerprint(user)
    session["_seen"] = int(time.time())


def end_idle_sessions(app):
    @app.before_request
    def _end_idle_session():
        if "_user_id" not in session:
            return
        now = int(time.time())
        seen = session.get("_seen")
        if isinstance(seen, int) and 0 <= now - seen < SEEN_EVERY:
            return  # used within the minute: no query for the setting (the card is two queries)
        from ..settings import get_setting
        if not isinstance(seen, int) or now - seen > get_setting("session_idle_minutes") * 60:
            from flask_login import logout_user
            logout_user()
            session.pop("_fp", None)
            session.pop("_seen", None)
            return
        if now - seen >= SEEN_EVERY:
            session["_seen"] = now


def setup_login(login_manager):
    from ..models import User

    login_manager.anonymous_user = SignedOut
    login_manager.login_view = "auth.login"
    login_manager.login_message = "Please sign in to continue."
    login_manager.login_message_category = "info"

    # Built once: session.get() makes a new SELECT (and its cache key) for every request.
    user_by_id = db.select(User).where(User.id == db.bindparam("user_id"))

    @login_manager.user_loader
    def load_user(user_id):
        try:
            user_id = int(user_id)
        except (TypeError, ValueError):
            return None
        user = db.session.execute(user_by_id, {"user_id": user_id}).scalar_one_or_none()
        # A deactivated user's open sessions end at their next request; so do the sessions of a
        # user whose role or password changed since they signed in.
        if user is None or not user.active or session.get("_fp") != session_fingerprint(user):
            return None
        return user

    @login_manager.unauthorized_handler
    def unauthorized():
        from flask import flash, jsonify, redirect, url_for
        if request.path.startswith("/api/"):
            return jsonify(error="sign_in_required", message="Your session has ended. Sign in again; "
                                 "nothing in the outbox is lost."), 401
        flash(login_manager.login_message, "info")
        return redirect(url_for("auth.login", next=request.script_root + request.full_path))


def permission_required(action):
    """Signed in and holding the power `action` of the law's table (fieldapp/law/authority.py).
    The view is marked with the power it needs (`view.power`), so tests can walk the table."""
    POWERS[action]  # an unknown power is a bug at import time, not a 403 at request time

    def decorator(view):
        @wraps(view)
        def wrapped(*args, **kwargs):
            from ..extensions import login_manager
            if not current_user.is_authenticated:
                return login_manager.unauthorized()
            if not current_user.may(action):
                abort(403)
            return view(*args, **kwargs)
        wrapped.power = action
        return wrapped
    return decorator
