"""The steps of a call as the calls' tests take them: the form's data, taking a call, the sync of a
call entry, the call as stored."""
import re
import uuid

from fieldapp.extensions import db
from fieldapp.models.calls import Call
from fieldapp.timeutil import utcnow

from ..roadside import errors_of, post


def call_data(**over):
    data = {"about": "6A1", "location_text": "412 Ridge Rd", "caller_name": "Joan Soper",
            "caller_phone": "315 555 0199", "description": "Brown dog loose on the road all morning.",
            "urgency": "today", "source": "phone"}
    data.update(over)
    return data


def take_call(client, **over):
    response, entry_id = post(client, "/calls/new", **call_data(**over))
    assert response.status_code == 303, errors_of(response)
    return response, entry_id


def signed_in_id(client) -> str:
    return re.search(r'data-user-id="(\d+)"', client.get("/").get_data(as_text=True)).group(1)


def sync(client, kind, payload, entry_id=None, recorded_at=None):
    """The entry as the phone's outbox sends it (POST /api/sync, the signed-in officer's)."""
    body = {"id": entry_id or str(uuid.uuid4()), "kind": kind, "recorded_at": recorded_at or utcnow().isoformat(),
            "payload": payload, "officer_id": signed_in_id(client)}
    return client.post("/api/sync", json=body)


def the_call(app, entry_id):
    with app.app_context():
        return db.session.execute(db.select(Call).filter_by(entry_id=entry_id)).scalar_one()
