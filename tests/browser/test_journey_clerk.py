"""The Town Clerk at the counter, on a phone, by tapping only: licenses a new dog with every optional
field filled (the owner's email too), prints its tag, and replaces the tag."""
from datetime import timedelta

import pytest
from dateutil.relativedelta import relativedelta

from fieldapp.extensions import db
from fieldapp.models import Dog
from tests.browser.conftest import town_today

pytestmark = pytest.mark.browser


_CONTRAST_JS = """(sel) => {
  const el = document.querySelector(sel);
  const s = getComputedStyle(el);
  const lum = (c) => {
    const [r, g, b] = c.match(/\\d+/g).slice(0, 3).map((v) => {
      v = Number(v) / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(s.color), lum(s.backgroundColor)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def banner_contrast(page, selector):
    """WCAG contrast of a status banner's text on its own background, as the browser draws it."""
    return page.evaluate(_CONTRAST_JS, selector)


def test_clerk_licenses_a_dog_with_every_field_prints_and_replaces_its_tag(phone, journey_server):
    page = phone.page
    phone.start("clerk")
    assert page.locator("#outbox-count").count() == 0  # the clerk has no outbox
    phone.tap_link("License a dog")
    today = town_today()
    fills = {
        "#owner-first_name": "Marta", "#owner-last_name": "Quigley", "#owner-address": "7 Salt Rd",
        "#owner-phone": "(315) 387-7001", "#owner-email": "marta.quigley@example.org",
        "#owner-guardian_name": "Ruth Quigley", "#owner-phone_optin_on": today.isoformat(),
        "#dog-name": "Juniper", "#dog-born_on": (today - relativedelta(years=3)).isoformat(),
        "#dog-breed": "Border collie", "#dog-color": "black and white",
        "#dog-markings": "white blaze, left ear notched",
        "#rabies_vet": "Pulaski Animal Hospital", "#rabies_vaccinated_on": (today - timedelta(days=20)).isoformat(),
        "#rabies_number": "PAH-2291",
    }
    for selector, value in fills.items():
        page.fill(selector, value)
    page.locator("#owner-is_minor").tap()
    page.locator("#owner-show_phone_publicly").tap()
    page.locator("#dog-sex-1").tap()
    page.locator("input[name=altered][value=certificate]").tap()
    page.locator("#at_large").tap()
    page.fill("#rabies_valid_until", (today + relativedelta(years=3, months=1)).isoformat())
    page.locator("#term-1").wait_for()
    page.locator("#term-1").tap()
    phone.settle()
    phone.check_screen()
    phone.tap(page.locator("#issue-license"), wait_for_url="**/certificate")
    assert "Juniper" in phone.text() and "Marta Quigley" in phone.text()

    phone.tap_link("Juniper's record")
    assert banner_contrast(page, ".status.status-valid") >= 7  # readable in sunlight
    link = page.locator("a.tag-link")
    assert link.inner_text().startswith(journey_server.url + "/t/"), "the tag encodes the address served"
    with page.expect_download() as pdf:  # a file, kept on the phone to print
        page.get_by_role("link", name="Print this tag (PDF)").tap()
    assert pdf.value.suggested_filename.endswith(".pdf")
    old = link.inner_text()

    page.locator("#dog-tags").get_by_role("button", name="Replace tag").tap()
    phone.settle()
    phone.check_screen()
    assert page.locator("a.tag-link").inner_text() != old
    assert "Old tags — not valid" in phone.text()
    with journey_server.app().app_context():
        dog = db.session.scalars(db.select(Dog).filter_by(name="Juniper")).one()
        assert dog.owners[0].email == "marta.quigley@example.org" and dog.markings.startswith("white blaze")
