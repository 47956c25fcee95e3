"""The clerk's month at the counter: receipts with how they were paid, the daily and monthly cash
reports reconciled with their payment lines, the §5(D) remittance, renewal notices (§5(A)(4),
§5(B), §5(J)(2)), applications by mail (§5(A)(3)) and the §5(F) record for the Commissioner."""
import csv
import io
from datetime import timedelta
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, DogNotice, License, MailApplication, Payment, Receipt, RenewalNotice
from fieldapp.services import clerk_reports
from fieldapp.settings import set_setting
from fieldapp.timeutil import local_today

from ..factories import made, make_licensed_dog, make_owner
from .test_licensing_issue import new_dog_form


def _dog(name):
    return db.session.scalars(db.select(Dog).filter_by(name=name).order_by(Dog.id.desc())).first()


def _form(**over):
    """A new dog's form dated from today (the demo town is dated from today)."""
    today = local_today()
    return new_dog_form(**{"rabies_vaccinated_on": (today - timedelta(days=30)).isoformat(),
                           "rabies_valid_until": (today + timedelta(days=900)).isoformat(),
                           "dog-born_on": (today - timedelta(days=800)).isoformat(), **over})


# --- money --------------------------------------------------------------------------------------

def test_license_paid_by_check_has_a_receipt_with_its_number(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=_form(method="check", reference="1041"))
    assert r.status_code == 302
    page = clerk.get(r.headers["Location"]).get_data(as_text=True)
    assert "check No. 1041" in page and "Receipt <strong>R-" in page
    with app.app_context():
        lic = _dog("Scout").current_license
        receipt = lic.receipt
        assert receipt.method == "check" and receipt.reference == "1041"
        assert receipt.payer_name == "Ellen Ramsey"
        assert receipt.total == lic.fee_total
        assert all(p.receipt_id == receipt.id for p in lic.payments)


def test_license_paid_by_default_in_cash(clerk, app):
    page = clerk.get("/clerk/licenses/new").get_data(as_text=True)
    assert '<input checked id="method-0" name="method" type="radio" value="cash">' in page
    clerk.post("/clerk/licenses/new", data=_form())
    with app.app_context():
        assert _dog("Scout").current_license.receipt.method == "cash"


def test_check_without_its_number_is_refused_and_the_form_keeps_what_was_typed(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=_form(method="check", reference="", **{"dog-name": "Biscuit"}))
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "Write the check number." in page
    assert 'value="Biscuit"' in page and 'aria-describedby="reference-error' in page
    with app.app_context():
        assert _dog("Biscuit") is None


def test_replacement_tag_and_fine_take_a_receipt(clerk, app):
    max_id = made(app, make_licensed_dog)
    r = clerk.post(f"/tags/replace/{max_id}", data={"method": "money_order", "reference": "MO-9"})
    assert r.status_code in (200, 302)
    with app.app_context():
        line = db.session.scalars(db.select(Payment).filter_by(dog_id=max_id, kind="replacement_tag")
                                  .order_by(Payment.id.desc())).first()
        assert line.receipt.method == "money_order" and line.receipt.reference == "MO-9"


def test_cash_report_of_the_month_reconciles_with_the_payment_lines(clerk, app):
    clerk.post("/clerk/licenses/new", data=_form(method="check", reference="1041"))
    clerk.post("/clerk/licenses/new", data=_form(**{"dog-name": "Rosie", "altered": "no"}))
    today = local_today()
    r = clerk.get(f"/clerk/money/month?month={today:%Y-%m}")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert "Check 1041" in page and "Reconciled" in page and "NOT RECONCILED" not in page
    with app.app_context():
        first = today.replace(day=1)
        report = clerk_reports.cash_report_for(first, today)
        in_db = db.session.scalars(db.select(Payment).where(Payment.received_on >= first,
                                                            Payment.received_on <= today)).all()
        assert report.total == sum((p.amount for p in in_db), Decimal("0.00"))
        assert {ln.payment_id for ln in report.lines} == {p.id for p in in_db}
        assert report.reconciles
        by = {t.key: t.amount for t in report.by_fee_type}
        assert by["license_altered"] >= Decimal("10.00") and by["license_unaltered"] >= Decimal("15.00")
        assert {t.key for t in report.by_method} >= {"cash", "check"}
        # §5(D): this month's population-control fees: $1 (Scout, altered) + $3 (Rosie).
        assert report.remittance.total >= Decimal("4.00")
    assert f"{report.total:,.2f}" in page


