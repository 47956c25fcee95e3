"""A person who found a dog: opens the tag's QR link on their own phone, learns how to get the
dog home without seeing the owner's private data, and sends a message to the town."""
import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Tag

pytestmark = pytest.mark.browser


def active_token(server, name):
    with server.app().app_context():
        return db.session.execute(db.select(Tag.token).join(Dog, Tag.dog_id == Dog.id)
                                  .where(Dog.name == name, Tag.status == "active")).scalar_one()


def test_finder_opens_the_tag_link_and_sends_a_message(phone, journey_server):
    token = active_token(journey_server, "Bella")
    phone.page.goto(f"{journey_server.url}/t/{token}")  # the QR code is the finder's start
    phone.check_screen()
    text = phone.text()
    assert "Bella" in text
    phone.page.get_by_label("Where is the dog now").fill("Tied up at the Lake Rd church")
    phone.page.get_by_label("Your phone").fill("315-555-0142")
    phone.tap_button("Send to the owner")
    phone.check_screen()
    assert "Thank you" in phone.text()


def test_finder_of_a_dog_with_an_unknown_tag_still_gets_the_officer_and_the_form(phone, journey_server):
    phone.page.goto(f"{journey_server.url}/t/NOSUCHTOKEN0001")  # a replaced or unknown tag
    phone.check_screen()
    text = phone.text()
    assert "Call the dog control officer" in text
    assert phone.page.locator('a.pub-call[href^="tel:"]').count() == 1
    # "Share my location" fills the place from the phone's GPS (the page works without it).
    phone.page.get_by_role("button", name="Share my location").tap()
    phone.page.wait_for_function("document.getElementById('location').value.startsWith('GPS 43.65')")
    phone.page.locator("#description").fill("Small brown terrier, red collar")
    phone.page.get_by_label("Your phone").fill("315-555-0143")
    phone.tap_button("Send to the dog control officer", wait_for_url="**/found/thanks**")
    phone.check_screen()
    assert "Thank you" in phone.text()
