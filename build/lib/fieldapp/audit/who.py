"""Who makes a write, for the audit trail (services/audit.py asks it inside a flush).

The signed-in user of the request, as Flask-Login already loaded it for the request (never a
query: it runs inside a flush); a request with nobody signed in is "web" (a finder, the public);
a `flask` command is the "command line"; anything else (a script, a test) the "system"."""
import click
from flask import g, has_request_context
from sqlalchemy import inspect

from ..models import User


def signed_in_actor():
    if has_request_context():
        user = g.get("_login_user")  # where Flask-Login keeps the request's user once loaded
        if isinstance(user, User):
            identity = inspect(user).identity
            return (identity[0] if identity else None), "web"
        return None, "web"
    if click.get_current_context(silent=True) is not None:
        return None, "command line"
    return None, "system"
