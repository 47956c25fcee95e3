"""§10(B) orders reach the roadside with no signal: Zeus is confined to his owner's premises by
the Town Justice; the DCO's phone took its copy of the field data with signal, then loses it,
opens Zeus's card from the copy and the ticket and violation forms from the worker's cache, and
reads "Under court order: confine to premises (Sandy Creek Town Court, <date>)" before writing."""
import re
import uuid

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, User
from fieldapp.models.enforcement import SwornComplaint
from fieldapp.services import court
from fieldapp.services.entries import submit_entry
from fieldapp.timeutil import local_today, utcnow
from fieldapp.web import longdate

from .conftest import sign_in
from .test_offline_field_flow import go, wait_ready

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    yield context
    context.close()


def confine_zeus(live_server, words: str = "") -> int:
    """The case to its order (the Justice's `words`, if any) through the same services as the
    constable's phone and the Justice's pages."""
    with live_server.app().app_context():
        user = {u.username: u for u in db.session.execute(db.select(User)).scalars()}
        zeus = db.session.execute(db.select(Dog).filter_by(name="Zeus")).scalar_one()
        entry_id = str(uuid.uuid4())
        outcome = submit_entry(user["constable"], entry_id, "complaint", utcnow().isoformat(), {
            "dog_id": str(zeus.id), "complainant_name": "Linda Ackley", "complainant_residence": "211 Salisbury St", "violation_place": "Fox Rd at the mailbox",
            "sworn": "y", "codes": "6A4", "nature": "Chased my son to the porch.",
            "violation_on": local_today().isoformat(), "forward_now": "y"})
        assert outcome.status == 201, outcome.errors
        complaint = db.session.execute(db.select(SwornComplaint).filter_by(entry_id=entry_id)).scalar_one()
        court.summon(complaint, name="Gary Plumb", address="300 Fox Rd", appear_on=local_today(),  # §10(B) first
                     appear_time="18:00", user=user["justice"], today=local_today())
        court.record_hearing(court.Case(complaint), held_on=local_today(), complainant_appeared=True,
                             owner_appeared=True, appearances="", complainant_counsel="", owner_counsel="",
                             evidence="", adjourned_to=None, user=user["justice"])
        court.make_order(complaint, kind="confined", ordered_on=local_today(), words=words, user=user["justice"])
        db.session.commit()
        dog_id = zeus.id
        db.engine.dispose()
    return dog_id


def test_offline_ticket_and_violation_forms_show_the_court_order_from_the_phones_copy(phone, live_server):
    zeus = confine_zeus(live_server)
    page = phone.new_page()
    base = live_server.url
    sign_in(page, base, "dco")
    wait_ready(page)  # the field pages cached, the copy of the field data on the phone
    expected = f"Under court order: confine to premises (Sandy Creek Town Court, {longdate(local_today())})"

    phone.set_offline(True)
    response = page.goto(f"{base}/field/dogs/{zeus}")
    assert response.from_service_worker
    page.locator("#status-card").wait_for()
    go(page, "Issue appearance ticket", re.compile(rf"/field/tickets/new\?dog={zeus}$"))
    assert "Zeus" in page.inner_text("[data-dog-from-copy]")  # the generic page, filled from the copy
    notice = page.locator("[data-court-orders]")
    assert notice.is_visible() and expected in notice.inner_text()
    assert page.locator("[data-court-order=confined]").count() == 1

    page.go_back()
    page.locator("#status-card").wait_for()
    go(page, "Record violation", re.compile(rf"/field/violations/new\?dog={zeus}$"))
    notice = page.locator("[data-court-orders]")
    assert notice.is_visible() and expected in notice.inner_text()
