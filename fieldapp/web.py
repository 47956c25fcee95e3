"""Shared web plumbing: template helpers, htmx awareness, form helpers, and the transaction rule.

One request, one transaction: services add and flush, never commit or roll back. The request
commits when it answers with success (2xx or 3xx) and rolls back otherwise (`end_transaction`);
a view that catches a refusal (`ServiceError`) shows it with `refusal_on_form`, which rolls
back at once, so the page is drawn from the database as it was (`form_page` writes that view
pattern once). The exceptions (`services.entries.submit_entry`, its own transaction by design, and
a few others, each for a reason) are listed in docs/architecture.md.
"""
from datetime import date, datetime, time

from flask import flash, g, has_request_context, make_response, request, session
from flask.sessions import SecureCookieSessionInterface
from sqlalchemy.exc import OperationalError

from .extensions import db
from .law.words import say_date, say_money, say_month, say_time
from .services.errors import ServiceError


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


# The pages say a date, a time and money as the rest of the app does (`fieldapp/law/words.py`; the
# phone's JS has the same in static/js/format.js): "Wed 2 Dec 2026", "2:30 pm", "$1,234.00". The
# filters below take what a template has (a date, an instant stored in UTC, a text) and read an
# instant on the town's clock first.
money = say_money


def _town(value):
    """A date stays a date; an instant (aware, or naive UTC as SQLite returns it) is read on the town's clock."""
    from .timeutil import to_local
    if isinstance(value, str):
        value = datetime.fromisoformat(value) if "T" in value or " " in value.strip() else date.fromisoformat(value)
    if isinstance(value, datetime):
        return to_local(value)
    return value


def longdate(value) -> str:
    """Wed 2 Dec 2026. A text that is no date (what was typed into a refused form) is shown as typed."""
    if not value:
        return ""
    try:
        value = _town(value)
    except ValueError:
        return value
    return say_date(value)


def clock(value) -> str:
    """2:30 pm (12:00 pm is noon, 12:00 am midnight). A time or "14:30" is a wall time, taken as it is;
    a stored text that is no time ("6 pm" kept before times were checked is read as 18:00) is shown
    as it was written, never a page that fails."""
    if value is None or value == "":
        return ""
    if isinstance(value, str) and "T" not in value and len(value.strip()) <= 8:
        from .parsing import parse_clock
        hhmm = parse_clock(value)
        if hhmm is None:
            return value
        value = time.fromisoformat(hhmm)
    elif not isinstance(value, time):
        value = _town(value)
    return say_time(value)


def when(value) -> str:
    """Wed 2 Dec 2026, 2:30 pm: an instant, on the town's clock."""
    return f"{longdate(value)}, {clock(value)}" if value else ""


def month(value) -> str:
    """December 2026."""
    return say_month(_town(value)) if value else ""


def file_response(body, content_type: str, max_age: int | None = None, filename: str | None = None):
    """A file the browser keeps privately for `max_age` seconds (or never, with None). With a
    `filename` it is a download (`attachment`): on a phone, and above all in an installed app
    with no Back button, a file shown inline is a dead end, and the person wants it saved to
    print or mail. Without one (photos, tag images) it is shown where it is embedded."""
    response = make_response(body)
    response.headers["Content-Type"] = content_type
    if filename:
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = f"private, max-age={max_age}" if max_age else "private, no-store"
    return response


def autofocus_first_error(*forms) -> None:
    """The first field in error (in the page's order) gets `autofocus`: without JavaScript the
    browser brings a refused form's field on screen, wherever the form sits on a long page."""
    for form in forms:
        if form is None:
            continue
        for f in form:
            if f.errors and f.type not in ("CSRFTokenField", "HiddenField"):
                f.render_kw = {**(f.render_kw or {}), "autofocus": True}
                return


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
    autofocus_first_error(*forms)
    if rest and (first is None or flash_rest):
        for message in rest:
            flash(message, "error")
    return rest


def form_page(form, call, draw, *more_forms):
    """The form view's pattern, written once: on a valid post, `call()` the service and answer
    what it returns (it flashes what was done and redirects); a refusal (`ServiceError`) is shown
    on the form (`refusal_on_form`, the rest of the messages on `more_forms` or form-wide) and
    the page is `draw()`n again with 422, keeping what was typed; a first draw answers 200, a
    post the form itself refuses 422."""
    if form.validate_on_submit():
        try:
            return call()
        except ServiceError as exc:
            refusal_on_form(exc, form, *more_forms)
    return draw(), 422 if request.method == "POST" else 200


def register_request_transaction(app):
    @app.after_request
    def end_transaction(response):
        """The request's one transaction: kept on success (2xx, 3xx), undone otherwise. A commit
        the database refuses for being locked or out of reach answers 503 instead (Retry-After):
        nothing was kept, and the phone tries again. Registered last, so it runs first of the
        after-request functions and its answer gets the headers of every other."""
        if response.status_code < 400:
            try:
                db.session.commit()
            except OperationalError as exc:
                from .errors import database_unavailable
                return database_unavailable(exc)
        else:
            db.session.rollback()
        return response


