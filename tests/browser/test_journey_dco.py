"""A day in the field, tried by tapping: the DCO on a 360 x 740 touch phone signs in at /login and
then only taps and types what is on screen.

- With signal: scan screen -> the dog's ID number typed -> card -> Record violation (an entry the
  server would refuse is not queued: the exceptions are checked on the phone first) -> Seize dog
  (§8(A); the place, time and kennel carried) -> the next screen offers the ticket, not a second
  seizure -> Issue appearance ticket (§9) -> outbox.
- With no signal (after the first screens are cached): the ID number typed -> the card from the
  phone's copy -> violation -> seizure -> ticket -> the outbox names them -> signal back -> each
  entry reaches the server exactly once.
- A second ticket for the same offence, dog and day is refused by the server; the outbox says
  why, and "Fix and send again" shows the dog, the exceptions and the confirmation to tick.
- The outbox sends in the order the entries were made, whatever the phone's clock said.
"""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, FieldEntry
from fieldapp.models.enforcement import AppearanceTicket, Impoundment, Violation

pytestmark = pytest.mark.browser


def facts(server, name):
    with server.app().app_context():
        dog = db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()
        out = {"id": dog.id, "id_number": dog.id_number}
        db.engine.dispose()
    return out


def stored(server, dog_id):
    """What the server holds for the dog: entries by kind (each entry once)."""
    with server.app().app_context():
        out = {
            "violations": db.session.execute(db.select(db.func.count(Violation.id)).filter_by(dog_id=dog_id)).scalar(),
            "seizures": db.session.execute(db.select(db.func.count(Impoundment.id)).filter_by(dog_id=dog_id)).scalar(),
            "tickets": db.session.execute(db.select(db.func.count(AppearanceTicket.id)).filter_by(dog_id=dog_id)).scalar(),
            "held_at": db.session.execute(db.select(Impoundment.held_at).filter_by(dog_id=dog_id)).scalars().all(),
            "seizure_places": db.session.execute(db.select(Impoundment.location_text).filter_by(dog_id=dog_id)).scalars().all(),
        }
        db.engine.dispose()
    return out


def ready(phone):
    page = phone.page
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")


def all_sent(phone):
    """Nothing waits on the phone: each entry was confirmed by the server."""
    page = phone.page
    page.evaluate("window.outbox.flush('manual')")
    page.wait_for_function("document.getElementById('outbox-count').textContent === '0'")


def tick(phone, name):
    phone.page.get_by_role("checkbox", name=re.compile(name)).first.tap()


def outbox_count(phone):
    return int(phone.page.text_content("#outbox-count"))


def find_by_id_number(phone, number):
    phone.page.get_by_label("Or type the ID number, tag number or code").fill(str(number))
    phone.tap_button("Find", exact=True, wait_for_url=re.compile(r"/field/dogs/\d+$"))


