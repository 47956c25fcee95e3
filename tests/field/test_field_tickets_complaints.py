"""Appearance tickets (§9), sworn complaints (§10(A)), who may record (§7), and the generic form pages
of the outbox, through their no-JavaScript forms."""
import re
import uuid
from datetime import date

import pytest

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.enforcement import AppearanceTicket, SwornComplaint, Violation
from fieldapp.settings import set_setting

from ..factories import made, make_dog
from ..roadside import (
    complaint_data,
    count,
    errors_of,
    post,
    record_violation,
    ticket_data,
    violation_data,
)

# --- §9 appearance ticket ----------------------------------------------------------------------


def test_s9_ticket_court_and_appearance_date_from_settings(client, auth, app):
    auth.login("dco")
    with app.app_context():
        set_setting("court_name", "Sandy Creek Town Court (test)")
        set_setting("court_address", "1992 Harwood Drive, Sandy Creek, NY 13145")
        set_setting("court_session_weekday", 3)  # Thursday
        set_setting("court_session_time", "19:30")
        set_setting("court_min_days_ahead", 10)
        db.session.commit()
    app.config["FIXED_TODAY"] = date(2026, 10, 19)  # the day the entries reach the office
    violation = record_violation(client, app)
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(
        app, violation_entry_id=violation, served_at="2026-10-19T10:30"))
    assert response.status_code == 201
    with app.app_context():
        t = db.session.execute(db.select(AppearanceTicket).filter_by(entry_id=entry_id)).scalar_one()
        # Served Monday 19 Oct; at least 10 days ahead is Thursday 29 Oct, a session day.
        assert t.appear_on == date(2026, 10, 29) and t.appear_time == "19:30"
        assert t.court_name == "Sandy Creek Town Court (test)" and t.officer_name == "Dale Crofoot"
        assert t.violation.entry_id == violation and re.fullmatch(r"SC-\d{6}", t.number)
        number = t.number
    page = client.get(f"/field/tickets/{number}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Thu 29 Oct 2026" in html and "7:30 pm" in html and "Sandy Creek Town Court (test)" in html
    assert "Running at large, Local Law No. 2 of 2011 §6(A)(1)" in html and "Dale Crofoot" in html
    replay = client.post("/field/tickets/new", data={**ticket_data(app, violation_entry_id=violation,
                                                                   served_at="2026-10-19T10:30"),
                                                     "entry_id": entry_id})
    assert replay.status_code == 200 and count(app, AppearanceTicket) == 1


def test_s9_ticket_number_from_the_officers_block_used_once(client, auth, app):
    auth.login("dco")
    from fieldapp.services.ticket_numbers import block_numbers, reserve_block
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        number = block_numbers(reserve_block(dco, "phone-1"))[0]
        db.session.commit()
    first, _ = post(client, "/field/tickets/new", **ticket_data(app, ticket_number=number))
    assert first.status_code == 201 and number in first.get_data(as_text=True)
    again, _ = post(client, "/field/tickets/new", **ticket_data(app, ticket_number=number, confirm_duplicate="y"))
    assert again.status_code == 422 and "already used" in errors_of(again)["ticket_number"]


def test_s9_ticket_for_running_at_large_needs_s6B_exception_ruled_out(client, auth, app):
    auth.login("dco")
    response, _ = post(client, "/field/tickets/new", **ticket_data(app, ruled_out=["6A1-hunting"]))
    assert response.status_code == 422 and "(§6(B))" in errors_of(response)["ruled_out"]
    unlicensed, _ = post(client, "/field/tickets/new", **ticket_data(app, codes=["5A1"], ruled_out=[]))
    assert unlicensed.status_code == 422 and "not a puppy under four months" in errors_of(unlicensed)["ruled_out"]
    assert count(app, AppearanceTicket) == 0
    form = client.get("/field/tickets/new").get_data(as_text=True)
    assert 'name="ruled_out" value="6B"' in form and 'name="ruled_out" value="5A1-under-4-months"' in form


def test_s9_ticket_after_a_violation_carries_its_ruled_out_exceptions(client, auth, app):
    auth.login("dco")
    violation = record_violation(client, app)
    response, _ = post(client, "/field/tickets/new", **ticket_data(app, violation_entry_id=violation,
                                                                  codes=[], ruled_out=[]))
    assert response.status_code == 201


def test_s4I_minor_owner_ticket_served_on_guardian(client, auth, app):
    auth.login("dco")
    response, _ = post(client, "/field/tickets/new", **ticket_data(app, served_capacity="guardian"))
    assert response.status_code == 422
    assert "minor" in errors_of(response)["minor_owner_name"]
    ok, _ = post(client, "/field/tickets/new", **ticket_data(app, served_capacity="guardian",
                                                            minor_owner_name="Tyler Miller (14)"))
    assert ok.status_code == 201
    assert "for Tyler Miller (14), a minor" in ok.get_data(as_text=True)


def test_ticket_invalid_per_field(client, auth, app):
    dog = made(app, make_dog)
    auth.login("dco")
    response, _ = post(client, "/field/tickets/new", dog_id=str(dog))
    assert response.status_code == 422
    errors = errors_of(response)
    assert set(errors) >= {"codes", "served_capacity", "served_name", "served_address"}


# --- §10(A) sworn complaints ---------------------------------------------------------------------


def test_s10A_sworn_complaint_taken_and_forwarded(client, auth, app):
    auth.login("constable")
    response, entry_id = post(client, "/field/complaints/new", **complaint_data())
    assert response.status_code == 201
    with app.app_context():
        c = db.session.execute(db.select(SwornComplaint).filter_by(entry_id=entry_id)).scalar_one()
        assert c.sworn and c.sworn_before.username == "constable" and c.status == "received"
        cid = c.id
    assert client.post(f"/field/complaints/{cid}/forward").status_code == 303
    html = client.get(f"/field/complaints/{cid}").get_data(as_text=True)
    assert "Forwarded to the Town Justice on" in html
    again = client.post("/field/complaints/new", data={**complaint_data(), "entry_id": entry_id})
    assert again.status_code == 200 and count(app, SwornComplaint) == 1


def test_s10A_complaint_must_be_under_oath(client, auth, app):
    auth.login("dco")
    response, _ = post(client, "/field/complaints/new", **complaint_data(sworn="", complainant_name=""))
    assert response.status_code == 422
    errors = errors_of(response)
    assert "under oath" in errors["sworn"] and "complainant" in errors["complainant_name"]
    assert count(app, SwornComplaint) == 0


# --- roles ------------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/field/violations/new", "/field/seizures/new", "/field/tickets/new",
                                 "/field/complaints/new", "/field/rabies-requests/new"])
