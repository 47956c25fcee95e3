"""Every response carries the security headers: a Content-Security-Policy with no inline script
or style and no framing, nosniff, a Referrer-Policy; over HTTPS also HSTS and Secure cookies.
Read off every GET page for each role; the pages themselves have no inline code to refuse."""
import re

import pytest

from fieldapp.law.authority import ROLES
from tests.app.test_routes_every_role import concrete_urls

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
STYLE_ATTR = re.compile(r"<[^>]+\sstyle=", re.I)
HANDLER_ATTR = re.compile(r"<[^>]+\son[a-z]+=", re.I)


def assert_headers(response, url):
    csp = response.headers.get("Content-Security-Policy", "")
    directives = dict((d.split(" ", 1) + [""])[:2] for d in (p.strip() for p in csp.split(";")) if d)
    assert directives.get("script-src") == "'self'" and directives.get("style-src") == "'self'", (url, csp)
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, url
    assert directives.get("frame-ancestors") == "'none'" and directives.get("object-src") == "'none'", url
    assert response.headers.get("X-Content-Type-Options") == "nosniff", url
    assert response.headers.get("Referrer-Policy") in ("same-origin", "no-referrer"), url
    assert "Strict-Transport-Security" not in response.headers, url  # plain http: no HSTS


# Answers to a signed-in user that hold no one's records, and say how long they may be kept.
OWNERLESS = {"/api/entry-rules"}


def assert_not_kept(response, url):
    """An answer to a signed-in user that is a page or JSON (owners' names, addresses, their dogs'
    history) is never kept by the browser or a proxy: `no-store`."""
    if response.mimetype in ("text/html", "application/json") and url.split("?")[0] not in OWNERLESS:
        assert "no-store" in response.headers.get("Cache-Control", ""), (url, response.headers.get("Cache-Control"))


@pytest.mark.parametrize("role", [None, *ROLES], ids=lambda r: r or "anonymous")
def test_every_page_for_every_role_carries_the_headers_and_no_inline_code(app, client, auth, role):
    if role:
        auth.login(role)
    for _rule, url in concrete_urls(app):
        response = client.get(url)
        assert_headers(response, url)
        if role:
            assert_not_kept(response, url)
        if response.mimetype == "text/html":
            html = response.get_data(as_text=True)
            assert not INLINE_SCRIPT.search(html), (url, INLINE_SCRIPT.search(html).group(0))
            assert not STYLE_ATTR.search(html), (url, STYLE_ATTR.search(html).group(0))
            assert not HANDLER_ATTR.search(html), (url, HANDLER_ATTR.search(html).group(0))


def test_errors_and_the_api_carry_them_too(client, auth):
    assert_headers(client.get("/no/such/page"), "404")
    assert_headers(client.post("/api/sync", json={}), "api 401")
    auth.login("dco")
    assert_headers(client.post("/api/sync", data="[", content_type="application/json"), "api 400")


def test_signed_in_pages_and_the_apis_json_are_no_store(app, client, auth):
    """The officer's start page, a dog's status card as an htmx partial, the tag lookup and the sync
    answer (with the owner's name) say no-store; static files stay cacheable; the sign-in page, which
    shows no one's records, is left as it was."""
    assert "no-store" not in client.get("/login").headers.get("Cache-Control", "")
    auth.login("dco")
    assert client.get("/").headers["Cache-Control"] == "no-store"
    assert client.get("/", headers={"HX-Request": "true"}).headers["Cache-Control"] == "no-store"
    answer = client.post("/api/sync/batch", json={"officer_id": "x", "entries": []})
    assert answer.status_code == 403 and answer.headers["Cache-Control"] == "no-store"
    static = client.get("/static/js/queue.js")
    assert "no-store" not in static.headers.get("Cache-Control", "")
    static.close()


def test_htmx_adds_no_inline_style(client):
    html = client.get("/login").get_data(as_text=True)
    assert '"includeIndicatorStyles":false' in html


def test_over_https_hsts_and_secure_cookies(app):
    client = app.test_client()
    response = client.post("/login", data={"username": "dco", "password": "sandycreek"},
                           base_url="https://dogs.sandycreekny.example")
    assert response.status_code == 302
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies and all("; Secure" in c for c in cookies), cookies
    assert all("HttpOnly" in c for c in cookies if c.startswith("session="))
    plain = app.test_client().post("/login", data={"username": "dco", "password": "sandycreek"})
    assert not any("; Secure" in c for c in plain.headers.getlist("Set-Cookie"))