def register_template_helpers(app):
    # The one place the pages' words for dates, times and money are registered (law/words.py).
    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["longdate"] = longdate
    app.jinja_env.filters["clock"] = clock
    app.jinja_env.filters["when"] = when
    app.jinja_env.filters["month"] = month
    from .services.tags.tokens import tag_url
    app.jinja_env.globals["tag_url"] = tag_url  # the address a tag's QR code encodes
    from .services.search import PAGE
    app.jinja_env.globals["search_page"] = PAGE  # dogs a search shows at most
    from .field.record_urls import record_url
    from .once import once_key_field
    from .town import current_law, current_town, law_key_of, town_label, towns_served, towns_to_pick
    app.jinja_env.globals["record_url"] = record_url  # the page of the record an entry made
    app.jinja_env.globals["town"] = current_town  # {{ town().title }}: the town is data
    app.jinja_env.globals["town_law"] = current_law  # {{ town_law().holding }}: the town's law
    app.jinja_env.globals["towns_served"] = towns_served  # an officer of several towns picks one
    app.jinja_env.globals["towns_to_pick"] = towns_to_pick  # ... and says on an entry where it happened
    app.jinja_env.globals["law_key_of"] = law_key_of  # ... and the forms bring the form of a town of another law
    # ... and the law of "the dog's own town (else the town I act for)" (field/entry_pages.py: form_town)
    app.jinja_env.globals["entry_default_law"] = lambda: g.get("entry_default_law") or current_law().key
    app.jinja_env.globals["town_label"] = town_label  # ... and reads on each line of a list whose it is
    from .law.laws import law_cite
    # {{ law_cite("§9", "AML §118(2)") }}: a paper's citation in the town's law
    app.jinja_env.globals["law_cite"] = lambda section, other="": law_cite(current_law(), section, other)
    from .law.laws.cites import cite_in_town_law
    # {{ cite("Tag (§5(G))") }}: a screen's local-law citations, as the town's law cites them
    app.jinja_env.globals["cite"] = cite_in_town_law
    app.jinja_env.globals["once_key_field"] = once_key_field  # money-taking forms: done once

    @app.after_request
    def vary_on_htmx(response):
        # Full pages and htmx partials share URLs: caches must keep them apart.
        response.vary.add("HX-Request")
        return response


# Every response: no inline script or style (the pages have none: JSON data blocks are not
# scripts, htmx is told not to add its indicator <style>), nothing from elsewhere, never framed.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # the finders' pages send none (public/pages.py)
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Permissions-Policy": "camera=(self), geolocation=(self), microphone=()",
}
HSTS = "max-age=31536000"


class SessionCookieSecureOverHttps(SecureCookieSessionInterface):
    """The session cookie is `Secure` whenever the request came over HTTPS (or SESSION_COOKIE_SECURE)."""

    def get_cookie_secure(self, app):
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)

    def save_session(self, app, session, response):
        if g.get("database_unavailable"):
            # Nothing of the request was kept (errors.py: database_unavailable): nor is its change
            # to the session, or a sign-in whose log line was lost would still sign the user in.
            return None
        return super().save_session(app, session, response)


def signed_in_no_store(response):
    """Every answer to a signed-in user (pages, htmx partials, the API's JSON) holds someone's
    records: owners' names, addresses, phones, their dogs' history. `Cache-Control: no-store`, so no
    browser or proxy keeps a copy on disk, or shows it again from its cache or history after the
    officer signs out of a shared phone. A response that chose its own (a PDF or photo kept
    privately a while, /sw.js, the entry rules) keeps it; static files are the same for everyone.
    The service worker's offline copies are its own Cache Storage, which this header does not touch."""
    if "Cache-Control" in response.headers or request.endpoint == "static":
        return response
    if session.get("_user_id") is not None:
        response.headers["Cache-Control"] = "no-store"
    return response


def register_security_headers(app):
    app.session_interface = SessionCookieSecureOverHttps()
    app.after_request(signed_in_no_store)

    @app.after_request
    def security_headers(response):
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if request.is_secure:
            # Over HTTPS (directly, or behind TRUSTED_PROXIES): stay on HTTPS, cookies only there.
            response.headers.setdefault("Strict-Transport-Security", HSTS)
            cookies = response.headers.getlist("Set-Cookie")
            if any("; secure" not in c.lower() for c in cookies):
                del response.headers["Set-Cookie"]
                for cookie in cookies:
                    response.headers.add("Set-Cookie", cookie if "; secure" in cookie.lower()
                                         else cookie + "; Secure")
        return response
