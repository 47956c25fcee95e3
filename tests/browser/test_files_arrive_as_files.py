"""Every file the app makes arrives as a file when tapped on a phone, never swapped into the page
as text (`%PDF-1.4 ...` under the header, with no way back in an installed app): the §5(F)
record of licenses (PDF and CSV) and the DL-18 period CSV for the clerk, one seizure's DL-18 PDF
and the impoundment notice "PDF to mail" for the DCO. Sign in, start at `/`, tap what is on screen."""
import re
import uuid
from datetime import timedelta

import pytest

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.enforcement import Impoundment
from fieldapp.services.entries import submit_entry
from fieldapp.timeutil import to_local, utcnow

pytestmark = pytest.mark.browser


def tap_for_file(phone, locator, name_pattern, starts_with):
    """Tap, and a download must come of it: its suggested name and its first bytes are checked,
    and the page the person was on stays on screen."""
    page = phone.page
    before = page.url
    with page.expect_download(timeout=15000) as caught:
        locator.first.tap()
    download = caught.value
    assert re.fullmatch(name_pattern, download.suggested_filename), download.suggested_filename
    with open(download.path(), "rb") as f:
        assert f.read(len(starts_with)) == starts_with
    phone.settle()
    assert page.url == before
    assert "%PDF" not in phone.text("body")
    return download


def test_clerk_saves_the_license_record_and_the_dl18_period_as_files(phone):
    phone.start("clerk")
    phone.tap_link("Money and reports")
    tap_for_file(phone, phone.page.get_by_role("button", name="PDF", exact=True),
                 r"licenses-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.pdf", b"%PDF")
    tap_for_file(phone, phone.page.get_by_role("button", name="CSV (spreadsheet)"),
                 r"licenses-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv", b"License No.")
    phone.tap_link("← Start", exact=True)
    phone.tap_link("Dog seizure report (DL-18)")
    tap_for_file(phone, phone.page.get_by_role("button", name="Download DL-18 (CSV)"),
                 r"dl18-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv", b"\xef\xbb\xbf")


def test_clerk_sees_a_refused_dl18_period_on_the_form_not_as_a_file(phone):
    phone.start("clerk")
    phone.tap_link("Dog seizure report (DL-18)")
    page = phone.page
    page.get_by_label("First day").fill("2026-10-31")
    page.get_by_label("Last day").fill("2026-10-01")
    phone.tap_button("Download DL-18 (CSV)", wait_for_url=re.compile(r"/reports/dl18\.csv\?"))
    assert "The last day of the period is before the first." in phone.text()
    assert page.get_by_label("First day").input_value() == "2026-10-31"


def seize_today(server, description):
    with server.app().app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        outcome = submit_entry(dco, str(uuid.uuid4()), "seizure", utcnow().isoformat(), {
            "dog_description": description, "dog_breed": "Hound mix", "dog_sex": "M", "dog_color": "Black",
            "dog_age": "about 4 years", "codes": ["6A1"],
            "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
            "seized_at": f"{to_local(utcnow() - timedelta(hours=1)):%Y-%m-%dT%H:%M}",
            "location_text": "Lake Road at the boat launch",
            "held_at": "Sandy Creek Town Kennel"})
        assert outcome.status == 201, outcome.errors
        imp_id = db.session.get(Impoundment, outcome.result["impoundment_id"]).id
        db.engine.dispose()
    return imp_id


def test_dco_saves_a_seizures_dl18_and_the_owners_notice_as_files(phone, journey_server):
    description = "Black hound mix, red collar, files journey"
    imp_id = seize_today(journey_server, description)
    phone.start("dco")
    phone.tap_link("Kennel board")
    phone.tap_link(description, wait_for_url=re.compile(rf"/field/impoundments/{imp_id}$"))
    tap_for_file(phone, phone.page.get_by_role("link", name="Print DL-18 report"),
                 r"DL-18-\d{4}-\d{4}\.pdf", b"%PDF")
    phone.tap_link("Print notice letter", wait_for_url=re.compile(rf"/field/impoundments/{imp_id}/notice-letter$"))
    tap_for_file(phone, phone.page.get_by_role("link", name="PDF to mail"),
                 rf"impoundment-{imp_id}-notice\.pdf", b"%PDF")