def record_violation(phone, place):
    page = phone.page
    tick(phone, r"^Running at large")
    page.get_by_label("Where (address, or road and landmark)").fill(place)
    # The phone checks the server's rules first: the exceptions are not ruled out yet.
    page.get_by_role("button", name="Record violation").tap()
    status = page.locator("#app-status")
    status.wait_for()
    assert "Not saved yet" in status.text_content() and "None of these applies" in status.text_content()
    assert "_" not in status.text_content() and "6A1-hunting" not in status.text_content()
    # Each exception is named at the box, in the law's words.
    assert "owner's own property" in page.locator("#ruled_out .outbox-error").inner_text()
    assert outbox_count(phone) == 0 and "/field/violations/new" in page.url
    # The first thing to fix is on screen and focused, and the line by the button says why.
    assert page.evaluate("document.activeElement.name") == "none_applies"
    assert page.get_by_role("checkbox", name=re.compile("None of these applies")).is_visible()
    assert "None of these applies" in page.locator("[data-refusal-line]").inner_text()
    tick(phone, "None of these applies")
    phone.tap_button("Record violation", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    phone.check_screen()


def next_offers(phone):
    """The actions offered on the "what now" screen, by name (visible ones only)."""
    return [a.inner_text().strip() for a in phone.page.locator(".big-actions a:visible").all()]


def test_dco_online_scan_violation_seizure_ticket_outbox(phone, journey_server):
    luna = facts(journey_server, "Luna")
    phone.start("dco")
    ready(phone)
    phone.tap_link("Scan tag", exact=True)
    find_by_id_number(phone, luna["id_number"])
    phone.check_screen()
    assert "Luna" in phone.text()
    phone.tap_link("Record violation", wait_for_url=re.compile(r"/field/violations/new\?dog="))
    record_violation(phone, "Ridge Rd by the school bus stop")
    assert set(next_offers(phone)) == {"Seize dog", "Issue appearance ticket"}
    phone.tap_link("Seize dog", wait_for_url=re.compile(r"/field/seizures/new\?violation="))
    page = phone.page
    assert page.get_by_label("Held at").input_value() == "Sandy Creek Town Kennel"
    assert page.get_by_label("Where (address, or road and landmark)").input_value() == "Ridge Rd by the school bus stop"
    phone.tap_button("Seize dog", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    phone.check_screen()
    # After a seizure: the ticket and the card, never a second seizure.
    assert next_offers(phone) == ["Issue appearance ticket"]
    assert page.get_by_role("link", name="Back to the dog's card").is_visible()
    phone.tap_link("Issue appearance ticket", wait_for_url=re.compile(r"/field/tickets/new\?violation="))
    phone.tap_button("Issue appearance ticket", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    phone.check_screen()
    all_sent(phone)
    page.wait_for_selector("[data-ticket-view]:not([hidden])")
    assert "Seize dog" not in next_offers(phone) and "Issue appearance ticket" not in next_offers(phone)
    assert page.get_by_role("link", name="Scan next tag").is_visible()
    phone.tap_link("Outbox")
    page.wait_for_selector("#outbox-sent li")
    sent = phone.text("#outbox-sent")
    assert f"Luna (ID no. {luna['id_number']})" in sent and "Ridge Rd by the school bus stop" in sent
    got = stored(journey_server, luna["id"])
    assert (got["violations"], got["seizures"], got["tickets"]) == (1, 1, 1)
    assert got["held_at"] == ["Sandy Creek Town Kennel"] and got["seizure_places"] == ["Ridge Rd by the school bus stop"]


def test_dco_offline_typed_id_card_from_copy_entries_named_then_synced_once(phone, journey_server, browser):
    molly = facts(journey_server, "Molly")
    phone.start("dco")
    ready(phone)
    page = phone.page
    phone.tap_link("Scan tag", exact=True)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function("window.outbox.datasetVersion !== undefined")
    page.evaluate("navigator.serviceWorker.controller && window.outbox.ready")
    page.context.set_offline(True)
    phone.check_styles = False  # offline, a full load of the same address cannot be compared
    # No signal: the ID number, with stray spaces, finds Molly in the phone's copy.
    page.get_by_label("Or type the ID number, tag number or code").fill(f" {molly['id_number']} ")
    page.get_by_role("button", name="Find", exact=True).tap()
    page.wait_for_url(re.compile(rf"/field/dogs/{molly['id']}$"))
    page.wait_for_selector("#status-card")
    phone.check_screen()
    assert "Molly" in phone.text() and "offline copy" in phone.text()
    page.get_by_role("link", name="Record violation").first.tap()
    page.wait_for_url(re.compile(r"/field/violations/new\?dog="))
    page.wait_for_selector("form.entry-form[data-copy-filled]")
    ready(phone)
    phone.check_screen()
    record_violation(phone, "Fox Rd at the creek bridge")
    assert set(next_offers(phone)) == {"Seize dog", "Issue appearance ticket"}
    page.get_by_role("link", name="Seize dog").first.tap()
    page.wait_for_url(re.compile(r"/field/seizures/new\?violation="))
    page.wait_for_selector("form.entry-form[data-copy-filled]")
    ready(phone)
    assert page.get_by_label("Where (address, or road and landmark)").input_value() == "Fox Rd at the creek bridge"
    phone.tap_button("Seize dog", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    page.wait_for_function("!document.querySelector('[data-seize]') || document.querySelector('[data-seize]').hidden")
    assert next_offers(phone) == ["Issue appearance ticket"]
    page.get_by_role("link", name="Issue appearance ticket").first.tap()
    page.wait_for_url(re.compile(r"/field/tickets/new\?violation="))
    page.wait_for_selector("form.entry-form[data-copy-filled]")
    ready(phone)
    phone.tap_button("Issue appearance ticket", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    assert outbox_count(phone) == 3
    page.get_by_role("link", name=re.compile("^Outbox")).first.tap()
    page.wait_for_url(re.compile(r"/outbox"))
    page.wait_for_selector("#outbox-list li")
    ready(phone)
    phone.check_screen()
    rows = page.locator("#outbox-list .outbox-what").all_inner_texts()
    named = f"Molly (ID no. {molly['id_number']})"
    assert rows == [f"Violation · {named}", f"Seizure · {named}", f"Appearance ticket · {named}"]
    assert page.locator("#outbox-list .outbox-place").all_inner_texts()[:2] == ["Fox Rd at the creek bridge"] * 2
    assert all(t.startswith("Recorded ") for t in page.locator("#outbox-list .outbox-when").all_inner_texts())
    # Signal again: sent once each, in order.
    page.context.set_offline(False)
    page.get_by_role("button", name="Sync now").tap()
    page.wait_for_function("document.getElementById('outbox-count').textContent === '0'")
    page.evaluate("window.outbox.flush('manual')")
    got = stored(journey_server, molly["id"])
    assert (got["violations"], got["seizures"], got["tickets"]) == (1, 1, 1)
    # Now the card (from the server) offers no second seizure: Molly is held.
    assert page.locator("#outbox-sent li").count() == 3


def test_dco_second_ticket_same_offence_refused_then_fixed_from_the_outbox(phone, journey_server):
    rocky = facts(journey_server, "Rocky")
    phone.start("dco")
    ready(phone)
    page = phone.page

    def ticket(start_with):
        phone.tap_link(start_with, exact=True)
        find_by_id_number(phone, rocky["id_number"])
        phone.tap_link("Issue appearance ticket", wait_for_url=re.compile(r"/field/tickets/new\?dog="))
        tick(phone, r"^Habitual barking")
        phone.tap_button("Issue appearance ticket", wait_for_url=re.compile(r"/field/next\?entry="))
        ready(phone)

    ticket("Scan tag")
    all_sent(phone)
    ticket("Scan next tag")  # the same offence, dog and day: the office asks first
    page.wait_for_selector("#entry-state[data-state=failed]")
    assert "not accepted" in page.locator("h1").inner_text().lower()
    assert "recorded" not in page.locator("h1").inner_text().lower()
    assert "already issued to this dog today" in phone.text()
    phone.tap_link("Fix it in the outbox")
    page.wait_for_selector(".outbox-entry.outbox-failed")
    row = page.locator(".outbox-entry.outbox-failed")
    assert f"Rocky (ID no. {rocky['id_number']})" in row.inner_text()
    assert "already issued to this dog today" in row.inner_text()
    # Discard stands apart from Fix.
    assert row.locator(".outbox-discard-box .outbox-discard").count() == 1
    assert row.locator(".actions .outbox-discard").count() == 0
    phone.tap_link("Fix and send again", wait_for_url=re.compile(r"/field/tickets/new\?dog=\d+.*outbox_edit="))
    ready(phone)
    assert "Rocky" in phone.text("form.entry-form")
    assert page.get_by_role("checkbox", name=re.compile(r"^Habitual barking")).is_checked()
    confirm = page.get_by_role("checkbox", name=re.compile("Issue it anyway"))
    assert confirm.is_visible()
    assert "already issued" in phone.text("form.entry-form")
    confirm.tap()
    phone.tap_button("Issue appearance ticket", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    page.wait_for_selector("#entry-state[data-state=sent], .entry-sent")
    assert stored(journey_server, rocky["id"])["tickets"] == 2


def test_fixed_exceptions_are_shown_when_a_refused_violation_is_fixed(phone, journey_server):
    """A refused entry opened to be fixed shows the exceptions of its ticked offences."""
    ginger = facts(journey_server, "Ginger")
    phone.start("dco")
    ready(phone)
    page = phone.page
    # An entry queued before the phone had the rules (an older phone): refused by the server.
    page.evaluate("""async (dog) => {
      const q = await import('/static/js/queue.js');
      await q.add({ kind: 'violation', payload: { dog_id: String(dog), codes: ['6A1'], location_text: 'Main St' },
                    photos: [], createdAt: new Date().toISOString(), uid: document.body.dataset.userId,
                    formUrl: new URL(JSON.parse(document.getElementById('app-urls').textContent).newViolation, location.href).pathname });
      await window.outbox.flush('manual');
    }""", ginger["id"])
    phone.tap_link("Outbox")
    page.wait_for_selector(".outbox-entry.outbox-failed")
    assert "owner's own property" in page.locator(".outbox-entry.outbox-failed").inner_text()
    phone.tap_link("Fix and send again", wait_for_url=re.compile(r"/field/violations/new\?dog=\d+.*outbox_edit="))
    ready(phone)
    page.wait_for_selector(".outbox-error")
    assert page.get_by_role("checkbox", name=re.compile("Ruled out: not on the owner's own property")).is_visible()
    assert "Ginger" in phone.text("form.entry-form")
    tick(phone, "None of these applies")
    phone.tap_button("Record violation", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    all_sent(phone)
    assert stored(journey_server, ginger["id"])["violations"] == 1


def test_entries_are_sent_in_the_order_made_across_the_autumn_clock_change(phone, journey_server):
    """Sun 1 Nov 2026, 01:30 EDT then 01:10 EST (twenty minutes later): the seizure recorded after
    its violation carries an earlier local time string, and is still sent second."""
    bear = facts(journey_server, "Bear")
    phone.start("dco")
    ready(phone)
    page = phone.page
    page.context.set_offline(True)
    order = page.evaluate("""async (dog) => {
      const q = await import('/static/js/queue.js');
      const uid = document.body.dataset.userId;
      const v = await q.add({ kind: 'violation', photos: [], uid, createdAt: '2026-11-01T01:30:00.000-04:00',
        payload: { dog_id: String(dog), codes: ['6A2'], location_text: 'Lake Rd' } });
      const s = await q.add({ kind: 'seizure', photos: [], uid, createdAt: '2026-11-01T01:10:00.000-05:00',
        payload: { dog_id: String(dog), violation_entry_id: v.id, owner_known: 'yes' } });
      return { ids: [v.id, s.id], listed: (await q.entriesFor(uid)).map((e) => e.id) };
    }""", bear["id"])
    assert order["listed"] == order["ids"]
    bodies = []
    page.on("request", lambda r: bodies.extend(e["id"] for e in r.post_data_json["entries"])
            if r.url.endswith("/api/sync/batch") else None)
    page.context.set_offline(False)
    page.evaluate("window.outbox.flush('manual')")
    assert bodies == order["ids"]
    with journey_server.app().app_context():
        kinds = db.session.execute(db.select(FieldEntry.kind).where(FieldEntry.id.in_(order["ids"]))).scalars().all()
        db.engine.dispose()
    assert sorted(kinds) == ["seizure", "violation"]
