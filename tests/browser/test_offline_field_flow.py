"""The roadside with no signal, on the real field forms, in headless Chromium.

A DCO on a 360 px phone loads the app with signal (the worker caches the field pages, the phone
keeps a copy of the field data and a block of ticket numbers), then loses signal: opens the dog's
card from the copy, records a §6 violation with a photo, seizes the dog (§8(B) holding period from
the copy's deadline table) and serves an appearance ticket (§9, number from the phone's block).
Signal returns while the server is down; the server comes back; each entry arrives exactly once,
the photo without its metadata. Then kill/restart mid-sync cycles, and a sworn complaint (§10(A)).

Waits are on the outbox's own promises and counters (window.outbox.flush(), .sentCount()),
never on sleeps.
"""
import io
import os
import re
import signal
from datetime import datetime

import pytest
from PIL import Image

from fieldapp.extensions import db
from fieldapp.law import rabies_vaccination_due, redemption_deadline
from fieldapp.models import Dog, FieldEntry
from fieldapp.models.enforcement import AppearanceTicket, Impoundment, Photo, SwornComplaint, Violation
from fieldapp.timeutil import DEFAULT_TZ
from fieldapp.web import longdate

from .conftest import sign_in

pytestmark = pytest.mark.browser
GPS_EXIF = 0x8825


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    yield context
    context.close()


def photo_with_location(path, size=(2400, 1800)):
    """A phone photo: a JPEG carrying EXIF with a GPS position and the phone's make."""
    image = Image.effect_noise(size, 60).convert("RGB")
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[GPS_EXIF] = {1: "N", 2: (43.0, 39.0, 4.0), 3: "W", 4: (76.0, 5.0, 13.0)}
    image.save(path, "JPEG", exif=exif, quality=85)
    assert Image.open(path).getexif().get_ifd(GPS_EXIF)
    return path


def wait_ready(page):
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def outbox_count(page):
    return int(page.text_content("#outbox-count"))


def dog_facts(live_server, name):
    app = live_server.app()
    with app.app_context():
        from fieldapp.services.enforcement import closed_days
        dog = db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()
        facts = {"id": dog.id, "owner": dog.primary_owner.full_name, "address": dog.primary_owner.full_address,
                 "closed": closed_days()}
        db.engine.dispose()
    return facts


def counts(live_server):
    app = live_server.app()
    with app.app_context():
        result = {m.__name__: db.session.execute(db.select(db.func.count()).select_from(m)).scalar()
                  for m in (FieldEntry, Violation, Impoundment, AppearanceTicket, Photo, SwornComplaint)}
        db.engine.dispose()
    return result


def go(page, link_name, url_pattern):
    """Follow a link with no signal (htmx's boosted request fails, the page loads from the worker)."""
    page.get_by_role("link", name=link_name).first.click()
    page.wait_for_url(url_pattern)
    page.wait_for_selector("form.entry-form[data-copy-filled]")
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")  # the ticket number from the phone's block is in


def submit(page, button):
    page.get_by_role("button", name=button).click()
    page.wait_for_url(re.compile(r"/field/next\?entry="))
    page.wait_for_selector("#entry-state[data-state]")
    page.wait_for_function("window.outbox !== undefined")
    page.evaluate("window.outbox.ready")


def record_violation_offline(page, photo=None, rabies_request=False):
    go(page, "Record violation", re.compile(r"/field/violations/new\?dog=\d+"))
    return fill_violation(page, photo, rabies_request)


def fill_violation(page, photo=None, rabies_request=False):
    """On the violation form: a §6(A)(1) offence, its exceptions ruled out, where, what, a photo."""
    page.get_by_role("checkbox", name="Running at large §6(A)(1)").check()
    page.get_by_role("checkbox", name=re.compile("None of these applies")).check()
    page.fill("input[name=location_text]", "Lake Rd at County Route 15")
    page.fill("textarea[name=narrative]", "Running loose in the road, no one with it.")
    if rabies_request:
        page.get_by_label(re.compile("I asked the owner to have the dog vaccinated")).check()
    if photo:
        page.set_input_files("#photos", str(photo))
    submit(page, "Record violation")
    return page.evaluate("new URLSearchParams(location.search).get('entry')")


def entry_state(page):
    return page.get_attribute("#entry-state", "data-state"), page.inner_text("#entry-state")


