"""The clerk licenses a new dog end to end on a phone (360 x 740) through the real form."""
from datetime import timedelta

import pytest
from dateutil.relativedelta import relativedelta

from tests.browser.conftest import town_today

from .conftest import sign_in

pytestmark = pytest.mark.browser


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_clerk_licenses_a_new_dog_on_a_phone(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, live_server.url, "clerk")
    page.click("text=License a dog")
    page.wait_for_url(f"{live_server.url}/clerk/licenses/new")
    no_sideways_scroll(page)

    page.fill("#owner-first_name", "Ellen")
    page.fill("#owner-last_name", "Ramsey")
    page.fill("#owner-address", "42 Lake Rd")
    page.fill("#owner-phone", "(315) 387-4242")
    page.fill("#dog-name", "Scout")
    page.check("#dog-sex-0")
    page.fill("#dog-born_on", (town_today() - relativedelta(years=2)).isoformat())
    page.fill("#dog-breed", "Beagle")
    page.fill("#dog-color", "tricolor")
    page.fill("#rabies_vet", "Pulaski Animal Hospital")
    page.fill("#rabies_vaccinated_on", (town_today() - timedelta(days=30)).isoformat())
    page.check("input[name=altered][value=certificate]")

    # A rabies vaccination good for 18 months allows only a 1-year license (§5(A)(4)):
    # the terms refresh as the date is typed, with the reason for the refused terms.
    page.fill("#rabies_valid_until", (town_today() + relativedelta(months=18)).isoformat())
    page.locator("#term-2-refused").wait_for()
    assert "past the end of the month the rabies vaccination ends" in page.locator("#term-2-refused").inner_text()
    assert page.locator("input[name=term_years]").count() == 1

    # A 3-year vaccination: all terms; pick 3 years and the fee follows.
    page.fill("#rabies_valid_until", (town_today() + relativedelta(years=3, months=2)).isoformat())
    page.locator("#term-3").wait_for()
    page.check("#term-3")
    page.wait_for_function("document.querySelector('#fee-total') && "
                           "document.querySelector('#fee-total').textContent.includes('$31.00')")
    no_sideways_scroll(page)

    page.click("#issue-license")
    page.wait_for_url("**/certificate")
    text = page.locator(".certificate").inner_text()
    assert "Scout" in text and "Ellen Ramsey" in text and "$31.00" in text
    no_sideways_scroll(page)

    from fieldapp.extensions import db
    from fieldapp.models import Dog
    with live_server.app().app_context():
        dog = db.session.scalars(db.select(Dog).filter_by(name="Scout")).one()
        assert dog.id_number is not None
        assert dog.current_license.term_years == 3
        assert dog.active_tag is not None
        assert str(dog.id_number) in text