def test_s5D_daily_cash_report_and_the_remittance_for_a_period(clerk, app):
    clerk.post("/clerk/licenses/new", data=_form(**{"altered": "no"}))
    today = local_today()
    day = clerk.get(f"/clerk/money/day?on={today.isoformat()}").get_data(as_text=True)
    assert "Unaltered" in day or "unaltered" in day
    r = clerk.get(f"/clerk/money/remittance?from={today.isoformat()}&to={today.isoformat()}")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert "Amount to remit to the state" in page and "$3.00" in page


def test_bad_period_keeps_what_was_typed(clerk):
    r = clerk.get("/clerk/money/remittance?from=2026-03-31&to=2026-03-01")
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "be before the first day." in page and 'value="2026-03-31"' in page
    assert clerk.get("/clerk/money/month?month=March").status_code == 422


def test_money_pages_are_the_clerks_and_reachable_from_home(client, auth):
    auth.login("clerk")
    assert "/clerk/money/" in client.get("/").get_data(as_text=True)
    auth.logout()
    auth.login("dco")
    assert client.get("/clerk/money/month").status_code == 403
    assert "/clerk/money/" not in client.get("/").get_data(as_text=True)


# --- §5(F) the record for the Commissioner ------------------------------------------------------

def test_s5F_licenses_issued_in_a_period_as_csv_with_the_s5E_fields(clerk, app):
    clerk.post("/clerk/licenses/new", data=_form())
    today = local_today()
    r = clerk.get(f"/clerk/reports/licenses.csv?from={today.isoformat()}&to={today.isoformat()}")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True))))
    scout = next(row for row in rows if row["Dog"] == "Scout")
    assert scout["Owner(s)"] == "Ellen Ramsey" and scout["Telephone"] == "(315) 387-4242"
    assert scout["Residence address"].startswith("42 Lake Rd")
    assert scout["Breed"] == "Beagle" and scout["Color"] == "tricolor" and scout["Sex"] == "Male"
    assert scout["Spayed/neutered"] == "Yes" and scout["Markings"] == "white tail tip"
    pdf = clerk.get(f"/clerk/reports/licenses.pdf?from={today.isoformat()}&to={today.isoformat()}")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    assert clerk.get("/clerk/reports/licenses.csv?from=&to=").status_code == 422


# --- renewals ------------------------------------------------------------------------------------

@pytest.fixture
def due(app):
    """Biscuit's license ends in 20 days and his rabies certificate in 10: a renewal needs a new one."""
    with app.app_context():
        today = local_today()
        dog = make_licensed_dog(make_owner(email="biscuit.owner@example.org"), name="Biscuit")
        lic = dog.current_license
        lic.expires_on = today + timedelta(days=20)
        dog.current_rabies.valid_until = today + timedelta(days=10)
        db.session.commit()
        return {"dog_id": dog.id, "license_id": lic.id, "owner": dog.primary_owner.full_name}


def test_renewal_list_30_days_shows_the_dog_needing_a_new_rabies_certificate(clerk, due):
    page = clerk.get("/clerk/renewals/?within=30").get_data(as_text=True)
    assert "Biscuit" in page and "Needs a new rabies certificate" in page
    assert due["owner"] in page


def test_renewal_letters_pdf_records_a_notice_on_each_license(clerk, app, due):
    r = clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "1"})
    assert r.status_code == 200 and r.headers["Content-Type"] == "application/pdf" and r.data.startswith(b"%PDF")
    with app.app_context():
        notices = db.session.scalars(db.select(RenewalNotice).filter_by(license_id=due["license_id"])).all()
        assert len(notices) == 1 and notices[0].channel == "letter" and notices[0].needs_rabies
        assert notices[0].fee_quoted > 0
    labels = clerk.get("/clerk/renewals/labels.pdf?within=30")
    assert labels.status_code == 200 and labels.data.startswith(b"%PDF")


def test_renewal_letters_leave_the_phones_copy_as_it_was(clerk, app, due):
    """A letter is the clerk's, not the roadside's: a month's letters must not send every dog
    renewed back down to the phones."""
    with app.app_context():
        before = db.session.scalar(db.select(db.func.max(Dog.data_version)))
    clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "1"})
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(RenewalNotice)) >= 1
        assert db.session.scalar(db.select(db.func.max(Dog.data_version))) == before


def test_renewal_letter_text_has_each_dog_its_fee_and_what_to_bring(app, due):
    from fieldapp.services import renewals
    with app.app_context():
        today = local_today()
        letter = next(lt for lt in renewals.owner_letters(renewals.renewal_items(today, 30))
                      if any(i.dog.id == due["dog_id"] for i in lt.items))
        text = renewals.letter_text(letter, today)
        assert "Biscuit" in text and "rabies certificate for Biscuit" in text and "§5(A)(3)" in text
        item = next(i for i in letter.items if i.dog.id == due["dog_id"])
        assert f"${item.fee_total:,.2f}" in text
        assert {ln.kind for ln in item.fee_lines} >= {"population_surcharge"}


