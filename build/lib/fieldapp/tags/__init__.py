from flask import Blueprint

bp = Blueprint("tags", __name__)

from . import views  # noqa: E402,F401  (the routes)
