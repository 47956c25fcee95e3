"""Errors answer HTML to a browser and JSON to the API."""
from flask import current_app, g, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DataError, InterfaceError, OperationalError
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter

from .extensions import db
from .services.errors import ServiceError

MESSAGES = {
    400: "The request could not be understood.",
    403: "Your role does not allow this page or action.",
    404: "Nothing was found at this address.",
    405: "This action is not allowed here.",
    413: "The upload is too large. Photos must be under 16 MB.",
    422: "This was refused; nothing was saved.",
    429: "Too many requests from this device. Please wait a minute and try again.",
    500: "Something went wrong on the server. Nothing you entered has been lost; please try again.",
}


DATABASE_UNAVAILABLE = ("The office's records are busy or out of reach for a moment. Nothing you entered "
                        "has been lost: it is tried again by itself.")


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def render_error(code: int, message: str | None = None, errors: dict | None = None):
    message = message or MESSAGES.get(code, "Something went wrong.")
    if wants_json():
        return jsonify(error=code, message=message, **({"errors": errors} if errors else {})), code
    return render_template("errors/error.html", code=code, message=message), code


def register_error_handlers(app):
    @app.errorhandler(CSRFError)
    def csrf_error(exc):
        return render_error(400, "This form has expired. Reload the page and send it again; "
                                 "what you typed is kept if you use the back button.")

    @app.errorhandler(ServiceError)
    def service_refused(exc):
        """A refusal no view showed on its form: nothing is kept; 422 with the messages (the API
        gets them by field, as `errors`)."""
        db.session.rollback()
        return render_error(422, " ".join(exc.errors.values()) or None, errors=exc.errors)

    @app.errorhandler(DataError)
    def out_of_range(exc):
        """A value the database cannot keep (a number past its column, say) that no check caught:
        the request's fault, not the server's. Nothing is kept."""
        db.session.rollback()
        app.logger.warning("Refused a value the database cannot keep: %s", exc.orig)
        return render_error(400, "A number or a piece of text here is not one the records can keep "
                                 "(too large, or not what the field takes). Nothing was saved.")

    app.errorhandler(OperationalError)(database_unavailable)
    app.errorhandler(InterfaceError)(database_unavailable)  # a connection closed under us (a restart)

    @app.before_request
    def refuse_nul():
        """A NUL (\\0) in an address or a form: PostgreSQL cannot keep one in text (a 500 there),
        SQLite would keep it and a backup of it would not restore into PostgreSQL. No one types
        it: refused before any view, nothing kept. (The API refuses it per field, 422.)"""
        if has_nul(request.args) or (request.mimetype in FORM_TYPES and has_nul(request.form)):
            return render_error(400, NUL_MESSAGE)

    @app.errorhandler(HTTPException)
    def http_error(exc):
        return render_error(exc.code or 500, MESSAGES.get(exc.code) or exc.description)

    @app.errorhandler(Exception)
    def server_error(exc):
        app.logger.exception("Unhandled error")
        return render_error(500)


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
NUL_MESSAGE = ("A field held a character that cannot be kept (NUL, \\0), as a copy and paste from some "
               "programs brings. Remove it and send the form again; nothing was saved.")


def has_nul(multidict) -> bool:
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in multidict.lists())


def database_unavailable(exc):
    """Locked (SQLite busy past its timeout) or unreachable database: a retryable 503, which
    the phone's outbox waits out (backoff), never a 500 it would count against the entry.
    Also what the request's own commit answers when it fails (`web.py: end_transaction`)."""
    try:
        db.session.rollback()
    except Exception:  # unreachable: there is nothing to roll back on
        pass
    current_app.logger.warning("Database unavailable: %s", getattr(exc, "orig", exc))
    g.database_unavailable = True  # the session cookie is not changed either (web.py)
    # The page is drawn signed out: the user could not be loaded (that is the fault), or was
    # loaded and the rollback above expired it (the database went away mid-request, as in a
    # restart); drawing it would ask the database again and fail with a bare 500.
    g._login_user = current_app.login_manager.anonymous_user()
    response = make_response(render_error(503, DATABASE_UNAVAILABLE))
    response.headers["Retry-After"] = "30"
    return response


class RowIdConverter(IntegerConverter):
    """`<int:...>` in every route: past the largest row id (INTEGER columns, 32 bits on
    PostgreSQL) no row exists, so the address is a 404, never a query the database refuses."""

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", 2**31 - 1)
        super().__init__(map, *args, **kwargs)


def register_converters(app):
    app.url_map.converters["int"] = RowIdConverter
