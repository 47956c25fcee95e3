"""The app works mounted under a URL prefix (e.g. https://town.example/dogs behind a reverse proxy):
every link, form action, htmx URL, redirect and the manifest stay under the prefix."""
import json
import uuid
from datetime import datetime
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from werkzeug.exceptions import NotFound
from werkzeug.middleware.dispatcher import DispatcherMiddleware

from fieldapp.cli import DEMO_PASSWORD, DEMO_USERS
from fieldapp.extensions import db
from fieldapp.models import Dog, User
from fieldapp.services.entries import submit_entry
from fieldapp.timeutil import DEFAULT_TZ, utcnow

from .test_routes_every_role import concrete_urls

PREFIX = "/dogs"
ORIGIN = "http://localhost"
# Attributes that hold a URL the browser (or field.js/outbox.js) follows.
URL_ATTRS = {"href", "src", "action", "formaction", "hx-get", "hx-post", "hx-put", "hx-patch", "hx-delete",
             "data-qs-href", "data-outbox-next"}
GET_ATTRS = {"href", "src", "hx-get"}  # fetched by the crawl (plus <form method="get"> actions)
NOT_PAGES = (".pdf", ".png", ".svg", ".jpg")  # links to these are checked, not fetched (a tag sheet per link)
MAX_PAGES = 400  # per role: the demo town is small, this only guards against a runaway crawl


