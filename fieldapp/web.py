"""Shared web plumbing: template helpers, htmx awareness, form helpers."""
from datetime import date
from decimal import Decimal

from flask import request


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def money(value) -> str:
    return f"${Decimal(value):,.2f}"


def longdate(value) -> str:
    if not value:
        return ""
    if isinstance(value, str):
        value = date.fromisoformat(value)
    return value.strftime("%a %-d %b %Y")


def register_template_helpers(app):
    from .models.people import OFFICER_ROLES

    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["longdate"] = longdate
    app.jinja_env.globals["OFFICER_ROLES"] = OFFICER_ROLES

    @app.after_request
    def vary_on_htmx(response):
        # Full pages and htmx partials share URLs: caches must keep them apart.
        response.vary.add("HX-Request")
        return response
