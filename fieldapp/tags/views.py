"""QR tags: /t/<token>, /api/tags/<token>, printing. Filled in by issue 4."""
from flask import Blueprint

bp = Blueprint("tags", __name__)
