"""What an officer types once is carried, and a second ticket for the same offence warns first:
the seizure and ticket forms made from a violation take over its place and time; the kennel
(§8(B) held at) is the town's setting; a second §9 ticket to the same dog for the same offence
on the same day is refused until the officer confirms it."""
import re
from datetime import date

from fieldapp.extensions import db
from fieldapp.settings import set_setting

from ..factories import made, make_dog, make_owner
from ..roadside import errors_of, post, record_violation, ticket_data


def _input_value(html, name):
    m = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert m, name
    v = re.search(r'value="([^"]*)"', m.group(0))
    return v.group(1) if v else ""


def dana_birchs_dog(app) -> int:
    with app.app_context():
        dog = make_dog(make_owner(first_name="Dana", last_name="Birch", address="12 Pine St"), name="Biscuit")
        db.session.commit()
        return dog.id


def test_s8B_seizure_form_holds_at_the_towns_kennel_by_default(client, auth, app):
    with app.app_context():
        set_setting("kennel_name", "Route 3 Kennel")
        db.session.commit()
    dog = made(app, make_dog)
    auth.login("dco")
    html = client.get(f"/field/seizures/new?dog={dog}").get_data(as_text=True)
    assert _input_value(html, "held_at") == "Route 3 Kennel"


def test_s8A_seizure_and_s9_ticket_after_a_violation_carry_its_place_and_time(client, auth, app):
    dog = made(app, make_dog)
    auth.login("dco")
    entry = record_violation(client, app, occurred_at="2026-10-19T09:30", location_text="Lake Rd at County Route 15",
                             dog_id=str(dog))
    html = client.get(f"/field/seizures/new?violation={entry}").get_data(as_text=True)
    assert _input_value(html, "location_text") == "Lake Rd at County Route 15"
    assert _input_value(html, "seized_at") == "2026-10-19T09:30"
    html = client.get(f"/field/tickets/new?violation={entry}").get_data(as_text=True)
    assert _input_value(html, "served_at") == "2026-10-19T09:30"


def test_s9_second_ticket_same_offence_dog_and_day_warns_until_confirmed(client, auth, app):
    dog = dana_birchs_dog(app)

    def ticket(**over):
        return ticket_data(app, dog_id=str(dog), served_name="Dana Birch", served_address="12 Pine St", **over)
    auth.login("dco")
    app.config["FIXED_TODAY"] = date(2026, 10, 20)  # the day the entries reach the office
    first, _ = post(client, "/field/tickets/new", **ticket(served_at="2026-10-19T10:30"))
    assert first.status_code == 201, errors_of(first)
    again, _ = post(client, "/field/tickets/new", **ticket(served_at="2026-10-19T16:00"))
    assert again.status_code == 422
    message = errors_of(again)["confirm_duplicate"]
    assert "already issued to this dog today" in message and "_" not in message
    other_day, _ = post(client, "/field/tickets/new", **ticket(served_at="2026-10-20T09:00"))
    assert other_day.status_code == 201
    confirmed, _ = post(client, "/field/tickets/new", **ticket(served_at="2026-10-19T16:00", confirm_duplicate="y"))
    assert confirmed.status_code == 201
