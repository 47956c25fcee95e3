"""Calls for service: the clerk takes a call, officers take, update and close it (each an entry
through submit_entry: exactly once, a power each), records made from a call linked both ways,
the repeat-dog flag and the phone's copy. The caller's side and the reports are in
test_calls_callers_and_reports.py."""
import uuid
from datetime import timedelta

from fieldapp.extensions import db
from fieldapp.models import FieldEntry
from fieldapp.models.calls import Call, CallUpdate
from fieldapp.models.enforcement import Violation
from fieldapp.timeutil import utcnow

from ..factories import made, make_licensed_dog
from ..roadside import count, errors_of, post, violation_data
from .call_steps import call_data, sync, take_call, the_call


def test_clerk_takes_a_call_at_the_counter_and_sees_it_on_its_page(client, auth, app):
    auth.login("clerk")
    response, entry_id = take_call(client)
    call = the_call(app, entry_id)
    assert response.headers["Location"].endswith(f"/calls/{call.id}?just=recorded")
    assert call.kind == "6A1" and call.verified and call.status == "open" and call.recorded_by_id
    page = client.get(f"/calls/{call.id}").get_data(as_text=True)
    assert "§6(A)(1) Running at large" in page and "412 Ridge Rd" in page and "Joan Soper" in page
    # The same form again (a double tap) is the same call.
    again = client.post("/calls/new", data={**call_data(), "entry_id": entry_id})
    assert again.status_code == 303 and count(app, Call) == 1


def test_a_call_refused_keeps_what_was_typed(client, auth, app):
    auth.login("clerk")
    response, _ = post(client, "/calls/new", **call_data(about="", location_text="", description="Barking, Lake Rd"))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Choose what the call is about." in html and "Give the address, or describe the place" in html
    assert "Barking, Lake Rd" in html and "Joan Soper" in html
    assert count(app, Call) == 0


def test_no_address_a_description_of_the_place_is_enough(client, auth, app):
    auth.login("clerk")
    _, entry_id = take_call(client, location_text="", place_description="Ridge Rd past the grange hall")
    assert the_call(app, entry_id).place == "Ridge Rd past the grange hall"


def test_the_dog_is_found_by_owner_address_or_looks(client, auth, app):
    auth.login("clerk")
    max_id = made(app, make_licensed_dog)
    with app.app_context():
        from fieldapp.models import Dog
        owner = db.session.get(Dog, max_id).primary_owner
        words = owner.last_name
    response = client.post("/calls/new", data={**call_data(), "entry_id": str(uuid.uuid4()), "dog_q": words,
                                                "find": "1"})
    assert response.status_code == 200
    assert f'name="dog_id" value="{max_id}"' in response.get_data(as_text=True)
    assert count(app, Call) == 0  # finding the dog records nothing
    _, entry_id = take_call(client, dog_id=str(max_id))
    assert the_call(app, entry_id).dog_id == max_id


def test_each_call_entry_is_refused_to_a_role_without_its_power(client, auth, app):
    auth.login("clerk")
    _, call_entry = take_call(client)
    for user, kind, payload in (
            ("clerk", "call_take", {"call_entry_id": call_entry}),
            ("clerk", "call_update", {"call_entry_id": call_entry, "what": "arrived"}),
            ("clerk", "call_close", {"call_entry_id": call_entry, "outcome": "unfounded"}),
            ("justice", "call", call_data()), ("constable", "call", call_data()),
            ("constable", "call_take", {"call_entry_id": call_entry}),
            ("justice", "call_close", {"call_entry_id": call_entry, "outcome": "unfounded"})):
        auth.logout()
        auth.login(user)
        response = sync(client, kind, payload)
        assert response.status_code == 403, (user, kind)
    assert the_call(app, call_entry).status == "open"


def test_two_officers_do_not_take_the_same_call_without_seeing_it(client, auth, app):
    auth.login("clerk")
    _, call_entry = take_call(client)
    auth.logout()
    auth.login("dco")
    first = sync(client, "call_take", {"call_entry_id": call_entry})
    assert first.status_code == 201
    replay = sync(client, "call_take", {"call_entry_id": call_entry}, entry_id=None)
    assert replay.status_code == 201  # the same officer again: still theirs
    auth.logout()
    auth.login("police")
    refused = sync(client, "call_take", {"call_entry_id": call_entry})
    assert refused.status_code == 422
    assert "Dale Crofoot took this call at" in refused.json["errors"]["also"]
    queue = client.get("/calls/").get_data(as_text=True)
    assert "taken by Dale Crofoot" in queue and "Go as well" in queue
    both = sync(client, "call_take", {"call_entry_id": call_entry, "also": "y"})
    assert both.status_code == 201
    with app.app_context():
        notes = [u.note for u in db.session.execute(db.select(CallUpdate).filter_by(kind="taken")).scalars()]
        assert any(n.startswith("Going as well") for n in notes)


