from flask import Blueprint

bp = Blueprint("calendar", __name__, url_prefix="/calendar")

from . import views  # noqa: E402,F401  (the routes)
