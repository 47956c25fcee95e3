"""Calls for service (services/calls.py): the clerk takes a call, the officer's queue on the
phone, what came of it, the caller told, and the Town Board's figures. Routes in modules:
`views` (the queue, a call, taking it and its steps), `public` (a citizen's report) and
`reports` (the CSV, the caller's letter)."""
from flask import Blueprint

bp = Blueprint("calls", __name__, url_prefix="/calls")

from . import public, reports, views  # noqa: E402,F401  (the routes)
