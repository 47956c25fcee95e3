"""The Town Clerk's month, on a phone, by tapping only: prints the month's renewal letters (a PDF,
each notice recorded on its license), records a renewal that came by mail with a check
(§5(A)(3)), issues it and records the license and tag mailed, and prints the month's cash report,
which shows that check and reconciles (§5(D))."""
from datetime import timedelta

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, MailApplication, RenewalNotice
from tests.browser.conftest import town_today

pytestmark = pytest.mark.browser
DOG = "Bella"  # the demo dog whose license ends within 30 days
CHECK = "5150"


def test_clerk_prints_renewal_letters_records_a_mail_in_renewal_and_prints_the_cash_report(phone, journey_server):
    page = phone.page
    phone.start("clerk")

    # The renewal letters of the next 30 days, one PDF.
    phone.tap_link("Renewals", exact=True)
    assert DOG in phone.text() and "Within 30 days" in phone.text()
    # Bella's certificate has less than a year left: by the town's setting the one-year renewal
    # is issued on it (§5(A)(4), within AML §109(1)(a)), so her letter does not ask for a new one.
    assert "Needs a new rabies certificate" not in phone.text()
    with page.context.expect_event("response", lambda r: r.url.endswith("/clerk/renewals/letters.pdf")) as pdf:
        with page.expect_popup() as popup:
            page.get_by_role("button", name="Print renewal letters (PDF)").tap()
    assert pdf.value.status == 200 and pdf.value.headers["content-type"] == "application/pdf"
    popup.value.close()
    with journey_server.app().app_context():
        bella = db.session.scalars(db.select(Dog).filter_by(name=DOG)).one()
        assert db.session.scalars(db.select(RenewalNotice).filter_by(dog_id=bella.id)).first() is not None

    # Bella's owner mails the renewal with a check.
    phone.tap_link(DOG, exact=True)
    phone.tap_link("Renewal by mail")
    assert page.get_by_label("Check", exact=True).is_checked()
    page.get_by_label("Check or money order number").fill(CHECK)
    page.get_by_label("Amount enclosed ($)").fill("11.00")
    phone.check_screen()
    phone.tap(page.locator("#record-mail-in"), wait_for_url="**/clerk/mail/*")
    assert "Complete: ready to issue" in phone.text()
    phone.tap_link("Issue the license", wait_for_url="**/renew?mail=*")
    assert page.get_by_label("Check or money order number").input_value() == CHECK
    assert page.get_by_label("Check", exact=True).is_checked()
    # The certificate on file has less than a year left, and the form says so; the owner enclosed
    # a new three-year one anyway.
    assert "less than a year left" in phone.text()
    today = town_today()
    page.fill("#rabies_vaccinated_on", (today - timedelta(days=7)).isoformat())
    page.fill("#rabies_valid_until", (today + timedelta(days=3 * 365)).isoformat())
    page.fill("#rabies_number", "PAH-5150")
    page.locator("#term-1").wait_for()
    page.locator("#term-1").tap()
    phone.settle()
    phone.tap(page.locator("#issue-license"), wait_for_url="**/certificate")
    assert f"check No. {CHECK}" in phone.text()
    phone.tap_link("Record license and tag mailed")
    phone.tap_button("License and tag mailed")
    phone.check_screen()
    # What the clerk sees after: the application's own line (the flash above it can be taken by
    # a request of the service worker's that lands first; seen once in CI under load).
    assert "Mailed back" in phone.text()
    with journey_server.app().app_context():
        ma = db.session.scalars(db.select(MailApplication).join(Dog).filter(Dog.name == DOG)).one()
        assert ma.status == "issued" and ma.mailed_on is not None and ma.license.receipt.reference == CHECK

    # The month's cash report shows the check and reconciles; it prints without the buttons.
    phone.tap_link("Sandy Creek Dog Control: start")
    phone.tap_link("Money and reports")
    phone.tap_link("This month's cash report")
    text = phone.text()
    assert f"Check {CHECK}" in text and "Reconciled" in text
    page.emulate_media(media="print")
    assert not page.get_by_role("button", name="Print this report").is_visible()
    assert page.locator("#cash-report").is_visible()
    page.emulate_media(media="screen")

    # The other pages of the month, each one tap from the start page, fit the phone.
    phone.tap_link("Sandy Creek Dog Control: start")
    phone.tap_link("Money and reports")
    phone.tap_button("Amount to remit")
    phone.check_screen()
    assert "Amount to remit to the state" in phone.text()
    phone.tap_link("Sandy Creek Dog Control: start")
    phone.tap_link("Applications by mail")
    assert DOG in phone.text()
    phone.tap_link("Sandy Creek Dog Control: start")
    phone.tap_link("Follow-up letters")
    assert "Tucker" in phone.text()
