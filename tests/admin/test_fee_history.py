"""A fee changed by resolution of the Town Board applies from its date, never back (§5(K)'s and
§8(C)(1)'s "set from time to time by resolution"): a redeemed and paid case keeps what it cost, an
open case boards each day at the fee in force that day, a license is priced on the day issued.
Today is pinned to Wed 21 Oct 2026 (the kennel tests' day)."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, SettingChange
from fieldapp.settings import get_setting, set_setting, setting_on

from ..factories import made, make_licensed_dog
from ..field.test_impoundment_outcomes import impoundment
from ..field.test_kennel import REDEEM, TODAY, as_user, seize_dog
from ..roadside import errors_of
from .test_admin_settings import current_form


@pytest.fixture
def app(make_app):
    return make_app(FIXED_TODAY=TODAY)


@pytest.fixture
def biscuit(app) -> int:
    """A licensed dog of the test's own, never impounded before (a first impoundment's fee)."""
    return made(app, make_licensed_dog, name="Biscuit")


def change_boarding(client, app, amount, effective_on=""):
    data = current_form(app)
    data.update(fee_boarding_daily=amount, fee_boarding_daily__authority="Resolution 2026-31 of 2026-10-20",
                effective_on=effective_on)
    return client.post("/admin/", data=data)


def test_s8C_a_fee_change_never_rebills_a_case_redeemed_and_paid(client, auth, app, biscuit):
    auth.login("dco")
    dog_id = biscuit
    imp_id = seize_dog(client, app, "Biscuit", at="2026-10-19T10:00")  # two days at $5.00, and $20.00
    as_user(client, auth, "clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "Take $30.00 and release the dog" in page
    assert client.post(f"/field/impoundments/{imp_id}/redeem", data={**REDEEM, "method": "cash"}).status_code == 303
    as_user(client, auth, "admin")
    assert change_boarding(client, app, "7.50").status_code == 302
    with app.app_context():
        assert get_setting("fee_boarding_daily") == Decimal("7.50")
        assert setting_on("fee_boarding_daily", date(2026, 10, 20)) == Decimal("5.00")
        owner_id = db.session.get(Dog, dog_id).primary_owner.id
        assert impoundment(app, imp_id).fees_closed  # what it cost as it closed
    as_user(client, auth, "clerk")
    for url in (f"/clerk/dogs/{dog_id}", f"/clerk/owners/{owner_id}", f"/field/impoundments/{imp_id}"):
        page = client.get(url).get_data(as_text=True)
        assert "Impoundment fees owed" not in page and "$5.00 owed" not in page, url
    assert "Boarding, 2 days at $5.00" in client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)


def test_s8C_a_case_closed_keeps_its_cost_even_for_a_day_the_new_fee_covers(client, auth, app, biscuit):
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit", at="2026-10-21T08:00")  # seized and redeemed today: one day
    as_user(client, auth, "clerk")
    assert client.post(f"/field/impoundments/{imp_id}/redeem", data={**REDEEM, "method": "cash"}).status_code == 303
    as_user(client, auth, "admin")
    assert change_boarding(client, app, "7.50").status_code == 302  # from today, the day it was held
    as_user(client, auth, "clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "Boarding, 1 day at $5.00" in page and "Impoundment fees owed" not in page


def test_s8C_an_open_case_boards_each_day_at_the_fee_in_force_that_day(client, auth, app, biscuit):
    auth.login("dco")
    imp_id = seize_dog(client, app, "Biscuit", at="2026-10-19T10:00")
    as_user(client, auth, "admin")
    assert change_boarding(client, app, "7.50").status_code == 302
    app.config["FIXED_TODAY"] = date(2026, 10, 23)  # two days at $5.00, two at $7.50
    as_user(client, auth, "clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "Boarding, 2 days at $5.00 and 2 days at $7.50" in page and "Take $45.00 and release the dog" in page


def test_s8C_a_fee_change_is_dated_today_or_later_never_back(client, auth, app):
    auth.login("admin")
    refused = change_boarding(client, app, "7.50", effective_on="2026-10-01")
    assert refused.status_code == 422 and "never back" in errors_of(refused)["effective_on"]
    ahead = change_boarding(client, app, "7.50", effective_on="2027-01-01")
    assert ahead.status_code == 302
    with app.app_context():
        assert get_setting("fee_boarding_daily") == Decimal("5.00")  # not yet
        assert setting_on("fee_boarding_daily", date(2027, 1, 1)) == Decimal("7.50")
        assert [r.effective_on for r in db.session.scalars(db.select(SettingChange).filter_by(
            key="fee_boarding_daily").order_by(SettingChange.id))][-1] == date(2027, 1, 1)
    assert "From Fri 1 Jan 2027: $7.50" in client.get("/admin/").get_data(as_text=True)
    log = client.get("/admin/activity").get_data(as_text=True).split('id="settings-changes"')[1]
    assert "2027-01-01" in log.split('id="exports"')[0]  # the change dated ahead is in the log already


def test_s5K_a_license_is_priced_at_the_fee_in_force_on_the_day_it_is_issued(app):
    from fieldapp.services.licensing.fees import fee_schedule
    with app.app_context():
        set_setting("fee_altered", "12.00", effective_on=date(2027, 1, 1))
        db.session.commit()
        assert fee_schedule(date(2026, 12, 31))["altered_fee"] == Decimal("10.00")
        assert fee_schedule(date(2027, 1, 1))["altered_fee"] == Decimal("12.00")


def test_s5K_an_application_by_mail_is_priced_on_the_day_it_came_not_after_a_later_fee_change(client, auth, app):
    from fieldapp.models import MailApplication

    from ..clerk.test_licensing_issue import new_dog_form
    auth.login("clerk")
    made = client.post("/clerk/mail/new", data={
        "applicant_name": "Ellen Ramsey", "applicant_address": "42 Lake Rd", "dog_name": "Scout",
        "received_on": "2026-10-16", "method": "check", "reference": "5150", "amount": "21.00"})
    mail_id = int(made.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    with app.app_context():
        set_setting("fee_altered", "12.00", authority="Resolution 2026-31")  # from today, after it came
        db.session.commit()
    form = client.get(f"/clerk/licenses/new?mail={mail_id}").get_data(as_text=True)
    assert f'name="quote_mail" value="{mail_id}"' in form
    quote = client.post("/clerk/licenses/quote", data={
        "rabies_kind": "certificate", "rabies_valid_until": "2029-06-01", "altered": "certificate",
        "term_years": "2", "quote_mail": str(mail_id)}).get_data(as_text=True)
    assert "$21.00" in quote  # $10.00 x 2 + $1.00, the fee of the day it came
    done = client.post(f"/clerk/licenses/new?mail={mail_id}", data=new_dog_form(method="check", reference="5150",
                                                                                rabies_valid_until="2029-06-01"))
    assert done.status_code == 302 and "/certificate" in done.headers["Location"], done.get_data(as_text=True)[-3000:]
    with app.app_context():
        lic = db.session.get(MailApplication, mail_id).license
        assert lic.fee_total == Decimal("21.00")
