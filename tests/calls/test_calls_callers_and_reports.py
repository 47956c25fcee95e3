"""Calls for service, the caller's side and the office's: the caller told by letter or email
(never the owner's data), a citizen's report from the public page, the calls as CSV and charts,
the demo's calls."""

from fieldapp.extensions import db
from fieldapp.models.calls import Call
from fieldapp.timeutil import utcnow

from ..factories import made, make_licensed_dog
from ..roadside import dog_id, errors_of, post
from .call_steps import call_data, sync, take_call, the_call


def test_the_caller_is_told_by_letter_without_the_owners_data(client, auth, app):
    auth.login("clerk")
    max_id = made(app, make_licensed_dog)
    _, call_entry = take_call(client, dog_id=str(max_id), tell_caller="letter",
                              caller_address="9 Lake Rd, Anytown")
    auth.logout()
    auth.login("dco")
    result = sync(client, "call_close", {"call_entry_id": call_entry, "outcome": "warning"}).json["result"]
    assert result["caller_told"] == "letter"
    call = the_call(app, call_entry)
    letter = client.get(f"/calls/{call.id}/letter").get_data(as_text=True)
    assert "Warning given" in letter and "9 Lake Rd, Anytown" in letter
    with app.app_context():
        from fieldapp.models import Dog
        dog = db.session.get(Dog, max_id)
        owner = dog.primary_owner
        assert owner.full_name not in letter and owner.address not in letter and dog.name not in letter


def test_a_letter_is_asked_for_only_with_an_address(client, auth):
    auth.login("clerk")
    response, _ = post(client, "/calls/new", **call_data(tell_caller="letter"))
    assert response.status_code == 422
    assert "mailing address" in errors_of(response)["caller_address"]


def test_a_citizen_reports_from_the_public_page_unverified(client, app):
    found = client.get("/found").get_data(as_text=True)
    assert "/calls/report" in found
    page = client.get("/calls/report")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    response = client.post("/calls/report", data={"about": "6A2", "location_text": "Lake Rd by the marina",
                                                  "description": "Barking all night", "caller_name": "A. Neighbour",
                                                  "latitude": "43.64", "longitude": "-76.08"})
    assert response.status_code == 302
    with app.app_context():
        call = db.session.execute(db.select(Call)).scalars().one()
        assert (call.source, call.verified, call.recorded_by_id, call.dog_id) == ("public", False, None, None)
        assert call.latitude == 43.64
    refused = client.post("/calls/report", data={"about": "6A2", "description": ""})
    assert refused.status_code == 422


def test_public_reports_are_rate_limited(make_app):
    limited = make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI="memory://")
    client = limited.test_client()
    data = {"about": "6A1", "location_text": "Ridge Rd", "description": "Loose dog", "caller_name": "X"}
    for i in range(5):
        assert client.post("/calls/report", data=data).status_code == 302, i
    assert client.post("/calls/report", data=data).status_code == 429
    with limited.app_context():
        assert db.session.execute(db.select(db.func.count(Call.id))).scalar() == 5


def test_calls_as_csv_are_a_download(client, auth, app):
    auth.login("clerk")
    take_call(client, caller_name="=HYPERLINK(1)")
    response = client.get("/calls/calls.csv")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    text = response.get_data(as_text=True)
    assert "Minutes to arrival" in text and "412 Ridge Rd" in text and "HYPERLINK" not in text


def test_the_clerks_charts_count_calls_repeat_addresses_and_dogs(client, auth, app):
    auth.login("clerk")
    bella = made(app, make_licensed_dog, name="Biscuit")
    for _ in range(3):
        take_call(client, dog_id=str(bella), location_text="7 Lake Rd")
    page = client.get("/clerk/charts").get_data(as_text=True)
    for title in ("Calls by day", "Calls by kind", "Minutes from call to arrival", "Minutes from call to close",
                  "Repeat addresses (3 calls or more in 30 days)", "Repeat dogs"):
        assert title in page
    assert "7 Lake Rd" in page and "Biscuit (dog no." in page
    assert "/calls/calls.csv" in page


def test_the_demo_seeds_open_and_closed_calls_none_in_the_future(client, auth, app):
    from fieldapp.demo.calls import seed_calls
    from fieldapp.services.enforcement.payload import entered_at_the_time
    with app.app_context(), entered_at_the_time():
        seed_calls()
    with app.app_context():
        calls = db.session.execute(db.select(Call)).scalars().all()
        assert sum(c.is_open for c in calls) == 3 and sum(not c.is_open for c in calls) == 5
        now = utcnow()
        for c in calls:
            for when in (c.received_at, c.taken_at, c.arrived_at, c.closed_at):
                assert when is None or when <= now
            assert c.closed_at is None or c.closed_at >= c.received_at
        assert any(not c.verified for c in calls)
    auth.login("dco")
    queue = client.get("/calls/").get_data(as_text=True)
    assert "Dog bite" in queue and "Unverified" in queue and "taken by Dale Crofoot" in queue
    bella = dog_id(app, "Bella")
    assert "Repeat dog: 3 calls in 30 days" in client.get(f"/field/dogs/{bella}").get_data(as_text=True)
    closed = client.get("/calls/closed").get_data(as_text=True)
    assert "Violation no." in closed and "Oswego County SPCA" in closed


def test_a_call_about_a_section_6_restriction_cites_it_in_the_laws_words():
    from fieldapp.law.calls import CALL_KINDS, kind_label
    from fieldapp.law.restrictions import SECTION_6_RESTRICTIONS
    for code, restriction in SECTION_6_RESTRICTIONS.items():
        assert kind_label(code) == f"{restriction.section} {restriction.title}"
    assert {"bite", "stray_held", "cruelty"} <= set(CALL_KINDS)


def test_the_caller_is_emailed_when_the_call_closes_never_the_owners_data(client, auth, app, smtp_sink):
    from fieldapp.settings import set_setting
    with app.app_context():
        set_setting("mail_server", f"127.0.0.1:{smtp_sink.server_address[1]}")
        set_setting("mail_from", "dogs@town.example")
        db.session.commit()
    auth.login("clerk")
    max_id = made(app, make_licensed_dog)
    _, call_entry = take_call(client, dog_id=str(max_id), tell_caller="email", caller_email="joan@example.org")
    auth.logout()
    auth.login("dco")
    result = sync(client, "call_close", {"call_entry_id": call_entry, "outcome": "gone"}).json["result"]
    assert result["caller_told"] == "email"
    assert len(smtp_sink.messages) == 1
    body = smtp_sink.messages[0]["data"]
    assert "joan@example.org" in smtp_sink.messages[0]["rcpt"][0] and "Gone on arrival" in body
    with app.app_context():
        from fieldapp.models import Dog
        dog = db.session.get(Dog, max_id)
        assert dog.primary_owner.full_name not in body and dog.name not in body


def test_no_one_is_told_when_the_town_says_not(client, auth, app):
    from fieldapp.settings import set_setting
    with app.app_context():
        set_setting("tell_callers", False)
        db.session.commit()
    auth.login("clerk")
    _, call_entry = take_call(client, tell_caller="letter", caller_address="9 Lake Rd")
    auth.logout()
    auth.login("dco")
    result = sync(client, "call_close", {"call_entry_id": call_entry, "outcome": "warning"}).json["result"]
    assert "caller_told" not in result and the_call(app, call_entry).caller_told_at is None
