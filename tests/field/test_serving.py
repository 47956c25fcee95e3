"""§9 "shall issue and serve an appearance ticket": the officers' list of violations with no
ticket after the town's `ticket_due_days`, each a tap from the ticket form; how and when a ticket
was served (CPL §150.40(2): personally, to the person charged, §4(I); left at the residence or
mailed is an attempt, noted), a payload from before still valid, a bad value refused on its field
(422, the form kept); a ticket not served yet marked served later from its page, its return date
within CPL §150.40(1)."""
import re
import uuid
from datetime import date, datetime, timedelta

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.enforcement import AppearanceTicket, ServiceAttempt
from fieldapp.settings import set_setting
from fieldapp.timeutil import DEFAULT_TZ, local_today, utcnow

from ..roadside import errors_of, post, record_violation, ticket_data


def days_ago(n, at="09:30"):
    return f"{(local_today() - timedelta(days=n)).isoformat()}T{at}"


def just_now(minutes=10):
    """A time a few minutes ago, as the phone's form gives it (the town's local time)."""
    return (datetime.now(DEFAULT_TZ) - timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M")


def the_ticket(app, entry_id):
    with app.app_context():
        t = db.session.execute(db.select(AppearanceTicket).filter_by(entry_id=entry_id)).scalar_one()
        db.session.expunge(t)
        return t


def listed(client, violation_entry):
    html = client.get("/field/to-serve").get_data(as_text=True)
    return f"data-violation-entry=\"{violation_entry}\"" in html


# --- the list ----------------------------------------------------------------------------------

def test_s9_violation_with_no_ticket_after_the_towns_days_is_listed_and_leaves_when_ticketed(client, auth, app):
    auth.login("dco")
    old = record_violation(client, app, occurred_at=days_ago(4))
    recent = record_violation(client, app, occurred_at=days_ago(1), codes=["6A2"], ruled_out=["6B"])
    page = client.get("/field/to-serve")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "§9" in html
    assert listed(client, old) and not listed(client, recent)  # three days by default
    # "Issue ticket" opens the ticket form for that violation, its offence carried over.
    href = re.search(r'href="([^"]*violation=' + old + r'[^"]*)">Issue ticket', html).group(1).replace("&amp;", "&")
    form = client.get(href).get_data(as_text=True)
    assert f'name="violation_entry_id" value="{old}"' in form and re.search(r'value="6A1"\s+checked', form)
    served_at = re.search(r'<input[^>]*name="served_at"[^>]*>', form).group(0)
    assert local_today().isoformat() in served_at and "data-carried" not in served_at  # served now, days later
    response, _ = post(client, "/field/tickets/new", **ticket_data(app, violation_entry_id=old, codes=[],
                                                                   ruled_out=[], served_at=just_now()))
    assert response.status_code == 201, errors_of(response)
    assert not listed(client, old)


def test_s9_the_towns_days_are_a_setting(client, auth, app):
    auth.login("dco")
    today = record_violation(client, app, occurred_at=just_now())
    assert not listed(client, today)
    with app.app_context():
        set_setting("ticket_due_days", 0)
        db.session.commit()
    assert listed(client, today)


def test_s9_a_ticket_for_the_violation_before_its_correction_counts(client, auth, app):
    auth.login("dco")
    first = record_violation(client, app, occurred_at=days_ago(5))
    response, _ = post(client, "/field/tickets/new", **ticket_data(app, violation_entry_id=first,
                                                                   served_at=days_ago(5, "10:00")))
    assert response.status_code == 201
    corrected = record_violation(client, app, occurred_at=days_ago(5), supersedes_entry_id=first,
                                 narrative="Corrected: the dog ran loose twice.")
    assert not listed(client, first) and not listed(client, corrected)


def test_s9_list_is_one_tap_from_home_for_officers_and_the_clerk_tickets_only_for_who_issues_them(
        client, auth, app):
    auth.login("dco")
    old = record_violation(client, app, occurred_at=days_ago(6))
    client.post("/logout")
    for role, issues in (("dco", True), ("police", True), ("constable", False), ("clerk", False)):
        auth.login(role)
        home = client.get("/").get_data(as_text=True)
        assert 'href="/field/to-serve"' in home, role
        html = client.get("/field/to-serve").get_data(as_text=True)
        assert listed(client, old)
        assert ("Issue ticket" in html) is issues, role
        client.post("/logout")
    auth.login("justice")
    assert "/field/to-serve" not in client.get("/").get_data(as_text=True)
    assert client.get("/field/to-serve").status_code == 403


# --- how and when a ticket was served ----------------------------------------------------------

def test_s9_a_ticket_payload_without_service_fields_is_still_valid_served_in_person(client, auth, app):
    auth.login("dco")
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(app))  # as phones sent it before
    assert response.status_code == 201, errors_of(response)
    t = the_ticket(app, entry_id)
    assert t.served and t.served_how == "personal" and t.served_at == t.issued_at


