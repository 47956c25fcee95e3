"""The clerk's charts: plain aggregation (aggregate.py), server-drawn SVG (svg.py), one page (views.py)."""
from flask import Blueprint

bp = Blueprint("charts", __name__)

from . import views  # noqa: E402,F401  (the routes)
