"""§9 "shall issue and serve an appearance ticket", by tapping: a violation recorded four days
ago still has no ticket. The constable opens "To issue and serve" from `/` and sees it, with no
"Issue ticket" (§9: tickets are for the DCO or a police officer); the DCO opens the same list
from `/`, taps "Issue ticket", finds no one home and leaves it at the residence: an attempt, not
service (CPL §150.40(2)); the violation leaves the list and the ticket waits under "not served
yet", where "Mark served" records it handed in person to the person charged."""
import uuid
from datetime import timedelta

import pytest

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.enforcement import AppearanceTicket
from fieldapp.services.enforcement.payload import entered_at_the_time
from fieldapp.services.entries import submit_entry
from fieldapp.timeutil import local_today, to_local, utcnow

pytestmark = pytest.mark.browser
DOG = "Grey whippet, green collar, no tag (serve journey)"


def old_violation(server) -> str:
    """Recorded four days ago by the DCO, through the phone's own entry service."""
    entry_id = str(uuid.uuid4())
    with server.app().app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        with entered_at_the_time():  # recorded then: as if it reached the office that day
            outcome = submit_entry(dco, entry_id, "violation", utcnow().isoformat(), {
                "dog_description": DOG, "codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
                "occurred_at": f"{(local_today() - timedelta(days=4)).isoformat()}T16:20",
                "location_text": "Wart Rd by the creek bridge", "narrative": "Loose on the road again."})
        assert outcome.status == 201, outcome.errors
    return entry_id


def test_constable_sees_what_waits_and_the_dco_issues_and_serves_it(phone, browser, journey_server):
    from .journey import Phone, phone_context
    server = journey_server
    violation = old_violation(server)
    row = f'[data-violation-entry="{violation}"]'

    # The constable: the list from the start page; the violation is there, no ticket to issue (§9).
    phone.start("constable")
    phone.tap_link("To issue and serve")
    page = phone.page
    assert DOG in page.inner_text(row)
    assert page.locator(row).get_by_role("link", name="Issue ticket").count() == 0

    # The DCO: the same list, "Issue ticket", how it was served, issued.
    dco = Phone(phone_context(browser).new_page(), server.url).start("dco")
    dco.tap_link("To issue and serve")
    dp = dco.page
    assert "Running at large" in dp.inner_text(row)
    dco.tap(dp.locator(row).get_by_role("link", name="Issue ticket"))
    assert dp.locator("input[name=codes][value='6A1']").is_checked()  # carried from the violation
    dp.locator("input[name=served_capacity][value=in_charge]").tap()
    dp.get_by_label("Full name of the person served").fill("Ray Seymour")
    dp.get_by_label("Their address").fill("77 Wart Rd, Sandy Creek")
    dp.get_by_label("Left at their residence (an attempt: not service)").check()
    dp.get_by_label("Service note", exact=False).fill("Left with his wife, Ann Seymour, at the door")
    dco.settle()
    dco.check_screen()
    dco.tap_button("Issue appearance ticket", wait_for_url="**/field/next**")
    for _ in range(100):
        with server.app().app_context():
            t = db.session.execute(db.select(AppearanceTicket).filter_by(served_name="Ray Seymour")).scalar_one_or_none()
            if t is not None:
                # CPL §150.40(2): left at the residence is an attempt, noted; the ticket is not served.
                assert t.served_how == "" and not t.served and t.served_at is None
                assert [(a.how, a.note) for a in t.service_attempts] == [
                    ("residence", "Left with his wife, Ann Seymour, at the door")]
                assert t.violation is not None and t.violation.entry_id == violation
                number = t.number
                break
        dp.wait_for_timeout(200)
    else:
        raise AssertionError("the ticket did not reach the server: " + dco.text()[:500])
    dp.get_by_text("Not served yet (CPL §150.40(2)", exact=False).first.wait_for()  # the "what now" page
    dco.settle()
    dco.check_screen()

    # Back to the start, the list again: the violation has its ticket and is gone; the ticket waits.
    dco.tap(dp.get_by_role("link", name="Sandy Creek Dog Control: start"), wait_for_url=f"{server.url}/")
    dco.tap_link("To issue and serve")
    assert dp.locator(row).count() == 0
    waiting = dp.locator(f'[data-unserved-ticket="{number}"]')
    assert "left at their residence" in waiting.inner_text()
    dco.tap(waiting.get_by_role("link", name="Mark served"))
    dp.get_by_label("Handed in person to the person charged", exact=False).check()
    dco.check_screen()
    dco.tap_button("Record service", wait_for_url=f"**/field/tickets/{number}")
    assert "Handed in person to the person charged" in dp.inner_text("[data-served]")
    with server.app().app_context():
        t = db.session.execute(db.select(AppearanceTicket).filter_by(number=number)).scalar_one()
        assert t.served and t.served_how == "personal" and to_local(t.served_at).date() == local_today()
