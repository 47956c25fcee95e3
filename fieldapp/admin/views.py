"""Admin: the town's settings (fees by Town Board resolution) and users. Filled in by issue 3."""
from flask import Blueprint

bp = Blueprint("admin", __name__, url_prefix="/admin")
