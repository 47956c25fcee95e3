"""Shared web plumbing: template helpers, htmx awareness, form helpers."""
from datetime import date, datetime, time
from decimal import Decimal

from functools import lru_cache

from flask import current_app, g, has_request_context, request, session
from flask_wtf.csrf import generate_csrf


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


def register_template_helpers(app):
    from .models.people import OFFICER_ROLES

    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["longdate"] = longdate
    app.jinja_env.filters["clock"] = clock
    app.jinja_env.globals["OFFICER_ROLES"] = OFFICER_ROLES
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
