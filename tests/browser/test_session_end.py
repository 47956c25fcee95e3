"""A session the server ends takes the town off the phone, in headless Chromium.

The phone holds a copy of the field data (every owner's name, address and phone) for the
roadside with no signal. Signing out drops it; so must a session ended on the server (the
administrator deactivates the officer, resets their password, changes their role; idle too
long): any answer that says "not signed in" drops the copy and the officer's cached pages, and
the copy is not read past the session's lifetime. The outbox keeps its entries, paused until
the same officer signs in again.

Waits are on the outbox's own promises, never on sleeps.
"""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, FieldEntry, Tag

from .conftest import sign_in
from .test_offline_field_flow import record_violation_offline, wait_ready

pytestmark = pytest.mark.browser

COUNT_DOGS = "(async () => (await window.FieldOutbox.all('dogs')).length)()"
COUNT_OUTBOX = "(async () => (await window.FieldOutbox.all('outbox')).length)()"
DATASET = "(async () => { const m = await window.FieldOutbox.getMeta('dataset'); return m ? m.value : null; })()"
PAGE_CACHES = "(async () => (await caches.keys()).filter((n) => n.startsWith('pages-')).length)()"


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    yield context
    context.close()


@pytest.fixture
def office(browser, live_server):
    """The administrator, at the office, in their own browser."""
    context = browser.new_context()
    page = context.new_page()
    sign_in(page, live_server.url, "admin")
    yield page
    context.close()


def max_facts(live_server):
    app = live_server.app()
    with app.app_context():
        dog = db.session.execute(db.select(Dog).filter_by(name="Max")).scalar_one()
        token = db.session.execute(db.select(Tag.token).filter_by(dog_id=dog.id, status="active")).scalars().first()
        owner = dog.primary_owner
        facts = {"id": dog.id, "token": token, "owner": owner.full_name, "address": owner.address,
                 "phone": owner.phone}
        db.engine.dispose()
    return facts


def entries_received(live_server):
    app = live_server.app()
    with app.app_context():
        n = db.session.scalar(db.select(db.func.count()).select_from(FieldEntry))
        db.engine.dispose()
    return n


def on_users_page(office, base, username, button, done):
    office.goto(f"{base}/admin/users")
    office.wait_for_load_state("networkidle")  # htmx ready: the form is sent as a swap, not raced
    office.locator("li.user-row", has_text=f"({username})").get_by_role("button", name=button).click()
    office.get_by_text(done).wait_for(timeout=60_000)


def shows_no_owner(text, facts):
    return facts["owner"] not in text and facts["address"] not in text and facts["phone"] not in text


def test_deactivation_takes_the_copy_off_the_phone_and_the_outbox_waits(phone, office, live_server):
    base = live_server.url
    max_ = max_facts(live_server)
    page = phone.new_page()
    sign_in(page, base, "dco")
    wait_ready(page)
    assert page.evaluate(COUNT_DOGS) > 0 and page.evaluate(PAGE_CACHES) == 1

    # No signal: the card from the copy, with the owner; a violation waits in the outbox.
    phone.set_offline(True)
    page.goto(f"{base}/t/{max_['token']}")
    page.locator("#status-card").wait_for()
    assert max_["owner"] in page.inner_text("#status-card")
    page.goto(f"{base}/field/dogs/{max_['id']}")
    page.locator("#status-card").wait_for()
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    record_violation_offline(page)
    assert page.evaluate(COUNT_OUTBOX) == 1

    # At the office the administrator deactivates the officer; the phone finds signal again and
    # sends: the server answers "not signed in".
    on_users_page(office, base, "dco", "Deactivate", "deactivated: they can no longer sign in")
    phone.set_offline(False)
    result = page.evaluate("window.outbox.flush('manual')")
    assert result["stopped"] == "signed_out"
    assert page.evaluate(COUNT_DOGS) == 0 and page.evaluate(DATASET) is None
    assert page.evaluate(PAGE_CACHES) == 0
    assert page.evaluate(COUNT_OUTBOX) == 1  # the entry waits
    assert "Your session has ended" in page.inner_text("#app-status")

    # No signal again: the known tag shows no owner.
    phone.set_offline(True)
    page.goto(f"{base}/t/{max_['token']}")
    assert shows_no_owner(page.inner_text("body"), max_)

    # Reactivated, the same officer signs in: the entry is sent, once.
    on_users_page(office, base, "dco", "Reactivate", "is active again")
    phone.set_offline(False)
    sign_in(page, base, "dco")
    wait_ready(page)
    if page.evaluate(COUNT_OUTBOX):
        page.evaluate("window.outbox.flush('manual')")
    assert page.evaluate(COUNT_OUTBOX) == 0
    assert entries_received(live_server) == 1
    assert page.evaluate(COUNT_DOGS) > 0  # a new copy for the new session


def test_a_page_answered_with_the_sign_in_page_drops_the_copy(phone, office, live_server):
    base = live_server.url
    max_ = max_facts(live_server)
    page = phone.new_page()
    sign_in(page, base, "dco")
    wait_ready(page)
    assert page.evaluate(COUNT_DOGS) > 0

    # The administrator resets the officer's password; the officer taps "Scan" (an htmx swap,
    # redirected to the sign-in page).
    office.goto(f"{base}/admin/users")
    office.locator("li.user-row", has_text="(dco)").get_by_role("link", name=re.compile("Reset password")).click()
    office.fill("input[name=new_password]", "handed over in person")
    office.fill("input[name=confirm]", "handed over in person")
    office.get_by_role("button", name="Reset password").click()
    office.get_by_text("has a new password").wait_for()

    page.get_by_role("link", name="Scan").first.click()
    page.wait_for_url(re.compile(r"/login\?next="))
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    page.wait_for_function("document.body.dataset.userId === undefined")
    page.evaluate("window.outbox.ready")
    assert page.evaluate(COUNT_DOGS) == 0 and page.evaluate(DATASET) is None

    phone.set_offline(True)
    page.goto(f"{base}/t/{max_['token']}")
    assert shows_no_owner(page.inner_text("body"), max_)


def test_the_copy_is_not_read_past_the_sessions_lifetime(phone, live_server):
    base = live_server.url
    max_ = max_facts(live_server)
    page = phone.new_page()
    sign_in(page, base, "dco")
    wait_ready(page)
    info = page.evaluate(DATASET)
    # The server's setting session_idle_minutes (480): the copy lives as long past its last answer.
    assert info["expires_ms"] - info["fetched_ms"] == 480 * 60 * 1000

    # The officer stays out of signal past the session's lifetime (the clock moved on).
    page.evaluate("""(async () => {
      const m = await window.FieldOutbox.getMeta('dataset');
      m.value.expires_ms = Date.now() - 1000;
      await window.FieldOutbox.setMeta('dataset', m.value);
    })()""")
    phone.set_offline(True)
    page.goto(f"{base}/t/{max_['token']}")
    page.locator("#not-in-copy").wait_for()
    assert shows_no_owner(page.inner_text("body"), max_)
    assert page.evaluate(COUNT_DOGS) == 0  # and the copy is gone, not only hidden
