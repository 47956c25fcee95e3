"""The Town Clerk keeps the §5(K) dog enumeration, on a phone, by tapping only: opens the
enumeration the Town Board declared, finds Duke (his license lapsed) and marks him identified as
unlicensed, licenses him with the enumeration surcharge on his receipt, records an expense of the
enumeration, and opens the year's report showing the surcharge collected and the expense."""
from datetime import timedelta

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, EnumerationIdentification, Payment
from tests.browser.conftest import town_today

pytestmark = pytest.mark.browser
DOG = "Duke"


def test_clerk_marks_a_dog_in_the_enumeration_licenses_it_with_the_surcharge_and_reads_the_years_report(
        phone, journey_server):
    page = phone.page
    today = town_today()
    phone.start("clerk")

    # The enumeration the Board declared, and the dog found unlicensed.
    phone.tap_link("Dog enumeration (§5(K))")
    phone.tap_link("Resolution 2026-7 (demo)")
    assert "Surcharge" in phone.text() and "$5.00" in phone.text()
    page.get_by_label("Dog's name, owner, tag or ID number").fill(DOG)
    phone.tap_button("Find the dog")
    phone.check_screen()
    phone.tap_link(f"Mark {DOG} identified unlicensed")
    assert page.get_by_label("Day it was identified").input_value() == today.isoformat()
    page.get_by_label("Where or how (optional)").fill("Door-to-door census, Route 3")
    phone.tap(page.locator("#mark-identified"), wait_for_url="**/clerk/enumerations/*")
    assert DOG in phone.text() and "Surcharge $5.00 charged, not paid yet" in phone.text()

    # Licensed at the counter: the surcharge line is on the form by itself.
    phone.tap_link(f"License {DOG} (with the surcharge)", wait_for_url="**/renew")
    assert "identified as unlicensed in the enumeration" in phone.text()
    page.fill("#rabies_vaccinated_on", (today - timedelta(days=3)).isoformat())
    page.fill("#rabies_valid_until", (today + timedelta(days=3 * 365)).isoformat())
    page.fill("#rabies_number", "PAH-5K01")
    page.locator("#term-1").wait_for()
    page.locator("#term-1").tap()
    phone.settle()
    assert page.locator("tr[data-kind=enumeration_surcharge]").inner_text().strip().endswith("$5.00")
    phone.check_screen()
    phone.tap(page.locator("#issue-license"), wait_for_url="**/certificate")
    with journey_server.app().app_context():
        duke = db.session.scalars(db.select(Dog).filter_by(name=DOG)).one()
        paid = db.session.scalars(db.select(Payment).filter_by(dog_id=duke.id, kind="enumeration_surcharge")).one()
        assert paid.receipt is not None
        assert db.session.scalars(db.select(EnumerationIdentification).filter_by(dog_id=duke.id)).one().license_id

    # An expense of the enumeration.
    phone.tap_link("Sandy Creek Dog Control: start")
    phone.tap_link("Dog enumeration (§5(K))")
    phone.tap_link("Resolution 2026-7 (demo)")
    assert "charged and paid on license" in phone.text()
    page.get_by_label("What it was for").fill("Enumerator's mileage")
    page.get_by_label("Amount ($)").fill("18.40")
    page.get_by_label("Incurred or paid by").fill("Dale Enumerator")
    phone.tap(page.locator("#record-expense"))
    assert "Enumerator's mileage" in phone.text() and "$18.40" in phone.text()

    # The year's report: the surcharge collected and the expense; it prints without the buttons.
    phone.tap_link(f"The year's report ({today.year})")
    text = phone.text()
    assert f"Dog enumeration report, {today.year}" in text
    assert page.locator("#collected").inner_text() == "$5.00"
    assert "Enumerator's mileage" in text and "$18.40" in text
    page.emulate_media(media="print")
    assert not page.get_by_role("button", name="Print this report").is_visible()
    assert page.locator("#enumeration-report").is_visible()
    page.emulate_media(media="screen")
