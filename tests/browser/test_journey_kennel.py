"""After the seizure, by tapping on a 360 x 740 phone: the DCO seizes a licensed dog at the
roadside (§8(A)), opens the kennel board (§8(B): hold until, days left, fees so far, owner not yet
notified), prints the notice letter and records that the owner was told by telephone; the clerk
signs in, finds the case on the kennel board, takes the fees by check (§8(C)), prints the receipt,
and the dog is released: its status card no longer shows it held, and nothing is owed (§8(D))."""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Payment
from fieldapp.models.enforcement import Impoundment, ImpoundmentNotice

from .test_journey_dco import all_sent, find_by_id_number, ready, record_violation

pytestmark = pytest.mark.browser

DOG = "Daisy"  # licensed, her owner of record on file: nine business days (§8(B))


def facts(server):
    with server.app().app_context():
        dog = db.session.execute(db.select(Dog).filter_by(name=DOG)).scalar_one()
        out = {"id": dog.id, "id_number": dog.id_number, "owner": dog.primary_owner.full_name}
        db.engine.dispose()
    return out


def case(server, dog_id):
    with server.app().app_context():
        imp = db.session.execute(db.select(Impoundment).filter_by(dog_id=dog_id)).scalar_one_or_none()
        out = None
        if imp is not None:
            out = {"id": imp.id, "status": imp.status,
                   "notices": [n.method for n in db.session.scalars(
                       db.select(ImpoundmentNotice).filter_by(impoundment_id=imp.id))],
                   "payments": [(p.kind, str(p.amount), p.receipt.method, p.receipt.reference) for p in
                                db.session.scalars(db.select(Payment).filter_by(impoundment_id=imp.id))]}
        db.engine.dispose()
    return out


def test_dco_seizes_notifies_clerk_takes_fees_by_check_receipt_and_the_dog_is_released(phone, journey_server):
    daisy = facts(journey_server)
    page = phone.page
    # The DCO at the roadside: scan, violation, seizure (§8(A)).
    phone.start("dco")
    ready(phone)
    phone.tap_link("Scan tag", exact=True)
    find_by_id_number(phone, daisy["id_number"])
    phone.check_screen()
    phone.tap_link("Record violation", wait_for_url=re.compile(r"/field/violations/new\?dog="))
    record_violation(phone, "Harwood Dr by the town hall")
    phone.tap_link("Seize dog", wait_for_url=re.compile(r"/field/seizures/new\?violation="))
    phone.tap_button("Seize dog", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    all_sent(phone)
    assert case(journey_server, daisy["id"])["status"] == "held"

    # The kennel board, from the start page.
    phone.tap(page.get_by_role("link", name="Sandy Creek Dog Control: start"), wait_for_url=f"{journey_server.url}/")
    phone.tap_link("Kennel board")
    card = page.locator("[data-held] > li", has_text=DOG)
    text = card.inner_text()
    assert "Hold until" in text and "days left" in text and "Owner known, not notified yet" in text
    assert "$25.00 owed" in text  # first impoundment $20.00, one day's boarding $5.00 (§8(C)(1))
    assert "Owner may redeem (§8(C))" in text and "Available for adoption or euthanasia from" in text
    phone.tap(card.get_by_role("link", name=DOG), wait_for_url=re.compile(r"/field/impoundments/\d+$"))

    # The notice letter, then the owner told by telephone.
    phone.tap_link("Print notice letter", wait_for_url=re.compile(r"/notice-letter$"))
    letter = phone.text()
    assert "proof of a current dog license" in letter and "identification" in letter and "$25.00" in letter
    phone.tap_link("Back to impoundment no.", wait_for_url=re.compile(r"/field/impoundments/\d+$"))
    phone.tap(page.get_by_text("Record that the owner was told"))
    page.get_by_label("By telephone").check()
    assert page.get_by_label("Whom you told").input_value() == daisy["owner"]
    page.get_by_label("Note (optional)").fill("She will come to the town hall this afternoon")
    phone.check_screen()
    phone.tap_button("Record notice", wait_for_url=re.compile(r"/field/impoundments/\d+"))
    phone.check_screen()
    assert "By telephone" in phone.text("#impound-notices")
    assert "The Town Clerk's office takes the fees" in phone.text("#impound-redeem")
    assert case(journey_server, daisy["id"])["notices"] == ["phone"]

    # The clerk signs in and finds the case on the kennel board.
    phone.tap(page.get_by_role("link", name="Sandy Creek Dog Control: start"), wait_for_url=f"{journey_server.url}/")
    phone.tap_button("Sign out", wait_for_url=re.compile(r"/login\?signed_out=1"))
    page.get_by_text("You are signed out.").wait_for()
    phone.settle()
    phone.start("clerk")
    phone.tap_link("Kennel board")
    card = page.locator("[data-held] > li", has_text=DOG)
    assert "Owner notified" in card.inner_text()
    phone.tap(card.get_by_role("link", name=DOG), wait_for_url=re.compile(r"/field/impoundments/\d+$"))
    assert "License " in phone.text("#impound-redeem")  # proof of a current license on file (§8(C))
    page.get_by_label("Identification shown").fill("NY driver license 402 118 330")
    page.get_by_label("Check", exact=True).check()
    page.get_by_label("Check or money order number").fill("2211")
    phone.check_screen()
    phone.tap_button("Take $25.00 and release the dog", wait_for_url=re.compile(r"/field/receipts/R-\d{4}-\d{5}$"))
    phone.check_screen()
    receipt = phone.text()
    assert "Check no. 2211" in receipt and daisy["owner"] in receipt and "$25.00" in receipt
    assert "Boarding, 1 day" in receipt and "Impoundment fee, first impoundment" in receipt
    page.get_by_role("button", name="Print receipt").tap()
    got = case(journey_server, daisy["id"])
    assert got["status"] == "redeemed"
    assert sorted(got["payments"]) == [("boarding", "5.00", "check", "2211"), ("impound", "20.00", "check", "2211")]

    # Released: the dog's record owes nothing, and its card no longer shows it held.
    phone.tap_link(f"{DOG}'s record", wait_for_url=re.compile(r"/clerk/dogs/\d+$"))
    record = phone.text()
    assert "Impoundment fees owed" not in record and "Redeemed by the owner" in record
    phone.tap(page.locator("#dog-enforcement a[href*='/field/impoundments/']"),
              wait_for_url=re.compile(r"/field/impoundments/\d+$"))
    phone.tap(page.locator("dl.facts").get_by_role("link", name=DOG), wait_for_url=re.compile(r"/field/dogs/\d+$"))
    page.wait_for_selector("#status-card")
    assert DOG in phone.text() and "Currently IMPOUNDED" not in phone.text()