def test_s9_s4I_ticket_records_how_and_when_it_was_served(client, auth, app):
    auth.login("dco")
    app.config["FIXED_TODAY"] = date(2026, 10, 19)  # the day the entry reaches the office
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(
        app, served_how="personal", service_note="At her front door", served_at="2026-10-19T18:05"))
    assert response.status_code == 201, errors_of(response)
    t = the_ticket(app, entry_id)
    assert t.served and t.served_how == "personal" and t.service_note == "At her front door"
    html = client.get(f"/field/tickets/{t.number}").get_data(as_text=True)
    assert "Handed in person to the person charged (CPL §150.40(2), §4(I)), Mon 19 Oct 2026, 6:05 pm" in html
    assert "Mark served" not in html
    auth.login("justice")  # the Justice's case page says how it was served
    case = client.get(f"/court/tickets/{t.number}").get_data(as_text=True)
    assert "Handed in person to the person charged (CPL §150.40(2), §4(I)), Mon 19 Oct 2026, 6:05 pm" in case


def test_CPL150_40_2_left_at_the_residence_is_an_attempt_noted_and_the_ticket_not_served(client, auth, app):
    """CPL §150.40(2): "An appearance ticket ... must be served personally"."""
    auth.login("dco")
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(
        app, served_how="residence", service_note="Left with her son, age 17", served_at=just_now()))
    assert response.status_code == 201, errors_of(response)
    t = the_ticket(app, entry_id)
    assert not t.served and t.served_how == "" and t.served_at is None and t.service_note == ""
    with app.app_context():
        attempt = db.session.execute(db.select(ServiceAttempt).filter_by(ticket_id=t.id)).scalar_one()
        assert attempt.how == "residence" and attempt.note == "Left with her son, age 17"
    html = client.get(f"/field/tickets/{t.number}").get_data(as_text=True)
    assert "Not served yet" in html and 'data-attempt="residence"' in html and "Left with her son" in html
    assert "Mark served" in html
    assert f"/field/tickets/{t.number}/serve" in client.get("/field/to-serve").get_data(as_text=True)


def test_s9_api_ticket_with_service_fields(client, auth, app):
    """CPL §150.40(2): "must be served personally": mailed, sent to the API, is an attempt."""
    auth.login("dco")
    with app.app_context():
        officer = db.session.execute(db.select(User.id).filter_by(username="dco")).scalar_one()
    body = {"id": str(uuid.uuid4()), "kind": "ticket", "recorded_at": utcnow().isoformat(), "officer_id": officer,
            "payload": ticket_data(app, served_how="mail", service_note="First-class mail")}
    answer = client.post("/api/sync", json=body)
    assert answer.status_code == 201 and answer.get_json()["result"]["served"] is False
    t = the_ticket(app, body["id"])
    assert not t.served and [a.how for a in _attempts(app, t.id)] == ["mail"]
    bad = {**body, "id": str(uuid.uuid4()), "payload": {**body["payload"], "served_how": "carrier pigeon"}}
    refused = client.post("/api/sync", json=bad)
    assert refused.status_code == 422 and "Say how the ticket was served" in refused.get_json()["errors"]["served_how"]


