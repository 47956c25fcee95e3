"""§5(K) the dog enumeration at the clerk's office: the demo town's enumeration (Resolution 2026-7,
open, Tucker identified as unlicensed), a dog marked identified (the clerk from the enumeration's
page, the DCO from the dog's record), the surcharge added to its license once and taken in with
its receipt, the Town's expenses, and the year's report; who may do each."""
import re
from datetime import timedelta
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, EnumerationExpense, EnumerationIdentification, EnumerationResolution, Payment
from fieldapp.timeutil import local_today


def ids(app, *names):
    with app.app_context():
        enum = db.session.scalars(db.select(EnumerationResolution)).one()
        dogs = [db.session.scalars(db.select(Dog).filter_by(name=n)).one().id for n in names]
        return enum.id, *dogs


def renewal_form(**over):
    today = local_today()
    data = {"rabies_kind": "certificate", "rabies_vet": "Pulaski Animal Hospital",
            "rabies_vaccinated_on": (today - timedelta(days=30)).isoformat(),
            "rabies_valid_until": (today + timedelta(days=3 * 365)).isoformat(), "rabies_number": "RV-5K",
            "altered": "certificate", "exemption": "", "license_kind": "individual", "term_years": "1",
            "method": "cash"}
    data.update(over)
    return data


def test_s5K_clerk_taps_from_home_to_the_enumeration_and_its_identified_dog(clerk, app):
    enum_id, tucker = ids(app, "Tucker")
    assert "/clerk/enumerations/" in clerk.get("/").get_data(as_text=True)
    index = clerk.get("/clerk/enumerations/").get_data(as_text=True)
    assert "Resolution 2026-7 (demo)" in index and f"/clerk/enumerations/{enum_id}" in index
    page = clerk.get(f"/clerk/enumerations/{enum_id}").get_data(as_text=True)
    assert "Tucker" in page and "Surcharge $5.00 charged, not paid yet" in page and "Not licensed" in page
    assert f"/clerk/dogs/{tucker}/renew" in page
    assert "Printing the census cards (demo)" in page and "$36.00" in page


def test_s5K_license_of_an_identified_dog_adds_the_surcharge_and_takes_it_on_the_receipt(clerk, app):
    enum_id, tucker = ids(app, "Tucker")
    form = " ".join(clerk.get(f"/clerk/dogs/{tucker}/renew").get_data(as_text=True).split())
    assert "was identified as unlicensed in the enumeration of Resolution 2026-7 (demo)" in form
    quote = clerk.post("/clerk/licenses/quote", data={**renewal_form(), "quote_dog": tucker})
    assert 'data-kind="enumeration_surcharge"' in quote.get_data(as_text=True)
    r = clerk.post(f"/clerk/dogs/{tucker}/renew", data=renewal_form())
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    with app.app_context():
        dog = db.session.get(Dog, tucker)
        lic = dog.current_license
        surcharge = db.session.scalars(db.select(Payment).filter_by(license_id=lic.id, kind="enumeration_surcharge")).one()
        assert surcharge.amount == Decimal("5.00") and surcharge.receipt.number.startswith("R-")
        ident = db.session.scalars(db.select(EnumerationIdentification).filter_by(dog_id=tucker)).one()
        assert ident.license_id == lic.id
        receipt = surcharge.receipt.number
    page = clerk.get(f"/clerk/enumerations/{enum_id}").get_data(as_text=True)
    assert f"Surcharge $5.00 charged and paid on license {lic.number}, receipt {receipt}" in page
    assert "Licensed now" in page
    # Once only: the next license (a new tag, a renewal) does not charge it again.
    r = clerk.post(f"/clerk/dogs/{tucker}/renew", data=renewal_form(term_years="2"))
    assert r.status_code == 302
    with app.app_context():
        assert len(db.session.scalars(db.select(Payment).filter_by(dog_id=tucker, kind="enumeration_surcharge")).all()) == 1


