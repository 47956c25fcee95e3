"""Finders' messages: stored, shown on the dog's record and the list, handled, mailed."""
import io
import re

import pytest
from flask import render_template
from PIL import Image

from fieldapp.extensions import db
from fieldapp.models import Dog, Event
from fieldapp.models.public import FoundReport
from fieldapp.settings import set_setting
from tests.photos import jpeg_with_exif

from ..factories import make_licensed_dog, make_owner


def tagged_dogs(app) -> dict:
    """{name: active tag token} of the dogs the finders write about, licensed for the test:
    Biscuit, whose owner (and only she) gave an email; Waffles, whose owner gave none; Juniper."""
    dogs = {"Biscuit": {"email": "ellen.ramsey@example.net"}, "Waffles": {}, "Juniper": {}}
    with app.app_context():
        made = {name: make_licensed_dog(make_owner(**owner), name=name) for name, owner in dogs.items()}
        db.session.commit()
        return {name: dog.active_tag.token for name, dog in made.items()}


@pytest.fixture
def tokens(app):
    return tagged_dogs(app)


def dog_named(name) -> Dog:
    return db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()

MESSAGE = {"location": "Tied up at the Lake Rd church", "finder_phone": "315-555-0142",
           "finder_email": "finder@example.org", "finder_name": "Pat Finder",
           "note": "Friendly, a bit hungry. I'm home after 5."}


def _reports(app):
    with app.app_context():
        return list(db.session.execute(db.select(FoundReport).order_by(FoundReport.id)).scalars())


def test_message_is_stored_and_thanks_says_the_town_will_call(app, client, tokens):
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data=MESSAGE,
                       environ_base={"REMOTE_ADDR": "198.51.100.23"},
                       headers={"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) "
                                              "AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1"})
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/found/thanks")
    [r] = _reports(app)
    with app.app_context():
        r = db.session.get(FoundReport, r.id)
        assert r.dog.name == "Biscuit" and r.tag.token == tokens["Biscuit"]
        assert (r.location, r.finder_phone, r.finder_email, r.finder_name, r.note) == (
            MESSAGE["location"], MESSAGE["finder_phone"], MESSAGE["finder_email"], MESSAGE["finder_name"],
            MESSAGE["note"])
        assert r.client_info == "iPhone Safari · 198.51.x.x"
        assert r.handled_at is None and r.owner_notified_at is None
        assert db.session.execute(db.select(Event).filter_by(kind="found_report.received")).scalar_one()
    thanks = client.get("/found/thanks").get_data(as_text=True)
    assert "The town will call the owner" in thanks and "<script" not in thanks


def test_contact_is_required_and_what_was_typed_is_kept(app, client, tokens):
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data={"location": "Lake Rd", "note": "keep me"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "Give a phone number or an email" in html and "keep me" in html and 'value="Lake Rd"' in html
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data={"finder_phone": "12", "location": ""})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "area code" in html and "Say where the dog is" in html
    assert 'aria-describedby="location-error' in html
    assert _reports(app) == []


