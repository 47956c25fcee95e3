"""After the seizure, through the real pages: the kennel board (§8(B), §8(E)), the owner's notices
and the notice letter, §8(C) redemption (proof of a current license and identification, the
Town Board's fees on a receipt), §8(D) the known owner's balance on the counter's pages until paid
or waived, and the case on the dog's record in order. Today is pinned to Wed 21 Oct 2026."""
import re
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Payment, Receipt, User
from fieldapp.models.court import CourtOrder
from fieldapp.models.enforcement import Impoundment, ImpoundmentNotice
from fieldapp.settings import set_setting

from ..factories import make_dog, make_licensed_dog
from ..pdf_layout import pdf_text
from ..roadside import dog_id, errors_of
from .test_impoundment_outcomes import impoundment, seize

TODAY = date(2026, 10, 21)


@pytest.fixture
def app(make_app):
    return make_app(FIXED_TODAY=TODAY)


@pytest.fixture(autouse=True)
def kennel_dogs(app):
    """The dogs these tests seize, made for each test by name: Biscuit, Juniper and Pickles
    licensed today (each owner of record known), Waffles never licensed."""
    with app.app_context():
        for name in ("Biscuit", "Juniper", "Pickles"):
            make_licensed_dog(name=name)
        make_dog(name="Waffles")
        db.session.commit()


def as_user(client, auth, role):
    auth.logout()
    auth.login(role)


def seize_dog(client, app, name, at="2026-10-19T10:00"):
    return seize(client, app, dog_id=str(dog_id(app, name)), dog_description="", seized_at=at)


def payments(app, imp_id):
    with app.app_context():
        return [(p.kind, p.amount, p.waived_reason) for p in db.session.scalars(
            db.select(Payment).filter_by(impoundment_id=imp_id).order_by(Payment.id))]


REDEEM = {"identification": "NY driver license 123 456 789", "payer_name": "Mary Miller"}


def test_kennel_board_is_one_tap_from_the_start_page_for_the_dco_and_the_clerk(client, auth):
    for role in ("dco", "clerk"):
        as_user(client, auth, role)
        home = client.get("/").get_data(as_text=True)
        assert 'href="/field/impoundments"' in home and "Kennel board" in home


def test_kennel_board_is_kept_on_the_officers_phone_for_no_signal(client, auth):
    from ..pwa.test_pwa_shell import shell_of
    auth.login("dco")
    assert "/field/impoundments" in shell_of(client.get("/sw.js"))["pages"]
    assert "data-as-of" in client.get("/field/impoundments").get_data(as_text=True)


def test_s8B_kennel_board_lists_dogs_held_first_with_deadline_days_left_fees_notice_and_allowed(client, auth, app):
    auth.login("dco")
    biscuit_imp = seize_dog(client, app, "Biscuit")
    stray = seize(client, app, seized_at="2026-10-19T11:00")
    assert client.post(f"/field/impoundments/{stray}/disposition", data={
        "outcome": "died", "on": "2026-10-20", "cause": "Old age"}).status_code == 303
    page = client.get("/field/impoundments").get_data(as_text=True)
    held, ended = page.split('id="held-now"')[1].split('id="ended"')
    assert f'data-impoundment="{biscuit_imp}"' in held and "Biscuit" in held
    assert "Hold until <strong>Fri 30 Oct 2026</strong>" in held and "9 days left" in held
    assert "$30.00</strong> owed" in held  # first impoundment $20.00 + two days' boarding at $5.00
    assert "Owner known, not notified yet" in held
    assert "Owner may redeem (§8(C))" in held
    assert "Available for adoption or euthanasia from Sat 31 Oct 2026 (§8(E))" in held
    assert "Grey husky" in ended and "Died in care" in ended and "Grey husky" not in held