def test_s5K_surcharge_is_charged_on_a_license_issued_after_the_enumeration_closed(clerk, app):
    enum_id, tucker = ids(app, "Tucker")
    with app.app_context():
        db.session.get(EnumerationResolution, enum_id).closes_on = local_today() - timedelta(days=1)
        db.session.commit()
    assert clerk.post(f"/clerk/dogs/{tucker}/renew", data=renewal_form()).status_code == 302
    with app.app_context():
        lic = db.session.get(Dog, tucker).current_license
        assert ("enumeration_surcharge", "5.00") in [(ln["kind"], ln["amount"]) for ln in lic.fee_lines]


def test_s5K_clerk_finds_and_marks_a_dog_identified_unlicensed(clerk, app):
    enum_id, duke = ids(app, "Duke")  # Duke's license expired 40 days ago
    page = clerk.get(f"/clerk/enumerations/{enum_id}?q=Duke").get_data(as_text=True)
    link = f"/clerk/dogs/{duke}/enumeration?enumeration={enum_id}"
    assert link in page
    assert "Day it was identified" in clerk.get(link).get_data(as_text=True)
    r = clerk.post(f"/clerk/dogs/{duke}/enumeration", data={
        "enumeration": enum_id, "identified_on": local_today().isoformat(), "where": "Census, Route 3"})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/clerk/enumerations/{enum_id}")
    page = clerk.get(f"/clerk/enumerations/{enum_id}").get_data(as_text=True)
    assert "Duke" in page and "Census, Route 3" in page
    # Marked twice: refused, in words.
    r = clerk.post(f"/clerk/dogs/{duke}/enumeration", data={"enumeration": enum_id,
                                                             "identified_on": local_today().isoformat()})
    assert r.status_code == 422 and "marked in this enumeration already" in r.get_data(as_text=True)


def test_s5K_mark_outside_the_period_is_refused_and_keeps_what_was_typed(clerk, app):
    enum_id, duke = ids(app, "Duke")
    early = (local_today() - timedelta(days=60)).isoformat()
    r = clerk.post(f"/clerk/dogs/{duke}/enumeration", data={"enumeration": enum_id, "identified_on": early,
                                                             "where": "Fair grounds"})
    text = r.get_data(as_text=True)
    assert r.status_code == 422 and "The enumeration was not open on" in text
    assert f'value="{early}"' in text and 'value="Fair grounds"' in text
    assert 'aria-describedby="identified_on-error' in text


def test_s5K_a_licensed_dog_is_not_identified_unlicensed(clerk, app):
    enum_id, max_ = ids(app, "Max")
    r = clerk.post(f"/clerk/dogs/{max_}/enumeration", data={"enumeration": enum_id,
                                                             "identified_on": local_today().isoformat()})
    assert r.status_code == 422 and "was not unlicensed" in r.get_data(as_text=True)


def test_s5K_dco_marks_a_dog_from_its_record(client, auth, app):
    enum_id, duke = ids(app, "Duke")
    auth.login("dco")
    record = client.get(f"/clerk/dogs/{duke}").get_data(as_text=True)
    assert "Identified unlicensed in the enumeration (§5(K))" in record
    r = client.post(f"/clerk/dogs/{duke}/enumeration", data={"enumeration": enum_id,
                                                              "identified_on": local_today().isoformat()})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/clerk/dogs/{duke}")
    assert client.get(f"/clerk/enumerations/{enum_id}").status_code == 403  # the account is the clerk's


@pytest.mark.parametrize("role", ["constable", "police", "justice", "admin"])
def test_s5K_only_the_clerk_and_dco_mark_and_only_the_clerk_keeps_the_account(client, auth, app, role):
    enum_id, duke = ids(app, "Duke")
    auth.login(role)
    assert client.post(f"/clerk/dogs/{duke}/enumeration", data={"identified_on": local_today().isoformat()}
                       ).status_code == 403
    assert client.get(f"/clerk/enumerations/{enum_id}").status_code == 403
    assert client.get("/clerk/enumerations/report").status_code == 403
    assert client.post(f"/clerk/enumerations/{enum_id}/expenses", data={}).status_code == 403


