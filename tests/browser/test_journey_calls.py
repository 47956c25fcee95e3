"""A call for service, walked by tapping at 360 px: the clerk takes a call at the counter; the DCO,
with no signal, takes it from the queue the phone keeps, arrives, records a violation from it (the
form filled with the call's place and linked to it) and closes it; signal back, each entry
reaches the office once; the clerk sees the call closed with its violation linked, both ways."""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models.calls import Call, CallUpdate
from fieldapp.models.enforcement import Violation

from .journey import Phone, phone_context
from .test_journey_dco import all_sent, outbox_count, ready, tick

pytestmark = pytest.mark.browser

PLACE = "Ridge Rd by the red mailboxes"


def the_call(server):
    with server.app().app_context():
        call = db.session.execute(db.select(Call).filter_by(location_text=PLACE)).scalar_one()
        out = {"id": call.id, "status": call.status, "outcome": call.outcome, "officer": call.officer_id,
               "arrived": call.arrived_at is not None,
               "records": [(u.record_kind, u.record_id) for u in call.updates if u.kind == "record"],
               "steps": [u.kind for u in db.session.execute(db.select(CallUpdate).filter_by(call_id=call.id))
                         .scalars()],
               "violations": db.session.execute(db.select(db.func.count(Violation.id)).filter_by(
                   location_text=PLACE)).scalar()}
        db.engine.dispose()
    return out


def clerk_takes_the_call(clerk):
    page = clerk.page
    clerk.tap_link("Take a call", exact=True, wait_for_url=re.compile(r"/calls/new$"))
    page.get_by_role("radio", name=re.compile(r"Running at large")).first.tap()
    page.get_by_label("Address", exact=True).fill(PLACE)
    page.get_by_label("Caller's name").fill("Joan Soper")
    page.get_by_label("Caller's telephone").fill("315 555 0199")
    page.get_by_label("What the caller says").fill("A brown dog loose on the road since 7.")
    page.get_by_role("radio", name="Now: someone is in danger").tap()
    clerk.tap_button("Record the call", wait_for_url=re.compile(r"/calls/\d+\?just=recorded$"))
    clerk.check_screen()
    assert "Call recorded." in clerk.text() and PLACE in clerk.text()


