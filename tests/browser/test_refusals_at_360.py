"""At 360 px, by tapping: a refused entry shows the officer what to fix, on screen and focused, with
one line saying why (§6(A)(1)'s exceptions as one confirmation step); a ticket says when and where
the offence happened (§9), on its printed copy too; a sworn complaint keeps where it happened and
prints for the complainant to sign (§10(A))."""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog
from fieldapp.models.enforcement import AppearanceTicket, SwornComplaint

pytestmark = pytest.mark.browser

IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight; }"""


def id_number(server, name):
    with server.app().app_context():
        number = db.session.execute(db.select(Dog.id_number).filter_by(name=name)).scalar_one()
        db.engine.dispose()
    return number


def open_card(phone, number):
    phone.tap_link("Scan tag")
    phone.page.get_by_label("Or type the ID number, tag number or code").fill(str(number))
    phone.tap_button("Find", exact=True, wait_for_url=re.compile(r"/field/dogs/\d+$"))


def ready(phone):
    phone.page.wait_for_function("window.outbox !== undefined")
    phone.page.evaluate("window.outbox.ready")


def wait_for(server, page, query, seconds=20):
    app = server.app()
    for _ in range(seconds * 5):
        with app.app_context():
            row = db.session.execute(query).scalar_one_or_none()
            db.engine.dispose()
        if row is not None:
            return row
        page.wait_for_timeout(200)
    raise AssertionError(f"nothing for {query}")


def test_s6A1_refusal_brings_the_exceptions_on_screen_with_one_line(phone, journey_server):
    """Running at large ticked, the exceptions not ruled out: the first tap is refused; the "None of
    these applies" box (each exception listed under it) is on screen and focused, and one line by
    the button says why. One tap on it, and the entry is saved."""
    phone.start("dco")
    open_card(phone, id_number(journey_server, "Hera"))
    phone.tap_link("Record violation", wait_for_url=re.compile(r"/field/violations/new"))
    ready(phone)
    page = phone.page
    page.get_by_role("checkbox", name=re.compile(r"^Running at large")).first.tap()
    page.get_by_label("Where (address, or road and landmark)").fill("Hera's road, by the church")
    # Four exceptions for running at large, each listed: §6(B), hunting, a leash, a person in command.
    for words in ("owner's own property", "hunting dog", "adequate leash", "control it by command"):
        assert page.get_by_role("checkbox", name=re.compile(words)).is_visible(), words
    page.get_by_role("button", name="Record violation").tap()
    page.wait_for_selector("[data-refusal-line]")
    none = page.get_by_role("checkbox", name=re.compile("None of these applies"))
    assert page.evaluate("document.activeElement.name") == "none_applies"
    assert none.evaluate(IN_VIEW)
    line = page.locator("[data-refusal-line]")
    assert line.evaluate(IN_VIEW) or none.evaluate(IN_VIEW)
    assert "None of these applies" in line.inner_text() and "\n" not in line.inner_text().strip()
    none.tap()
    assert all(box.is_checked() for box in page.locator("input[name=ruled_out]:visible").all())
    phone.tap_button("Record violation", wait_for_url=re.compile(r"/field/next\?entry="))
    phone.check_screen()


def test_s9_ticket_when_and_where_tapped_at_360_px(phone, journey_server):
    """The ticket form asks when and where the offence happened (GPS, or typed); the printed
    ticket says both, and the person charged's email is kept for their copy."""
    phone.start("dco")
    open_card(phone, id_number(journey_server, "Penny"))
    phone.tap_link("Issue appearance ticket", wait_for_url=re.compile(r"/field/tickets/new\?dog="))
    ready(phone)
    page = phone.page
    assert page.get_by_label("When the offence happened").input_value()  # now, filled in
    page.get_by_role("checkbox", name=re.compile(r"^Habitual barking")).first.tap()
    page.get_by_label("Where (address, or road and landmark)").fill("Salisbury St by the post office")
    page.get_by_label("Their email, for a copy (if they give one)").fill("penny.owner@example.org")
    phone.tap_button("Issue appearance ticket", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    number = wait_for(journey_server, page, db.select(AppearanceTicket.number).where(
        AppearanceTicket.offence_place == "Salisbury St by the post office"))
    page.evaluate("window.outbox.flush('manual')")
    phone.tap_link("Print view of the ticket", wait_for_url=re.compile(rf"/field/tickets/{number}$"))
    assert "Salisbury St by the post office" in phone.text("[data-offence-place]")
    assert phone.text("[data-offence-at]").strip() not in ("", "not recorded")
    phone.check_screen()
    with journey_server.app().app_context():
        t = db.session.execute(db.select(AppearanceTicket).filter_by(number=number)).scalar_one()
        assert t.served_email == "penny.owner@example.org" and t.offence_at is not None
        db.engine.dispose()


def test_s10A_complaint_place_tapped_at_360_px_prints_to_sign(phone, journey_server):
    """The constable types where it happened and the complainant's phone; the complaint's page
    shows both and prints with a line for the complainant's signature."""
    phone.start("constable")
    open_card(phone, id_number(journey_server, "Hera"))
    phone.tap_link("Take a sworn complaint")
    ready(phone)
    page = phone.page
    page.get_by_label("Complainant's full name").fill("Nora Place")
    page.get_by_label("Complainant's residence (address)").fill("7 Ridge Rd")
    page.get_by_label("Complainant's phone").fill("315-555-0107")
    page.get_by_label("Date of the violation").fill(page.evaluate("new Date().toLocaleDateString('en-CA')"))
    # Not saved without the place: the field is brought on screen and focused.
    page.get_by_label("Nature of the violation, in the complainant's words").fill("Dug up my garden beds.")
    page.get_by_label("Sworn under oath before me").check()
    page.get_by_role("button", name="Take sworn complaint").tap()
    page.wait_for_selector("[data-refusal-line]")
    assert page.evaluate("document.activeElement.name") == "violation_place"
    page.get_by_label("Where it happened (address, or road and landmark)").fill("7 Ridge Rd, the front garden")
    phone.tap_button("Take sworn complaint", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    cid = wait_for(journey_server, page, db.select(SwornComplaint.id).where(
        SwornComplaint.complainant_name == "Nora Place"))
    page.evaluate("window.outbox.flush('manual')")
    phone.page.reload()
    phone.tap_link("Open the record", wait_for_url=re.compile(rf"/field/complaints/{cid}$"))
    assert "7 Ridge Rd, the front garden" in phone.text() and "315-555-0107" in phone.text()
    assert page.get_by_role("button", name="Print for the complainant to sign").is_visible()
    assert "Signature of the complainant" in phone.text()
    phone.check_screen()