def test_s5K_expense_is_recorded_and_a_bad_one_keeps_what_was_typed(clerk, app):
    enum_id, = ids(app)
    r = clerk.post(f"/clerk/enumerations/{enum_id}/expenses", data={
        "spent_on": local_today().isoformat(), "description": "Enumerator's mileage", "amount": "12.3x",
        "paid_by": "J. Smith"})
    text = r.get_data(as_text=True)
    assert r.status_code == 422 and "Enter the amount in dollars and cents" in text
    assert 'value="Enumerator&#39;s mileage"' in text and 'value="12.3x"' in text and 'value="J. Smith"' in text
    assert 'aria-describedby="amount-error' in text
    r = clerk.post(f"/clerk/enumerations/{enum_id}/expenses", data={
        "spent_on": (local_today() + timedelta(days=2)).isoformat(), "description": "Mileage", "amount": "12.30",
        "paid_by": "J. Smith"})
    assert r.status_code == 422 and "can&#39;t be after today" in r.get_data(as_text=True)
    r = clerk.post(f"/clerk/enumerations/{enum_id}/expenses", data={
        "spent_on": local_today().isoformat(), "description": "Enumerator's mileage", "amount": "12.30",
        "paid_by": "J. Smith"})
    assert r.status_code == 302
    with app.app_context():
        assert db.session.scalars(db.select(EnumerationExpense).filter_by(description="Enumerator's mileage")
                                  ).one().amount == Decimal("12.30")


def test_s5K_year_report_shows_surcharges_collected_expenses_and_balance(clerk, app):
    enum_id, tucker = ids(app, "Tucker")
    assert clerk.post(f"/clerk/dogs/{tucker}/renew", data=renewal_form()).status_code == 302
    year = local_today().year
    assert f"/clerk/enumerations/report?year={year}" in clerk.get("/clerk/enumerations/").get_data(as_text=True)
    text = clerk.get(f"/clerk/enumerations/report?year={year}").get_data(as_text=True)
    with app.app_context():
        in_year = (local_today() - timedelta(days=28)).year == year  # the demo expense's year
    assert f"Dog enumeration report, {year}" in text and 'id="collected">$5.00' in text
    if in_year:
        assert 'id="expenses">$36.00' in text and 'id="balance">−$31.00' in text
    assert "Print this report" in text
    with app.app_context():
        number = db.session.get(Dog, tucker).current_license.number
    assert "Tucker" in text and f"license {number}" in text  # the dogs identified in the year
    bad = clerk.get("/clerk/enumerations/report?year=19x")
    assert bad.status_code == 422 and "Enter a year like" in bad.get_data(as_text=True)


def test_s5K_dog_record_offers_the_mark_only_for_an_unlicensed_dog_while_an_enumeration_is_open(clerk, app):
    enum_id, max_, duke, tucker = ids(app, "Max", "Duke", "Tucker")
    mark = "Identified unlicensed in the enumeration (§5(K))"
    assert mark not in clerk.get(f"/clerk/dogs/{max_}").get_data(as_text=True)  # licensed
    assert mark not in clerk.get(f"/clerk/dogs/{tucker}").get_data(as_text=True)  # marked already
    assert mark in clerk.get(f"/clerk/dogs/{duke}").get_data(as_text=True)
    with app.app_context():
        db.session.get(EnumerationResolution, enum_id).closes_on = local_today() - timedelta(days=1)
        db.session.commit()
    assert mark not in clerk.get(f"/clerk/dogs/{duke}").get_data(as_text=True)
    page = clerk.get(f"/clerk/dogs/{duke}/enumeration").get_data(as_text=True)
    assert "No dog enumeration is open today" in page


