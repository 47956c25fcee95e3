"""After the holding period, by tapping only: a stray held past its §8(B) deadline gets its daily
care check (§8(B)) and is adopted out by the DCO (§8(E): the adopter, the adoption fee), the case closes, and its DL-18 (AML §113(4))
prints. The stray is seized in the journey's database through the same entry service as the
phone (`submit_entry`), 21 days ago, so its deadline is over."""
import re
import uuid
from datetime import timedelta

import pytest

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.enforcement import Impoundment
from fieldapp.services.enforcement.payload import entered_at_the_time
from fieldapp.services.entries import submit_entry
from fieldapp.timeutil import local_today, utcnow

pytestmark = pytest.mark.browser


def seize_a_stray(server, description):
    """A dog not on file seized 21 days ago (deadline long past), as the DCO's phone sends it."""
    with server.app().app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        seized_on = local_today() - timedelta(days=21)
        with entered_at_the_time():  # recorded then: as if it reached the office that day
            outcome = submit_entry(dco, str(uuid.uuid4()), "seizure", utcnow().isoformat(), {
                "dog_description": description, "dog_breed": "Beagle mix", "dog_sex": "F", "dog_color": "Tan",
                "dog_age": "about 2 years", "codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
                "seized_at": f"{seized_on.isoformat()}T09:00", "location_text": "Route 3 by the fairgrounds",
                "held_at": "Sandy Creek Town Kennel"})
        assert outcome.status == 201, outcome.errors
        imp = db.session.get(Impoundment, outcome.result["impoundment_id"])
        out = {"id": imp.id, "record_number": imp.record_number}
        db.engine.dispose()
    return out


def stored(server, imp_id):
    with server.app().app_context():
        imp = db.session.get(Impoundment, imp_id)
        out = {"status": imp.status, "adopter": imp.disposition.adopter_name if imp.disposition else None,
               "receipt": imp.disposition.receipt.number if imp.disposition and imp.disposition.receipt else None}
        db.engine.dispose()
    return out


def test_dco_adopts_out_a_dog_held_past_its_deadline_and_prints_its_dl18(phone, journey_server):
    description = "Tan beagle mix, blue collar, no tag"
    case = seize_a_stray(journey_server, description)
    page = phone.page
    phone.start("dco")
    phone.tap_link("Kennel board")
    phone.tap_link(description, wait_for_url=re.compile(rf"/field/impoundments/{case['id']}$"))
    assert case["record_number"] in phone.text()
    # §8(B): today's care check, one tap from the case.
    phone.tap_link("Log a care check", wait_for_url=re.compile(rf"/field/impoundments/{case['id']}/care$"))
    page.get_by_label("Fed", exact=True).check()
    page.get_by_label("Fresh water").check()
    page.get_by_label("Health note (eating, injuries, vet seen)").fill("Eating well, a small cut on the left paw")
    phone.tap_button("Log care check")
    page.locator("[data-care-log]").wait_for()
    phone.check_screen()
    assert "a small cut on the left paw" in phone.text("[data-care-log]")
    phone.tap(page.locator("#disposition-adopted summary"))
    for label, value in (("Adopter's first name", "Dana"), ("Adopter's last name", "Whitcomb"),
                         ("Street address (residence)", "48 Ellisburg St"), ("Telephone", "(315) 387-6120")):
        page.locator("#disposition-adopted").get_by_label(label, exact=True).fill(value)
    phone.check_screen()
    phone.tap_button("Record: Adopted out")
    page.locator("[data-disposition=adopted]").wait_for()
    assert re.search(rf"/field/impoundments/{case['id']}(#disposition)?$", page.url)
    phone.check_screen()
    text = phone.text()
    assert "Adopted out" in text and "Dana Whitcomb" in text and "Referred to the Town Clerk" in text
    assert "Hold the dog until" not in text  # the case is closed
    assert page.locator("#disposition-adopted").count() == 0
    kept = stored(journey_server, case["id"])
    assert (kept["status"], kept["adopter"]) == ("adopted", "Dana Whitcomb") and kept["receipt"].startswith("R-")
    link = page.get_by_role("link", name="Print DL-18 report")
    assert link.is_visible()
    with page.expect_download(timeout=15000) as caught:  # a file, never swapped into the page
        link.tap()
    download = caught.value
    assert download.suggested_filename == f"DL-18-{case['record_number']}.pdf"
    with open(download.path(), "rb") as f:
        assert f.read(4) == b"%PDF"
