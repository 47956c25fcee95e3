"""The constable, the police officer and the Justice, each by tapping only after signing in.

§10(A): the constable takes a sworn complaint. §9: the constable may not issue appearance tickets;
a police officer does (here for a dog with no tag). §10(B): the Justice reads the records."""

import pytest

from fieldapp.extensions import db
from fieldapp.models.enforcement import AppearanceTicket as Ticket
from fieldapp.models.enforcement import SwornComplaint as Complaint
from tests.browser.conftest import town_today

pytestmark = pytest.mark.browser


def test_constable_takes_a_sworn_complaint_and_is_not_offered_tickets(phone, journey_server):
    page = phone.page
    phone.start("constable")
    assert page.get_by_role("link", name="Issue appearance ticket").count() == 0  # §9
    phone.tap_link("Take a sworn complaint")
    page.get_by_label("Complainant's full name").fill("Irene Vosburgh")
    page.get_by_label("Complainant's residence (address)").fill("12 Ridge Rd, Sandy Creek")
    page.get_by_label("Where it happened (address, or road and landmark)").fill("Ridge Rd")
    page.get_by_label("Date of the violation").fill(town_today().isoformat())
    page.locator("input[name=codes][value='6A1']").tap()
    page.get_by_label("Nature of the violation").fill("A brown hound ran loose on Ridge Rd all morning.")
    page.locator("[name=dog_description]").fill("Brown hound, red collar")
    page.get_by_label("Owner's name, if known").fill("unknown")
    page.locator("#sworn").tap()
    phone.check_screen()
    phone.tap_button("Take sworn complaint", wait_for_url="**/field/next**")
    phone.settle()
    phone.check_screen()
    for _ in range(50):
        with journey_server.app().app_context():
            if db.session.scalars(db.select(Complaint).filter_by(complainant_name="Irene Vosburgh")).first():
                break
        page.wait_for_timeout(200)
    else:
        raise AssertionError("the sworn complaint did not reach the server: " + phone.text()[:600])


def test_police_officer_tickets_a_dog_with_no_tag(phone, journey_server):
    page = phone.page
    phone.start("police")
    assert page.locator("#outbox-count").count() == 1
    phone.tap_link("Issue appearance ticket")
    page.locator("input[name=codes][value='5A1']").first.tap()
    for box in page.locator("input[name=ruled_out]:visible").all():  # each exception checked and ruled out
        box.tap()
    page.locator("input[name=served_capacity]").first.tap()
    page.get_by_label("Full name of the person served").fill("Gordon Ashby")
    page.get_by_label("Their address").fill("88 County Route 15, Sandy Creek")
    phone.settle()
    phone.check_screen()
    phone.tap_button("Issue", wait_for_url="**/field/next**")
    for _ in range(75):
        with journey_server.app().app_context():
            if db.session.scalars(db.select(Ticket).filter_by(served_name="Gordon Ashby")).first():
                break
        page.wait_for_timeout(200)
    else:
        raise AssertionError("the ticket did not reach the server: " + page.url + " " + phone.text()[:500])
    phone.settle()
    phone.check_screen()


def test_justice_reads_the_records_by_their_tabs(phone, journey_server):
    page = phone.page
    phone.start("justice")
    assert page.locator("#outbox-count").count() == 0  # no outbox: the Justice makes no field entries
    phone.tap_link("Violations")
    for tab in ("Impoundments", "Tickets", "Complaints", "Violations"):
        phone.tap(page.locator("nav.tabs").get_by_role("link", name=tab, exact=True))
        current = page.locator('nav.tabs a[aria-current="page"]')
        assert current.count() == 1 and current.inner_text() == tab
