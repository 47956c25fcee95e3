from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")

from . import batch, views  # noqa: E402,F401  (the routes)
