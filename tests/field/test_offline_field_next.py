"""The "what now" page after a field entry (/field/next): what the office made of the entry once it
arrived (§8(B) holding period, §9 ticket number), the dog, and the hooks the phone fills in when
the page comes from the worker's cache."""
import json
import re
import uuid
from datetime import datetime

from fieldapp.extensions import db
from fieldapp.law import redemption_deadline
from fieldapp.timeutil import DEFAULT_TZ, local_today
from fieldapp.web import longdate

from ..factories import make_dog, make_owner, staff


def ids(app):
    """The officer's id, and a dog of the test's own (Mary Miller's Biscuit): id, name, description."""
    with app.app_context():
        dog = make_dog(make_owner(first_name="Mary", last_name="Miller"), name="Biscuit", breed="Beagle",
                       color="tricolor", markings="notched left ear")
        db.session.commit()
        return staff("dco").id, dog.id, dog.name, dog.description


def sync(client, officer_id, kind, **payload):
    entry_id = str(uuid.uuid4())
    answer = client.post("/api/sync", json={"id": entry_id, "kind": kind, "officer_id": officer_id,
                                            "recorded_at": datetime.now(DEFAULT_TZ).isoformat(), "payload": payload})
    assert answer.status_code == 201, answer.json
    return entry_id, answer.json["result"]


def now():
    return datetime.now(DEFAULT_TZ).strftime("%Y-%m-%dT%H:%M")


def test_s9_next_page_once_received_shows_the_ticket_number_and_appearance(app, client, auth):
    auth.login("dco")
    dco, dog_id, name, _ = ids(app)
    entry, result = sync(client, dco, "ticket", dog_id=str(dog_id), codes=["6A1"], ruled_out=["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
                         served_capacity="owner",
                         served_name="Mary Miller", served_address="1 Main St", served_at=now(),
                         location_text="Lake Rd")
    html = client.get(f"/field/next?entry={entry}&kind=ticket&dog={dog_id}").get_data(as_text=True)
    assert "Received by the office." in html
    assert f"Ticket number <strong>{result['ticket_number']}</strong>: appear {longdate(result['appear_on'])}" in html
    assert f'href="/field/tickets/{result["ticket_number"]}"' in html
    assert f">{name}</a>" in html  # the dog, from ?dog=


def test_CPL150_40_2_next_page_once_received_says_a_ticket_left_at_the_residence_is_not_served(app, client, auth):
    """CPL §150.40(2): "An appearance ticket ... must be served personally": the page the office
    draws once the ticket has arrived says so, as the phone's own words do before."""
    auth.login("dco")
    dco, dog_id, _, _ = ids(app)
    entry, result = sync(client, dco, "ticket", dog_id=str(dog_id), codes=["6A1"],
                         ruled_out=["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], served_capacity="owner",
                         served_name="Mary Miller", served_address="1 Main St", served_how="residence",
                         service_note="Left with her husband", served_at=now(), location_text="Lake Rd")
    assert result["served"] is False
    html = client.get(f"/field/next?entry={entry}&kind=ticket&dog={dog_id}").get_data(as_text=True)
    assert "Not served yet (CPL §150.40(2): only handed in person is service)" in html


def test_s8B_next_page_once_received_shows_the_holding_period(app, client, auth):
    auth.login("dco")
    dco, dog_id, _, _ = ids(app)
    entry, result = sync(client, dco, "seizure", dog_id=str(dog_id), codes=["6A1"], ruled_out=["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
                         owner_known="yes",
                         seized_at=now(), location_text="Lake Rd")
    html = client.get(f"/field/next?entry={entry}&kind=seizure&dog={dog_id}").get_data(as_text=True)
    expected = redemption_deadline(local_today(), True)
    assert result["redemption_deadline"] == expected.isoformat()
    assert f"Hold the dog until the end of {longdate(expected)} (§8(B))." in html


def test_s10A_next_page_once_received_names_the_complaint(app, client, auth):
    auth.login("dco")
    dco, dog_id, _, _ = ids(app)
    entry, result = sync(client, dco, "complaint", dog_id=str(dog_id), complainant_name="Jane Soper",
                         complainant_residence="12 Harwood Dr", nature="Ran at children.", violation_place="Harwood Dr",
                         violation_on=local_today().isoformat(), sworn="y")
    html = client.get(f"/field/next?entry={entry}&kind=complaint").get_data(as_text=True)
    assert f"Sworn complaint no. {result['complaint_id']}." in html


def test_next_page_not_yet_received_is_saved_on_the_phone_with_hooks_for_the_outbox(app, client, auth):
    auth.login("dco")
    _, dog_id, name, description = ids(app)
    html = client.get(f"/field/next?entry={uuid.uuid4()}&kind=violation&dog={dog_id}").get_data(as_text=True)
    assert "Saved on this phone." in html and "data-pending" in html and 'id="entry-state"' in html
    assert f">{name}</a> — {description}" in html
    # The cached copy (no query string) has the place for the dog from the phone's copy.
    generic = client.get("/field/next").get_data(as_text=True)
    assert "data-dog-from-copy" in generic and 'id="entry-state"' in generic


def test_the_worker_answers_next_with_its_query_string_from_the_cached_page(client):
    body = client.get("/sw.js").get_data(as_text=True)
    config = json.loads(re.search(r"const SHELL = (\{.*?\});\n", body).group(1))
    assert "/field/next" in config["pages"] and "/field/next" in config["ignoreSearch"]
