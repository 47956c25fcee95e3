"""JSON API for the phone: sync, offline dataset, ticket blocks. Filled in by issue 6."""
from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")
