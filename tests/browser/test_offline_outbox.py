"""Works with no signal, in real headless Chromium against the app in a subprocess.

Entries are recorded with the phone offline, then must reach the server exactly once: with the
network back, with the server killed and restarted mid-sync, after reloads, across sign-ins.
Entries here are §9 ticket-number voids (this issue's own entry kind, the /tickets/book form)
and violations (the field form /field/violations/new).
"""
import json
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import FieldEntry, Tag
from fieldapp.models.tickets import TicketNumberUse

from .conftest import sign_in

pytestmark = pytest.mark.browser


def wait_ready(page):
    """The outbox set up: worker controlling the page, pages cached, session known, block reserved."""
    # A first install precaches the whole shell: on a busy machine that can take longer than 30 s.
    page.wait_for_function("window.outbox !== undefined", timeout=60000)
    page.evaluate("window.outbox.ready")
    try:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
    except Exception as exc:  # say where the worker got stuck, for the CI log
        state = page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            if (!reg) return 'no registration';
            return ['installing', 'waiting', 'active'].map((k) => k + '=' + (reg[k] ? reg[k].state : '-')).join(' ');
        }""")
        raise AssertionError(f"no service worker controls the page: {state}") from exc


def open_book(page, url):
    page.goto(f"{url}/tickets/book")
    wait_ready(page)


def numbers_on_phone(page):
    return page.evaluate("""async () => {
        const row = await window.outbox.core.getMeta('tickets:' + document.body.dataset.userId);
        return row ? row.value.remaining : [];
    }""")


def void_offline(page, number, reason="spoiled"):
    page.fill("#void-number", number)
    page.fill("#void-reason", reason)
    with page.expect_navigation(url="**/tickets/book?voided=*"):
        page.click("#void-form button[type=submit]")
    wait_ready(page)


def outbox_count(page):
    return int(page.text_content("#outbox-count"))


def wait_sent(page, timeout=15000):
    page.wait_for_function("document.getElementById('outbox-count').textContent === '0'", timeout=timeout)


def stored(live_server):
    app = live_server.app()
    with app.app_context():
        entries = db.session.execute(db.select(FieldEntry)).scalars().all()
        voids = db.session.execute(db.select(TicketNumberUse).filter_by(status="void")).scalars().all()
        result = sorted(e.id for e in entries), sorted(v.number for v in voids)
        db.engine.dispose()
    return result


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


def test_a_refused_entry_stays_visible_is_not_retried_and_can_be_fixed_with_the_same_id(page, context, live_server):
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    good = numbers_on_phone(page)[0]
    context.set_offline(True)
    void_offline(page, "SC-999999", "not mine")
    entry_id = page.evaluate("(async () => (await window.outbox.core.all('outbox'))[0].id)()")
    context.set_offline(False)
    syncs = []
    page.on("request", lambda r: syncs.append(r) if r.url.endswith("/api/sync/batch") else None)
    page.goto(f"{live_server.url}/outbox")
    wait_ready(page)
    page.evaluate("window.outbox.flush('manual')")
    entry = page.locator(".outbox-entry.outbox-failed")
    assert "not in a block of numbers reserved for you" in entry.text_content()
    tries = len(syncs)
    for _ in range(3):
        page.evaluate("window.outbox.flush('manual')")
    assert len(syncs) == tries  # a 4xx is not retried by itself
    assert outbox_count(page) == 1
    page.click(".outbox-edit")
    page.wait_for_url("**/tickets/book?outbox_edit=*")
    wait_ready(page)
    assert page.input_value("#void-number") == "SC-999999"
    assert "not in a block" in page.text_content("#void-form .outbox-error")
    page.fill("#void-number", good)
    with page.expect_navigation(url="**/tickets/book?voided=*"):
        page.click("#void-form button[type=submit]")
    wait_ready(page)
    wait_sent(page)
    ids, voids = stored(live_server)
    assert ids == [entry_id] and voids == [good]  # never stored before: re-queued with the same UUID


def test_discard_asks_and_is_logged_for_the_office(page, context, live_server):
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    context.set_offline(True)
    void_offline(page, "SC-999998", "oops")
    page.goto(f"{live_server.url}/outbox")
    wait_ready(page)
    page.once("dialog", lambda d: d.accept())
    page.click(".outbox-discard")
    page.wait_for_function("document.getElementById('outbox-count').textContent === '0'")
    assert page.locator("#outbox-discards li").count() == 1  # kept locally while offline
    context.set_offline(False)
    page.evaluate("window.outbox.flush('manual')")
    page.wait_for_function("document.querySelectorAll('#outbox-discards li').length === 0")
    app = live_server.app()
    with app.app_context():
        from fieldapp.models import Event
        assert db.session.execute(db.select(Event).filter_by(kind="outbox.discarded")).scalar_one()
        db.engine.dispose()


def test_session_ended_pauses_and_another_officer_does_not_send_or_see_the_entries(page, context, live_server):
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    number = numbers_on_phone(page)[0]
    context.set_offline(True)
    void_offline(page, number)
    context.clear_cookies()  # the session ends while offline
    context.set_offline(False)
    result = page.evaluate("window.outbox.flush('manual')")
    assert result["stopped"] == "signed_out" and outbox_count(page) == 1
    sign_in(page, live_server.url, "constable")
    wait_ready(page)
    assert outbox_count(page) == 0
    page.evaluate("window.outbox.flush('manual')")
    assert stored(live_server) == ([], [])
    page.click("#logout-form button")
    page.wait_for_url("**/login?signed_out=1")
    sign_in(page, live_server.url, "dco")
    wait_ready(page)
    wait_sent(page)
    assert stored(live_server)[1] == [number]


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


def test_an_entry_the_server_fails_on_three_times_is_set_aside_and_the_rest_go_on(page, context, live_server):
    """No head-of-line blocking: a 5xx three times in a row sets the entry aside as "needs
    attention"; the entries behind it are sent; one that follows it waits with it."""
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    first, second, third = numbers_on_phone(page)[:3]
    context.set_offline(True)
    void_offline(page, first, "stuck")
    void_offline(page, second, "goes on")
    stuck_id = page.evaluate("async (n) => (await window.outbox.core.all('outbox')).find((e) => e.payload.ticket_number === n).id",
                             first)
    # A third entry that follows the stuck one (as a seizure follows its violation).
    page.evaluate("""async ([number, follows, stuck]) => {
        const all = await window.outbox.core.all('outbox');
        const row = all.find((e) => e.payload.ticket_number !== stuck);
        const follower = Object.assign({}, row, {id: crypto.randomUUID(), seq: row.seq + 1,
            payload: Object.assign({}, row.payload, {ticket_number: number, violation_entry_id: follows})});
        await window.outbox.core.put('outbox', follower);
    }""", [third, stuck_id, first])

    def fail_the_stuck_one(route):
        """The server fails on the stuck entry alone, as on an entry it cannot apply: a 500 of
        its own in the batch's outcomes, and a 424 for one that follows it. The others go in."""
        body = route.request.post_data_json
        fake = {}
        for e in body["entries"]:
            if e["id"] == stuck_id:
                fake[e["id"]] = {"id": e["id"], "http": 500, "status": "error", "message": "The database is down for repair."}
            elif e["payload"].get("violation_entry_id") == stuck_id:
                fake[e["id"]] = {"id": e["id"], "http": 424, "status": "waiting", "message": "Waits."}
        others = [e for e in body["entries"] if e["id"] not in fake]
        real = route.fetch(post_data=json.dumps({**body, "entries": others})).json()["outcomes"] if others else []
        answered = {o["id"]: o for o in real} | fake
        outcomes = [answered[e["id"]] for e in body["entries"]]
        route.fulfill(status=200, content_type="application/json", body=json.dumps({"outcomes": outcomes}))
    context.route("**/api/sync/batch", fail_the_stuck_one)  # the worker's requests too
    context.set_offline(False)
    page.goto(f"{live_server.url}/outbox")
    wait_ready(page)
    for _ in range(3):  # the worker may have tried too: each "Sync now" tries the stuck one again
        result = page.evaluate("window.outbox.flush('manual')")
    assert result["attention"] == 1 and result["waiting"] == 1, result
    assert stored(live_server)[1] == [second]
    stuck = page.locator(f".outbox-entry[data-entry-id='{stuck_id}']")
    stuck.wait_for()
    assert "outbox-attention" in stuck.get_attribute("class")
    assert "Needs attention" in stuck.text_content() and "down for repair" in stuck.text_content()
    assert "Waiting for the violation it follows" in page.text_content("#outbox-list")
    # Automatic flushes leave it aside; "Sync now" once the server is well sends both, in order.
    assert page.evaluate("window.outbox.core.flush('timer')")["sent"] == 0
    context.unroute("**/api/sync/batch")
    page.click("#sync-now")
    wait_sent(page)
    assert stored(live_server)[1] == sorted([first, second, third])


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