def test_renewal_notices_by_email_where_the_owner_gave_one(clerk, app, due, smtp_sink):
    with app.app_context():
        set_setting("mail_server", f"127.0.0.1:{smtp_sink.server_address[1]}")
        set_setting("mail_from", "clerk@sandycreekny.example")
        db.session.commit()
    r = clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "1", "email": "1"})
    assert r.status_code == 200
    assert any("biscuit.owner@example.org" in " ".join(m["rcpt"]) for m in smtp_sink.messages)
    with app.app_context():
        notice = db.session.scalars(db.select(RenewalNotice).filter_by(license_id=due["license_id"])).one()
        assert notice.channel == "email"


def test_s5J2_death_reported_upon_receipt_of_a_renewal_notice_links_to_it(clerk, app, due):
    clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "1"})
    today = local_today().isoformat()
    r = clerk.post(f"/clerk/dogs/{due['dog_id']}/notices/new",
                   data={"kind": "death", "occurred_on": today, "filed_on": today, "upon_renewal_notice": "y"})
    assert r.status_code == 302
    with app.app_context():
        notice = db.session.scalars(db.select(DogNotice).filter_by(dog_id=due["dog_id"], kind="death")).one()
        sent = db.session.scalars(db.select(RenewalNotice).filter_by(license_id=due["license_id"])).one()
        assert notice.details["renewal_notice_id"] == sent.id
    page = clerk.get(f"/clerk/dogs/{due['dog_id']}").get_data(as_text=True)
    assert "upon receipt of the renewal notice" in page


def test_s5J2_upon_renewal_notice_refused_when_none_was_sent(clerk, app):
    dog_id = made(app, make_licensed_dog)
    today = local_today().isoformat()
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new",
                   data={"kind": "death", "occurred_on": today, "filed_on": today, "upon_renewal_notice": "y",
                         "remarks": "hit by a car"})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "No renewal notice was sent" in page and 'value="hit by a car"' in page


def test_renewals_are_the_clerks(client, auth):
    auth.login("dco")
    assert client.get("/clerk/renewals/").status_code == 403


# --- §5(A)(3) by mail ----------------------------------------------------------------------------

def test_s5A3_mail_in_on_hold_letter_then_issued_with_its_check_and_mailed(clerk, app, due):
    dog_id = due["dog_id"]
    today = local_today()
    r = clerk.post(f"/clerk/dogs/{dog_id}/mail-in/new", data={
        "received_on": today.isoformat(), "method": "check", "reference": "2210", "amount": "13.00",
        "missing": ["rabies_certificate"]})
    assert r.status_code == 302
    with app.app_context():
        ma = db.session.scalars(db.select(MailApplication).filter_by(dog_id=dog_id)).one()
        assert ma.status == "on_hold" and ma.missing == ["rabies_certificate"] and ma.reference == "2210"
        mail_id = ma.id
    letter = clerk.get(f"/clerk/mail/{mail_id}/letter.pdf")
    assert letter.status_code == 200 and letter.data.startswith(b"%PDF")
    # On hold: the license is refused.
    form = _form(**{k: None for k in list(new_dog_form()) if k.startswith(("owner-", "dog-"))})
    held = clerk.post(f"/clerk/dogs/{dog_id}/renew?mail={mail_id}", data={**form, "term_years": "1"})
    assert held.status_code == 422 and "on hold" in held.get_data(as_text=True)
    # The certificate came: ready; the license form takes the check enclosed.
    assert clerk.post(f"/clerk/mail/{mail_id}/documents", data={}).status_code == 302
    page = clerk.get(f"/clerk/dogs/{dog_id}/renew?mail={mail_id}").get_data(as_text=True)
    assert 'value="2210"' in page and "Application by mail received" in page
    r = clerk.post(f"/clerk/dogs/{dog_id}/renew?mail={mail_id}",
                   data={**form, "term_years": "1", "method": "check", "reference": "2210"})
    assert r.status_code == 302, r.get_data(as_text=True)
    with app.app_context():
        ma = db.session.get(MailApplication, mail_id)
        assert ma.status == "issued" and ma.license.receipt.reference == "2210"
        assert ma.license.receipt.method == "check"
    r = clerk.post(f"/clerk/mail/{mail_id}/mailed", data={"mailed_on": today.isoformat()})
    assert r.status_code == 302
    with app.app_context():
        assert db.session.get(MailApplication, mail_id).mailed_on == today


