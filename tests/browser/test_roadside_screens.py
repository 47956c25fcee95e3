"""The officer's roadside screens on a 360 px phone: with no signal "Dogs" opens the search from
the phone's copy (not "this page isn't saved"); a confined dog's card says the order in one line
with the owner and the buttons on the first screen; the violation form shows running at large
within the first screen of offences."""
import re

import pytest

from .conftest import sign_in
from .test_offline_field_flow import wait_ready
from .test_offline_orders import confine_zeus

pytestmark = pytest.mark.browser
HEIGHT = 740


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": HEIGHT})
    yield context
    context.close()


def ready_with_copy(page, base):
    sign_in(page, base, "dco")
    wait_ready(page)
    page.wait_for_function("async () => !!(await window.outbox.core.getMeta('dataset'))")


def test_offline_dogs_opens_the_search_from_the_phones_copy(phone, live_server):
    page = phone.new_page()
    ready_with_copy(page, live_server.url)
    phone.set_offline(True)
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    violations = page.locator("a.tile", has_text="Violations")
    assert "needs signal" in violations.inner_text()  # said before it is tapped
    page.get_by_role("link", name="Dogs and licenses").click()
    page.wait_for_url(re.compile(r"/field/scan$"))
    assert "isn't saved" not in page.content()
    page.fill("#q2", "Stevens")
    page.get_by_role("button", name="Search").click()
    results = page.locator("[data-offline-results] li[data-dog-id]")
    results.first.wait_for()
    ids = results.evaluate_all("els => els.map(e => e.dataset.dogId)")
    assert len(ids) == len(set(ids)) >= 1
    assert results.first.locator("[data-status^=license-]").count() == 1
    assert results.first.locator("[data-status^=rabies-]").count() == 1


def bottom(page, selector):
    box = page.locator(selector).first.bounding_box()
    return box["y"] + box["height"]


def test_confined_dogs_card_says_the_order_in_one_line_with_owner_and_buttons_on_screen(phone, live_server):
    zeus = confine_zeus(live_server, words="Inside 9 pm-7 am.")
    page = phone.new_page()
    sign_in(page, live_server.url, "dco")
    page.goto(f"{live_server.url}/field/dogs/{zeus}")
    summary = page.locator("[data-flag=confined] summary")
    assert summary.inner_text().startswith("CONFINED: Inside 9 pm-7 am.")
    assert summary.bounding_box()["height"] < 60  # one line, two at most at 360 px
    assert not page.locator("[data-flag=confined] details p").is_visible()  # the terms: a tap away
    assert bottom(page, ".owners .owner") <= HEIGHT
    assert bottom(page, ".big-actions a:has-text('Record violation')") <= HEIGHT
    summary.click()
    assert "§4(B)" in page.locator("[data-flag=confined] details p").inner_text()


def test_violation_form_shows_running_at_large_on_the_first_screen_of_offences(phone, live_server):
    page = phone.new_page()
    sign_in(page, live_server.url, "dco")
    page.goto(f"{live_server.url}/field/violations/new")
    offences = page.locator("fieldset#codes")
    offences.scroll_into_view_if_needed()
    top = offences.bounding_box()["y"]
    running = page.locator("input[name=codes][value='6A1']").bounding_box()
    assert running["y"] + running["height"] - top <= HEIGHT
    more = page.locator("details[data-more-offences]")
    summary = more.locator(":scope > summary")
    assert summary.bounding_box()["y"] + summary.bounding_box()["height"] - top <= HEIGHT  # the rest: one tap
    assert not more.evaluate("d => d.open")
    summary.click()
    page.check("input[name=codes][value='6A9']")
    assert more.evaluate("d => d.open")