def _attempts(app, ticket_id):
    with app.app_context():
        rows = db.session.execute(db.select(ServiceAttempt).filter_by(ticket_id=ticket_id)).scalars().all()
        db.session.expunge_all()
        return rows


def test_CPL150_40_2_an_attempt_from_the_tickets_page_is_noted_and_it_stays_to_serve(client, auth, app):
    auth.login("dco")
    _, entry_id = post(client, "/field/tickets/new", **ticket_data(app, served_how="later", served_at=just_now(30)))
    t = the_ticket(app, entry_id)
    form = client.get(f"/field/tickets/{t.number}/serve").get_data(as_text=True)
    assert "an attempt: not service" in form and "CPL §150.40(2)" in form
    r = client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "mail", "served_at": just_now(), "service_note": "First class, 12 Oct"})
    assert r.status_code == 303
    assert not the_ticket(app, entry_id).served and [a.how for a in _attempts(app, t.id)] == ["mail"]
    assert f"/field/tickets/{t.number}/serve" in client.get("/field/to-serve").get_data(as_text=True)
    assert client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "personal", "served_at": just_now()}).status_code == 303
    assert the_ticket(app, entry_id).served


def test_s9_bad_service_value_is_refused_on_its_field_and_the_form_keeps_what_was_typed(client, auth, app):
    auth.login("dco")
    response, _ = post(client, "/field/tickets/new", **ticket_data(
        app, served_how="by carrier pigeon", service_note="Tied to its leg", served_name="Mary Q. Miller"))
    assert response.status_code == 422
    assert "Say how the ticket was served" in errors_of(response)["served_how"]
    html = response.get_data(as_text=True)
    assert 'aria-describedby="served_how-error"' in html
    assert 'value="Mary Q. Miller"' in html and 'value="Tied to its leg"' in html


def test_s9_ticket_not_served_yet_is_listed_and_marked_served_later_from_its_page(client, auth, app):
    auth.login("dco")
    written = just_now()
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(app, served_how="later", served_at=written))
    assert response.status_code == 201, errors_of(response)
    t = the_ticket(app, entry_id)
    assert not t.served and t.served_at is None and t.served_how == ""
    page = client.get(f"/field/tickets/{t.number}").get_data(as_text=True)
    assert "Not served yet" in page and f"/field/tickets/{t.number}/serve" in page
    assert f"/field/tickets/{t.number}/serve" in client.get("/field/to-serve").get_data(as_text=True)
    form = client.get(f"/field/tickets/{t.number}/serve")
    assert form.status_code == 200 and t.appear_on.isoformat() in form.get_data(as_text=True)
    # A bad value: refused on its field, what was typed kept.
    bad = client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "", "served_at": just_now(), "service_note": "At the door"})
    assert bad.status_code == 422 and "Say how the ticket was served" in errors_of(bad)["served_how"]
    assert 'value="At the door"' in bad.get_data(as_text=True)
    future = client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "personal", "served_at": f"{(local_today() + timedelta(days=2)).isoformat()}T08:00"})
    assert future.status_code == 422 and "in the future" in errors_of(future)["served_at"]
    done = client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "personal", "served_at": just_now(), "service_note": "At the door"})
    assert done.status_code == 303
    served = the_ticket(app, entry_id)
    assert served.served and served.served_how == "personal" and served.appear_on == t.appear_on
    assert f"/field/tickets/{t.number}/serve" not in client.get("/field/to-serve").get_data(as_text=True)
    again = client.get(f"/field/tickets/{t.number}/serve")
    assert again.status_code == 303  # served once


def test_s9_served_later_the_appearance_date_must_still_be_far_enough_ahead(client, auth, app):
    auth.login("dco")
    app.config["FIXED_TODAY"] = date(2026, 10, 26)  # written a week ago, served today
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(
        app, served_how="later", served_at="2026-10-19T10:30"))
    assert response.status_code == 201
    t = the_ticket(app, entry_id)
    assert t.appear_on.isoformat() == "2026-10-28"  # a week after it was written, a Wednesday
    form = client.get(f"/field/tickets/{t.number}/serve").get_data(as_text=True)  # served today: too soon
    assert "data-appear-moved" in form and "Wed 28 Oct 2026" in form and 'value="2026-11-04"' in form
    late = client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "personal", "served_at": "2026-10-26T09:00", "appear_on": "2026-10-28"})
    assert late.status_code == 422 and "first court session you may give is Wed 4 Nov 2026" in (
        errors_of(late)["appear_on"])
    ok = client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "personal", "served_at": "2026-10-26T09:00", "appear_on": "2026-11-04"})
    assert ok.status_code == 303 and the_ticket(app, entry_id).appear_on.isoformat() == "2026-11-04"


