"""The clerk's licensing counter (§5). Filled in by issue 3."""
from flask import Blueprint

bp = Blueprint("clerk", __name__, url_prefix="/clerk")
