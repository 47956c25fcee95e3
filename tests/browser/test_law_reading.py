"""The Town Clerk, on a phone, taps from the start page to "How this app reads Local Law No. 2",
finds a rule with its quote, its reading and the setting as it is now, and takes the PDF for the
town attorney: it arrives as a file, not a page swapped into the app."""
import pytest

from fieldapp.law.readings import READINGS

pytestmark = pytest.mark.browser
TITLE = "How this app reads Local Law No. 2"


def test_clerk_taps_to_the_reading_and_takes_the_pdf(phone):
    page = phone.page
    phone.start("clerk")
    phone.tap_link(TITLE, wait_for_url="**/law/reading")
    assert page.locator("h1").inner_text() == TITLE
    assert page.locator("[data-reading]").count() == len(READINGS)
    rule = page.locator("[data-reading='§8(B)']").first
    assert "five business days" in rule.inner_text()
    setting = page.locator("[data-setting=license_term_state_rule]").first
    assert setting.locator("[data-setting-value]").inner_text() == "off"

    with page.expect_download() as download:
        page.locator("[data-reading-pdf]").tap()
    pdf = download.value
    assert pdf.suggested_filename == "how-this-app-reads-local-law-2.pdf"
    with open(pdf.path(), "rb") as f:
        assert f.read(5) == b"%PDF-"
    assert page.url.endswith("/law/reading")  # still on the page: nothing was swapped in
    assert page.locator("h1").inner_text() == TITLE
