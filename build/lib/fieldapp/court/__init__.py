from flask import Blueprint

bp = Blueprint("court", __name__, url_prefix="/court")

from . import views  # noqa: E402,F401  (the routes)
