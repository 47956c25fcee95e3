"""The installable app: /sw.js, the manifest, the offline pages and the ticket number pages."""
import json
import os
import re
from urllib.parse import urljoin

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.services import ticket_numbers

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JS = os.path.join(ROOT, "fieldapp", "static", "js")
WORKER = os.path.join(ROOT, "service_worker", "sw.js")


def read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def js_files():
    return sorted(os.path.join(JS, name) for name in os.listdir(JS) if name.endswith(".js"))
IMPORT = re.compile(r'^import .* from "([^"]+)";$', re.M)
NAMED_IMPORT = re.compile(r'^import \{([^}]*)\} from "([^"]+)";$', re.M)


def assert_imports_resolve(text, folder, who):
    for spec in IMPORT.findall(text):
        assert spec.startswith("./") and os.path.isfile(os.path.join(folder, spec)), f"{who} imports {spec}"
    for names, spec in NAMED_IMPORT.findall(text):
        source = read(os.path.join(folder, spec))
        for name in (n.strip() for n in names.split(",")):
            assert re.search(rf"^export (async )?(function|const|let) {name}\b", source, re.M), \
                f"{who} imports {name}, which {spec} does not export"


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
    for static in ["/static/vendor/htmx-2.0.11.min.js", "/static/css/app.css", "/static/js/app.js",
                   "/static/js/queue.js", "/static/js/db.js", "/static/js/format.js",
                   "/static/js/offline-card.js", "/static/vendor/jsQR-1.4.0.js", "/static/icons/icon-192.png"]:
        assert static in shell["static"]
    assert "/static/vendor/README.md" not in shell["static"]


def test_every_js_module_is_precached_and_every_import_resolves(client):
    shell = shell_of(client.get("/sw.js"))
    for path in js_files():
        assert f"/static/js/{os.path.basename(path)}" in shell["static"]
    # The worker imports relative to /sw.js, served at the app's root; the modules, to each other.
    worker = read(WORKER)
    assert "importScripts" not in worker  # a module worker cannot
    assert all(spec.startswith("./static/js/") for spec in IMPORT.findall(worker))
    assert_imports_resolve(worker, os.path.join(ROOT, "fieldapp"), "sw.js")
    for path in js_files():
        assert_imports_resolve(read(path), JS, os.path.basename(path))


def test_js_modules_are_small_and_name_no_url_of_the_app():
    named = []
    for path in [*js_files(), WORKER]:
        text = read(path)
        name = os.path.basename(path)
        assert len(text.splitlines()) <= 400, f"{name} is over 400 lines"
        code = re.sub(r"/\*[\s\S]*?\*/|(^|\s)//[^\n]*", "", text)  # comments may show examples
        pattern = r"""["'`](/(?:api|field|outbox|offline|t|tickets|static|sw\.js)\b[^"'`]*)"""
        named += [f"{name}: {url}" for url in re.findall(pattern, code)]
    assert named == [], "take these from urls.js (url_for) instead"


def test_pages_and_worker_take_their_urls_from_url_for_under_a_prefix(client):
    """Under a URL prefix (SCRIPT_NAME) every URL the phone uses carries it."""
    prefix = "http://localhost/town/"
    answer = client.get("/sw.js", base_url=prefix)
    shell = shell_of(answer)
    urls = shell["urls"]
    assert all(p.startswith("/town/") for p in shell["pages"] + shell["ignoreSearch"] + shell["static"])
    assert urls["sync"] == "/town/api/sync" and urls["photo"] == "/town/api/sync/{id}/photos/{n}"
    assert urls["tag"] == "/town/t/{token}" and urls["dogCard"] == "/town/field/dogs/{id}"
    assert urls["root"] == "/town/" and urls["sw"] == "/town/sw.js" and urls["api"] == "/town/api/"
    assert urls["static"] == "/town/static/" and urls["offlineCard"] == "/town/offline-card"
    page = client.get("/offline", base_url=prefix).get_data(as_text=True)
    table = json.loads(re.search(r'<script type="application/json" id="app-urls">(.*?)</script>', page).group(1))
    assert table["outbox"] == "/town/outbox" and table["dataset"] == "/town/api/field-dataset"
    assert '<script type="module" src="/town/static/js/app.js">' in page


def test_a_deploy_changes_the_worker_byte_for_byte(app, client, make_app):
    first = shell_of(client.get("/sw.js"))["version"]
    assert shell_of(client.get("/sw.js"))["version"] == first
    path = os.path.join(app.static_folder, "css", "pwa.css")
    with open(path, "rb") as fh:
        original = fh.read()
    try:
        with open(path, "ab") as fh:
            fh.write(b"\n/* deploy */\n")
        # Read once per process: the running app keeps its worker; the deployed one (a new app) differs.
        assert shell_of(client.get("/sw.js"))["version"] == first
        assert shell_of(make_app().test_client().get("/sw.js"))["version"] != first
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
        block = ticket_numbers.reserve_block(dco, "phone-a", size=2)
        db.session.commit()
        number = ticket_numbers.format_number(block.first)
    import uuid
    form = {"entry_id": str(uuid.uuid4()), "ticket_number": number, "reason": "torn"}
    assert client.post("/tickets/void", data=form).status_code == 302
    again = client.post("/tickets/void", data={**form, "entry_id": str(uuid.uuid4())})
    assert again.status_code == 422 and "already voided" in again.get_data(as_text=True)


def test_s9_clerk_sees_voids_and_gaps(app, client, auth):
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        block = ticket_numbers.reserve_block(dco, "phone-a", size=3)
        nums = ticket_numbers.block_numbers(block)
        ticket_numbers.claim_number(dco, nums[0])
        ticket_numbers.void_number(dco, nums[1], "spoiled in the rain")
        db.session.commit()
    auth.login("clerk")
    page = client.get("/tickets/numbers").get_data(as_text=True)
    assert "spoiled in the rain" in page and nums[2] in page  # reserved, not yet used (not a gap)
    assert "Gaps (0)" in page
    assert nums[0] not in page
    auth.logout()
    auth.login("admin")  # a record the town's staff read (§5(F)); the admin does not read records
    assert client.get("/tickets/numbers").status_code == 403
