from flask import Blueprint

bp = Blueprint("clerk", __name__, url_prefix="/clerk")

from . import views  # noqa: E402,F401  (the routes)
