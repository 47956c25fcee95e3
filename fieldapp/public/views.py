"""What anyone who finds a dog sees. Filled in by issue 7."""
from flask import Blueprint

bp = Blueprint("public", __name__)
