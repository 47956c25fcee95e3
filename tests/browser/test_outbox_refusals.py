"""What the office refuses or fails on, in real headless Chromium: a refused entry stays on the
phone to be fixed, a discard is asked and logged, an ended session pauses the outbox, and an
entry the office fails on (or a malformed one) is set aside while the rest go on."""
import json

import pytest

from fieldapp.extensions import db

from .conftest import sign_in
from .outbox_phone import (
    entry_states,
    numbers_on_phone,
    open_book,
    outbox_count,
    queue_copies,
    stored,
    void_offline,
    wait_ready,
    wait_sent,
)

pytestmark = pytest.mark.browser


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
