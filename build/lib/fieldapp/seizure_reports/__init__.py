from flask import Blueprint

bp = Blueprint("seizure_reports", __name__)

from . import views  # noqa: E402,F401  (the routes)
