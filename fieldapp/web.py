"""Shared web plumbing: template helpers, htmx awareness, form helpers, and the transaction rule.

One request, one transaction: services add and flush, never commit or roll back. The request
commits when it answers with success (2xx or 3xx) and rolls back otherwise (`end_transaction`);
a view that catches a refusal (`ServiceError`) shows it with `refusal_on_form`, which rolls
back at once, so the page is drawn from the database as it was. The one exception is
`services.entries.submit_entry`, its own transaction by design (idempotent on the entry's UUID).
"""
from datetime import date, datetime, time
from decimal import Decimal

from functools import lru_cache

from flask import current_app, flash, g, has_request_context, request, session
from flask_wtf.csrf import generate_csrf

from .extensions import db
from .services.errors import ServiceError


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def money(value) -> str:
    return f"${Decimal(value):,.2f}"


# One date format and one time format everywhere, on the town's clock (the phone's JS has the
# same two in static/js/format.js): "Wed 2 Dec 2026" and "2:30 pm".
def _town(value):
    """A date stays a date; an instant (aware, or naive UTC as SQLite returns it) is read on the town's clock."""
    from .timeutil import to_local
    if isinstance(value, str):
        value = datetime.fromisoformat(value) if "T" in value or " " in value.strip() else date.fromisoformat(value)
    if isinstance(value, datetime):
        return to_local(value)
    return value


def longdate(value) -> str:
    """Wed 2 Dec 2026."""
    if not value:
        return ""
    value = _town(value)
    return value.strftime("%a %-d %b %Y")


def clock(value) -> str:
    """2:30 pm (12:00 pm is noon, 12:00 am midnight). A time or "14:30" is a wall time, taken as it is."""
    if value is None or value == "":
        return ""
    if isinstance(value, str) and "T" not in value and len(value.strip()) <= 8:
        value = time.fromisoformat(value.strip())
    elif not isinstance(value, time):
        value = _town(value)
    hour = value.hour % 12 or 12
    return f"{hour}:{value.minute:02d} {'am' if value.hour < 12 else 'pm'}"


# Signed CSRF tokens by (secret, the session's raw token): base.html puts one on every page,
# and signing (JSON + HMAC) cost more than the rest of a small page. With no time limit
# (WTF_CSRF_TIME_LIMIT = None) a token signed earlier is exactly as valid as a new one.
_SIGNED_CSRF: dict = {}
_SIGNED_CSRF_MAX = 4096


def csrf_token() -> str:
    """Flask-WTF's generate_csrf(), signing each session's token once per process."""
    config = current_app.config
    field = config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    if field in g:  # already made for this request
        return g.get(field)
    raw = session.get(field)
    if not isinstance(raw, str) or config.get("WTF_CSRF_TIME_LIMIT", 3600) is not None:
        return generate_csrf()
    key = (config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key, raw)
    token = _SIGNED_CSRF.get(key)
    if token is None:
        token = generate_csrf()
        if len(_SIGNED_CSRF) >= _SIGNED_CSRF_MAX:
            _SIGNED_CSRF.clear()
        _SIGNED_CSRF[key] = token
    else:
        setattr(g, field, token)  # what generate_csrf() returns for the rest of the request
    return token


def refusal_on_form(exc: ServiceError, *forms, flash_rest: bool = False) -> list[str]:
    """Roll back what the refused call wrote, then show its messages: each on the field it names
    (in the first of `forms` that has it), the rest as form-level messages of the first form
    (its error summary shows them), or flashed when there is no form or `flash_rest`.
    Returns the form-level messages."""
    db.session.rollback()
    rest = []
    for name, message in exc.errors.items():
        form = next((f for f in forms if f is not None and name and name in f), None)
        if form is not None:
            form[name].errors = list(form[name].errors) + [message]
        else:
            rest.append(message)
    first = next((f for f in forms if f is not None), None)
    if first is not None and rest:
        first.form_errors = list(first.form_errors) + rest
    if rest and (first is None or flash_rest):
        for message in rest:
            flash(message, "error")
    return rest


def register_request_transaction(app):
    @app.after_request
    def end_transaction(response):
        """The request's one transaction: kept on success (2xx, 3xx), undone otherwise."""
        if response.status_code < 400:
            db.session.commit()
        else:
            db.session.rollback()
        return response


def register_template_helpers(app):
    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["longdate"] = longdate
    app.jinja_env.filters["clock"] = clock
    from .tags.tokens import tag_url
    app.jinja_env.globals["tag_url"] = tag_url  # the address a tag's QR code encodes
    # Flask-WTF offers csrf_token() as a global and a context variable: replace both.
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})

    # The layout's URLs (static files, pages without arguments) are the same on every page:
    # built once per site root instead of ~20 µs each, ten times a page.
    flask_url_for = app.jinja_env.globals["url_for"]

    @lru_cache(maxsize=1024)
    def layout_url(scheme, host, root, endpoint, filename):
        return flask_url_for(endpoint, **({"filename": filename} if filename is not None else {}))

    def url_for(endpoint, **values):
        constant = (not values or (endpoint == "static" and values.keys() == {"filename"}))
        if (constant and not endpoint.startswith(".") and not any(app.url_default_functions.values())
                and has_request_context()):
            environ = request.environ  # the site root and host the URL is built for
            return layout_url(environ.get("wsgi.url_scheme"), environ.get("HTTP_HOST"),
                              environ.get("SCRIPT_NAME", ""), endpoint, values.get("filename"))
        return flask_url_for(endpoint, **values)

    app.jinja_env.globals["url_for"] = url_for

    @app.after_request
    def vary_on_htmx(response):
        # Full pages and htmx partials share URLs: caches must keep them apart.
        response.vary.add("HX-Request")
        return response
