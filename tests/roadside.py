"""Helpers of the roadside entry tests: post a form with a fresh UUID, read its errors, typical entries."""
import re
import uuid
from datetime import datetime, timedelta

from fieldapp.extensions import db
from fieldapp.models import Dog
from fieldapp.timeutil import DEFAULT_TZ, local_today

EVERY_6A1_EXCEPTION = ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"]
EVERY_5A1_EXCEPTION = ["5A1-under-4-months", "5H-dog-show"]


def dog_id(app, name):
    with app.app_context():
        return db.session.execute(db.select(Dog.id).filter_by(name=name)).scalar_one()


def roadside_dog(app) -> int:
    """The dog the typical entries below are about unless a test names another: Ranger, Mary
    Miller's (100 Harwood Dr), licensed for two years some 300 days ago, made once per test app
    (tests/factories.py)."""
    from .factories import make_licensed_dog, make_owner
    if "tests.roadside_dog" not in app.extensions:
        with app.app_context():
            licensed_on = local_today() - timedelta(days=300)
            owner = make_owner(licensed_on, first_name="Mary", last_name="Miller", address="100 Harwood Dr")
            dog = make_licensed_dog(owner, licensed_on, name="Ranger", license={"term_years": 2})
            db.session.commit()
            app.extensions["tests.roadside_dog"] = dog.id
    return app.extensions["tests.roadside_dog"]


def count(app, model):
    with app.app_context():
        return db.session.execute(db.select(db.func.count(model.id))).scalar()


def post(client, url, **data):
    data.setdefault("entry_id", str(uuid.uuid4()))
    return client.post(url, data=data), data["entry_id"]


def errors_of(response):
    """Field id -> error text, as shown next to each field."""
    html = response.get_data(as_text=True)
    return dict(re.findall(r'<p class="error" id="([\w-]+)-error">([^<]*)</p>', html))


def violation_data(app, **over):
    data = {"dog_id": str(roadside_dog(app)), "codes": ["6A1"], "ruled_out": EVERY_6A1_EXCEPTION,
            "occurred_at": "2026-10-19T09:30", "location_text": "Lake Rd at County Route 15",
            "narrative": "Dog loose on the road, no one with it.", "witness": "J. Soper"}
    data.update(over)
    return data


def record_violation(client, app, **over):
    response, entry_id = post(client, "/field/violations/new", **violation_data(app, **over))
    assert response.status_code == 201, errors_of(response)
    return entry_id


def recently(minutes=10) -> str:
    """A local time a few minutes ago, as the phone's form gives it."""
    return (datetime.now(DEFAULT_TZ) - timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M")


def ticket_data(app, **over):
    """A ticket served a few minutes ago: CPL §150.40(1) and §150.10(1) keep its return date
    within twenty days of issuance and never already past when it reaches the office."""
    data = {"dog_id": str(roadside_dog(app)), "codes": ["6A1"], "ruled_out": EVERY_6A1_EXCEPTION,
            "served_capacity": "owner",
            "served_name": "Mary Miller", "served_address": "100 Harwood Dr, Sandy Creek, NY 13145",
            "served_at": recently(), "location_text": "Lake Rd at County Route 15"}
    data.update(over)
    return data


def complaint_data(**over):
    data = {"complainant_name": "Linda Ackley", "complainant_residence": "211 Salisbury St",
            "sworn": "y", "codes": "6A2", "nature": "Barks all night, every night.",
            "violation_on": "2026-10-18", "dog_description": "Large black dog at 300 Fox Rd",
            "violation_place": "In front of 300 Fox Rd",
            "owner_name": "", "owner_residence": ""}
    data.update(over)
    return data
