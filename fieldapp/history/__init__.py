"""History pages: each dog's, owner's and license's changes, and the admin's activity log."""
from flask import Blueprint

bp = Blueprint("history", __name__)

from . import views  # noqa: E402,F401  (the routes)
