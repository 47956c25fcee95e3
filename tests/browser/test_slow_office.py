"""A busy office or a slow link, in real Chromium: a page the phone does not keep is waited for,
not called "offline" after the service worker's short wait (static/js/network-first.js)."""
import time

import pytest

from .conftest import sign_in
from .outbox_phone import open_book

pytestmark = pytest.mark.browser
SLOWER_THAN_THE_SHORT_WAIT = 4.5  # seconds; sw.js waits 3 s before it looks at the kept pages


def test_a_page_not_kept_comes_from_a_slow_office_instead_of_the_offline_page(page, context, live_server):
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)  # the worker controls the page and keeps the field pages

    def slow(route):
        time.sleep(SLOWER_THAN_THE_SHORT_WAIT)
        route.continue_()

    context.route("**/clerk/", slow)
    started = time.monotonic()
    response = page.goto(f"{live_server.url}/clerk/")
    assert time.monotonic() - started >= SLOWER_THAN_THE_SHORT_WAIT
    assert response.from_service_worker  # the worker answered, with the office's page
    assert page.text_content("h1") == "Dogs & licenses"
    assert page.get_by_role("searchbox").is_visible()
