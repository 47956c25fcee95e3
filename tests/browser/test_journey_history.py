"""The Town Clerk, on a phone, by tapping only: changes an owner's address, opens the owner's
History and sees the change with her name, then opens the charts from the start page."""
import pytest

pytestmark = pytest.mark.browser

DOG = "Tucker"  # Susan Crandall's dog in the demo town; no other journey uses them


def test_clerk_changes_an_address_sees_it_in_the_history_and_opens_the_charts(phone):
    page = phone.page
    phone.start("clerk")
    phone.tap_link("Find a dog or owner")
    page.fill("#q", DOG)
    phone.tap_button("Search")
    phone.check_screen()
    phone.tap(page.locator("a.result-link", has_text=DOG))
    phone.tap(page.locator("main a[href*='/clerk/owners/']").first)
    owner = page.locator("h1").inner_text()
    old_address = page.locator("dl.facts dd").first.inner_text().split(",")[0]
    phone.tap_link("Edit owner")
    page.fill("#address", "12 Rainbow Shores Rd")
    phone.tap_button("Save")
    phone.check_screen()
    assert "12 Rainbow Shores Rd" in phone.text()

    phone.tap_link("History", exact=True)
    assert page.locator("h1").inner_text() == f"{owner}: history"
    newest = page.locator(".history-line").first
    text = newest.inner_text()
    assert "Owner changed" in text and old_address in text and "12 Rainbow Shores Rd" in text
    assert "Tammy Miller" in text

    phone.tap(page.locator("a.brand"))
    phone.tap_link("Charts: licenses, renewals, seizures, money")
    assert page.locator("figure.chart svg").count() >= 4  # the calls add theirs
    assert "Renewals due by month" in phone.text()
    page.locator("#renewals summary").tap()
    assert page.locator("#renewals table").is_visible()