def test_message_reaches_the_dogs_record_and_the_list_and_mark_handled(app, client, tokens, auth):
    client.post(f"/t/{tokens['Biscuit']}/message", data=MESSAGE)
    client.post("/found", data={"location": "Ridge Rd by the school", "description": "small brown terrier",
                                "finder_phone": "3155550100"})
    with app.test_request_context("/clerk/dogs/2"):
        biscuit = dog_named("Biscuit")
        partial = render_template("public/_dog_found_reports.html", dog=biscuit)
        assert "Tied up at the Lake Rd church" in partial and "315-555-0142" in partial
        assert "Public tag scans" in partial
        assert "small brown terrier" not in partial  # the untagged report is not Biscuit's
    assert client.get("/found-reports").status_code == 302  # sign in first
    auth.login("justice")
    assert client.get("/found-reports").status_code == 403
    auth.logout()
    auth.login("dco")
    html = client.get("/found-reports").get_data(as_text=True)
    assert "2 open" in html and "Biscuit" in html and "Dog without a tag" in html
    assert "small brown terrier" in html and "Mark handled" in html
    report = _reports(app)[0]
    # A note is required: say what was done.
    resp = client.post(f"/found-reports/{report.id}/handled", data={"note": ""})
    assert resp.status_code == 302 and _reports(app)[0].handled_at is None
    resp = client.post(f"/found-reports/{report.id}/handled",
                       data={"note": "Owner called, picked Biscuit up", "next": "/found-reports"})
    assert resp.status_code == 302 and resp.headers["Location"] == "/found-reports"
    with app.app_context():
        r = db.session.get(FoundReport, report.id)
        assert r.handled_at is not None and r.handled_by.username == "dco"
        assert r.handled_note == "Owner called, picked Biscuit up"
        ev = db.session.execute(db.select(Event).filter_by(kind="found_report.handled")).scalar_one()
        assert ev.actor.username == "dco"
    html = client.get("/found-reports").get_data(as_text=True)
    assert "1 open" in html and "picked Biscuit up" not in html
    html = client.get("/found-reports?show=all").get_data(as_text=True)
    assert "Owner called, picked Biscuit up" in html and "Dale Crofoot" in html
    # Marking twice changes nothing.
    client.post(f"/found-reports/{report.id}/handled", data={"note": "again"})
    with app.app_context():
        assert db.session.get(FoundReport, report.id).handled_note == "Owner called, picked Biscuit up"
    # The partial on the dog's record shows it handled.
    with app.test_request_context("/"):
        biscuit = dog_named("Biscuit")
        assert "Owner called, picked Biscuit up" in render_template("public/_dog_found_reports.html", dog=biscuit)


def test_honeypot_drops_spam_silently(app, client, tokens):
    spam = {**MESSAGE, "website": "http://cheap-pills.example"}
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data=spam)
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/found/thanks")
    resp = client.post("/found", data={**spam, "description": "a dog"})
    assert resp.status_code == 302
    assert _reports(app) == []


def test_no_tag_report_is_stored_without_a_dog(app, client, tokens):
    resp = client.post("/found", data={"location": "Ridge Rd by the school", "description": "small brown terrier",
                                       "finder_email": "kid@example.org"})
    assert resp.status_code == 302
    [r] = _reports(app)
    assert r.dog_id is None and r.tag_id is None and r.description == "small brown terrier"
    assert "The dog control officer will see it" in client.get("/found/thanks").get_data(as_text=True)
    resp = client.post("/found", data={"location": "x", "finder_email": "kid@example.org"})
    assert resp.status_code == 422 and "Describe the dog" in resp.get_data(as_text=True)


def test_photo_is_resized_and_stripped_of_exif(app, client, tokens):
    original = jpeg_with_exif((3000, 2000))
    assert b"SecretPhoneMaker" in original
    data = {**MESSAGE, "photo": (io.BytesIO(original), "IMG_0001.jpg")}
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data=data, content_type="multipart/form-data")
    assert resp.status_code == 302
    [r] = _reports(app)
    assert r.photo and b"SecretPhoneMaker" not in r.photo and b"home of the photographer" not in r.photo
    img = Image.open(io.BytesIO(r.photo))
    assert img.format == "JPEG" and max(img.size) == 1024
    assert len(img.getexif()) == 0 and "exif" not in img.info and "comment" not in img.info
    assert b"Exif" not in r.photo[:200]


def test_unreadable_photo_is_refused_next_to_the_field(app, client, tokens):
    data = {**MESSAGE, "photo": (io.BytesIO(b"%PDF-1.4 not a photo"), "dog.pdf")}
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data=data, content_type="multipart/form-data")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "not a photo we can read" in html and "Lake Rd church" in html
    assert _reports(app) == []


def _configure_mail(app, port):
    with app.app_context():
        set_setting("mail_server", f"127.0.0.1:{port}")
        set_setting("mail_from", "dogs@sandycreekny.example")
        db.session.commit()


