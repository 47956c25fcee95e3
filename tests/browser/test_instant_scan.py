"""Instant scan: a typed (or scanned) tag shows the dog's status from the phone's copy at
once, marked as the copy with its age, while the office's card is on its way on a weak link;
a copy older than the town's setting is never shown as current."""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog
from fieldapp.settings import set_setting

from .conftest import sign_in

pytestmark = pytest.mark.browser


def max_id_number(live_server):
    app = live_server.app()
    with app.app_context():
        number = db.session.execute(db.select(Dog.id_number).filter_by(name="Max")).scalar_one()
        db.engine.dispose()
    return number


def hold_the_office(context):
    """A weak link: the office's answers to a lookup are held back until the test lets them go."""
    held = []
    context.route(re.compile(r".*/field/lookup\?.*"), lambda route: held.append(route))
    return held


def let_go(held):
    for route in held:
        route.continue_()


def open_scan_with_copy(page, live_server):
    sign_in(page, live_server.url, "dco")
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    page.wait_for_function("async () => !!(await window.outbox.core.getMeta('dataset'))")
    page.get_by_role("link", name="Scan tag").first.click()
    page.wait_for_url("**/field/scan")
    page.wait_for_function("document.querySelector('#q') !== null")


def test_instant_scan_shows_the_phones_copy_at_once_then_the_offices_card(page, context, live_server):
    number = max_id_number(live_server)
    open_scan_with_copy(page, live_server)
    held = hold_the_office(context)
    page.fill("#q", str(number))
    page.get_by_role("button", name="Find").click()
    page.locator("#instant-status").wait_for(timeout=5000)  # the office has not answered yet
    assert held, "the lookup went to the office too"
    assert "Max" in page.text_content("#instant-status")
    assert "offline copy" in page.text_content("#instant-age")
    assert page.locator("#instant-status [data-status^=license-]").count() == 1
    # Then the office's own card replaces it.
    let_go(held)
    page.wait_for_url(re.compile(r".*/(field/dogs/\d+|t/[^/]+)$"), timeout=15000)
    assert page.locator("#instant-status").count() == 0
    assert "Max" in page.text_content("#status-card")


def test_instant_scan_never_shows_a_copy_older_than_the_towns_setting(page, context, live_server):
    app = live_server.app()
    with app.app_context():
        set_setting("copy_max_age_hours", 0)
        db.session.commit()
        db.engine.dispose()
    number = max_id_number(live_server)
    open_scan_with_copy(page, live_server)
    held = hold_the_office(context)
    page.fill("#q", str(number))
    page.get_by_role("button", name="Find").click()
    page.locator("#instant-stale").wait_for(timeout=5000)
    assert "too old to go by" in page.text_content("#instant-stale")
    assert page.locator("#instant-status").count() == 0
    let_go(held)