def test_CPL150_40_1_served_later_no_return_date_past_twenty_days_from_issuance(client, auth, app):
    """CPL §150.40(1): "in no event later than twenty days from the date of issuance"."""
    auth.login("dco")
    app.config["FIXED_TODAY"] = date(2026, 10, 26)
    _, entry_id = post(client, "/field/tickets/new", **ticket_data(app, served_how="later",
                                                                   served_at="2026-10-19T10:30"))
    t = the_ticket(app, entry_id)
    far = client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "personal", "served_at": "2026-10-26T09:00", "appear_on": "2026-11-11"})
    assert far.status_code == 422
    assert ("CPL §150.40(1): an appearance ticket is returnable as soon as possible and no later than 20 days "
            "after it is issued, or at the next session of the Town Court when none falls within 20 days."
            in errors_of(far)["appear_on"]) and "Wed 4 Nov 2026" in errors_of(far)["appear_on"]
    app.config["FIXED_TODAY"] = date(2026, 11, 6)  # too late: no session left within the twenty days
    too_late = client.post(f"/field/tickets/{t.number}/serve", data={
        "served_how": "personal", "served_at": "2026-11-06T09:00", "appear_on": "2026-11-18"})
    assert too_late.status_code == 422 and "too late to serve it" in errors_of(too_late)["appear_on"]


def test_CPL150_40_1_ticket_naming_a_date_past_twenty_days_is_refused(client, auth, app):
    auth.login("dco")
    app.config["FIXED_TODAY"] = date(2026, 10, 19)
    response, _ = post(client, "/field/tickets/new", **ticket_data(app, served_at="2026-10-19T10:30",
                                                                   appear_on="2026-11-11"))
    assert response.status_code == 422
    message = errors_of(response)["appear_on"]
    assert message.startswith("CPL §150.40(1): an appearance ticket is returnable as soon as possible")
    assert "Wed 4 Nov 2026" in message
    html = response.get_data(as_text=True)
    assert 'value="2026-11-11"' in html  # what was typed is kept
    ok, _ = post(client, "/field/tickets/new", **ticket_data(app, served_at="2026-10-19T10:30",
                                                             appear_on="2026-11-04"))
    assert ok.status_code == 201


def test_CPL150_10_1_a_ticket_whose_date_passed_before_it_reached_the_office_is_refused(client, auth, app):
    """CPL §150.10(1): "directing a designated person to appear ... at a designated future time"."""
    auth.login("dco")
    app.config["FIXED_TODAY"] = date(2026, 11, 2)  # the phone was out of signal for two weeks
    response, _ = post(client, "/field/tickets/new", **ticket_data(app, served_at="2026-10-19T10:30"))
    assert response.status_code == 422
    assert "Wed 28 Oct 2026, had already passed" in errors_of(response)["appear_on"]


def test_s9_only_who_issues_tickets_marks_one_served(client, auth, app):
    auth.login("dco")
    _, entry_id = post(client, "/field/tickets/new", **ticket_data(app, served_how="later"))
    number = the_ticket(app, entry_id).number
    client.post("/logout")
    auth.login("constable")
    assert client.get(f"/field/tickets/{number}/serve").status_code == 403
    assert "Mark served" not in client.get(f"/field/tickets/{number}").get_data(as_text=True)


def test_s9_the_to_serve_list_is_kept_on_the_officers_phone_for_no_signal(client, auth):
    from ..pwa.test_pwa_shell import shell_of
    auth.login("dco")
    assert "/field/to-serve" in shell_of(client.get("/sw.js"))["pages"]
