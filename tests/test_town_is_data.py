"""The town is data: its name, county and ZIP code are settings (fieldapp/town.py), never
literals in the code or templates (the law's own text, its readings, the settings' defaults and
the demo town aside); the pages and papers say whatever town the settings name."""
import pathlib
import re

import pytest

from fieldapp.settings import set_setting

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "fieldapp"
# Where the demo town may be named: the law's text and its readings, the settings' defaults
# (the demo town's data, in settings.py and setting_specs.py), the demo, and the docstrings of fieldapp/town.py.
ALLOWED = ("law/", "settings.py", "setting_specs.py", "demo", "town.py", "migrations/")
# And its ticket numbers' letters as a string in code (the setting "ticket_number_prefix").
LITERALS = re.compile(r"Sandy Creek|13145|Oswego|[\"']SC-")


def _sources():
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(PACKAGE).as_posix()
        if path.suffix in (".py", ".html", ".js", ".webmanifest", ".css") and not rel.startswith(ALLOWED) \
                and "/vendor/" not in f"/{rel}":
            yield rel, path
    yield "service_worker/sw.js", ROOT / "service_worker" / "sw.js"


def test_no_town_literal_in_code_or_templates():
    found = [f"{rel}:{n}: {line.strip()}" for rel, path in _sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if LITERALS.search(line)]
    assert found == []


@pytest.fixture
def other_town(app):
    with app.app_context():
        set_setting("town_name", "Example Hollow")
        set_setting("town_county", "Lewis")
        set_setting("town_zip", "13399")
        from fieldapp.extensions import db
        db.session.commit()
    return app


def test_the_pages_and_papers_name_the_town_the_settings_name(other_town, client, auth):
    auth.login("clerk")
    home = client.get("/").get_data(as_text=True)
    assert "Example Hollow" in home and "Sandy Creek" not in home
    new_owner = client.get("/clerk/licenses/new").get_data(as_text=True)
    assert 'value="Example Hollow"' in new_owner and 'value="13399"' in new_owner


def test_the_finders_page_names_the_town_the_settings_name(other_town, client):
    from fieldapp.extensions import db
    from fieldapp.models import Tag
    with other_town.app_context():
        token = db.session.scalars(db.select(Tag.token).where(Tag.dog_id.is_not(None))).first()
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Town of Example Hollow" in page and "Sandy Creek" not in page