def test_owner_is_emailed_only_when_mail_is_configured(app, client, tokens, smtp_sink):
    # Not configured: nothing is sent, even with a mail server listening.
    client.post(f"/t/{tokens['Biscuit']}/message", data=MESSAGE)
    assert smtp_sink.messages == []
    assert "The town will call the owner" in client.get("/found/thanks").get_data(as_text=True)
    _configure_mail(app, smtp_sink.server_address[1])
    client.post(f"/t/{tokens['Biscuit']}/message", data=MESSAGE)
    with app.app_context():
        biscuit = dog_named("Biscuit")
        emails = [o.email for o in biscuit.owners if o.email]
        owner_names = [o.full_name for o in biscuit.owners]
    assert len(emails) == 1 and len(smtp_sink.messages) == 1
    msg = smtp_sink.messages[0]
    assert emails[0] in msg["rcpt"][0]
    assert "dogs@sandycreekny.example" in msg["from"]
    body = msg["data"]
    assert "Subject: Biscuit has been found" in body
    for part in ("315-555-0142", "finder@example.org", "Pat Finder", "Tied up at the Lake Rd church",
                 "a bit hungry"):
        assert part in body
    thanks = client.get("/found/thanks").get_data(as_text=True)
    assert "sent to the owner by email" in thanks
    for secret in emails + owner_names:  # no owner data goes back to the finder
        assert secret not in thanks
    r = _reports(app)[-1]
    assert r.owner_notified_at is not None and r.owner_notified_count == 1
    # An owner without an email gets nothing (Waffles' owner): the town calls instead.
    client.post(f"/t/{tokens['Waffles']}/message", data=MESSAGE)
    assert len(smtp_sink.messages) == 1
    assert "The town will call the owner" in client.get("/found/thanks").get_data(as_text=True)


def test_a_failing_mail_server_never_loses_the_message(app, client, tokens):
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there
    _configure_mail(app, port)
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data=MESSAGE)
    assert resp.status_code == 302
    [r] = _reports(app)
    assert r.owner_notified_at is None
    assert "The town will call the owner" in client.get("/found/thanks").get_data(as_text=True)


@pytest.fixture
def csrf_app(make_app):
    return make_app(WTF_CSRF_ENABLED=True)


def test_csrf_token_is_required_on_the_message_form(csrf_app):
    tokens = tagged_dogs(csrf_app)
    client = csrf_app.test_client()
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data=MESSAGE)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and "This form has expired" in html
    assert "Tied up at the Lake Rd church" in html  # what was typed is kept
    resp = client.post("/found", data={**MESSAGE, "description": "a dog"})
    assert resp.status_code == 400
    assert _reports(csrf_app) == []
    page = client.get(f"/t/{tokens['Biscuit']}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data={**MESSAGE, "csrf_token": token})
    assert resp.status_code == 302
    assert len(_reports(csrf_app)) == 1


def test_officers_see_the_owner_to_call_and_the_clerks_dog_page_shows_the_report(app, client, tokens, auth):
    client.post(f"/t/{tokens['Juniper']}/message", data=MESSAGE)
    client.get(f"/t/{tokens['Juniper']}")  # a public scan
    with app.app_context():
        juniper = dog_named("Juniper")
        owner, luna_id = juniper.primary_owner, juniper.id
        owner_name, owner_phone = owner.full_name, owner.phone
    auth.login("dco")
    html = client.get("/found-reports").get_data(as_text=True)
    assert owner_name in html and owner_phone in html  # signed-in officers call the owner
    auth.logout()
    auth.login("clerk")
    page = client.get(f"/clerk/dogs/{luna_id}").get_data(as_text=True)
    assert "Tied up at the Lake Rd church" in page and "Public tag scans" in page and "Mark handled" in page


def test_too_large_upload_answers_on_the_finders_base(app, client, tokens):
    app.config["MAX_CONTENT_LENGTH"] = 2000
    data = {**MESSAGE, "photo": (io.BytesIO(b"x" * 5000), "big.jpg")}
    resp = client.post(f"/t/{tokens['Biscuit']}/message", data=data, content_type="multipart/form-data")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 413 and "too large" in html
    assert "<script" not in html and "/static/css/public.css" in html
