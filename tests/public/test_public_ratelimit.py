"""Abuse: public pages and messages are rate-limited per client, with a readable 429."""
import pytest

from fieldapp.extensions import db

from ..factories import make_licensed_dog

MESSAGE = {"location": "Lake Rd", "finder_phone": "315-555-0142"}


@pytest.fixture
def limited_app(make_app):
    return make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI="memory://")


def a_dogs_tag(app) -> str:
    """The token of the tag of a dog licensed for the test."""
    with app.app_context():
        token = make_licensed_dog().active_tag.token
        db.session.commit()
    return token


def _assert_readable_429(resp):
    html = resp.get_data(as_text=True)
    assert resp.status_code == 429
    assert "Too many requests from this device" in html
    assert "<script" not in html and "/static/css/public.css" in html  # the finders' base
    assert 'href="tel:+13153875555"' in html  # a dog in trouble can still be reported by phone
    assert int(resp.headers["Retry-After"]) > 0


def test_page_views_are_limited_per_client(limited_app):
    token = a_dogs_tag(limited_app)
    client = limited_app.test_client()
    for i in range(30):
        assert client.get(f"/t/{token}").status_code == 200, i
    _assert_readable_429(client.get(f"/t/{token}"))
    # Guessing tokens counts against the same limit: no enumeration past it.
    _assert_readable_429(client.get("/t/GUESS0000000001"))
    _assert_readable_429(client.get("/found"))
    # Another device is not affected.
    other = client.get(f"/t/{token}", environ_base={"REMOTE_ADDR": "198.51.100.9"})
    assert other.status_code == 200


def test_messages_are_limited_to_five_an_hour_per_client(limited_app):
    token = a_dogs_tag(limited_app)
    client = limited_app.test_client()
    for i in range(5):
        assert client.post(f"/t/{token}/message", data=MESSAGE).status_code == 302, i
    _assert_readable_429(client.post(f"/t/{token}/message", data=MESSAGE))
    _assert_readable_429(client.post("/found", data={**MESSAGE, "description": "brown dog"}))
    from fieldapp.models.public import FoundReport
    with limited_app.app_context():
        assert db.session.execute(db.select(db.func.count(FoundReport.id))).scalar() == 5


def test_a_finder_is_served_when_the_shared_limit_store_is_out_of_reach(make_app, caplog, monkeypatch):
    # Several gunicorn workers count in Redis; with Redis down the finder still gets through.
    from fieldapp.public import pages
    monkeypatch.setattr(pages.log, "disabled", False)  # alembic's fileConfig (test_migrations) disables it
    down = make_app(RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI="redis://127.0.0.1:9/0")
    token = a_dogs_tag(down)
    client = down.test_client()
    assert client.get(f"/t/{token}").status_code == 200
    assert client.post(f"/t/{token}/message", data=MESSAGE).status_code == 302
    assert "Rate limit storage failed" in caplog.text