class Links(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []  # (tag, attribute, value, followable by GET)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name, value in attrs.items():
            if name in URL_ATTRS and value is not None:
                get = name in GET_ATTRS or (tag == "form" and name == "action"
                                            and (attrs.get("method") or "get").lower() == "get")
                self.found.append((tag, name, value, get))


def links_of(html):
    parser = Links()
    parser.feed(html)
    return parser.found


def local_path(page_url, value):
    """The path a URL in a page points to, or None for another site, tel:, mailto:, geo:, #x."""
    if value.startswith("#") or value.startswith("{"):
        return None
    url = urlsplit(urljoin(page_url, value))
    if url.scheme not in ("http", "https") or url.netloc != urlsplit(ORIGIN).netloc:
        return None
    return url.path + (f"?{url.query}" if url.query else "")


def under_prefix(path):
    return path == PREFIX or path.startswith(PREFIX + "/")


@pytest.fixture
def mounted(make_app):
    """The app at /dogs, as gunicorn with SCRIPT_NAME or a proxy's prefix would serve it:
    a request outside the prefix is a 404 before it reaches the app."""
    app = make_app()
    app.wsgi_app = DispatcherMiddleware(NotFound(), {PREFIX: app.wsgi_app})
    with app.app_context():
        app.config["TEST_WHAT_NOW_PAGES"] = _record_one_of_each()
    return app


def _record_one_of_each():
    """A violation, seizure, ticket, complaint and rabies request on Max, so their pages are crawled;
    returns the "what now" page after each (it links to the record the office made)."""
    dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
    max_id = str(db.session.execute(db.select(Dog.id).filter_by(name="Max")).scalar_one())
    now = datetime.now(DEFAULT_TZ).strftime("%Y-%m-%dT%H:%M")  # as typed on the phone, town time
    entries = [
        ("violation", {"dog_id": max_id, "codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "occurred_at": now,
                       "location_text": "Lake Rd", "narrative": "Loose on the road."}),
        ("seizure", {"dog_id": max_id, "codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
                     "owner_known": "yes", "seized_at": now,
                     "location_text": "Lake Rd"}),
        ("ticket", {"dog_id": max_id, "codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "served_capacity": "owner", "served_name": "Mary Miller",
                    "served_address": "100 Harwood Dr, Sandy Creek, NY 13145", "served_at": now,
                    "location_text": "Lake Rd"}),
        ("complaint", {"complainant_name": "Linda Ackley", "complainant_residence": "211 Salisbury St", "violation_place": "Fox Rd at the mailbox",
                       "sworn": "y", "codes": "6A2", "nature": "Barks all night.", "violation_on": now[:10],
                       "dog_id": max_id}),
        ("rabies_request", {"dog_id": max_id}),
    ]
    pages = []
    for kind, payload in entries:
        entry_id = str(uuid.uuid4())
        outcome = submit_entry(dco, entry_id, kind, utcnow().isoformat(), payload)
        assert outcome.status == 201, (kind, outcome.errors)
        pages.append(f"/field/next?entry={entry_id}&kind={kind}&dog={max_id}")
    db.session.commit()
    return pages


def sign_in(client, role):
    response = client.post(f"{PREFIX}/login", data={"username": role, "password": DEMO_PASSWORD})
    assert response.status_code == 302, role
    return response.headers["Location"]


def check_headers(url, response):
    for header in ("Location", "HX-Location", "HX-Redirect", "HX-Push-Url"):
        value = response.headers.get(header)
        if value and value != "false":
            path = local_path(ORIGIN + url, value)
            assert path is None or under_prefix(path), f"{url}: {header} {value} is outside {PREFIX}"


def crawl(client, seeds):
    """Every GET page reachable from the seeds; returns the pages seen and the problems found."""
    queue, seen, problems, pages = [(url, None) for url in seeds], set(seeds), [], 0
    while queue and pages < MAX_PAGES:
        url, linked_from = queue.pop(0)
        response = client.get(url)
        check_headers(url, response)
        if response.status_code in (301, 302, 303, 307, 308):
            target = local_path(ORIGIN + url, response.headers["Location"])
            if target not in seen:
                seen.add(target)
                queue.append((target, url))
            continue
        if response.status_code == 404 and linked_from:  # a seed may name a record with no photo
            problems.append(f"{linked_from}: the link to {url} is a 404")
        if response.mimetype != "text/html":
            continue
        pages += 1
        for tag, attr, value, followable in links_of(response.get_data(as_text=True)):
            path = local_path(ORIGIN + url, value)
            if path is None:
                continue
            if not under_prefix(path):
                problems.append(f"{url}: <{tag} {attr}=\"{value}\"> is outside {PREFIX}")
                continue
            if "{" in path:
                continue  # a template field.js/outbox.js fills in on the phone
            binary_link = attr == "href" and tag == "a" and path.split("?")[0].endswith(NOT_PAGES)
            if followable and not binary_link and path not in seen:
                seen.add(path)
                queue.append((path, url))
    return seen, problems


@pytest.mark.parametrize("role", [None] + [role for _, _, role in DEMO_USERS], ids=lambda r: r or "anonymous")
def test_every_link_stays_under_the_prefix(mounted, role):
    client = mounted.test_client()
    if role:
        start = sign_in(client, role)
        assert under_prefix(local_path(f"{ORIGIN}{PREFIX}/login", start)), start
    else:
        start = f"{PREFIX}/"
    # The start page, every GET route of the app (as test_routes_every_role enumerates them),
    # and every page linked from those.
    seeds = [local_path(f"{ORIGIN}{PREFIX}/login", start)] + [PREFIX + url for _, url in concrete_urls(mounted)]
    seeds += [PREFIX + url for url in mounted.config["TEST_WHAT_NOW_PAGES"]]
    seeds = list(dict.fromkeys(seeds))
    seen, problems = crawl(client, seeds)
    assert not problems, "\n".join(problems)
    assert len(seen) > len(seeds), "the crawl followed links"


def test_the_start_page_links_each_role_to_its_work_under_the_prefix(mounted):
    client = mounted.test_client()
    sign_in(client, "dco")
    html = client.get(f"{PREFIX}/").get_data(as_text=True)
    hrefs = {value for _, attr, value, _ in links_of(html) if attr == "href"}
    assert {f"{PREFIX}/field/scan", f"{PREFIX}/outbox", f"{PREFIX}/static/manifest.webmanifest"} <= hrefs
    # Outside the prefix is not the app: nothing may link there.
    assert client.get("/field/scan").status_code == 404


def test_signed_out_a_staff_page_sends_to_sign_in_and_back_under_the_prefix(mounted):
    client = mounted.test_client()
    response = client.get(f"{PREFIX}/clerk/?q=max")
    login = local_path(ORIGIN, response.headers["Location"])
    assert response.status_code == 302 and login.startswith(f"{PREFIX}/login?")
    back = client.post(login, data={"username": "clerk", "password": DEMO_PASSWORD})
    assert local_path(ORIGIN, back.headers["Location"]) == f"{PREFIX}/clerk/?q=max"
    signed_out = client.post(f"{PREFIX}/logout")
    assert local_path(ORIGIN, signed_out.headers["Location"]).startswith(f"{PREFIX}/login")


def test_manifest_start_url_scope_and_icons_are_under_the_prefix(mounted):
    """The manifest's URLs are relative: a browser resolves start_url, scope and icons against the
    manifest's own URL, and id against start_url (W3C Web App Manifest), so they follow the mount."""
    client = mounted.test_client()
    manifest_url = f"{ORIGIN}{PREFIX}/static/manifest.webmanifest"
    response = client.get(manifest_url)
    assert response.status_code == 200
    manifest = json.loads(response.data)
    start = urljoin(manifest_url, manifest["start_url"])
    assert start == f"{ORIGIN}{PREFIX}/"
    assert urljoin(manifest_url, manifest["scope"]) == f"{ORIGIN}{PREFIX}/"
    assert urljoin(start, manifest["id"]) == f"{ORIGIN}{PREFIX}/"
    for icon in manifest["icons"]:
        src = urljoin(manifest_url, icon["src"])
        assert src.startswith(f"{ORIGIN}{PREFIX}/static/icons/")
        assert client.get(src).status_code == 200


def test_the_service_worker_caches_the_pages_under_the_prefix(mounted):
    client = mounted.test_client()
    body = client.get(f"{PREFIX}/sw.js").get_data(as_text=True)
    shell = json.loads(body.split("const SHELL = ", 1)[1].split(";\n", 1)[0])
    assert f"{PREFIX}/field/scan" in shell["pages"] and f"{PREFIX}/field/next" in shell["ignoreSearch"]
    assert all(under_prefix(url) for url in shell["pages"] + shell["ignoreSearch"] + shell["static"])


def test_a_form_posted_under_the_prefix_pushes_the_records_address_under_it(mounted):
    """Without JavaScript the complaint form posts to its page; htmx is told to show the record's
    address, which must keep the prefix (the service's result names it by its path in the app)."""
    import uuid
    client = mounted.test_client()
    client.post(f"{PREFIX}/login", data={"username": "dco", "password": DEMO_PASSWORD})
    with mounted.app_context():
        max_id = str(db.session.execute(db.select(Dog.id).filter_by(name="Max")).scalar_one())
    response = client.post(f"{PREFIX}/field/complaints/new", headers={"HX-Request": "true"}, data={
        "entry_id": str(uuid.uuid4()), "complainant_name": "Linda Ackley",
        "complainant_residence": "211 Salisbury St", "violation_place": "Fox Rd at the mailbox", "sworn": "y", "codes": "6A2",
        "nature": "Barks all night.", "violation_on": "2026-12-01", "dog_id": max_id})
    assert response.status_code == 201
    assert response.headers["HX-Push-Url"].startswith(f"{PREFIX}/field/complaints/")


def test_a_synced_entry_names_its_record_under_the_prefix(mounted):
    """The sync answer links the phone to the record the office made: the address is made by the
    app (url_for), so it is under the prefix, for a new entry and for the same entry sent again."""
    client = mounted.test_client()
    sign_in(client, "dco")
    with mounted.app_context():
        dco = db.session.scalars(db.select(User).filter_by(username="dco")).one()
        dog = db.session.scalars(db.select(Dog).filter_by(name="Max")).one()
        me, dog_id = dco.id, dog.id
    body = {"officer_id": me, "entries": [{
        "id": str(uuid.uuid4()), "kind": "violation", "recorded_at": utcnow().isoformat(),
        "payload": {"dog_id": str(dog_id), "codes": ["6A2"], "location_text": "Lake Rd",
                    "occurred_at": f"{utcnow().astimezone(DEFAULT_TZ):%Y-%m-%dT%H:%M}"}}]}
    for expected in ("created", "duplicate"):
        outcome = client.post(f"{PREFIX}/api/sync/batch", json=body).get_json()["outcomes"][0]
        assert outcome["status"] == expected, outcome
        url = outcome["result"]["url"]
        assert url == f"{PREFIX}/field/violations/{outcome['result']['violation_id']}"
        assert client.get(url).status_code == 200
