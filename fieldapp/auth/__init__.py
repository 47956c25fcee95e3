"""Sign-in, and the check every view makes: `permission_required(action)`, a power of the
law's table of who may act (fieldapp/law/authority.py)."""
from functools import wraps

from flask import abort, request
from flask_login import AnonymousUserMixin, current_user

from ..extensions import db
from ..law.authority import POWERS


class SignedOut(AnonymousUserMixin):
    """Someone not signed in holds no power of the table (a finder uses the public pages)."""

    def may(self, action: str) -> bool:
        return False


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
        user = db.session.execute(user_by_id, {"user_id": int(user_id)}).scalar_one_or_none()
        # A deactivated user's open sessions end at their next request.
        return user if user is not None and user.active else None

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
