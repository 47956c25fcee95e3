"""A photo over a link that drops, in headless Chromium at 360 px: the officer records a
violation with a photo of a few hundred KB with no signal; signal returns, and the link is cut
after a few of the photo's chunks. The record goes first; the photo waits where it stopped
(the outbox says how far it got), resumes from there when the link is back, not from zero,
and the office keeps it whole and once (api sync_photo, services/photo_uploads.py,
static/js/photo-upload.js)."""
import io
import re

import pytest
from PIL import Image

from fieldapp.extensions import db
from fieldapp.models import FieldEntry
from fieldapp.models.enforcement import Photo
from fieldapp.models.photo_uploads import PhotoUploadPart
from fieldapp.services.photos import clean_jpeg

from .conftest import sign_in
from .journey import phone_context
from .test_accessibility import audit
from .test_offline_field_flow import dog_facts, fill_violation, go, wait_ready

pytestmark = pytest.mark.browser
CHUNK = 64 * 1024  # photo-upload.js PHOTO_CHUNK: the first chunk, and the first after a cut
CUT_AFTER = 2  # chunk requests that get through before the link drops


def offsets(start, total):
    """Where the phone's chunks begin from `start`: each one the office takes doubles the next."""
    at, size, out = start, CHUNK, []
    while at < total:
        out.append(at)
        at, size = at + size, min(2 * size, 1024 * 1024)
    return out


def grainy_photo(path, size=(1200, 900)):
    """A camera's JPEG, under 1,600 px so the phone sends it as it is, a few hundred KB."""
    Image.effect_noise(size, 30).convert("RGB").save(path, "JPEG", quality=80)
    return path


def on_the_office(live_server):
    app = live_server.app()
    with app.app_context():
        photos = db.session.execute(db.select(Photo)).scalars().all()
        parts = db.session.execute(db.select(PhotoUploadPart)).scalars().all()
        result = {"entries": db.session.execute(db.select(db.func.count()).select_from(FieldEntry)).scalar(),
                  "photos": [(p.entry_id, p.data) for p in photos], "held": sum(p.size for p in parts)}
        db.engine.dispose()
    return result


def test_a_photo_cut_mid_way_resumes_where_it_stopped_and_arrives_whole_once(browser, live_server, tmp_path):
    photo = grainy_photo(tmp_path / "IMG_0042.jpg")
    original = photo.read_bytes()
    assert 200 * 1024 < len(original) < 900 * 1024
    max_ = dog_facts(live_server, "Max")
    context = phone_context(browser)
    page = context.new_page()
    base = live_server.url
    sign_in(page, base, "dco")
    wait_ready(page)

    # No signal: the violation and its photo are kept on the phone.
    context.set_offline(True)
    page.goto(f"{base}/field/dogs/{max_['id']}")
    page.locator("#status-card").wait_for()  # drawn from the phone's copy: its buttons are the dog's
    page.wait_for_selector("a[href*='/field/violations/new?dog=']")
    go(page, "Record violation", re.compile(rf"/field/violations/new\?dog={max_['id']}$"))
    entry_id = fill_violation(page, photo)
    assert "1 photo" in page.inner_text("#entry-state")

    # Signal returns, and drops again after CUT_AFTER of the photo's chunks (the page's
    # requests and the worker's alike: context.route sees both).
    chunks, link = [], {"up": CUT_AFTER}

    def weak_link(route):
        request = route.request
        chunks.append((int(request.headers["upload-offset"]), int(request.headers["upload-length"])))
        if link["up"] > 0:
            link["up"] -= 1
            route.continue_()
        else:
            route.abort("internetdisconnected")

    context.route(re.compile(r".*/api/sync/[0-9a-f-]+/photos/\d+$"), weak_link)
    context.set_offline(False)
    result = page.evaluate("window.outbox.flush('manual')")
    office = on_the_office(live_server)
    assert office["entries"] == 1, "the record goes first, whatever happens to its photo"
    held = offsets(0, len(original))[CUT_AFTER]  # 64 + 128 KiB
    assert office["photos"] == [] and office["held"] == held
    assert chunks[:CUT_AFTER] == [(at, len(original)) for at in offsets(0, len(original))[:CUT_AFTER]]
    assert result["sent"] == 0
    # Every try while the link was down asked for the next chunk, never for the photo from zero.
    assert {offset for offset, _ in chunks[CUT_AFTER:]} == {held}

    # The outbox says how far the photo got.
    page.goto(f"{base}/outbox")
    wait_ready(page)
    line = page.locator(f"li.outbox-entry[data-entry-id='{entry_id}'] .outbox-photo")
    kb = round(len(original) / 1024)
    status = page.locator(f"li.outbox-entry[data-entry-id='{entry_id}'] .outbox-status").inner_text()
    assert status.startswith("Received by the office; its photos follow")
    assert line.inner_text().strip() == f"Photo 1: {held // 1024} of {kb} KB sent."
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert audit(page) == []

    # The link is back: the photo goes on from where it stopped, not from zero.
    link["up"] = 10 ** 6
    before = len(chunks)
    result = page.evaluate("window.outbox.flush('manual')")
    resumed = [offset for offset, _ in chunks[before:]]
    assert resumed and resumed[0] == held, f"resumed from {resumed[:1]}, not where it stopped"
    assert resumed == offsets(held, len(original))
    page.wait_for_function("document.getElementById('outbox-count').textContent === '0'")

    # Whole and once: the office kept exactly what it makes of the phone's bytes, one photo.
    office = on_the_office(live_server)
    assert office["entries"] == 1 and office["held"] == 0
    assert [e for e, _ in office["photos"]] == [entry_id]
    assert office["photos"][0][1] == clean_jpeg(original)[0]
    assert Image.open(io.BytesIO(office["photos"][0][1])).size == (1200, 900)
    context.unroute(re.compile(r".*/api/sync/[0-9a-f-]+/photos/\d+$"))
    context.close()