def queue_copies(page, template_number, copies):
    """Entries put in the outbox as a page's script would, each a copy of the void of
    `template_number` with its payload changed: [[number, {field: value}], ...] in order."""
    return page.evaluate("""async ([template, copies]) => {
        const all = await window.outbox.core.all('outbox');
        const row = all.find((e) => e.payload.ticket_number === template);
        let seq = Math.max(...all.map((e) => e.seq));
        const ids = [];
        for (const [number, changes] of copies) {
            const payload = Object.assign({}, row.payload, {ticket_number: number});
            Object.assign(payload, changes);
            const copy = Object.assign({}, row, {id: crypto.randomUUID(), seq: ++seq, payload});
            await window.outbox.core.put('outbox', copy);
            ids.push(copy.id);
        }
        return ids;
    }""", [template_number, copies])


def entry_states(page):
    return page.evaluate("""async () => Object.fromEntries((await window.outbox.core.all('outbox'))
        .map((e) => [e.id, {status: e.status, error: JSON.stringify(e.last_error)}]))""")


def test_a_malformed_entry_between_good_ones_is_set_aside_and_the_good_ones_arrive(page, context, live_server):
    """Between good entries, one whose ticket number is a list (as a form holding the field twice
    sent it): refused at its field, the batch a 200, the good ones arrive once."""
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    first, second, third, fifth = numbers_on_phone(page)[:4]
    context.set_offline(True)
    void_offline(page, first, "good")
    listed, last = queue_copies(page, first, [[[second, third], {}], [fifth, {"reason": "good too"}]])
    context.set_offline(False)
    page.goto(f"{live_server.url}/outbox")
    wait_ready(page)
    page.evaluate("window.outbox.flush('manual')")
    page.wait_for_function("document.getElementById('outbox-count').textContent === '1'")
    assert stored(live_server)[1] == sorted([first, fifth])
    states = entry_states(page)
    assert set(states) == {listed} and states[listed]["status"] == "failed"
    assert "ticket_number" in states[listed]["error"]  # the field's own message
    assert last not in states


