"""The county administrator's pages (`/county`): the deployment's towns, a new town, and which
towns each dog control officer and police officer serves. The county administrator holds
"manage_towns" and nothing else (fieldapp/law/authority.py): no town's records, no town's settings."""
from flask import Blueprint

bp = Blueprint("county", __name__, url_prefix="/county")

from . import views  # noqa: E402,F401  (the routes)
