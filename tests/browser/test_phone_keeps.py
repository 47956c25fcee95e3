"""The phone keeps what it holds: the app asks the browser for lasting storage, and says plainly,
on the start page and the outbox, when it was refused or entries waited more than a day; the
outbox lists the office's receipt of each entry, with the number of what it recorded."""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models.enforcement import Violation

from .conftest import sign_in
from .test_offline_field_flow import record_violation_offline, wait_ready

pytestmark = pytest.mark.browser

# The browser's answer to "keep this site's storage", as a phone's browser may give it.
STORAGE = """(() => {{
    const answer = {granted};
    Object.defineProperty(navigator, 'storage', {{ value: {{
        persisted: async () => answer, persist: async () => answer, estimate: async () => ({{}}) }} }});
}})();"""


def phone_with_storage(browser, granted):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(STORAGE.format(granted="true" if granted else "false"))
    return context


@pytest.fixture
def refused(browser):
    context = phone_with_storage(browser, False)
    yield context
    context.close()


@pytest.fixture
def granted(browser):
    context = phone_with_storage(browser, True)
    yield context
    context.close()


def test_storage_refused_is_said_on_the_start_page_and_the_outbox(refused, live_server):
    page = refused.new_page()
    sign_in(page, live_server.url, "dco")
    wait_ready(page)
    warning = page.locator("#keeping-warnings [data-warning=not_kept]")
    warning.wait_for()
    assert "may wipe the outbox" in warning.inner_text()
    page.get_by_role("link", name="Outbox").first.click()
    page.wait_for_url("**/outbox")
    page.locator("#keeping-warnings [data-warning=not_kept]").wait_for()


def test_entries_waiting_over_a_day_are_said_and_receipts_carry_the_offices_number(granted, live_server):
    page = granted.new_page()
    sign_in(page, live_server.url, "dco")
    wait_ready(page)
    page.evaluate("window.outbox.ready")
    assert page.locator("#keeping-warnings [data-warning]").count() == 0  # kept, nothing waiting

    # No signal: a violation recorded; the phone's clock says it has waited two days.
    granted.set_offline(True)
    page.get_by_role("link", name="Scan tag").first.click()
    page.wait_for_url("**/field/scan")
    page.fill("#q", "Max")
    page.get_by_role("button", name="Find").click()
    page.get_by_role("link", name=re.compile("^Max")).first.click()
    page.locator("#status-card").wait_for()
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    record_violation_offline(page)
    page.evaluate("""(async () => {
        const core = window.outbox.core;
        for (const e of await core.all('outbox')) {
            e.created_at = core.localIso(new Date(Date.now() - 2 * 86400000));
            await core.put('outbox', e);
        }
        await window.outbox.count();
    })()""")
    page.get_by_role("link", name=re.compile("^Outbox")).first.click()
    page.wait_for_url("**/outbox")
    waited = page.locator("#keeping-warnings [data-warning=waited]")
    waited.wait_for()
    assert "1 entry on this phone has waited more than a day" in waited.inner_text()

    # Signal again: sent; the outbox shows the office's receipt with the violation's number.
    granted.set_offline(False)
    page.get_by_role("button", name="Sync now").click()
    receipt = page.locator("#outbox-sent .receipt-number")
    receipt.wait_for(timeout=20000)
    app = live_server.app()
    with app.app_context():
        number = db.session.execute(db.select(db.func.max(Violation.id))).scalar_one()
        db.engine.dispose()
    assert receipt.inner_text() == f"Violation no. {number}"
    assert "Received by the office" in page.inner_text("#outbox-sent")
    page.locator("#keeping-warnings [data-warning=waited]").wait_for(state="detached")
