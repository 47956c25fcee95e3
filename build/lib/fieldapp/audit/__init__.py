"""The audit trail's pages ("History" on each record): each dog's, owner's and license's changes,
and the admin's activity log."""
from flask import Blueprint

bp = Blueprint("audit", __name__)

from . import views  # noqa: E402,F401  (the routes)
