"""The installable app: /sw.js, the manifest, the offline pages and the ticket number pages."""
import json
import os
import re
from urllib.parse import urljoin

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.services import ticket_numbers as tn


def shell_of(response):
    match = re.search(r"const SHELL = (\{.*?\});", response.get_data(as_text=True))
    return json.loads(match.group(1))


def test_sw_is_served_from_the_root_uncached_as_javascript(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"
    shell = shell_of(answer)
    for page in ["/", "/field/scan", "/field/violations/new", "/field/seizures/new", "/field/tickets/new",
                 "/field/complaints/new", "/field/next", "/outbox", "/offline", "/offline-card"]:
        assert page in shell["pages"]
    for static in ["/static/vendor/htmx-2.0.11.min.js", "/static/css/app.css", "/static/js/outbox.js",
                   "/static/js/offline-card.js", "/static/vendor/jsQR-1.4.0.js", "/static/icons/icon-192.png"]:
        assert static in shell["static"]
    assert "/static/vendor/README.md" not in shell["static"]


def test_a_deploy_changes_the_worker_byte_for_byte(app, client):
    first = shell_of(client.get("/sw.js"))["version"]
    assert shell_of(client.get("/sw.js"))["version"] == first
    path = os.path.join(app.static_folder, "css", "pwa.css")
    with open(path, "rb") as fh:
        original = fh.read()
    try:
        with open(path, "ab") as fh:
            fh.write(b"\n/* deploy */\n")
        assert shell_of(client.get("/sw.js"))["version"] != first
    finally:
        with open(path, "wb") as fh:
            fh.write(original)


def test_manifest_installs_with_regular_and_maskable_icons(client):
    manifest_url = "http://localhost/static/manifest.webmanifest"
    manifest = json.loads(client.get(manifest_url).data)
    # Its URLs are relative to the manifest's own, so they follow the app under a URL prefix.
    assert manifest["display"] == "standalone" and urljoin(manifest_url, manifest["start_url"]) == "http://localhost/"
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert client.get(urljoin(manifest_url, icon["src"])).status_code == 200


def test_offline_pages_render(client, auth):
    assert "You are offline" in client.get("/offline").get_data(as_text=True)
    auth.login("dco")
    assert client.get("/offline-card").status_code == 200
    page = client.get("/outbox").get_data(as_text=True)
    assert 'id="sync-now"' in page and 'id="outbox-list"' in page


def test_s9_void_without_javascript_goes_through_the_entry_path(app, client, auth):
    auth.login("dco")
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        block = tn.reserve_block(dco, "phone-a", size=2)
        db.session.commit()
        number = tn.format_number(block.first)
    import uuid
    form = {"entry_id": str(uuid.uuid4()), "ticket_number": number, "reason": "torn"}
    assert client.post("/tickets/void", data=form).status_code == 302
    again = client.post("/tickets/void", data={**form, "entry_id": str(uuid.uuid4())})
    assert again.status_code == 422 and "already voided" in again.get_data(as_text=True)


def test_s9_clerk_sees_voids_and_gaps(app, client, auth):
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        block = tn.reserve_block(dco, "phone-a", size=3)
        nums = tn.block_numbers(block)
        tn.claim_number(dco, nums[0])
        tn.void_number(dco, nums[1], "spoiled in the rain")
        db.session.commit()
    auth.login("clerk")
    page = client.get("/tickets/numbers").get_data(as_text=True)
    assert "spoiled in the rain" in page and nums[2] in page  # reserved, not yet used (not a gap)
    assert "Gaps (0)" in page
    assert nums[0] not in page
    auth.logout()
    auth.login("constable")
    assert client.get("/tickets/numbers").status_code == 403
