"""§9 appearance tickets say when and where the offence happened, on the ticket, its printed copy
and the Town Justice's case; the person charged gets a copy by email where they give an address.
§10(A) sworn complaints keep where it happened and the complainant's phone, and print to sign."""
from fieldapp.extensions import db
from fieldapp.models.enforcement import AppearanceTicket, SwornComplaint
from fieldapp.settings import set_setting
from fieldapp.timeutil import to_local

from ..roadside import complaint_data, errors_of, post, recently, record_violation, ticket_data


def _ticket(app, entry_id):
    with app.app_context():
        t = db.session.execute(db.select(AppearanceTicket).filter_by(entry_id=entry_id)).scalar_one()
        return {"number": t.number, "offence_at": t.offence_at and to_local(t.offence_at),
                "place": t.offence_place, "email": t.served_email}


def test_s9_ticket_says_when_and_where_the_offence_happened(client, auth, app):
    auth.login("dco")
    form = client.get("/field/tickets/new").get_data(as_text=True)
    assert 'name="occurred_at"' in form and 'name="location_text"' in form and "Where the offence happened" in form
    when = recently(40)
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(
        app, occurred_at=when, location_text="Harwood Dr by the school bus stop"))
    assert response.status_code == 201, errors_of(response)
    t = _ticket(app, entry_id)
    assert t["place"] == "Harwood Dr by the school bus stop"
    assert t["offence_at"].strftime("%Y-%m-%dT%H:%M") == when
    printed = client.get(f"/field/tickets/{t['number']}").get_data(as_text=True)
    assert "Harwood Dr by the school bus stop" in printed and "data-offence-at" in printed
    auth.login("justice")
    case = client.get(f"/court/tickets/{t['number']}").get_data(as_text=True)
    assert "Harwood Dr by the school bus stop" in case and "data-offence-at" in case


def test_s9_ticket_after_a_violation_takes_its_time_and_place(client, auth, app):
    auth.login("dco")
    occurred_at = recently(60)  # read once: twice may fall either side of a minute
    violation = record_violation(client, app, occurred_at=occurred_at, location_text="Lake Rd at the boat launch")
    data = ticket_data(app, violation_entry_id=violation)
    data.pop("location_text")
    response, entry_id = post(client, "/field/tickets/new", **data)
    assert response.status_code == 201, errors_of(response)
    t = _ticket(app, entry_id)
    assert t["place"] == "Lake Rd at the boat launch"
    assert t["offence_at"].strftime("%Y-%m-%dT%H:%M") == occurred_at


def test_s9_ticket_with_no_place_is_refused_at_the_place(client, auth, app):
    auth.login("dco")
    data = ticket_data(app)
    data.pop("location_text")
    response, _ = post(client, "/field/tickets/new", **data)
    assert response.status_code == 422
    assert "Where did the offence happen?" in errors_of(response)["location_text"]
    later, _ = post(client, "/field/tickets/new", **ticket_data(app, occurred_at=recently(-30)))
    assert later.status_code == 422 and "occurred_at" in errors_of(later)


def test_s9_ticket_copy_emailed_to_the_person_charged(client, auth, app, smtp_sink):
    with app.app_context():
        set_setting("mail_server", f"127.0.0.1:{smtp_sink.server_address[1]}")
        set_setting("mail_from", "dog-control@town.example")
        db.session.commit()
    auth.login("dco")
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(
        app, served_email="mary.miller@example.org", location_text="Lake Rd"))
    assert response.status_code == 201, errors_of(response)
    t = _ticket(app, entry_id)
    assert "A copy is emailed to mary.miller@example.org" in response.get_data(as_text=True)
    [mail] = [m for m in smtp_sink.messages if "mary.miller@example.org" in " ".join(m["rcpt"])]
    assert t["number"] in mail["data"] and "Where: Lake Rd" in mail["data"] and "You must appear" in mail["data"]
    bad, _ = post(client, "/field/tickets/new", **ticket_data(app, served_email="not an address"))
    assert bad.status_code == 422 and "served_email" in errors_of(bad)


def test_s9_ticket_without_mail_set_up_says_no_copy_went(client, auth, app):
    auth.login("dco")
    response, _ = post(client, "/field/tickets/new", **ticket_data(app, served_email="mary.miller@example.org"))
    assert response.status_code == 201
    assert "no copy was emailed" in response.get_data(as_text=True)


def test_s9_printed_ticket_fits_a_receipt_printer(client, auth):
    auth.login("dco")
    css = client.get("/static/css/field.css").get_data(as_text=True)
    assert "@media print and (max-width: 100mm)" in css


def test_s10A_complaint_keeps_the_place_and_the_complainants_phone(client, auth, app):
    auth.login("dco")
    form = client.get("/field/complaints/new").get_data(as_text=True)
    assert 'name="violation_place"' in form and 'name="complainant_phone"' in form
    no_place = complaint_data(violation_place="")
    refused, _ = post(client, "/field/complaints/new", **no_place)
    assert refused.status_code == 422 and "Say where it happened" in errors_of(refused)["violation_place"]
    response, entry_id = post(client, "/field/complaints/new", **complaint_data(
        complainant_phone="315-555-0199", forward_now="y"))
    assert response.status_code == 201, errors_of(response)
    page = response.get_data(as_text=True)
    assert "In front of 300 Fox Rd" in page and "315-555-0199" in page
    assert "Signature of the complainant" in page and "data-print" in page
    with app.app_context():
        c = db.session.execute(db.select(SwornComplaint).filter_by(entry_id=entry_id)).scalar_one()
        assert c.violation_place == "In front of 300 Fox Rd" and c.complainant_phone == "315-555-0199"
        complaint_id = c.id
    auth.login("justice")
    case = client.get(f"/court/complaints/{complaint_id}").get_data(as_text=True)
    assert "In front of 300 Fox Rd" in case and "315-555-0199" in case