def test_a_request_the_office_fails_on_as_a_whole_is_sent_entry_by_entry(page, context, live_server):
    """The office answers 500 to every batch holding one entry (a fault of ours no outcome caught).
    Three times in a row, then the phone sends them one at a time: the one it fails on alone is set
    aside ("needs attention", with the office's message), the others arrive."""
    sign_in(page, live_server.url, "dco")
    open_book(page, live_server.url)
    first, second, third = numbers_on_phone(page)[:3]
    context.set_offline(True)
    void_offline(page, first, "good")
    poison, good = queue_copies(page, first, [[second, {"reason": "poison"}], [third, {"reason": "good too"}]])

    def fail_with_the_poison(route):
        if any(e["id"] == poison for e in route.request.post_data_json["entries"]):
            route.fulfill(status=500, content_type="application/json",
                          body=json.dumps({"error": 500, "message": "Something went wrong on the server."}))
        else:
            route.continue_()
    context.route("**/api/sync/batch", fail_with_the_poison)  # the worker's requests too
    context.set_offline(False)
    page.goto(f"{live_server.url}/outbox")
    wait_ready(page)
    for _ in range(4):
        page.evaluate("window.outbox.flush('manual')")
        if entry_states(page).get(poison, {}).get("status") == "attention":
            break
    states = entry_states(page)
    assert set(states) == {poison} and states[poison]["status"] == "attention", states
    assert "Something went wrong" in states[poison]["error"]
    assert stored(live_server)[1] == sorted([first, third])
    assert good not in states
