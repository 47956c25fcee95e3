"""At the roadside on a phone: scan the demo dog's tag with the (fake) rear camera, land on its
status card, record a violation, seize the dog (§8(B) deadline shown), issue an appearance
ticket (§9) and open its printable view. Works whether the outbox script queues the forms or
they post straight to the server: the test waits for pages, not for a mechanism."""
import re
from datetime import datetime

import pytest
import qrcode

from fieldapp.extensions import db
from fieldapp.law import redemption_deadline
from fieldapp.models import Dog, Tag
from fieldapp.models.enforcement import AppearanceTicket, Impoundment, Violation
from fieldapp.timeutil import DEFAULT_TZ

from .conftest import CHROMIUM, sign_in

pytestmark = pytest.mark.browser
W, H = 640, 480


def write_y4m(path, text, frames=30):
    """A fake camera stream (YUV4MPEG2, 4:2:0) showing a QR code of `text`, in pure Python."""
    matrix = qrcode.QRCode(border=4, error_correction=qrcode.constants.ERROR_CORRECT_M)
    matrix.add_data(text)
    matrix.make(fit=True)
    modules = matrix.get_matrix()
    n = len(modules)
    scale = min(W, H) * 9 // 10 // n
    left, top = (W - n * scale) // 2, (H - n * scale) // 2
    rows = []
    for y in range(H):
        my = (y - top) // scale
        row = bytearray(b"\xff" * W)
        if 0 <= my < n and y >= top:
            for mx in range(n):
                if modules[my][mx]:
                    x0 = left + mx * scale
                    row[x0:x0 + scale] = b"\x10" * scale
        rows.append(bytes(row))
    y_plane = b"".join(rows)
    chroma = b"\x80" * (W // 2 * H // 2)
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{W} H{H} F30:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            f.write(b"FRAME\n" + y_plane + chroma + chroma)


def wait_for_record(page, live_server, model, seconds=20):
    """The record, once it reached the server (the outbox may send it a moment after queuing)."""
    app = live_server.app()
    for _ in range(seconds * 5):
        with app.app_context():
            row = db.session.execute(db.select(model)).scalar_one_or_none()
            if row is not None:
                db.session.expunge(row)
                return row
        page.wait_for_timeout(200)
    raise AssertionError(f"no {model.__name__} reached the server")


def test_scan_card_violation_seizure_ticket(playwright, live_server, tmp_path):
    with live_server.app().app_context():
        tag = db.session.execute(db.select(Tag).join(Dog, Tag.dog_id == Dog.id)
                                 .where(Dog.name == "Max", Tag.status == "active")).scalar_one()
        token, dog_id = tag.token, tag.dog_id
    video = tmp_path / "tag.y4m"
    write_y4m(video, f"https://dogs.sandycreekny.example/t/{token}")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
        "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])
    try:
        context = browser.new_context(viewport={"width": 360, "height": 740},
                                      permissions=["camera", "geolocation"],
                                      geolocation={"latitude": 43.6512, "longitude": -76.0871, "accuracy": 15})
        page = context.new_page()
        base = live_server.url
        sign_in(page, base, "dco")
        page.get_by_role("link", name="Scan tag").first.click()
        page.wait_for_url(f"{base}/field/scan")
        # The fake camera shows the tag; jsQR (no BarcodeDetector in headless Linux) reads it.
        page.wait_for_url(re.compile(rf"/t/{token}$"), timeout=20000)
        card = page.locator("#status-card")
        card.wait_for()
        assert "Max" in card.inner_text() and "License valid" in card.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360

        page.get_by_role("link", name="Record violation").click()
        page.wait_for_url(re.compile(r"/field/violations/new"))
        page.wait_for_selector("form.entry-form[data-copy-filled]")  # the phone's copy has filled the form
        page.get_by_role("checkbox", name="Running at large §6(A)(1)").check()
        page.get_by_role("checkbox", name=re.compile("None of these applies")).check()
        page.fill("input[name=location_text]", "Lake Rd at County Route 15")
        page.fill("textarea[name=narrative]", "Running loose in the road.")
        page.get_by_role("button", name="Record violation").click()
        page.wait_for_url(re.compile(r"/field/next\?entry="))
        page.get_by_role("link", name="Seize dog").click()
        page.wait_for_url(re.compile(r"/field/seizures/new\?violation="))
        # §8(B): Max's license and owner of record make the owner known: the form does not ask.
        assert "Owner known" in page.inner_text("[data-owner-known-reason]")
        assert page.locator("input[name=owner_named]").count() == 0
        expected = redemption_deadline(datetime.now(DEFAULT_TZ).date(), True)  # the town's today
        deadline = page.locator("[data-deadline]")
        assert f"{expected.day} " in deadline.inner_text() and str(expected.year) in deadline.inner_text()
        page.get_by_role("button", name="Seize dog").click()
        page.wait_for_function("() => /Hold the dog until/.test(document.body.innerText) && !document.querySelector('form[data-outbox-kind=seizure]')")

        # Back to the "what now" choices of the same violation: the ticket.
        page.go_back()
        page.wait_for_load_state()
        violation = wait_for_record(page, live_server, Violation)
        page.goto(f"{base}/field/tickets/new?violation={violation.entry_id}&dog={dog_id}")
        page.locator("input[name=served_name]").wait_for()
        assert page.input_value("input[name=served_name]") == "Mary Miller"
        page.get_by_role("button", name="Issue appearance ticket").click()
        page.wait_for_function("() => !!document.querySelector('[data-ticket-number]') || /Ticket number/.test(document.body.innerText) && !document.querySelector('form[data-outbox-kind=ticket]')",
                               timeout=20000)
        ticket = wait_for_record(page, live_server, AppearanceTicket)
        imp = wait_for_record(page, live_server, Impoundment)
        assert ticket.violation_id == violation.id
        assert imp.redemption_deadline == expected and imp.violation_id == violation.id
        assert violation.latitude is None or abs(violation.latitude - 43.6512) < 0.001
        number = ticket.number
        page.goto(f"{base}/field/tickets/{number}")
        assert "You must appear in person" in page.inner_text("#ticket")
        assert page.locator("[data-print]").is_visible()
        page.emulate_media(media="print")
        assert not page.locator(".topbar").is_visible()
    finally:
        browser.close()