def test_clerk_takes_a_call_officer_offline_takes_it_records_a_violation_and_closes_it(
        browser, phone, journey_server):
    clerk_context = phone_context(browser)
    clerk = Phone(clerk_context.new_page(), journey_server.url)
    try:
        clerk.start("clerk")
        clerk_takes_the_call(clerk)
        call = the_call(journey_server)
        assert call["status"] == "open"

        # The DCO opens the app with signal (the queue is kept on the phone), then loses it.
        phone.start("dco")
        ready(phone)
        page = phone.page
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.wait_for_function("window.outbox.datasetVersion !== undefined")
        page.context.set_offline(True)
        phone.check_styles = False  # offline, a full load of the same address cannot be compared
        phone.tap_link(re.compile(r"^Calls"), wait_for_url=re.compile(r"/calls/$"))
        item = page.locator(f'li[data-call="{call["id"]}"]')
        assert PLACE in item.inner_text() and "Urgent" in item.inner_text()
        item.get_by_role("button", name="Take this call").tap()
        page.wait_for_function("document.getElementById('outbox-count').textContent === '1'")
        item.get_by_role("button", name="Arrived").tap()
        page.wait_for_function("document.getElementById('outbox-count').textContent === '2'")
        phone.tap(item.get_by_role("link", name="Violation from this call"),
                  wait_for_url=re.compile(r"/field/violations/new\?call="))
        page.wait_for_selector("form.entry-form[data-copy-filled]")
        ready(phone)
        assert page.get_by_label("Where (address, or road and landmark)").input_value() == PLACE
        assert page.locator("input[name=call_entry_id]").input_value()
        tick(phone, r"^Running at large")
        tick(phone, "None of these applies")  # §6(A)(1)'s exceptions, each listed, ruled out at once
        page.get_by_label("Description of the dog").fill("Brown lab mix, green collar, no tag")
        phone.tap_button("Record violation", wait_for_url=re.compile(r"/field/next\?entry="))
        ready(phone)
        assert outbox_count(phone) == 3
        # Back to the queue (kept on the phone) to close the call with what came of it.
        phone.tap(page.get_by_role("link", name=re.compile("Dog Control: start")),
                  wait_for_url=re.compile(r"/$"))
        phone.tap_link(re.compile(r"^Calls"), wait_for_url=re.compile(r"/calls/$"))
        item = page.locator(f'li[data-call="{call["id"]}"]')
        item.locator("summary", has_text="Close this call").tap()
        item.get_by_role("radio", name="Violation recorded").tap()
        item.get_by_role("button", name="Close call").tap()
        page.wait_for_function("document.getElementById('outbox-count').textContent === '4'")
        assert the_call(journey_server)["status"] == "open"  # nothing reached the office yet

        # Signal again: each entry once, in the order made.
        page.context.set_offline(False)
        all_sent(phone)
        done = the_call(journey_server)
        assert done["status"] == "closed" and done["outcome"] == "violation" and done["arrived"]
        assert done["steps"] == ["taken", "arrived", "record", "closed"] and done["violations"] == 1
        assert [kind for kind, _ in done["records"]] == ["violation"]

        # The clerk sees it closed, the violation linked both ways.
        clerk.tap(clerk.page.get_by_role("link", name=re.compile("Dog Control: start")),
                  wait_for_url=re.compile(r"/$"))
        clerk.tap_link(re.compile(r"^Calls"), wait_for_url=re.compile(r"/calls/$"))
        assert PLACE not in clerk.text()  # no longer open
        clerk.tap_link("Closed calls", wait_for_url=re.compile(r"/calls/closed$"))
        closed = clerk.page.locator(f'li[data-call="{call["id"]}"]')
        assert "Violation recorded" in closed.inner_text()
        clerk.tap(closed.get_by_role("link", name=re.compile(r"^Violation no\. \d+")),
                  wait_for_url=re.compile(r"/field/violations/\d+$"))
        assert f"call no. {call['id']}" in clerk.text()
        clerk.tap_link(f"call no. {call['id']}", wait_for_url=re.compile(rf"/calls/{call['id']}$"))
        assert "Closed: Violation recorded" in clerk.text()
    finally:
        clerk_context.close()


def test_the_officer_records_a_call_with_no_signal_and_it_reaches_the_office_once(phone, journey_server):
    phone.start("dco")
    ready(phone)
    page = phone.page
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function("window.outbox.datasetVersion !== undefined")
    page.context.set_offline(True)
    phone.check_styles = False
    phone.tap_link(re.compile(r"^Calls"), wait_for_url=re.compile(r"/calls/$"))
    phone.tap_link("Take a call", exact=True, wait_for_url=re.compile(r"/calls/new$"))
    page.wait_for_selector("form.entry-form[data-field-ready]")
    page.get_by_role("radio", name="Dog bite").tap()
    page.get_by_label("Address", exact=True).fill("Lindsey Rd by the church")
    page.get_by_label("Caller's name").fill("Sam Weed")
    phone.tap_button("Record the call", wait_for_url=re.compile(r"/calls/$"))
    page.wait_for_function("document.getElementById('outbox-count').textContent === '1'")
    page.context.set_offline(False)
    all_sent(phone)
    with journey_server.app().app_context():
        calls = db.session.execute(db.select(Call).filter_by(location_text="Lindsey Rd by the church")).scalars().all()
        assert [(c.kind, c.source, c.recorded_by.username, c.caller_name) for c in calls] == [
            ("bite", "officer", "dco", "Sam Weed")]
        db.engine.dispose()
