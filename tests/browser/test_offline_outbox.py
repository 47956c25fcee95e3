"""Works with no signal, in real headless Chromium against the app in a subprocess.

Entries are recorded with the phone offline, then must reach the server exactly once: with the
network back, with the server killed and restarted mid-sync, after reloads. Entries here are §9
ticket-number voids (the /tickets/book form) and violations (the field form
/field/violations/new). What the office refuses or fails on: test_outbox_refusals.py.
"""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import Tag

from .conftest import sign_in
from .outbox_phone import numbers_on_phone, open_book, outbox_count, stored, void_offline, wait_ready, wait_sent

pytestmark = pytest.mark.browser


def test_first_load_then_offline_reload_is_served_by_the_worker(page, context, live_server):
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    context.set_offline(True)
    response = page.reload()
    assert response.from_service_worker
    assert page.locator("#void-form").is_visible()
    page.goto(f"{live_server.url}/outbox")
    assert page.locator("#sync-now").is_visible()
    page.goto(f"{live_server.url}/clerk/")  # not saved on the phone
    assert "You are offline" in page.text_content("h1")
    context.set_offline(False)


def test_entries_recorded_offline_reach_the_server_exactly_once(page, context, live_server):
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    numbers = numbers_on_phone(page)[:3]
    assert len(numbers) == 3
    context.set_offline(True)
    for n in numbers:
        void_offline(page, n)
    assert outbox_count(page) == 3
    assert "has-pending" in page.get_attribute("#outbox-link", "class")
    assert numbers_on_phone(page)[:1] != numbers[:1]  # a used number leaves the phone's block
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    wait_sent(page)
    ids, voids = stored(live_server)
    assert len(ids) == 3 and voids == sorted(numbers)
    assert "has-pending" not in page.get_attribute("#outbox-link", "class")


def test_the_queue_survives_an_offline_reload_and_a_closed_tab(page, context, live_server):
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    numbers = numbers_on_phone(page)[:2]
    context.set_offline(True)
    for n in numbers:
        void_offline(page, n)
    page.reload()
    wait_ready(page)
    assert outbox_count(page) == 2
    page.close()
    again = context.new_page()
    again.goto(f"{live_server.url}/outbox")
    wait_ready(again)
    assert outbox_count(again) == 2
    assert again.locator(".outbox-entry").count() == 2
    context.set_offline(False)
    again.click("#sync-now")
    wait_sent(again)
    assert stored(live_server)[1] == sorted(numbers)


def test_server_killed_and_restarted_mid_sync_three_times_stores_each_entry_once(page, context, live_server):
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    recorded = []
    for cycle in range(3):
        numbers = numbers_on_phone(page)[:4]
        context.set_offline(True)
        for n in numbers:
            void_offline(page, n, f"cycle {cycle}")
        recorded += numbers
        context.set_offline(False)
        # Start a flush and kill the server while it runs: some requests die mid-flight.
        page.evaluate("window.outbox.flush('manual'); null")
        page.wait_for_timeout(15 * cycle)
        live_server.kill()
        result = page.evaluate("window.outbox.flush('manual')")
        if outbox_count(page) > 0:  # the first flush may have sent all four before the kill
            assert result["stopped"] == "network"
        live_server.start()
        page.evaluate("window.outbox.flush('manual')")
        wait_sent(page)
        page.goto(f"{live_server.url}/tickets/book")
        wait_ready(page)
    ids, voids = stored(live_server)
    assert voids == sorted(recorded)
    assert len(ids) == len(recorded) == 12


def test_offline_status_card_from_the_phones_copy(page, context, live_server):
    app = live_server.app()
    with app.app_context():
        active = db.session.execute(db.select(Tag).filter_by(status="active").limit(1)).scalar_one()
        retired = db.session.execute(db.select(Tag).filter_by(status="retired").limit(1)).scalar_one()
        token, dog_name, old_token = active.token, active.dog.name, retired.token
        db.engine.dispose()
    sign_in(page, live_server.url, "dco")
    wait_ready(page)
    page.wait_for_function("window.outbox.datasetVersion !== undefined")
    context.set_offline(True)
    response = page.goto(f"{live_server.url}/t/{token}")
    assert response.from_service_worker
    page.wait_for_selector("#offline-card-body h2")
    assert dog_name in page.text_content("#offline-card-body")
    assert page.locator("#offline-card-body .status").count() == 2
    # A tag's link is answered from the copy at once (copy-first.js), marked as the copy, with its age.
    assert re.search(r"From the phone's copy, \d+ min old", page.text_content("#offline-card-age"))
    page.goto(f"{live_server.url}/t/{old_token}")
    page.wait_for_selector("#tag-retired")
    assert "not valid" in page.text_content("#tag-retired")
    page.goto(f"{live_server.url}/t/nosuchtoken")
    page.wait_for_selector("#not-in-copy")
    context.set_offline(False)
    # Signing out clears the copy: the next person on this phone does not get it.
    page.goto(f"{live_server.url}/")
    wait_ready(page)
    page.click("#logout-form button")
    page.wait_for_url("**/login?signed_out=1")
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    assert page.evaluate("(async () => (await window.outbox.core.all('dogs')).length)()") == 0


def test_a_camera_sized_photo_is_shrunk_on_the_phone_before_it_is_queued(page, context, live_server):
    """County scale: photos go after the entries, resized on the phone (long side 1,600 px, JPEG)."""
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    sizes = page.evaluate("""async () => {
        const { shrinkPhoto } = await import(document.querySelector('script[src*="app.js"]').src.replace('app.js', 'forms.js'));
        const canvas = new OffscreenCanvas(4000, 3000);
        const ctx = canvas.getContext('2d');
        for (let i = 0; i < 400; i++) { ctx.fillStyle = `hsl(${i}, 70%, 50%)`; ctx.fillRect((i * 97) % 4000, (i * 53) % 3000, 300, 200); }
        const big = new File([await canvas.convertToBlob({ type: 'image/png' })], 'IMG_0003.png', { type: 'image/png' });
        const small = await shrinkPhoto(big);
        const bitmap = await createImageBitmap(small);
        return { type: small.type, width: bitmap.width, height: bitmap.height, before: big.size, after: small.size };
    }""")
    assert sizes["type"] == "image/jpeg" and (sizes["width"], sizes["height"]) == (1600, 1200)
    assert sizes["after"] < sizes["before"]
