"""An officer of two towns picks the one they act for on a 360 px phone (AML §113(2): towns may
share a dog control officer): the header says the town, nothing is wider than the screen, and the
pages the phone keeps for no signal are the picked town's (the violation form offers the state
law's offences in Example Town, the demo's second town, under the state law alone). Entries still
in the outbox would go as the town picked: the officer is asked first."""
import re

import pytest

from fieldapp.demo.example_town import seed_example_town
from fieldapp.extensions import db
from fieldapp.timeutil import local_today

from .conftest import sign_in

pytestmark = pytest.mark.browser

# The form the phone keeps at `path` offers `code` (the page is cached by the service worker).
KEPT_FORM_OFFERS = """async ([path, code]) => {
    for (const name of await caches.keys()) {
        if (!name.startsWith('pages-')) continue;
        const kept = await (await caches.open(name)).match(path);
        if (kept && (await kept.text()).includes('value="' + code + '"')) return true;
    }
    return false;
}"""


def kept_form_offers(page, code, path="/field/violations/new") -> bool:
    for _ in range(400):  # evaluate awaits the promise (wait_for_function would take it as true)
        if page.evaluate(KEPT_FORM_OFFERS, [path, code]):
            return True
        page.wait_for_timeout(50)
    return False


def test_the_officer_picks_a_town_and_the_phone_keeps_its_pages(browser, live_server):
    app = live_server.app()
    with app.app_context():
        seed_example_town(local_today())
        db.session.commit()
        db.engine.dispose()
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    base = live_server.url
    sign_in(page, base, "dco")
    assert page.locator(".brand").inner_text().split() == ["Acting", "for", "Sandy", "Creek"]
    assert kept_form_offers(page, "6A1")

    # With entries waiting in the outbox, the officer is asked first (they would go as the town picked).
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    # One step, so that the page's own count of the outbox does not come in between.
    page.evaluate("""() => { window.outbox.pendingCount = 2;
        [...document.querySelectorAll('#town-form button')].find((b) => b.textContent.includes('Example')).click(); }""")
    page.wait_for_timeout(300)
    assert "2 entries are not sent yet" in asked[0] and "the town you pick" in asked[0]
    assert page.locator(".brand").inner_text().split() == ["Acting", "for", "Sandy", "Creek"]
    page.evaluate("window.outbox.pendingCount = 0")
    page.get_by_role("button", name="Act for Example Town").click()
    page.wait_for_selector("[data-acting-for='Example Town']")
    assert page.locator(".brand").inner_text().split() == ["Acting", "for", "Example", "Town"]
    assert page.get_by_role("button", name="Acting for Example Town").get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert kept_form_offers(page, "AML118-1a")
    context.close()


def test_a_ticket_for_another_town_shows_that_towns_court(browser, live_server):
    """AML §113(2) and §9: a ticket is returnable to the court of the town where it happened. Acting
    for Sandy Creek, the officer says it happened in Example Town: the form shows Example Town's
    court and its ticket number letters, and back to the dog's own town (the default), Sandy Creek's."""
    app = live_server.app()
    with app.app_context():
        seed_example_town(local_today())
        db.session.commit()
        db.engine.dispose()
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    sign_in(page, live_server.url, "dco")
    page.get_by_role("link", name="Issue appearance ticket").click()
    page.wait_for_selector("[data-appear-court]")
    assert page.locator("[data-appear-court]").inner_text() == "Sandy Creek Town Court"
    number = page.get_by_label("Ticket number")
    page.wait_for_function("document.querySelector('input[name=ticket_number]').value !== ''", timeout=30000)
    digits = number.input_value().split("-")[1]
    assert number.input_value() == f"SC-{digits}"
    page.get_by_label("Town where it happened").select_option(label="Example Town")
    # Its law is not the one whose offences the form lists (Sandy Creek's): Example Town's form comes.
    page.wait_for_url(re.compile(r"/field/tickets/new\?town=\d+$"))
    page.wait_for_selector("[data-appear-court]")
    assert page.locator("[data-appear-court]").inner_text() == "Example Town Court"
    assert page.locator("[data-appear-address]").inner_text() == "1 Example Rd, Example Town NY"
    assert page.locator("input[name=codes][value='AML118-1a']").count() == 1
    assert page.locator("input[name=codes][value='6A1']").count() == 0
    assert not page.locator("[data-town-law-warning]").is_visible()
    # The number as Example Town's court will know it: its letters, the same digits.
    page.wait_for_function("document.querySelector('input[name=ticket_number]').value !== ''", timeout=30000)
    assert page.get_by_label("Ticket number").input_value() == f"ET-{digits}"
    page.get_by_label("Town where it happened").select_option(index=0)
    page.wait_for_url(re.compile(r"/field/tickets/new$"))
    page.wait_for_selector("input[name=codes][value='6A1']")
    assert page.locator("[data-appear-court]").inner_text() == "Sandy Creek Town Court"
    assert not page.locator("[data-town-law-warning]").is_visible()
    page.wait_for_function("document.querySelector('input[name=ticket_number]').value !== ''", timeout=30000)
    assert page.get_by_label("Ticket number").input_value() == f"SC-{digits}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