def test_clerk_cannot_record(client, auth, app, url):
    auth.login("clerk")
    assert client.get(url).status_code == 403
    response, _ = post(client, url, **violation_data(app))
    assert response.status_code == 403
    assert count(app, Violation) == 0


def test_s9_constable_records_and_seizes_but_may_not_issue_a_ticket(client, auth, app):
    """§9 names the dog control officer and police officers; a constable (§7, §8(A)) enforces."""
    auth.login("constable")
    violation = record_violation(client, app)
    seized, _ = post(client, "/field/seizures/new", violation_entry_id=violation, owner_known="yes")
    assert seized.status_code == 201
    assert client.get("/field/tickets/new").status_code == 403
    response, _ = post(client, "/field/tickets/new", **ticket_data(app))
    assert response.status_code == 403 and count(app, AppearanceTicket) == 0


def test_s9_police_officer_issues_a_ticket_s10A_but_takes_no_sworn_complaint(client, auth, app):
    auth.login("police")  # the demo town's police officer
    response, _ = post(client, "/field/tickets/new", **ticket_data(app))
    assert response.status_code == 201
    assert client.get("/field/complaints/new").status_code == 403
    complaint, _ = post(client, "/field/complaints/new", **complaint_data())
    assert complaint.status_code == 403 and count(app, SwornComplaint) == 0


def test_s9_ticket_void_needs_the_power_to_issue_tickets(app):
    from fieldapp.services.entries import submit_entry
    from fieldapp.timeutil import utcnow
    with app.app_context():
        constable = db.session.execute(db.select(User).filter_by(username="constable")).scalar_one()
        outcome = submit_entry(constable, str(uuid.uuid4()), "ticket_void", utcnow().isoformat(),
                               {"ticket_number": "SC-000001", "reason": "torn"})
        assert outcome.status == 403 and "§9" in outcome.errors["kind"]


def test_justice_and_clerk_read_only(client, auth, app):
    auth.login("dco")
    record_violation(client, app)
    post(client, "/field/tickets/new", **ticket_data(app))
    auth.logout()
    for who in ("justice", "clerk"):
        auth.login(who)
        for url in ("/field/violations", "/field/impoundments", "/field/tickets", "/field/complaints",
                    "/field/violations/1"):
            response = client.get(url)
            assert response.status_code == 200, (who, url)
            assert "Record violation" not in response.get_data(as_text=True).split("<main")[1]
        response, _ = post(client, "/field/violations/new", **violation_data(app))
        assert response.status_code == 403
        auth.logout()


def test_dog_enforcement_partial_lists_history(client, auth, app):
    dog = made(app, make_dog)
    auth.login("dco")
    record_violation(client, app, dog_id=str(dog))
    auth.logout()
    auth.login("clerk")
    html = client.get(f"/field/dogs/{dog}/enforcement").get_data(as_text=True)
    assert "Enforcement history" in html and "Running at large" in html


# --- generic pages for the service worker's cache ---------------------------------------------

@pytest.mark.parametrize("url,kind", [("/field/violations/new", "violation"), ("/field/seizures/new", "seizure"),
                                      ("/field/tickets/new", "ticket"), ("/field/complaints/new", "complaint")])
def test_generic_form_pages_for_the_outbox(client, auth, url, kind):
    auth.login("dco")
    html = client.get(url).get_data(as_text=True)
    assert f'action="{url}"' in html and f'data-outbox-kind="{kind}"' in html
    assert f'data-outbox-next="/field/next?entry={{id}}&kind={kind}' in html
    entry_id = re.search(r'name="entry_id" value="([0-9a-f-]{36})"', html).group(1)
    assert uuid.UUID(entry_id).version == 4
    assert 'name="dog_id" value=""' in html


def test_next_page_links_from_the_same_entry(client, auth, app):
    max_id = made(app, make_dog)
    auth.login("dco")
    entry_id = record_violation(client, app, dog_id=str(max_id))
    html = client.get(f"/field/next?entry={entry_id}&kind=violation&dog={max_id}").get_data(as_text=True)
    assert re.search(rf'href="/field/seizures/new\?violation={entry_id}&dog={max_id}"\s*>Seize dog', html)
    assert re.search(rf'href="/field/tickets/new\?violation={entry_id}&dog={max_id}"\s*>Issue appearance ticket', html)
    assert "Received by the office" in html
    pending = client.get(f"/field/next?entry={uuid.uuid4()}&kind=violation").get_data(as_text=True)
    assert "Saved on this phone" in pending
    seize_form = client.get(f"/field/seizures/new?violation={entry_id}&dog={max_id}").get_data(as_text=True)
    assert f'name="violation_entry_id" value="{entry_id}"' in seize_form
    assert re.search(r'value="6A1"\s+checked', seize_form)