def test_owner_notice_recorded_from_the_impoundment_page_and_shown_on_the_board(client, auth, app):
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit")
    bad = client.post(f"/field/impoundments/{imp_id}/notices", data={"method": "pigeon", "to_whom": "Mary Miller",
                                                                     "notified_at": "2026-10-19T14:30"})
    assert bad.status_code == 422 and "Choose how" in errors_of(bad)["method"]
    assert 'value="Mary Miller"' in bad.get_data(as_text=True)  # what was typed is kept
    early = client.post(f"/field/impoundments/{imp_id}/notices", data={
        "method": "phone", "to_whom": "Mary Miller", "notified_at": "2026-10-18T14:30"})
    assert early.status_code == 422 and "before the dog was seized" in errors_of(early)["notified_at"]
    ok = client.post(f"/field/impoundments/{imp_id}/notices", data={
        "method": "phone", "to_whom": "Mary Miller", "notified_at": "2026-10-19T14:30", "note": "Will come Friday"})
    assert ok.status_code == 303
    with app.app_context():
        notice = db.session.scalars(db.select(ImpoundmentNotice).filter_by(impoundment_id=imp_id)).one()
        assert (notice.method, notice.to_whom) == ("phone", "Mary Miller") and notice.by.username == "dco"
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "By telephone" in page and "Will come Friday" in page
    board = client.get("/field/impoundments").get_data(as_text=True)
    assert "Owner notified Mon 19 Oct 2026" in board


def test_notice_letter_states_dog_kennel_deadline_what_to_bring_and_fees(client, auth, app):
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert f"/field/impoundments/{imp_id}/notice-letter" in page
    letter = client.get(f"/field/impoundments/{imp_id}/notice-letter").get_data(as_text=True)
    assert "Biscuit" in letter and "Ridge Rd" in letter
    assert "the end of Fri 30 Oct 2026" in letter
    assert "proof of a current dog license" in letter and "identification" in letter
    assert "Impoundment fee, first impoundment in twelve months" in letter and "$30.00" in letter
    assert "data-print" in letter


def test_notice_letter_as_a_pdf_to_mail(client, auth, app):
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit")
    assert f"/field/impoundments/{imp_id}/notice-letter.pdf" in client.get(
        f"/field/impoundments/{imp_id}/notice-letter").get_data(as_text=True)
    answer = client.get(f"/field/impoundments/{imp_id}/notice-letter.pdf")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    text = " ".join(pdf_text(answer.data).split())
    assert "Biscuit" in text and "Fri 30 Oct 2026" in text and "proof of a current dog license" in text
    assert "identification" in text and "$30.00" in text and "§8(D)" in text


