"""Two officers correct the same violation at the same moment: one correction is kept, the other
is told so (409, with what to do), never a 500. The race is made real: the second officer's
correction has been read and checked (the violation not yet corrected) when the first one's
commits, in its own request on another thread."""
import dataclasses
import threading

from fieldapp.extensions import db
from fieldapp.models.enforcement import Violation
from fieldapp.services import entries
from fieldapp.services.registry import KINDS

from .support import dog_id, entry, post_json

VIOLATION = {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "occurred_at": "2026-10-19T09:30",
             "location_text": "Lake Rd at County Route 15", "dog_description": "brown hound"}


def test_the_loser_of_two_corrections_at_once_gets_a_409_saying_so(officer, town, monkeypatch):
    client, me, rows = officer
    first = entry(me, "violation", {**VIOLATION, "dog_id": dog_id(town)})
    assert post_json(client, "/api/sync", first).status_code == 201
    mine = entry(me, "violation", {**VIOLATION, "dog_id": dog_id(town), "narrative": "mine",
                                   "supersedes_entry_id": first["id"]})
    theirs = entry(me, "violation", {**VIOLATION, "dog_id": dog_id(town), "narrative": "theirs",
                                     "supersedes_entry_id": first["id"]})
    other = town.test_client()
    for cookie in client._cookies.values():
        other.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
    spec = KINDS["violation"]
    answers = []

    def validate_then_let_the_other_officer_win(payload, user):
        clean = spec.validate(payload, user)  # checked: not corrected yet
        if payload.get("narrative") == "mine":
            racer = threading.Thread(target=lambda: answers.append(post_json(other, "/api/sync", theirs)))
            racer.start()
            racer.join()
        return clean

    monkeypatch.setitem(KINDS, "violation", dataclasses.replace(spec, validate=validate_then_let_the_other_officer_win))
    assert entries.KINDS is KINDS
    before = rows()
    response = post_json(client, "/api/sync", mine)
    assert answers[0].status_code == 201
    assert response.status_code == 409, response.get_data(as_text=True)
    body = response.get_json()
    message = " ".join(body.get("errors", {}).values()) or body.get("message", "")
    assert "corrected" in message and "latest" in message
    assert rows()["violation"] == before["violation"] + 1
    with town.app_context():
        latest = db.session.scalars(db.select(Violation).filter_by(entry_id=theirs["id"])).one()
        assert latest.supersedes.entry_id == first["id"]