def test_s5A3_mail_in_without_the_check_number_keeps_what_was_typed(clerk, app):
    dog_id = made(app, make_licensed_dog)
    r = clerk.post(f"/clerk/dogs/{dog_id}/mail-in/new", data={
        "received_on": local_today().isoformat(), "method": "check", "reference": "", "amount": "16.00",
        "notes": "envelope torn"})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "Write the check number." in page and 'value="16.00"' in page and 'value="envelope torn"' in page


def test_s5A3_mail_in_with_no_payment_is_on_hold_for_the_fee(clerk, app):
    dog_id = made(app, make_licensed_dog)
    clerk.post(f"/clerk/dogs/{dog_id}/mail-in/new", data={
        "received_on": local_today().isoformat(), "method": "cash", "amount": "0"})
    with app.app_context():
        ma = db.session.scalars(db.select(MailApplication).filter_by(dog_id=dog_id)).one()
        assert ma.status == "on_hold" and ma.missing == ["fee"]


def test_receipts_numbered_per_year(app):
    with app.app_context():
        from fieldapp.services.money import PaymentLine, record_receipt
        a = record_receipt([PaymentLine("fine", Decimal("5.00"))], received_on=local_today())
        b = record_receipt([PaymentLine("fine", Decimal("5.00"))], received_on=local_today())
        assert a.number != b.number and a.number.startswith(f"R-{local_today().year}-")
        assert db.session.scalars(db.select(Receipt)).all()
        assert db.session.scalars(db.select(License)).first() is not None


# --- follow-up lists ----------------------------------------------------------------------------

def test_follow_up_lists_never_licensed_known_dogs_and_licenses_expired_over_30_days(clerk, app):
    with app.app_context():
        duke = _dog("Duke")
        duke.current_license.expires_on = local_today() - timedelta(days=45)
        tucker_id, duke_id = _dog("Tucker").id, duke.id
        db.session.commit()
    page = clerk.get("/clerk/follow-up/").get_data(as_text=True)
    assert "Tucker" in page and "dog enumeration" in page  # §5(K): identified as unlicensed
    assert "Duke" in page
    assert "/clerk/follow-up/" in clerk.get("/").get_data(as_text=True)
    for dog_id in (tucker_id, duke_id):
        r = clerk.get(f"/clerk/follow-up/dogs/{dog_id}/letter.pdf")
        assert r.status_code == 200 and r.data.startswith(b"%PDF")
    with app.app_context():
        max_id = _dog("Max").id
    assert clerk.get(f"/clerk/follow-up/dogs/{max_id}/letter.pdf").status_code == 404


def test_renewal_letters_a_second_time_leave_out_licenses_already_sent_unless_asked(clerk, app, due):
    clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "1"})
    clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "1"})
    with app.app_context():
        assert len(db.session.scalars(db.select(RenewalNotice).filter_by(license_id=due["license_id"])).all()) == 1
    clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "1", "again": "1"})
    with app.app_context():
        assert len(db.session.scalars(db.select(RenewalNotice).filter_by(license_id=due["license_id"])).all()) == 2


def test_renewal_letter_prints_cleanly_with_an_expired_license(clerk, app, due):
    """What the owner receives must read cleanly: "expired October 31, 2026" wraps in its
    column instead of running into the fee."""
    from tests.pdf_layout import overprints, text_runs
    with app.app_context():
        lic = db.session.get(License, due["license_id"])
        lic.expires_on = local_today() - timedelta(days=40)
        db.session.commit()
    r = clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "1"})
    assert r.status_code == 200
    assert any("expired" in run[4] for page in text_runs(r.data) for run in page)
    assert overprints(r.data) == []


def test_aml109_a_state_law_towns_renewal_letter_cites_the_statute(app, due):
    """AML §109(1)(a): "a license shall be issued or renewed for a period of at least one year": the
    letter of a town under the state law alone cites it, and no section of a local law it has not."""
    import re

    from fieldapp.services import renewals
    with app.app_context():
        set_setting("town_law", "aml-article-7")
        db.session.commit()
        today = local_today()
        letter = next(lt for lt in renewals.owner_letters(renewals.renewal_items(today, 30))
                      if any(i.dog.id == due["dog_id"] for i in lt.items))
        text = renewals.letter_text(letter, today)
    assert "AML §109(1)(a)" in text and "rabies certificate for Biscuit" in text
    assert not re.findall(r"(?<!AML )(?<!CPL )§\d{1,2}(?![\d.])", text), text
