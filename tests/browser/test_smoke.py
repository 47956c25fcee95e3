"""The browser can sign in on a 360 px phone viewport."""
import pytest

from .conftest import sign_in

pytestmark = pytest.mark.browser


def test_sign_in_on_a_phone(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, live_server.url, "clerk")
    assert page.locator("#outbox-count").count() == 0  # the clerk has no outbox
    # Nothing wider than the screen: no sideways scrolling at 360 px.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
