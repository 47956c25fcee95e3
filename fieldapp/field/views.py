"""The officer at the roadside (§5, §6, §8, §9, §10). Filled in by issue 5."""
from flask import Blueprint

bp = Blueprint("field", __name__, url_prefix="/field")