def test_s5K_new_dog_identified_at_the_counter_is_listed_with_its_surcharge_paid(clerk, app):
    from .test_licensing_issue import new_dog_form
    enum_id, = ids(app)
    today = local_today()
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(
        identified_in_enumeration="y", term_years="1", rabies_vaccinated_on=(today - timedelta(days=10)).isoformat(),
        rabies_valid_until=(today + timedelta(days=3 * 365)).isoformat(), **{"dog-name": "Sprocket"}))
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    with app.app_context():
        dog = db.session.scalars(db.select(Dog).filter_by(name="Sprocket")).one()
        ident = db.session.scalars(db.select(EnumerationIdentification).filter_by(dog_id=dog.id)).one()
        assert ident.enumeration_id == enum_id and ident.identified_on == today
        assert ident.license_id == dog.current_license.id
        dog_id = dog.id
    page = clerk.get(f"/clerk/enumerations/{enum_id}").get_data(as_text=True)
    assert "Sprocket" in page and "Surcharge $5.00 charged and paid on license" in page
    history = clerk.get(f"/clerk/dogs/{dog_id}/history").get_data(as_text=True)
    assert "Enumeration identification" in history


# --- §5(K) from the roadside: a §5(A)(1) violation found in the enumeration ---------------------

def _violation(app, dog, **over):
    from ..roadside import EVERY_5A1_EXCEPTION, dog_id
    now = local_today().isoformat() + "T00:01"  # early today, never in the future
    data = {"dog_id": str(dog_id(app, dog)), "codes": ["5A1"], "ruled_out": EVERY_5A1_EXCEPTION,
            "occurred_at": now, "location_text": "Lake Rd at County Route 15",
            "narrative": "Dog loose, no tag; door-to-door census.", "witness": ""}
    data.update(over)
    return data


def test_s5K_dco_marks_a_dog_found_unlicensed_on_a_s5A1_violation(client, auth, app):
    from ..roadside import errors_of, post
    enum_id, duke = ids(app, "Duke")
    auth.login("dco")
    form = client.get(f"/field/violations/new?dog={duke}").get_data(as_text=True)
    assert "Found unlicensed in the dog enumeration (§5(K))" in form
    response, _ = post(client, "/field/violations/new", **_violation(app, "Duke", found_in_enumeration="y"))
    assert response.status_code == 201, errors_of(response)
    with app.app_context():
        ident = db.session.scalars(db.select(EnumerationIdentification).filter_by(dog_id=duke)).one()
        assert ident.enumeration_id == enum_id and ident.identified_on == local_today()
        assert ident.where.startswith("Violation no. ") and "Lake Rd" in ident.where


def test_s5K_found_in_enumeration_needs_the_s5A1_offence_and_keeps_the_tick(client, auth, app):
    from ..roadside import EVERY_6A1_EXCEPTION, errors_of, post
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", **_violation(
        app, "Duke", codes=["6A1"], ruled_out=EVERY_6A1_EXCEPTION, found_in_enumeration="y"))
    assert response.status_code == 422
    assert "§5(A)(1)" in errors_of(response)["found_in_enumeration"]
    assert re.search(r'<input[^>]*checked[^>]*id="found_in_enumeration"|<input[^>]*id="found_in_enumeration"[^>]*checked',
                     response.get_data(as_text=True))


def test_s5K_police_records_the_violation_but_not_the_enumeration_mark(client, auth, app):
    from ..roadside import post
    _, duke = ids(app, "Duke")
    auth.login("police")
    assert "Found unlicensed in the dog enumeration" not in client.get(
        f"/field/violations/new?dog={duke}").get_data(as_text=True)
    response, _ = post(client, "/field/violations/new", **_violation(app, "Duke", found_in_enumeration="y"))
    assert response.status_code == 422
    assert "Only the dog control officer or the Town Clerk marks a dog" in response.get_data(as_text=True)
