"""An entry is judged by the law of the town where it happened (fieldapp/services/entries.py:
`entry_town`): the town the officer picked on the phone, else the dog's own town, else the town
the officer acts for. A town the officer does not serve is refused for that entry alone."""
import uuid

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, FieldEntry, UserTown
from fieldapp.services.registry import KINDS, EntryKind

NOW = "2026-06-01T14:30:00+00:00"


def _apply(clean, entry, user):
    return {"entry": entry.id}


@pytest.fixture(autouse=True)
def test_kind(monkeypatch):
    monkeypatch.setitem(KINDS, "test_note", EntryKind("test_note", "enforce", lambda p, u: p, _apply))


def _entry(two_towns, **payload):
    return {"id": str(uuid.uuid4()), "kind": "test_note", "recorded_at": NOW, "payload": payload}


def _town_of(app, entry_id):
    with app.app_context():
        return db.session.scalar(db.select(FieldEntry.town_id).where(FieldEntry.id == entry_id)
                                 .execution_options(all_towns=True))


def test_an_entry_is_the_town_the_officer_picked_else_the_dogs_else_the_town_acted_for(app, client, auth, two_towns):
    auth.login("dco")
    picked = _entry(two_towns, where="Lake Rd", town_id=two_towns["second"])
    of_the_dog = _entry(two_towns, where="Lake Rd", dog_id=str(two_towns["dog"]))
    neither = _entry(two_towns, where="Lake Rd")
    for body in (picked, of_the_dog, neither):
        response = client.post("/api/sync", json={**body, "officer_id": two_towns["dco"]})
        assert response.status_code == 201, response.json
    assert _town_of(app, picked["id"]) == two_towns["second"]
    assert _town_of(app, of_the_dog["id"]) == two_towns["second"]
    assert _town_of(app, neither["id"]) == two_towns["first"]


def test_a_town_the_officer_does_not_serve_is_refused_alone(app, client, auth, two_towns):
    auth.login("dco")
    stranger = _entry(two_towns, where="Lake Rd", town_id=two_towns["third"])
    fine = _entry(two_towns, where="Lake Rd")
    response = client.post("/api/sync/batch", json={"officer_id": two_towns["dco"], "entries": [stranger, fine]})
    first, second = response.json["outcomes"]
    assert first["http"] == 403 and "do not serve" in first["errors"]["town_id"]
    assert second["http"] == 201
    assert _town_of(app, stranger["id"]) is None and _town_of(app, fine["id"]) == two_towns["first"]


def test_the_phones_copy_holds_the_officers_towns_and_no_other(app, client, auth, two_towns):
    """A stored whole copy is the copy of the towns it holds: an officer who serves one town is
    never served the copy made for an officer of two (services/copy_store.py)."""
    with app.app_context():  # the newest change is the first town's: both officers' copies have its version
        dog = db.session.scalars(db.select(Dog).order_by(Dog.id)).first()
        dog.color = "brindle"
        db.session.commit()
    auth.login("dco")
    names = [rec["dog"]["name"] for rec in client.get("/api/field-dataset").json["dogs"]]
    assert "Rex" in names and len(names) > 1  # Sandy Creek's dogs and the second town's
    with app.app_context():
        db.session.execute(db.delete(UserTown).where(UserTown.town_id == two_towns["second"]))
        db.session.commit()
    auth.logout()
    auth.login("dco")
    names = [rec["dog"]["name"] for rec in client.get("/api/field-dataset").json["dogs"]]
    assert "Rex" not in names and names


def test_flask_copy_build_builds_a_copy_for_each_set_of_towns_the_officers_serve(app, two_towns):
    output = app.test_cli_runner().invoke(args=["copy-build"]).output
    assert "Built the whole copy of Elm Hollow, Sandy Creek for" in output  # the DCO's two towns
    assert "Built the whole copy of Sandy Creek for" in output  # the police officer's and constable's one