def test_offline_violation_seizure_ticket_on_the_real_forms_reach_the_server_once(phone, live_server, tmp_path):
    max_ = dog_facts(live_server, "Max")
    photo = photo_with_location(tmp_path / "IMG_0001.jpg")
    page = phone.new_page()
    base = live_server.url
    sign_in(page, base, "dco")
    wait_ready(page)  # pages cached, copy of the field data and a ticket block on the phone
    book = page.evaluate("(async () => (await window.outbox.core.getMeta('tickets:' + document.body.dataset.userId)).value.remaining)()")
    assert book

    phone.set_offline(True)
    response = page.goto(f"{base}/field/dogs/{max_['id']}")
    assert response.from_service_worker
    card = page.locator("#status-card")
    card.wait_for()
    assert "Max" in card.inner_text() and "License valid" in card.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Record violation: the real form, from the cache, the dog from the phone's copy.
    go(page, "Record violation", re.compile(rf"/field/violations/new\?dog={max_['id']}$"))
    assert "Max" in page.inner_text("[data-dog-from-copy]") and max_["owner"] in page.inner_text("[data-dog-from-copy]")
    violation_entry = fill_violation(page, photo, rabies_request=True)
    state, text = entry_state(page)
    assert state == "pending" and "Saved on this phone" in text and "1 photo" in text
    assert "Max" in page.inner_text("[data-dog-from-copy]")

    # Seize dog: the holding period from the copy's deadline table (§8(B)).
    go(page, "Seize dog", re.compile(rf"/field/seizures/new\?violation={violation_entry}&dog={max_['id']}$"))
    today = datetime.now(DEFAULT_TZ).date()
    expected = redemption_deadline(today, True, max_["closed"])
    assert page.is_checked("input[name=owner_known][value=yes]")  # Max's owner is on file
    assert page.is_checked("input[name=codes][value='6A1']")  # from the violation in the outbox
    assert page.inner_text("[data-deadline]") == f"Hold the dog until the end of {longdate(expected)}"
    table = page.evaluate("(async () => (await window.FieldOutbox.getMeta('dataset')).value.redemption_deadlines)()")
    assert table[""][today.isoformat()]["owner_known"] == expected.isoformat()
    page.fill("input[name=held_at]", "Town kennel")
    submit(page, "Seize dog")
    state, text = entry_state(page)
    assert state == "pending" and f"Hold the dog until the end of {longdate(expected)}" in text

    # Issue appearance ticket: number from this phone's block, the person served from the copy.
    go(page, "Issue appearance ticket", re.compile(rf"/field/tickets/new\?violation={violation_entry}&dog={max_['id']}$"))
    number = page.input_value("input[name=ticket_number]")
    assert number == book[0]
    assert page.is_checked("input[name=served_capacity][value=owner]")
    assert page.input_value("input[name=served_name]") == max_["owner"]
    assert page.input_value("input[name=served_address]") == max_["address"]
    submit(page, "Issue appearance ticket")
    state, text = entry_state(page)
    assert state == "pending" and f"Ticket number {number}." in text
    assert outbox_count(page) == 3

    # Signal returns, but the server is down: nothing is lost, nothing is sent.
    live_server.kill()
    phone.set_offline(False)
    result = page.evaluate("window.outbox.flush('manual')")
    assert result["stopped"] == "network" and outbox_count(page) == 3
    assert counts(live_server)["FieldEntry"] == 0
    live_server.start()
    result = page.evaluate("window.outbox.flush('manual')")
    assert result["stopped"] is None and outbox_count(page) == 0
    assert page.evaluate("window.outbox.sentCount()") == 3
    page.wait_for_selector("#entry-state[data-state=sent]")
    assert page.evaluate("window.outbox.datasetRefresh")  # the copy's delta, fetched when they arrived
    state, text = entry_state(page)
    assert "Received by the office." in text and f"Ticket number {number}: appear" in text

    app = live_server.app()
    with app.app_context():
        entries = db.session.execute(db.select(FieldEntry)).scalars().all()
        assert sorted(e.kind for e in entries) == ["seizure", "ticket", "violation"]
        violation = db.session.execute(db.select(Violation)).scalar_one()
        imp = db.session.execute(db.select(Impoundment)).scalar_one()
        ticket = db.session.execute(db.select(AppearanceTicket)).scalar_one()
        stored = db.session.execute(db.select(Photo)).scalar_one()
        assert violation.entry_id == violation_entry and violation.dog_id == max_["id"]
        assert violation.codes == ["6A1"] and violation.location_text == "Lake Rd at County Route 15"
        assert imp.violation_id == violation.id and imp.redemption_deadline == expected and imp.held_at == "Town kennel"
        assert ticket.number == number and ticket.violation_id == violation.id and ticket.served_name == max_["owner"]
        assert stored.entry_id == violation_entry
        kept = Image.open(io.BytesIO(stored.data))
        assert kept.format == "JPEG" and max(kept.size) <= 1600
        assert not kept.getexif() and b"PhoneMaker" not in stored.data and b"Exif" not in stored.data[:64]
        db.engine.dispose()

    # The outbox lists them as received, with the office's numbers.
    page.goto(f"{base}/outbox")
    wait_ready(page)
    sent = page.locator("#outbox-sent li")
    assert sent.count() == 3 and f"Ticket number {number}" in page.inner_text("#outbox-sent")

    # The copy was refreshed when they arrived: the offline card shows what the online card shows.
    phone.set_offline(True)
    page.goto(f"{base}/field/dogs/{max_['id']}")
    page.wait_for_selector("#status-card .flags")
    flags = page.inner_text("#status-card .flags")
    assert "Currently IMPOUNDED" in flags and f"Held until {expected:%a %-d %b %Y} (§8(B)) · Town kennel" in flags
    assert "1 prior violation" in flags and f"{longdate(today)}: Running at large" in flags
    due = rabies_vaccination_due(today)
    assert f"Rabies vaccination requested: due {due:%a %-d %b %Y} (§5(B)(1))" in flags
    phone.set_offline(False)


