"""Exactly once at the counter: the money-taking forms carry a one-time key, as field entries
carry their UUID (services/entries.py).

The page renders a fresh UUID into a hidden `once_key` field (`once_key_field()`, a template
global); the view is wrapped in `@once_per_key("license")`. A POST with a key

- claims it first (a `FormOnce` row, flushed before the view writes anything): a second request
  with the same key (a double tap, a retry after a lost answer) waits on that row's lock and,
  once the first has committed, gets the first result: a redirect to the page the first
  answered with (the certificate, the receipt), never a second license or receipt;
- keeps the claim only when the view answered with a redirect (the form was done); a refused or
  re-shown form gives the key back, so the owner's corrected form can be sent with it again.

A form posted without a key (an old page, a script) is handled as before, once per request.

The one-line hookup of a form: `@once_per_key("<form name>")` under the view's route decorators,
and `{{ once_key_field() }}` inside its <form>.
"""
import uuid
from functools import wraps

from flask import flash, make_response, redirect, request
from markupsafe import Markup
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .models import FormOnce

ONCE_FIELD = "once_key"
SENT_ALREADY = ("This form was sent already (a second tap or a retry): here is what it did the "
                "first time. Nothing was charged or issued twice.")


def _parse(value) -> str | None:
    try:
        return str(uuid.UUID(str(value))) if value else None
    except (ValueError, TypeError, AttributeError):
        return None


def once_key_field() -> Markup:
    """The hidden field with the form's one-time key: the posted one again when the form is
    shown back (refused), else a new one."""
    key = (_parse(request.form.get(ONCE_FIELD)) if request.method == "POST" else None) or str(uuid.uuid4())
    return Markup(f'<input type="hidden" name="{ONCE_FIELD}" value="{key}">')


def _first_result(done: FormOnce):
    flash(SENT_ALREADY, "info")
    return redirect(done.result_url or request.path, code=303)


def _user_id():
    from flask_login import current_user
    return getattr(current_user, "id", None) if getattr(current_user, "is_authenticated", False) else None


def once_per_key(form_name: str):
    """Decorate a view taking money: a POST's `once_key` is done at most once (module docstring)."""
    def decorate(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            key = _parse(request.form.get(ONCE_FIELD)) if request.method == "POST" else None
            if key is None:
                return view(*args, **kwargs)
            done = db.session.get(FormOnce, key)
            if done is not None:
                return _first_result(done)
            claim = FormOnce(key=key, form=form_name[:40], user_id=_user_id())
            db.session.add(claim)
            try:
                db.session.flush()  # claims the key before the view writes anything
            except IntegrityError:  # the same key at once: the other request won
                db.session.rollback()
                done = db.session.get(FormOnce, key)
                if done is None:
                    raise
                return _first_result(done)
            response = make_response(view(*args, **kwargs))
            state = inspect(claim)
            if state.persistent:
                if 300 <= response.status_code < 400 and response.location:
                    claim.result_url = response.location[:500]
                else:  # refused or shown again: the key may be sent again
                    db.session.delete(claim)
                db.session.flush()
            return response
        return wrapper
    return decorate
