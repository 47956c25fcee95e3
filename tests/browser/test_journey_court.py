"""The case through to its end, by tapping: a constable takes a sworn complaint (§10(A)) about
a dog and forwards it; the Town Justice finds it on the docket, summons the owner, records the
hearing and declares the dog dangerous (§10(B)(1), every §4(C) exception considered); the DCO's
status card shows the order; the disposition with a $600 fine is refused (§11) and with $250
is kept."""
import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog
from fieldapp.models.court import CourtOrder
from fieldapp.models.enforcement import SwornComplaint
from fieldapp.timeutil import local_today

from .journey import Phone, phone_context

pytestmark = pytest.mark.browser
DOG = "Zeus"


def dog_id_number(server):
    with server.app().app_context():
        return db.session.execute(db.select(Dog.id_number).filter_by(name=DOG)).scalar_one()


def wait_for(server, page, query, seconds=20):
    app = server.app()
    for _ in range(seconds * 5):
        with app.app_context():
            row = db.session.execute(query).scalar_one_or_none()
            if row is not None:
                return row
        page.wait_for_timeout(200)
    raise AssertionError(f"nothing for {query}")


def open_card(phone, id_number):
    phone.tap_link("Scan tag")
    phone.page.get_by_label("Or type the ID number, tag number or code").fill(str(id_number))
    phone.tap_button("Find")
    phone.page.wait_for_selector("#status-card")
    phone.check_screen()


def another_phone(browser, server):
    return Phone(phone_context(browser).new_page(), server.url)


def test_complaint_to_docket_hearing_order_card_and_disposition(phone, browser, journey_server):
    server = journey_server
    number = dog_id_number(server)

    # The constable takes the complaint under oath, from the dog's card, and forwards it.
    phone.start("constable")
    open_card(phone, number)
    phone.tap_link("Take a sworn complaint")
    page = phone.page
    page.get_by_label("Complainant's full name").fill("Linda Ackley")
    page.get_by_label("Complainant's residence (address)").fill("211 Salisbury St")
    page.get_by_label("Where it happened (address, or road and landmark)").fill("Salisbury St at the mailbox")
    page.get_by_label("Date of the violation").fill(local_today().isoformat())
    page.get_by_label("Nature of the violation, in the complainant's words").fill("Bit my son on the arm at the mailbox.")
    page.get_by_label("Sworn under oath before me").check()
    page.get_by_label("Forward to the Town Justice now").check()
    phone.tap_button("Take sworn complaint")
    cid = wait_for(server, page, db.select(SwornComplaint.id).where(
        SwornComplaint.status == "forwarded", SwornComplaint.complainant_name == "Linda Ackley"))

    # The Justice: the docket, the case, the summons.
    justice = another_phone(browser, server).start("justice")
    justice.tap_link("Docket")
    assert DOG in justice.text() and "not yet summoned" in justice.text()
    justice.tap_link(f"Sworn complaint no. {cid} (§10)")
    jp = justice.page
    assert "Summon the alleged owner" in justice.text()
    # §10(B): no hearing before the summons; the hearing form says so.
    assert jp.locator("#hearing-form [data-not-summoned]").count() == 1
    justice.tap_button("Issue summons")
    jp.wait_for_selector("#summons")
    justice.check_screen()
    assert "in person" in justice.text() and "Sandy Creek Town Court" in justice.text()
    justice.tap_link("Back to the case")

    jp.get_by_text("Record the hearing").first.tap()
    jp.get_by_label("The owner appeared in person").check()
    jp.get_by_label("Counsel for the owner").fill("J. Barrister")
    jp.get_by_label("Evidence presented").fill("Photos of the bite; emergency room record.")
    justice.tap_button("Record hearing")
    jp.wait_for_selector("[data-hearing]")
    justice.check_screen()

    jp.get_by_text("Findings and order").first.tap()
    jp.get_by_label("§10(B)(1) Declared a dangerous dog (§4(C))").check()
    jp.get_by_label("A person", exact=True).check()
    # Every exception that could apply is shown; the Justice considers the one for a person.
    assert "§4(C)(iii)" in justice.text("#order-form")
    jp.get_by_label("§4(C) On the totality of the evidence", exact=False).check()
    justice.tap_button("Make the order")
    jp.wait_for_selector("[data-order-kind=dangerous]")
    justice.check_screen()
    wait_for(server, jp, db.select(CourtOrder.id).where(CourtOrder.kind == "dangerous"))

    # The DCO at the roadside: the card shows the order, its date and terms.
    dco = another_phone(browser, server).start("dco")
    open_card(dco, number)
    flag = dco.page.locator("#status-card [data-flag=dangerous]")
    assert "DANGEROUS" in flag.inner_text() and "collar and leash" in flag.inner_text()

    # The disposition: $600 is refused (§11), $250 is kept.
    jp.get_by_text("Record the disposition").first.tap()
    jp.get_by_label("The defendant appeared").check()
    jp.get_by_label("Guilty", exact=True).check()
    jp.get_by_label("Convicted", exact=True).check()
    jp.get_by_label("Fine ($)").fill("600")
    justice.tap_button("Record disposition")
    jp.wait_for_selector("#fine_words-error")  # §11 per offence: the one charged in words
    assert "$500.00" in jp.inner_text("#fine_words-error")
    # The refusal returns to the form refused, its message first: on screen and focused, not the
    # case page's top with the message 2,500 px below.
    jp.wait_for_function("document.activeElement && document.activeElement.classList.contains('error-summary')")
    summary = jp.locator("main .error-summary")
    assert summary.evaluate("(el) => { const r = el.getBoundingClientRect(); return r.top > -2 && r.top < innerHeight; }")
    assert "$500.00" in summary.inner_text() and jp.evaluate("window.scrollY") > 0
    jp.get_by_label("Fine ($)").fill("250")
    justice.tap_button("Record disposition")
    jp.wait_for_selector("[data-disposition=convicted]")
    justice.check_screen()
    assert "$250.00" in jp.inner_text("[data-disposition=convicted]")
