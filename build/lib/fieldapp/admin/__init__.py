from flask import Blueprint

bp = Blueprint("admin", __name__, url_prefix="/admin")

from . import town, views  # noqa: E402,F401  (the routes)