def test_s8C_no_current_license_is_refused_with_a_link_to_the_clerks_license_form(client, auth, app):
    auth.login("dco")
    waffles = dog_id(app, "Waffles")  # never licensed
    imp_id = seize(client, app, dog_id=str(waffles), dog_description="", codes=["5A1"],
                   ruled_out=["5A1-under-4-months", "5H-dog-show"])
    dco_page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "Waffles has no current license" in dco_page and "/clerk/dogs/" not in dco_page  # §5(A)(2): not the DCO's
    as_user(client, auth, "clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "Waffles has no current license" in page and f'href="/clerk/dogs/{waffles}/renew"' in page
    refused = client.post(f"/field/impoundments/{imp_id}/redeem", data={**REDEEM, "method": "cash"})
    assert refused.status_code == 422
    assert "no current license" in errors_of(refused)["license"] and "§5(A)(2)" in errors_of(refused)["license"]
    assert impoundment(app, imp_id).status == "held" and payments(app, imp_id) == []


def test_s8C_expired_license_is_refused_with_its_date(client, auth, app):
    auth.login("dco")
    with app.app_context():
        from fieldapp.models import Dog
        db.session.get(Dog, dog_id(app, "Juniper")).current_license.expires_on = date(2026, 9, 30)
        db.session.commit()
    imp_id = seize(client, app, dog_id=str(dog_id(app, "Juniper")), dog_description="", codes=["5A1"],
                   ruled_out=["5A1-under-4-months", "5H-dog-show"])
    as_user(client, auth, "clerk")
    refused = client.post(f"/field/impoundments/{imp_id}/redeem", data={**REDEEM, "method": "cash"})
    assert refused.status_code == 422 and "expired on" in errors_of(refused)["license"]


def test_s8C_license_issued_at_the_counter_leads_back_to_the_redemption(client, auth, app):
    auth.login("dco")
    waffles = dog_id(app, "Waffles")
    imp_id = seize(client, app, dog_id=str(waffles), dog_description="", codes=["5A1"],
                   ruled_out=["5A1-under-4-months", "5H-dog-show"])
    with app.app_context():
        from fieldapp.models import Dog
        from fieldapp.models.licensing import License
        dog = db.session.get(Dog, waffles)
        lic = License(dog=dog, number="L-TEST-1", issued_on=TODAY, expires_on=date(2027, 10, 31), term_years=1,
                      fee_total=Decimal("10.00"), fee_lines=[], status="active", altered=True)
        db.session.add(lic)
        db.session.commit()
        lic_id = lic.id
    as_user(client, auth, "clerk")
    cert = client.get(f"/clerk/licenses/{lic_id}/certificate").get_data(as_text=True)
    assert f'href="/field/impoundments/{imp_id}#impound-redeem"' in cert and "Back to Waffles's redemption" in cert
    assert client.post(f"/field/impoundments/{imp_id}/redeem", data={**REDEEM, "method": "cash"}).status_code == 303


def test_s8C_redemption_needs_identification_and_a_check_number_and_keeps_what_was_typed(client, auth, app):
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit")
    as_user(client, auth, "clerk")
    refused = client.post(f"/field/impoundments/{imp_id}/redeem", data={"payer_name": "Mary Miller",
                                                                       "identification": "", "method": "check"})
    errors = errors_of(refused)
    assert refused.status_code == 422 and "identification" in errors["identification"] and "check" in errors["reference"]
    assert 'value="Mary Miller"' in refused.get_data(as_text=True)
    assert impoundment(app, imp_id).status == "held" and payments(app, imp_id) == []


@pytest.mark.parametrize("role", ["dco", "constable", "police", "justice"])
def test_s8C_only_the_clerk_takes_the_fees_and_others_get_403(client, auth, app, role):
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit")
    as_user(client, auth, role)
    for action in ("redeem", "pay", "waive"):
        assert client.post(f"/field/impoundments/{imp_id}/{action}", data={**REDEEM, "method": "cash",
                                                                         "waive_reason": "x"}).status_code == 403
    assert impoundment(app, imp_id).status == "held"


@pytest.mark.parametrize("role", ["constable", "police", "justice"])
def test_notice_is_recorded_by_the_dco_or_the_clerk_only(client, auth, app, role):
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit")
    as_user(client, auth, role)
    assert client.post(f"/field/impoundments/{imp_id}/notices", data={
        "method": "phone", "to_whom": "Mary Miller", "notified_at": "2026-10-19T14:30"}).status_code == 403


def test_s8C_redeemed_by_check_receipt_lists_typed_lines_and_the_card_no_longer_shows_it_held(client, auth, app):
    auth.login("dco")
    biscuit_id = dog_id(app, "Biscuit")
    imp_id = seize_dog(client, app, "Biscuit")
    assert "Currently IMPOUNDED" in client.get(f"/field/dogs/{biscuit_id}").get_data(as_text=True)
    as_user(client, auth, "clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "Take $30.00 and release the dog" in page
    done = client.post(f"/field/impoundments/{imp_id}/redeem", data={**REDEEM, "method": "check", "reference": "1042"})
    assert done.status_code == 303 and "/field/receipts/R-2026-" in done.headers["Location"]
    receipt = client.get(done.headers["Location"]).get_data(as_text=True)
    assert "Check no. 1042" in receipt and "Mary Miller" in receipt and "$30.00" in receipt
    assert "Impoundment fee, first impoundment in twelve months" in receipt and "Boarding, 2 days" in receipt
    assert payments(app, imp_id) == [("impound", Decimal("20.00"), None), ("boarding", Decimal("10.00"), None)]
    with app.app_context():
        rec = db.session.scalars(db.select(Receipt).filter_by(reference="1042")).one()  # the demo has license receipts too
        assert (rec.method, rec.reference, rec.total) == ("check", "1042", Decimal("30.00"))
    imp = impoundment(app, imp_id)
    assert imp.status == "redeemed" and imp.ended_on == TODAY and "1042" not in imp.end_note
    assert "NY driver license" in imp.end_note and rec.number in imp.end_note
    assert "Currently IMPOUNDED" not in client.get(f"/field/dogs/{biscuit_id}").get_data(as_text=True)
    record = client.get(f"/clerk/dogs/{biscuit_id}").get_data(as_text=True)
    assert "impoundment-balance-due" not in record  # paid: nothing owed (§8(D))
    steps = record.split("data-case-steps")[1].split("</ol>")[0]
    order = [steps.index(w) for w in ("Seized and impounded", "Paid $20.00", "Paid $10.00", "Redeemed by the owner")]
    assert order == sorted(order)


def test_s8C1_fees_rise_with_the_dogs_impoundments_in_twelve_months_from_the_settings(client, auth, app):
    with app.app_context():
        set_setting("fee_impoundment_third", "75.00", effective_on=date(2026, 1, 1))
        set_setting("fee_boarding_daily", "0.00", effective_on=date(2026, 1, 1))
        db.session.commit()
    auth.login("dco")
    # §8(E): each earlier case transferred after its redemption period (nine business days).
    for day, ended in (("2026-08-03", "2026-08-19"), ("2026-09-01", "2026-09-16")):
        earlier = seize_dog(client, app, "Biscuit", at=f"{day}T10:00")
        client.post(f"/field/impoundments/{earlier}/disposition", data={"outcome": "transferred", "on": ended,
                                                                        "transferred_to": "Back home by the SPCA"})
    imp_id = seize_dog(client, app, "Biscuit")
    as_user(client, auth, "clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "third or later impoundment in twelve months" in page and "Take $75.00 and release the dog" in page


def test_s8C2_a_dog_under_a_dangerous_order_pays_30_for_each_further_24_hours(client, auth, app):
    with app.app_context():
        justice = db.session.scalars(db.select(User).filter_by(username="justice")).one()
        db.session.add(CourtOrder(dog_id=dog_id(app, "Pickles"), kind="dangerous", ordered_on=date(2026, 9, 1),
                                  terms="Leashed and muzzled off the premises", ordered_by_id=justice.id))
        db.session.commit()
    auth.login("dco")
    imp_id = seize_dog(client, app, "Pickles")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "held as a dangerous dog" in page and "further 24-hour period" in page and "§8(C)(2)" in page
    # The owner's letter and its PDF name the fee from the town's law, not a number of their own.
    further = "a dangerous dog $30.00 for each further 24 hours (§8(C)(2))"
    assert further in client.get(f"/field/impoundments/{imp_id}/notice-letter").get_data(as_text=True)
    assert further in " ".join(pdf_text(client.get(f"/field/impoundments/{imp_id}/notice-letter.pdf").data).split())


def test_s8D_known_owner_owes_the_fees_of_an_unredeemed_dog_on_the_counters_pages_until_paid(client, auth, app):
    auth.login("dco")
    biscuit_id = dog_id(app, "Biscuit")
    imp_id = seize_dog(client, app, "Biscuit")
    client.post(f"/field/impoundments/{imp_id}/disposition", data={"outcome": "died", "on": "2026-10-20",
                                                                        "cause": "Hit by a car before it was seized"})
    as_user(client, auth, "clerk")
    with app.app_context():
        from fieldapp.models import Dog
        owner_id = db.session.get(Dog, biscuit_id).primary_owner.id
    # Fees to the day the case ended (one day's boarding), not to today.
    for url in (f"/clerk/dogs/{biscuit_id}", f"/clerk/owners/{owner_id}", f"/clerk/dogs/{biscuit_id}/renew"):
        html = client.get(url).get_data(as_text=True)
        assert "Impoundment fees owed (§8(D))" in html and "$25.00" in html, url
    board = client.get("/field/impoundments").get_data(as_text=True)
    assert "$25.00 owed (§8(D))" in board
    paid = client.post(f"/field/impoundments/{imp_id}/pay", data={"pay_method": "money_order", "pay_reference": "",
                                                                  "pay_payer_name": "Mary Miller"})
    assert paid.status_code == 422 and "money order number" in errors_of(paid)["pay_reference"]
    paid = client.post(f"/field/impoundments/{imp_id}/pay", data={"pay_method": "money_order", "pay_reference": "MO-77",
                                                                  "pay_payer_name": "Mary Miller"})
    assert paid.status_code == 303
    assert [k for k, _, _ in payments(app, imp_id)] == ["impound", "boarding"]
    assert "Impoundment fees owed" not in client.get(f"/clerk/owners/{owner_id}").get_data(as_text=True)
    again = client.post(f"/field/impoundments/{imp_id}/pay", data={"pay_method": "cash", "pay_payer_name": "M"})
    assert again.status_code == 422 and "Nothing is owed" in errors_of(again)["pay"]


def test_s8D_balance_waived_with_a_reason_is_a_zero_line_and_owed_no_more(client, auth, app):
    auth.login("dco")
    biscuit_id = dog_id(app, "Biscuit")
    imp_id = seize_dog(client, app, "Biscuit")
    client.post(f"/field/impoundments/{imp_id}/disposition", data={"outcome": "died", "on": "2026-10-20", "cause": "Old age"})
    as_user(client, auth, "clerk")
    refused = client.post(f"/field/impoundments/{imp_id}/waive", data={"waive_reason": " "})
    assert refused.status_code == 422 and "reason" in errors_of(refused)["waive_reason"]
    assert client.post(f"/field/impoundments/{imp_id}/waive",
                       data={"waive_reason": "Town Board, 4 Nov: dog died in care"}).status_code == 303
    assert payments(app, imp_id) == [("impound", Decimal("0.00"), "Town Board, 4 Nov: dog died in care"),
                                     ("boarding", Decimal("0.00"), "Town Board, 4 Nov: dog died in care")]
    record = client.get(f"/clerk/dogs/{biscuit_id}").get_data(as_text=True)
    assert "Impoundment fees owed" not in record and "Fee waived" in record


def test_s8D_no_owner_known_no_one_is_billed(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)  # a husky with no record and no owner named
    client.post(f"/field/impoundments/{imp_id}/disposition", data={"outcome": "died", "on": "2026-10-20", "cause": "Old age"})
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "no owner is known to bill (§8(D))" in page
    with app.app_context():
        assert db.session.get(Impoundment, imp_id).owner_known is False


def test_s8C_a_seized_dog_with_no_record_is_licensed_at_the_counter_then_redeemed(client, auth, app):
    from ..clerk.test_licensing_issue import new_dog_form
    auth.login("dco")
    imp_id = seize(client, app, owner_named="Ellen Ramsey")  # no tag, no record
    as_user(client, auth, "clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "no record" in page and f'href="/clerk/licenses/new?impoundment={imp_id}"' in page
    issued = client.post(f"/clerk/licenses/new?impoundment={imp_id}", data=new_dog_form(**{
        "dog-name": "Husky", "dog-breed": "Siberian Husky", "dog-color": "grey", "term_years": "1"}))
    assert issued.status_code == 302, re.findall(r"<li>[^<]*</li>", issued.get_data(as_text=True))
    cert = client.get(issued.headers["Location"]).get_data(as_text=True)
    assert f'href="/field/impoundments/{imp_id}#impound-redeem"' in cert
    assert impoundment(app, imp_id).dog_id is not None
    assert client.post(f"/field/impoundments/{imp_id}/redeem", data={
        **REDEEM, "payer_name": "Ellen Ramsey", "method": "cash"}).status_code == 303
    assert impoundment(app, imp_id).status == "redeemed"


def test_the_kennel_board_is_at_impoundments_too(client, auth):
    auth.login("dco")
    answer = client.get("/impoundments")
    assert answer.status_code == 200 and b"Kennel board" in answer.data


def test_s8B_a_stray_licensed_at_the_counter_has_a_known_owner_and_nine_business_days(client, auth, app):
    from ..clerk.test_licensing_issue import new_dog_form
    auth.login("dco")
    imp_id = seize(client, app)  # no tag, no record, no owner named: five business days
    before = impoundment(app, imp_id)
    assert before.owner_known is False
    as_user(client, auth, "clerk")
    issued = client.post(f"/clerk/licenses/new?impoundment={imp_id}", data=new_dog_form(**{
        "dog-name": "Husky", "dog-breed": "Siberian Husky", "dog-color": "grey", "term_years": "1"}))
    assert issued.status_code == 302
    after = impoundment(app, imp_id)
    assert after.owner_known is True and after.redemption_deadline > before.redemption_deadline


def test_redemption_tapped_twice_takes_the_fees_once(client, auth, app):
    """The counter is exactly-once: the redemption form carries a one-time key; the same key
    again (a double tap, a retry after a lost answer) is sent to the first receipt."""
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit")
    as_user(client, auth, "clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    key = re.search(r'name="once_key" value="([0-9a-f-]{36})"', page).group(1)
    data = {**REDEEM, "method": "check", "reference": "2077", "once_key": key}
    first = client.post(f"/field/impoundments/{imp_id}/redeem", data=data)
    again = client.post(f"/field/impoundments/{imp_id}/redeem", data=data)
    assert first.status_code == 303 and again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    with app.app_context():
        assert len(db.session.scalars(db.select(Receipt).filter_by(reference="2077")).all()) == 1
