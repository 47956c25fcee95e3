"""The phone's own camera app opens a printed tag's link (/t/<token>): a navigation, not a tap in
the app. For the signed-in officer the service worker answers it at once from the phone's copy,
marked as the copy with its age, then the office's card takes its place; with no signal the
copy's card stays, saying so. Signed out (a finder, or the officer after signing out) the same
link is the office's public page, never the copy."""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Tag

from .conftest import sign_in

pytestmark = pytest.mark.browser

# The officer's pages are cached (the offline card among them) and the copy is stored.
READY = """(async () => {
    if (!window.outbox || !navigator.serviceWorker.controller) return false;
    if (!(await window.outbox.core.getMeta('dataset'))) return false;
    for (const name of await caches.keys()) {
        if (name.startsWith('pages-') && await (await caches.open(name)).match('/offline-card')) return true;
    }
    return false;
})()"""


def max_tag(live_server):
    app = live_server.app()
    with app.app_context():
        dog = db.session.execute(db.select(Dog).filter_by(name="Max")).scalar_one()
        token = db.session.execute(db.select(Tag.token).filter_by(dog_id=dog.id, status="active")).scalars().first()
        owner = dog.primary_owner.full_name
        db.engine.dispose()
    return token, owner


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    yield context
    context.close()


def officer_ready(page, base):
    sign_in(page, base, "dco")
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    for _ in range(600):  # evaluate awaits the promise (wait_for_function would take it as true)
        if page.evaluate(READY):
            return
        page.wait_for_timeout(50)
    raise AssertionError("the officer's pages and copy were not stored")


def open_the_tag_on_a_weak_link(phone, page, url):
    """A weak link: the office's answers to a tag's link are held until the test lets them go
    (the list returned); the phone's copy answers the navigation meanwhile."""
    held = []
    phone.route(re.compile(r".*/t/[A-Za-z0-9_-]+$"), lambda route: held.append(route))
    page.goto(url, wait_until="commit")
    page.locator("#offline-card-body #status-card").wait_for(timeout=5000)
    return held


def asked_the_office(page, held):
    """The held requests, once the page has asked the office for the tag's link."""
    for _ in range(300):  # a loaded machine: seconds before the page's script asks
        if held:
            return held
        page.wait_for_timeout(50)
    raise AssertionError("the page did not ask the office")


def test_camera_link_shows_the_copy_at_once_then_the_offices_card(phone, live_server):
    base = live_server.url
    token, owner = max_tag(live_server)
    page = phone.new_page()
    officer_ready(page, base)
    held = open_the_tag_on_a_weak_link(phone, page, f"{base}/t/{token}")
    assert "Max" in page.inner_text("#status-card")
    assert owner in page.inner_text("#status-card")
    age = page.inner_text("#offline-card-age")
    assert re.search(r"From the phone's copy, \d+ min old", age), age
    assert page.locator("#status-card [data-status^=license-]").count() == 1
    for route in asked_the_office(page, held):
        route.continue_()
    page.locator("#office-confirmed").wait_for(timeout=15000)
    assert page.locator("#offline-card").count() == 0
    assert "Max" in page.inner_text("#status-card")
    assert page.url.endswith(f"/t/{token}")


def test_camera_link_with_the_network_cut_shows_the_copy_and_says_so(phone, live_server):
    base = live_server.url
    token, owner = max_tag(live_server)
    page = phone.new_page()
    officer_ready(page, base)
    phone.set_offline(True)
    page.goto(f"{base}/t/{token}")
    page.locator("#offline-card-body #status-card").wait_for(timeout=5000)
    assert owner in page.inner_text("#status-card")
    page.get_by_text("no signal: not checked with the office").wait_for()
    # Signal again: the office's card.
    phone.set_offline(False)
    page.locator("#office-confirmed").wait_for(timeout=15000)


def test_camera_link_signed_out_is_the_public_page(phone, live_server):
    base = live_server.url
    token, owner = max_tag(live_server)
    page = phone.new_page()
    officer_ready(page, base)
    page.goto(f"{base}/")
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(re.compile(r"/login"))
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    page.goto(f"{base}/t/{token}")
    page.get_by_role("heading", name="This is Max").wait_for()
    assert page.locator("#offline-card").count() == 0
    assert owner not in page.inner_text("body")


def test_camera_link_after_the_office_ended_the_session_is_the_public_page(phone, live_server):
    """The phone still thinks the officer is signed in; the office's answer says otherwise."""
    base = live_server.url
    token, owner = max_tag(live_server)
    page = phone.new_page()
    officer_ready(page, base)
    phone.clear_cookies()  # the session is gone on the server's side
    page.goto(f"{base}/t/{token}", wait_until="commit")
    page.get_by_role("heading", name="This is Max").wait_for(timeout=15000)
    assert owner not in page.inner_text("body")
    page.goto(f"{base}/login")  # the public page runs no app script: ask from the sign-in page
    page.wait_for_function("window.outbox !== undefined")
    assert page.evaluate("async () => !(await window.outbox.core.getMeta('dataset'))")


def test_camera_link_keeps_the_copy_when_the_office_fails(phone, live_server):
    """The office's own trouble (a 503: the database away) is not a session ended."""
    base = live_server.url
    token, owner = max_tag(live_server)
    page = phone.new_page()
    officer_ready(page, base)
    phone.route(re.compile(r".*/t/[A-Za-z0-9_-]+$"), lambda route: route.fulfill(status=503, body="busy"))
    page.goto(f"{base}/t/{token}")
    page.get_by_text("the office did not answer").wait_for()
    assert owner in page.inner_text("#status-card")
    assert page.evaluate("async () => !!(await window.outbox.core.getMeta('dataset'))")


def test_camera_link_tapped_on_before_the_office_answers_keeps_the_next_page(phone, live_server):
    """The officer taps Record violation on the copy's card; the office's late answer to the tag's
    link is for a page no longer shown, and must not put the card back over the form."""
    base = live_server.url
    token, owner = max_tag(live_server)
    page = phone.new_page()
    officer_ready(page, base)
    held = open_the_tag_on_a_weak_link(phone, page, f"{base}/t/{token}")
    asked = asked_the_office(page, held)  # the page waits for the office's answer
    page.evaluate("window.askedForTheCard = true")
    page.get_by_role("link", name="Record violation").first.click()
    page.wait_for_url(re.compile(r"/field/violations/new"))
    page.locator("form.entry-form").wait_for()
    # The form came in place of the card (hx-boost): the page that asked is still the one shown.
    assert page.evaluate("window.askedForTheCard === true")
    for route in asked:
        with page.expect_response(re.compile(r"/t/[A-Za-z0-9_-]+$")):
            route.continue_()
    page.wait_for_timeout(500)  # the page has had the answer
    assert page.locator("#office-confirmed").count() == 0
    assert page.locator("form.entry-form").count() == 1
    assert "/field/violations/new" in page.url
