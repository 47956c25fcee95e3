"""No noise that hides real errors: a start page asks only for what its role may have (no 403
behind the clerk's, the Justice's or the admin's), the fee quote typed letter by letter aborts no
request, and offline a tap is not sent only to fail (no htmx:sendError per tap)."""
import re

import pytest

pytestmark = pytest.mark.browser


def listen(page):
    """Every answer of 400 or more, and every console error or warning, as they come."""
    noise = []
    page.on("response", lambda r: noise.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: noise.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    return noise


@pytest.mark.parametrize("role", ["clerk", "justice", "admin"])
def test_start_page_asks_for_nothing_the_role_may_not_have(phone, journey_server, role):
    noise = listen(phone.page)
    phone.start(role)
    phone.page.wait_for_function("window.outbox !== undefined")
    phone.page.evaluate("window.outbox.ready")
    phone.page.wait_for_timeout(1500)  # what the start page fetches by itself
    assert noise == []


def test_fee_quote_typed_letter_by_letter_aborts_nothing(phone, journey_server):
    phone.start("clerk")
    noise = listen(phone.page)
    phone.tap_link("License a dog")
    box = phone.page.locator("#dog-name")
    box.press_sequentially("Bartholomew", delay=40)
    phone.page.wait_for_timeout(1200)
    assert not [n for n in noise if "sendAbort" in n], noise


def test_offline_taps_are_not_sent_to_fail(phone, journey_server):
    phone.start("dco")
    page = phone.page
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    phone.tap_link("Scan tag", exact=True)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    noise = listen(page)
    page.context.set_offline(True)
    phone.check_styles = False
    for _ in range(2):
        page.get_by_role("link", name=re.compile("Outbox")).first.tap()
        page.wait_for_url(re.compile(r"/outbox"))
        page.wait_for_load_state()
        page.go_back()
        page.wait_for_load_state()
    page.context.set_offline(False)
    assert not [n for n in noise if "sendError" in n], noise
