"""What a person at the counter expects and was missing: the dog's microchip on the license form,
the certificate and receipt emailed to the owner (PDF attached), also as a PDF download."""
import email

import pytest

from fieldapp.extensions import db
from fieldapp.models import Event

from ..factories import made, make_dog
from ..public.test_public_messages import _configure_mail
from .test_licensing_issue import TODAY, get_dog, new_dog_form


@pytest.fixture
def app(app):
    app.config["FIXED_TODAY"] = TODAY
    return app


def test_the_license_form_takes_the_dogs_microchip_and_keeps_it_on_the_record(clerk, app):
    assert 'name="microchip"' in clerk.get("/clerk/licenses/new").get_data(as_text=True)
    done = clerk.post("/clerk/licenses/new", data=new_dog_form(microchip="985 112 003 456 789"))
    assert done.status_code == 302
    with app.app_context():
        scout = get_dog("Scout")
        assert scout.microchip == "985112003456789"
        scout_id = scout.id
    renewal = clerk.get(f"/clerk/dogs/{scout_id}/renew").get_data(as_text=True)
    assert 'value="985112003456789"' in renewal


def test_a_microchip_on_another_dog_is_refused_on_its_field_and_nothing_is_issued(clerk, app):
    made(app, make_dog, name="Biscuit", microchip="985112003456789")
    refused = clerk.post("/clerk/licenses/new", data=new_dog_form(microchip="985112003456789"))
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "is on another dog&#39;s record (Biscuit)" in page
    with app.app_context():
        assert get_dog("Scout") is None


def test_the_certificate_and_receipt_are_emailed_to_the_owner_with_the_pdf(clerk, app, smtp_sink):
    done = clerk.post("/clerk/licenses/new", data=new_dog_form(**{"owner-email": "ellen@example.org"}))
    cert_url = done.headers["Location"]
    page = clerk.get(cert_url).get_data(as_text=True)
    assert "Email the certificate and receipt to ellen@example.org" in page
    lic_id = cert_url.split("/licenses/")[1].split("/")[0]
    # No mail set up: said, nothing sent.
    answer = clerk.post(f"/clerk/licenses/{lic_id}/email", follow_redirects=True).get_data(as_text=True)
    assert "No outbound mail is set up" in answer and smtp_sink.messages == []
    _configure_mail(app, smtp_sink.server_address[1])
    answer = clerk.post(f"/clerk/licenses/{lic_id}/email", follow_redirects=True).get_data(as_text=True)
    assert "emailed to ellen@example.org" in answer
    assert len(smtp_sink.messages) == 1 and "ellen@example.org" in smtp_sink.messages[0]["rcpt"][0]
    msg = email.message_from_string(smtp_sink.messages[0]["data"])
    parts = [p for p in msg.walk() if p.get_filename()]
    assert parts and parts[0].get_content_type() == "application/pdf"
    assert parts[0].get_payload(decode=True).startswith(b"%PDF")
    with app.app_context():
        assert db.session.scalars(db.select(Event).filter_by(kind="license.emailed")).all()


def test_no_email_button_without_an_address_and_the_pdf_is_a_download(clerk, app):
    done = clerk.post("/clerk/licenses/new", data=new_dog_form())
    page = clerk.get(done.headers["Location"]).get_data(as_text=True)
    assert "Email the certificate" not in page
    lic_id = done.headers["Location"].split("/licenses/")[1].split("/")[0]
    pdf = clerk.get(f"/clerk/licenses/{lic_id}/certificate.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    assert pdf.headers["Content-Disposition"].startswith("attachment")
