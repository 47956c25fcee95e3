"""Sign-in, and the check every view makes: `permission_required(action)`, a power of the
law's table of who may act (fieldapp/law/authority.py).

A session holds the user's id, the key of its row in `user_session` (the database holds only
the key's hash), a fingerprint of what it was granted on (`session_fingerprint`: the role and
the password hash) and when it was last used. The user loader finds the user and the session's
row in one query: signing out deletes the row (`end_session`), so the cookie, even copied, no
longer signs anyone in, in any worker. A password change ends the person's other sessions, and
an admin's reset, a deactivation or a role change all of them (`end_sessions`); the fingerprint
ends them too should the role or password change another way. `end_idle_sessions` ends a
session after the setting `session_idle_minutes` without use, and tells the phone that lifetime
with its copy of the field data (`X-Session-Idle-Seconds`), so the copy lives no longer.
There is no "remember me" cookie: the session cookie is the one credential.
"""
import hashlib
import secrets
import time
from datetime import timedelta
from functools import wraps

from flask import Blueprint, abort, request, session
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


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def start_session(user) -> None:
    """After login_user: a new row for this session (a session already in the cookie ends
    first), its fingerprint and when it was last used. Rows of the user's sessions that went
    idle are dropped here (nothing else ever reads them)."""
    from ..models import UserSession
    from ..models.types import now_utc
    from ..settings import get_setting
    end_session()
    now = now_utc()
    idle = now - timedelta(minutes=get_setting("session_idle_minutes"))
    db.session.execute(db.delete(UserSession).where(UserSession.user_id == user.id, UserSession.seen_at < idle))
    key = secrets.token_urlsafe(32)
    db.session.add(UserSession(id=_digest(key), user_id=user.id, started_at=now, seen_at=now))
    session.permanent = True  # kept across browser restarts until idle (PERMANENT_SESSION_LIFETIME)
    session["_sid"] = key
    session["_fp"] = session_fingerprint(user)
    session["_seen"] = int(time.time())


def current_session_id() -> str | None:
    key = session.get("_sid")
    return _digest(key) if isinstance(key, str) else None


def end_session() -> None:
    """Sign-out, or a session gone idle: its row goes, so the cookie is worth nothing anywhere."""
    from ..models import UserSession
    sid = current_session_id()
    if sid:
        db.session.execute(db.delete(UserSession).where(UserSession.id == sid))
    for key in ("_sid", "_fp", "_seen"):
        session.pop(key, None)


def end_sessions(user, keep_current: bool = False) -> int:
    """End the user's sessions on every device (all but this request's one with keep_current).
    Returns how many were open."""
    from ..models import UserSession
    query = db.delete(UserSession).where(UserSession.user_id == user.id)
    sid = current_session_id()
    if keep_current and sid:
        query = query.where(UserSession.id != sid)
    return db.session.execute(query).rowcount or 0


def renew_fingerprint(user) -> None:
    """After the signed-in person changed their own password: this session goes on."""
    session["_fp"] = session_fingerprint(user)


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
            end_session()
            logout_user()
            return
        if now - seen >= SEEN_EVERY:
            session["_seen"] = now
            sid = current_session_id()
            if sid:
                from ..models import UserSession
                from ..models.types import now_utc
                db.session.execute(db.update(UserSession).where(UserSession.id == sid).values(seen_at=now_utc()))

    @app.before_request
    def _choose_the_towns():
        # The signed-in person is loaded before any view reads a record, so every read is
        # narrowed to their towns (the same query that checks the session).
        if "_user_id" in session and request.endpoint not in (None, "static"):
            current_user._get_current_object()

    @app.after_request
    def _tell_the_copy_its_lifetime(response):
        # The phone keeps its copy of the field data (owners' names, addresses, phones) no
        # longer than this session could last without use (static/js/dataset.js).
        if request.endpoint == "api.field_dataset" and response.status_code == 200 and "_user_id" in session:
            from ..settings import get_setting
            response.headers["X-Session-Idle-Seconds"] = str(get_setting("session_idle_minutes") * 60)
        return response


def serve_towns(user, towns: str | None) -> None:
    """The request reads the towns the user serves and acts for the one picked on the phone
    (`session["town_id"]`, see fieldapp/town.py: serve). A user with no town of their own is of
    a deployment of one town (made before towns were kept per user): they serve the first; a
    county administrator serves none."""
    from ..town import serve
    if user.role == "county_admin":
        serve([])
    elif towns:
        serve([int(t) for t in towns.split(",")], session.get("town_id"))


def setup_login(login_manager):
    from ..models import User, UserSession, UserTown

    login_manager.anonymous_user = SignedOut
    login_manager.login_view = "auth.login"
    login_manager.login_message = "Please sign in to continue."
    login_manager.login_message_category = "info"

    # Built once: session.get() makes a new SELECT (and its cache key) for every request. The
    # session's row in the same query: one round trip, as before sessions were kept.
    # The towns the user serves come in the same query, as "1,3" (fieldapp/town.py: serve).
    towns = (db.select(db.func.aggregate_strings(db.cast(UserTown.town_id, db.String), ","))
             .where(UserTown.user_id == User.id).correlate(User).scalar_subquery())
    user_by_session = (db.select(User, towns).join(UserSession, UserSession.user_id == User.id)
                       .where(User.id == db.bindparam("user_id"), UserSession.id == db.bindparam("session_id")))

    @login_manager.user_loader
    def load_user(user_id):
        try:
            user_id = int(user_id)
        except (TypeError, ValueError):
            return None
        session_id = current_session_id()
        if session_id is None:
            return None
        row = db.session.execute(user_by_session, {"user_id": user_id, "session_id": session_id}).one_or_none()
        user, towns = row if row is not None else (None, None)
        # No row: signed out, or ended by a password change, a reset, a deactivation or a role
        # change. A deactivated user's sessions end at their next request; so do the sessions of
        # a user whose role or password changed since they signed in.
        if user is None or not user.active or session.get("_fp") != session_fingerprint(user):
            return None
        serve_towns(user, towns)
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


# The blueprint of sign-in and the password pages; its routes are in views.py.
bp = Blueprint("auth", __name__)

from . import views  # noqa: E402,F401  (the routes)