def test_a_violation_from_the_call_is_prefilled_linked_both_ways_and_closes_it(client, auth, app):
    auth.login("clerk")
    max_id = made(app, make_licensed_dog)
    _, call_entry = take_call(client, dog_id=str(max_id))
    call_id = the_call(app, call_entry).id
    auth.logout()
    auth.login("dco")
    assert sync(client, "call_take", {"call_entry_id": call_entry}).status_code == 201
    arrived = sync(client, "call_update", {"call_entry_id": call_entry, "what": "arrived",
                                           "latitude": "43.6512", "longitude": "-76.0871"})
    assert arrived.status_code == 201
    # Closing as "violation" before one is recorded from it is refused.
    early = sync(client, "call_close", {"call_entry_id": call_entry, "outcome": "violation"})
    assert early.status_code == 422 and "record it from the call first" in early.json["errors"]["outcome"]
    form = client.get(f"/field/violations/new?dog={max_id}&call={call_entry}").get_data(as_text=True)
    assert f'name="call_entry_id" value="{call_entry}"' in form and 'value="412 Ridge Rd"' in form
    assert "Recorded from a call for service" in form
    response, violation_entry = post(client, "/field/violations/new",
                                     **violation_data(app, dog_id=str(max_id), call_entry_id=call_entry, location_text="412 Ridge Rd"))
    assert response.status_code == 201, errors_of(response)
    with app.app_context():
        violation = db.session.execute(db.select(Violation).filter_by(entry_id=violation_entry)).scalar_one()
        assert db.session.get(FieldEntry, violation_entry).result["call_id"] == call_id
        vid = violation.id
    closed = sync(client, "call_close", {"call_entry_id": call_entry, "outcome": "violation", "note": "Owner home."})
    assert closed.status_code == 201 and closed.json["result"]["outcome"] == "violation"
    call = the_call(app, call_entry)
    assert call.status == "closed" and call.arrived_at is not None and call.arrival_latitude == 43.6512
    page = client.get(f"/calls/{call_id}").get_data(as_text=True)
    assert f"/field/violations/{vid}" in page and "Violation recorded" in page
    back = client.get(f"/field/violations/{vid}").get_data(as_text=True)
    assert f"/calls/{call_id}" in back  # and the violation names its call
    # A closed call takes no more records.
    late = post(client, "/field/violations/new", **violation_data(app, dog_id=str(max_id), call_entry_id=call_entry))[0]
    assert late.status_code == 422


def test_the_officer_takes_and_closes_without_javascript(client, auth, app):
    auth.login("clerk")
    _, call_entry = take_call(client)
    call_id = the_call(app, call_entry).id
    auth.logout()
    auth.login("dco")
    taken, _ = post(client, "/calls/step/take", call_entry_id=call_entry)
    assert taken.status_code == 303
    refused, _ = post(client, "/calls/step/close", call_entry_id=call_entry, outcome="referred")
    assert refused.status_code == 422 and "Say to whom it was referred." in refused.get_data(as_text=True)
    closed, _ = post(client, "/calls/step/close", call_entry_id=call_entry, outcome="referred",
                     referred_to="Oswego County SPCA")
    assert closed.status_code == 303
    assert client.get("/calls/closed").get_data(as_text=True).count(f'data-call="{call_id}"') == 1
    assert the_call(app, call_entry).referred_to == "Oswego County SPCA"


def test_a_repeat_dog_says_so_on_its_card(client, auth, app):
    auth.login("clerk")
    bella = made(app, make_licensed_dog, name="Biscuit")
    for _ in range(2):
        take_call(client, dog_id=str(bella), about="6A2")
    auth.logout()
    auth.login("dco")
    assert "Repeat dog" not in client.get(f"/field/dogs/{bella}").get_data(as_text=True)
    auth.logout()
    auth.login("clerk")
    take_call(client, dog_id=str(bella), about="6A2")
    auth.logout()
    auth.login("dco")
    card = client.get(f"/field/dogs/{bella}").get_data(as_text=True)
    assert "Repeat dog: 3 calls in 30 days" in card
    copy = client.get("/api/field-dataset").json
    rec = next(d for d in copy["dogs"] if d["dog"]["id"] == bella)
    assert any(f["code"] == "repeat_calls" for f in rec["flags"])


