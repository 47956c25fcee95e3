"""The page "How this app reads Local Law No. 2" (/law/reading) and its PDF, drawn from the law
core's readings (fieldapp/law/readings/), never written by hand."""
from flask import Blueprint

bp = Blueprint("law", __name__, url_prefix="/law")

from . import views  # noqa: E402,F401  (the routes)
