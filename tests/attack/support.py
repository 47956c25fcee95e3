"""Helpers for the attack tests: an officer's client, entries as the outbox sends them, and the
row count of every table (to prove a refused request wrote nothing)."""
import json
import uuid

from sqlalchemy import text

from fieldapp.extensions import db
from fieldapp.models import Dog, User

RECORDED_AT = "2026-10-19T13:30:00+00:00"


def signed_in(app, username="dco"):
    client = app.test_client()
    response = client.post("/login", data={"username": username, "password": "sandycreek"})
    assert response.status_code == 302, response.status_code
    return client


def user_id(app, username="dco") -> int:
    with app.app_context():
        return db.session.execute(db.select(User.id).filter_by(username=username)).scalar_one()


def dog_id(app, name="Max") -> int:
    with app.app_context():
        return db.session.execute(db.select(Dog.id).filter_by(name=name)).scalar_one()


def entry(officer_id, kind, payload, **over) -> dict:
    body = {"id": str(uuid.uuid4()), "kind": kind, "recorded_at": RECORDED_AT, "payload": payload,
            "officer_id": officer_id}
    body.update(over)
    return body


def post_json(client, url, body):
    """`body` as JSON exactly as given (NaN, lone surrogates as \\ud800 escapes, huge numbers)."""
    return client.post(url, data=json.dumps(body), content_type="application/json")


class RowCounter:
    """The number of rows in every table, in one query."""

    def __init__(self, app):
        self.app = app
        with app.app_context():
            tables = [t.name for t in db.metadata.sorted_tables]
        self.sql = text("SELECT " + ", ".join(f'(SELECT count(*) FROM "{t}")' for t in tables))
        self.tables = tables

    def __call__(self) -> dict:
        with self.app.app_context():
            row = db.session.execute(self.sql).one()
            db.session.remove()
        return dict(zip(self.tables, row, strict=True))
