"""The page "How this app reads Local Law No. 2" (/law/reading) and its PDF: every reading of the
law core's table on it, each setting with its current value, the PDF a file; read by the Town
Clerk, the Town Justice and the admin only."""
import html
import re

import pytest

from fieldapp.extensions import db
from fieldapp.law.laws import law_named
from fieldapp.law.readings import PARTS, READINGS
from fieldapp.reading.rows import CHOICE_MARK
from fieldapp.settings import set_setting

TITLE = "How this app reads Local Law No. 2"


def _page(client, auth, role="clerk"):
    auth.login(role)
    r = client.get("/law/reading")
    assert r.status_code == 200
    return html.unescape(r.get_data(as_text=True))


def test_the_page_lists_every_reading_with_its_quote_reading_and_tests(client, auth):
    page = _page(client, auth)
    assert f"<h1>{TITLE}</h1>" in page
    assert page.count("data-reading=") == len(READINGS)
    for anchor, heading, _ in PARTS:
        assert f'id="{anchor}"' in page and heading in page
    for r in READINGS:
        assert r.section in page and r.quote in page and r.reading in page
        assert all(t in page for t in r.tests)
    assert page.count(f"data-choice>{CHOICE_MARK}") == sum(r.choice for r in READINGS)


def test_the_page_shows_a_settings_current_value_and_the_admin_a_link_to_change_it(app, client, auth):
    page = _page(client, auth)
    setting = re.search(r'data-setting="license_term_state_rule">.*?data-setting-value>(\w+)<', page, re.S)
    assert setting.group(1) == "off"
    assert re.search(r'data-setting="fee_altered">.*?data-setting-value>\$10\.00<', page, re.S)
    assert "/admin/#license_term_state_rule" not in page  # the clerk does not change settings
    with app.app_context():
        set_setting("license_term_state_rule", True)
        set_setting("fee_altered", "12.50")
        db.session.commit()
    auth.logout()
    page = _page(client, auth, "admin")
    assert re.search(r'data-setting="license_term_state_rule">.*?data-setting-value>on<', page, re.S)
    assert re.search(r'data-setting="fee_altered">.*?data-setting-value>\$12\.50<', page, re.S)
    assert 'href="/admin/#license_term_state_rule"' in page


def test_the_pdf_arrives_as_a_file_with_its_name(client, auth):
    page = _page(client, auth, "justice")
    link = re.search(r'<a [^>]*href="/law/reading\.pdf"[^>]*>', page).group(0)
    assert 'hx-boost="false"' in link and "download" in link
    r = client.get("/law/reading.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    assert r.data.startswith(b"%PDF-")
    assert r.headers["Content-Disposition"] == 'attachment; filename="how-this-app-reads-local-law-2.pdf"'


@pytest.mark.parametrize("role", ["clerk", "justice", "admin"])
def test_the_start_page_links_the_reading_for_the_clerk_the_justice_and_the_admin(client, auth, role):
    auth.login(role)
    assert 'href="/law/reading"' in client.get("/").get_data(as_text=True)


def test_the_admin_settings_page_links_the_reading(client, auth):
    auth.login("admin")
    assert 'href="/law/reading"' in client.get("/admin/").get_data(as_text=True)


@pytest.mark.parametrize("role", ["dco", "constable", "police"])
def test_officers_are_refused_the_reading_and_its_pdf(client, auth, role):
    auth.login(role)
    assert client.get("/law/reading").status_code == 403
    assert client.get("/law/reading.pdf").status_code == 403
    assert 'href="/law/reading"' not in client.get("/").get_data(as_text=True)


def test_the_public_is_sent_to_sign_in(client):
    for url in ("/law/reading", "/law/reading.pdf"):
        r = client.get(url)
        assert r.status_code == 302 and "/login" in r.headers["Location"]


@pytest.fixture
def state_law_town(app):
    """A town with no local dog law: the setting town_law names the state law alone."""
    with app.app_context():
        set_setting("town_law", "aml-article-7")
        db.session.commit()
    return app


def test_the_page_shows_the_law_the_town_setting_names(state_law_town, client, auth):
    """The reading page is per town: with town_law the state law, its own readings and name, none of
    the local law's; what was not read in the statute's current text is said on the page."""
    state = law_named("aml-article-7")
    page = _page(client, auth)
    assert "<h1>How this app reads Agriculture and Markets Law, Article 7</h1>" in page
    assert 'data-law="aml-article-7"' in page and "has no local dog law" in page
    assert page.count("data-reading=") == len(state.readings)
    for anchor, heading, _ in state.parts:
        assert f'id="{anchor}"' in page and heading in page
    for r in state.readings:
        assert r.section in page and r.quote in page and all(t in page for t in r.tests)
    assert "§6(A)(1)" not in page and "Local Law No. 2" not in page.split("</h1>", 1)[1].split("</p>", 1)[0]
    assert "data-not-read" in page and all(n in page for n in state.not_read)
    r = client.get("/law/reading.pdf")
    assert r.status_code == 200 and r.data.startswith(b"%PDF-")
    assert r.headers["Content-Disposition"] == 'attachment; filename="how-this-app-reads-aml-article-7.pdf"'


def test_both_laws_render_and_the_default_is_the_local_law(app, client, auth):
    from fieldapp.law.laws import DEFAULT_LAW, LAWS
    page = _page(client, auth)
    assert f'data-law="{DEFAULT_LAW}"' in page and "data-not-read" not in page
    for key, law in LAWS.items():
        with app.app_context():
            set_setting("town_law", key)
            db.session.commit()
        page = _page(client, auth)
        assert f"<h1>How this app reads {law.short_name}</h1>" in page
        assert page.count("data-reading=") == len(law.readings)
        assert client.get("/law/reading.pdf").status_code == 200


def test_the_admin_chooses_the_towns_law_among_the_laws_the_app_ships(app, client, auth):
    from fieldapp.law.laws import LAWS
    from fieldapp.settings import SettingValueError, get_setting
    auth.login("admin")
    page = client.get("/admin/town").get_data(as_text=True)  # the town's record
    select = re.search(r'<select[^>]*name="town_law"[^>]*>.*?</select>', page, re.S).group(0)
    assert all(f'value="{key}"' in select and html.escape(law.name) in select for key, law in LAWS.items())
    with app.app_context():
        with pytest.raises(SettingValueError):
            set_setting("town_law", "no-such-law")
        assert get_setting("town_law") == "sandy-creek-ll2-2011"
