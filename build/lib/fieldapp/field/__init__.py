from flask import Blueprint

bp = Blueprint("field", __name__, url_prefix="/field")

from . import views  # noqa: E402,F401  (the routes)