def test_the_phones_copy_carries_the_open_calls(client, auth, app):
    auth.login("clerk")
    _, call_entry = take_call(client, caller_email="joan@example.org")
    auth.logout()
    auth.login("dco")
    calls = client.get("/api/field-dataset").json["calls"]
    row = next(c for c in calls if c["entry_id"] == call_entry)
    assert row["place"] == "412 Ridge Rd" and row["caller_phone"] == "315 555 0199"
    assert "caller_email" not in row
    sync(client, "call_close", {"call_entry_id": call_entry, "outcome": "unfounded"})
    assert all(c["entry_id"] != call_entry for c in client.get("/api/field-dataset").json["calls"])


def test_the_queue_is_kept_on_the_phone_and_linked_from_the_start_page(client, auth, app):
    auth.login("dco")
    home = client.get("/").get_data(as_text=True)
    assert "/calls/" in home
    shell = client.get("/sw.js").get_data(as_text=True)
    assert '"/calls/"' in shell
    auth.logout()
    auth.login("clerk")
    assert "/calls/new" in client.get("/").get_data(as_text=True)


def test_call_times_are_the_phones_not_the_syncs(client, auth, app):
    auth.login("clerk")
    _, call_entry = take_call(client)
    auth.logout()
    auth.login("dco")
    when = (utcnow() - timedelta(minutes=40)).isoformat()
    assert sync(client, "call_update", {"call_entry_id": call_entry, "what": "arrived"},
                recorded_at=when).status_code == 201
    assert the_call(app, call_entry).arrived_at.isoformat()[:16] == when[:16]


def test_the_pages_ask_their_powers(client, auth, app):
    auth.login("clerk")
    _, call_entry = take_call(client)
    assert post(client, "/calls/step/take", call_entry_id=call_entry)[0].status_code == 403  # respond_to_calls
    auth.logout()
    auth.login("constable")
    assert client.get("/calls/new").status_code == 403  # take_calls: the clerk and the DCO
    assert client.get("/calls/").status_code == 200  # read_calls: the town's staff
    auth.logout()
    auth.login("admin")
    assert client.get("/calls/").status_code == 403


def test_a_seizure_following_a_violation_from_a_call_is_from_the_call_too(client, auth, app):
    auth.login("clerk")
    max_id = made(app, make_licensed_dog)
    _, call_entry = take_call(client, dog_id=str(max_id))
    auth.logout()
    auth.login("dco")
    response, violation_entry = post(client, "/field/violations/new",
                                     **violation_data(app, dog_id=str(max_id), call_entry_id=call_entry))
    assert response.status_code == 201
    seized = sync(client, "seizure", {"violation_entry_id": violation_entry, "dog_id": str(max_id),
                                      "seized_at": "2026-10-19T09:45", "held_at": "Town kennel",
                                      "location_text": "412 Ridge Rd"})
    assert seized.status_code == 201, seized.json
    closed = sync(client, "call_close", {"call_entry_id": call_entry, "outcome": "seizure"})
    assert closed.status_code == 201, closed.json
    call = the_call(app, call_entry)
    with app.app_context():
        kinds = [u.record_kind for u in db.session.execute(db.select(CallUpdate).filter_by(
            call_id=call.id, kind="record")).scalars()]
    assert kinds == ["violation", "seizure"]


def test_a_note_on_the_call_without_javascript(client, auth, app):
    auth.login("clerk")
    _, call_entry = take_call(client)
    auth.logout()
    auth.login("dco")
    refused, _ = post(client, "/calls/step/update", call_entry_id=call_entry, what="note", note="")
    assert refused.status_code == 422 and "Write the note." in refused.get_data(as_text=True)
    saved, _ = post(client, "/calls/step/update", call_entry_id=call_entry, what="note",
                    note="Owner not home; card left in the door.")
    assert saved.status_code == 303
    page = client.get(saved.headers["Location"]).get_data(as_text=True)
    assert "Owner not home; card left in the door." in page


def test_every_label_on_the_queue_names_a_field_of_its_own(client, auth, app):
    import re as re_
    auth.login("clerk")
    for _ in range(2):
        take_call(client)
    auth.logout()
    auth.login("dco")
    html = client.get("/calls/").get_data(as_text=True)
    ids = re_.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1][:5]
    assert all(target in ids for target in re_.findall(r'<label for="([^"]+)"', html))