def freeze_then_kill(live_server):
    """Stop the server where it stands (a request may be half done), then kill it."""
    os.kill(live_server.proc.pid, signal.SIGSTOP)
    return live_server


def kill_frozen(live_server):
    live_server.proc.kill()  # SIGKILL works on a stopped process; SIGTERM would wait for SIGCONT
    live_server.proc.wait(10)
    live_server.proc = None


def redeemed(live_server, dog_id):
    """The owner redeemed the dog: its impoundment is no longer "held"."""
    app = live_server.app()
    with app.app_context():
        for imp in db.session.execute(db.select(Impoundment).filter_by(dog_id=dog_id, status="held")).scalars():
            imp.status = "redeemed"
        db.session.commit()
        db.engine.dispose()


def test_server_frozen_and_killed_mid_sync_twice_each_entry_stored_once(phone, live_server, tmp_path):
    bella = dog_facts(live_server, "Bella")
    photo = photo_with_location(tmp_path / "IMG_0002.jpg")
    page = phone.new_page()
    base = live_server.url
    sign_in(page, base, "dco")
    wait_ready(page)
    for cycle in range(2):
        phone.set_offline(True)
        # First a sworn complaint (§10(A)), then a violation with its photo, then the seizure: the
        # photo upload (the slowest request) is what the server is frozen in the middle of.
        page.goto(f"{base}/field/dogs/{bella['id']}")
        page.locator("#status-card").wait_for()
        go(page, "Take a sworn complaint", re.compile(rf"/field/complaints/new\?dog={bella['id']}$"))
        page.fill("input[name=complainant_name]", f"Jane Soper {cycle}")
        page.fill("input[name=complainant_residence]", "12 Harwood Dr, Sandy Creek")
        page.fill("input[name=violation_place]", "Harwood Dr")
        page.fill("textarea[name=nature]", "The dog ran at my children on the road.")
        assert page.input_value("input[name=owner_name]") == bella["owner"]  # from the copy
        page.get_by_label("Sworn under oath before me").check()
        submit(page, "Take sworn complaint")
        page.goto(f"{base}/field/dogs/{bella['id']}")
        page.locator("#status-card").wait_for()
        record_violation_offline(page, photo=photo)
        go(page, "Seize dog", re.compile(r"/field/seizures/new\?violation="))
        submit(page, "Seize dog")
        assert outbox_count(page) == 3

        # Back online: freeze the server as soon as the first entry is confirmed, then kill it.
        phone.set_offline(False)
        sent_before = page.evaluate("window.outbox.sentCount()")  # this page's count (from 0 on each load)
        page.evaluate("window.__flush = window.outbox.flush('manual'); null")
        page.wait_for_function(f"window.outbox.sentCount() >= {sent_before + 1}", polling="raf")
        freeze_then_kill(live_server)
        left = page.evaluate("(async () => (await window.outbox.core.all('outbox')).length)()")
        kill_frozen(live_server)
        result = page.evaluate("window.__flush")
        print(f"cycle {cycle}: {left} entries left on the phone when the server froze")
        assert left > 0 and result["stopped"] == "network", (left, result)
        live_server.start()
        result = page.evaluate("window.outbox.flush('manual')")
        assert result["stopped"] is None and outbox_count(page) == 0
        assert counts(live_server) == {"FieldEntry": 3 * (cycle + 1), "Violation": cycle + 1,
                                       "Impoundment": cycle + 1, "AppearanceTicket": 0,
                                       "Photo": cycle + 1, "SwornComplaint": cycle + 1}
        redeemed(live_server, bella["id"])  # a dog held now is not seized again (§8)
        page.evaluate("window.outbox.refreshDataset(true)")  # the phone's copy learns it (not held)
    app = live_server.app()
    with app.app_context():
        complaints = db.session.execute(db.select(SwornComplaint).order_by(SwornComplaint.id)).scalars().all()
        assert [c.complainant_name for c in complaints] == ["Jane Soper 0", "Jane Soper 1"]
        assert all(c.sworn and c.dog_id == bella["id"] and c.owner_name == bella["owner"] for c in complaints)
        imps = db.session.execute(db.select(Impoundment).order_by(Impoundment.id)).scalars().all()
        violations = db.session.execute(db.select(Violation).order_by(Violation.id)).scalars().all()
        assert [i.violation_id for i in imps] == [v.id for v in violations]
        db.engine.dispose()
