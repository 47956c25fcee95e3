"""The local law to the letter at the clerk's counter: §5(H) premises purebred licenses, §5(J)
death and late notices, §5(G)(2) replacement tags, §5(B)(2) vet statements, the term rule,
§5(C)/(D) vet statement against altering, §5(K) enumerations, §5(A)(1) puppies."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import (
    Dog,
    EnumerationExpense,
    EnumerationIdentification,
    EnumerationResolution,
    Payment,
    PurebredLicense,
    Tag,
)
from fieldapp.services.status import dog_status
from fieldapp.settings import set_setting

from ..factories import make_licensed_dog
from .test_licensing_issue import get_dog, new_dog_form

TODAY = date(2026, 3, 14)


@pytest.fixture
def app(app):
    app.config["FIXED_TODAY"] = TODAY
    return app


def lines_of(lic):
    return [(ln["kind"], ln["amount"]) for ln in lic.fee_lines]


def license_scout(clerk, **over) -> int:
    """License a new dog at the counter; its id."""
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(**over))
    assert r.status_code == 302, r.get_data(as_text=True)[:3000]
    app = clerk.application
    with app.app_context():
        return get_dog(over.get("dog-name", "Scout")).id


def dog_(dog_id) -> Dog:
    return db.session.get(Dog, dog_id)


# --- §5(H) purebred licenses --------------------------------------------------

def test_s5H_one_purebred_license_covers_the_premises_not_a_fee_per_dog(clerk, app):
    first_id = license_scout(clerk, license_kind="purebred", purebred_dogs_on_premises="12", term_years="2")
    with app.app_context():
        first = dog_(first_id)
        lic = first.current_license
        pl = lic.purebred_license
        owner_id = first.primary_owner.id
        # §5(H)(2): 12 purebreds on the premises: $50 a year, for each year of a 2-year term.
        assert pl.dogs_on_premises == 12 and pl.fee_total == Decimal("100.00")
        assert ("purebred_fee", "100.00") in lines_of(lic)
        pl_number = pl.number
    # A second purebred dog of the same owner joins the premises license: no second purebred fee.
    data = {k: v for k, v in new_dog_form(license_kind="purebred", term_years="2",
                                          **{"dog-name": "Duchess"}).items() if not k.startswith("owner-")}
    page = clerk.get(f"/clerk/licenses/new?owner={owner_id}").get_data(as_text=True)
    assert "Purebred license (§5(H))" in page
    r = clerk.post(f"/clerk/licenses/new?owner={owner_id}", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)[:3000]
    with app.app_context():
        second = get_dog("Duchess").current_license
        assert second.purebred_license.number == pl_number
        assert ("purebred_fee", "0.00") in lines_of(second)
        assert second.fee_total == Decimal("1.00")  # only the §5(D) population control fee
        assert db.session.scalars(db.select(PurebredLicense).filter_by(owner_id=owner_id)).all() == [
            second.purebred_license]
        purebred_paid = db.session.scalars(db.select(Payment).filter_by(kind="purebred_fee")).all()
        assert sum(p.amount for p in purebred_paid) == Decimal("100.00")
        duchess_id = get_dog("Duchess").id
    page = clerk.get(f"/clerk/dogs/{duchess_id}").get_data(as_text=True)
    assert f"on purebred license {pl_number} for the premises" in page


def test_s5H_joining_dog_must_end_by_the_premises_license(clerk, app):
    first_id = license_scout(clerk, license_kind="purebred", purebred_dogs_on_premises="3", term_years="1")
    with app.app_context():
        owner_id = dog_(first_id).primary_owner.id
    data = {k: v for k, v in new_dog_form(license_kind="purebred", term_years="2",
                                          **{"dog-name": "Duchess"}).items() if not k.startswith("owner-")}
    r = clerk.post(f"/clerk/licenses/new?owner={owner_id}", data=data)
    assert r.status_code == 422
    assert "choose a term that ends by then" in r.get_data(as_text=True)


# --- §5(J)(2) death -----------------------------------------------------------

def test_s5J2_death_notice_closes_license_retires_tag_and_refuses_a_new_license(clerk, app):
    dog_id = license_scout(clerk)
    with app.app_context():
        tag_id = dog_(dog_id).active_tag.id
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new", data={
        "kind": "death", "occurred_on": "2026-03-10", "filed_on": "2026-03-14"})
    assert r.status_code == 302
    with app.app_context():
        dog = db.session.get(Dog, dog_id)
        assert [lic.status for lic in dog.licenses] == ["dog_died"]
        assert db.session.get(Tag, tag_id).status == "retired"
        assert db.session.get(Tag, tag_id).retired_reason == "dog died"
        # The status card and the phone's copy say so, never "valid".
        assert dog_status(dog, TODAY)["license"]["status"] == "dog_died"
        token = db.session.get(Tag, tag_id).token
    page = clerk.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)
    assert "Dog died: license closed" in page and "Closed: dog died" in page
    r = clerk.post(f"/clerk/dogs/{dog_id}/renew", data=new_dog_form(term_years="1"))
    assert r.status_code == 422
    assert "No license can be issued for a dog recorded dead" in r.get_data(as_text=True)
    assert "No license can be issued for a dog recorded dead" in clerk.get(
        f"/clerk/dogs/{dog_id}/renew").get_data(as_text=True)
    with app.app_context():
        assert len(db.session.get(Dog, dog_id).licenses) == 1
    assert token


def test_s5J2_status_card_says_dog_died(clerk, app, auth):
    with app.app_context():
        dog = make_licensed_dog()
        db.session.commit()
        dog_id = dog.id
    clerk.post(f"/clerk/dogs/{dog_id}/notices/new", data={
        "kind": "death", "occurred_on": "2026-03-10", "filed_on": "2026-03-14"})
    page = clerk.get(f"/field/dogs/{dog_id}").get_data(as_text=True)
    assert "Dog died: license closed" in page
    assert "License valid" not in page


# --- §5(G)(2) replacement tags ------------------------------------------------

def test_s5G2_renewal_with_a_new_tag_charges_the_replacement_fee(clerk, app):
    dog_id = license_scout(clerk)
    clerk.post(f"/clerk/dogs/{dog_id}/renew", data=new_dog_form(term_years="1", new_tag="y"))
    with app.app_context():
        lic = db.session.get(Dog, dog_id).current_license
        assert ("replacement_tag", "3.00") in lines_of(lic)
        assert db.session.scalars(db.select(Payment).filter_by(license_id=lic.id, kind="replacement_tag")).one().amount \
            == Decimal("3.00")


def test_s5G2_first_tag_and_kept_tag_pay_no_replacement_fee(clerk, app):
    dog_id = license_scout(clerk)
    with app.app_context():
        assert "replacement_tag" not in [k for k, _ in lines_of(dog_(dog_id).current_license)]
    clerk.post(f"/clerk/dogs/{dog_id}/renew", data=new_dog_form(term_years="1"))
    with app.app_context():
        assert "replacement_tag" not in [k for k, _ in lines_of(db.session.get(Dog, dog_id).current_license)]


def test_s5G2_clerk_waives_replacement_fee_only_with_a_reason(clerk, app):
    dog_id = license_scout(clerk)
    clerk.post(f"/clerk/dogs/{dog_id}/renew", data=new_dog_form(
        term_years="1", new_tag="y", waive_tag_fee_reason="Tag defective when issued"))
    with app.app_context():
        lic = db.session.get(Dog, dog_id).current_license
        assert ("replacement_tag", "0.00") in lines_of(lic)
        pay = db.session.scalars(db.select(Payment).filter_by(license_id=lic.id, kind="replacement_tag")).one()
        assert pay.amount == Decimal("0.00") and pay.waived_reason == "Tag defective when issued"
    assert "waived: Tag defective when issued" in clerk.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)


def test_s5G2_replace_lost_tag_fee_waived_with_reason(clerk, app):
    from fieldapp.services.tags import replace_tag
    with app.app_context():
        dog = make_licensed_dog()
        replace_tag(dog, TODAY, None, waive_reason="Town's error")
        pay = db.session.scalars(db.select(Payment).filter_by(dog_id=dog.id, kind="replacement_tag")
                                 .order_by(Payment.id.desc())).first()
        assert pay.amount == Decimal("0.00") and pay.waived_reason == "Town's error"


# --- §5(J) deadlines --------------------------------------------------------

@pytest.mark.parametrize("kind", ["lost", "stolen"])
def test_s5J1_late_lost_or_stolen_notice_is_accepted_and_marked_late(clerk, app, kind):
    with app.app_context():
        dog_id = make_licensed_dog().id
        db.session.commit()
    r = clerk.post(f"/clerk/dogs/{dog_id}/notices/new", data={
        "kind": kind, "occurred_on": "2026-02-20", "filed_on": "2026-03-14"})
    assert r.status_code == 302
    with app.app_context():
        notice = db.session.get(Dog, dog_id).notices[0]
        assert notice.details["days_late"] == 12  # due by March 2
    assert "Filed 12 days late" in clerk.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)


def test_s5J_notice_within_ten_days_is_not_late(clerk, app):
    with app.app_context():
        dog_id = make_licensed_dog().id
        db.session.commit()
    clerk.post(f"/clerk/dogs/{dog_id}/notices/new", data={
        "kind": "lost", "occurred_on": "2026-03-04", "filed_on": "2026-03-14"})
    with app.app_context():
        assert db.session.get(Dog, dog_id).notices[0].details["days_late"] == 0
    assert "days late" not in clerk.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)


def test_s5J3_new_resident_date_recorded_and_30_day_deadline_shown(clerk, app):
    dog_id = license_scout(clerk, residence_began_on="2026-01-02")
    with app.app_context():
        assert dog_(dog_id).residence_began_on == date(2026, 1, 2)
    page = clerk.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)
    assert "license due by <strong>Sun 1 Feb 2026</strong> (§5(J)(3))" in page
    assert "Licensed Sat 14 Mar 2026: 41 days late" in page


# --- §5(B)(2) vet's statement, the term rule ---------------------------------

def test_s5B2_vet_statement_offers_only_one_year_from_its_date(clerk, app):
    form = new_dog_form(rabies_kind="vet_statement", rabies_exempt_reason="Old age",
                        rabies_statement_on="2026-01-20", term_years="1")
    q = clerk.post("/clerk/licenses/quote", data=form).get_data(as_text=True)
    assert 'id="term-1"' in q and 'id="term-2"' not in q and 'id="term-3"' not in q
    assert "one-year license, to Sun 31 Jan 2027" in q
    dog_id = license_scout(clerk, rabies_kind="vet_statement", rabies_exempt_reason="Old age",
                           rabies_statement_on="2026-01-20", term_years="1")
    with app.app_context():
        lic = dog_(dog_id).current_license
        assert lic.expires_on == date(2027, 1, 31)
        assert lic.rabies_certificate.statement_on == date(2026, 1, 20)
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(
        rabies_kind="vet_statement", rabies_exempt_reason="Old age", term_years="2", **{"dog-name": "Rex"}))
    assert r.status_code == 422


def test_s5A4_local_rule_default_and_state_rule_setting_say_which_rule_applied(clerk, app):
    form = new_dog_form(rabies_valid_until="2027-06-01")
    q = clerk.post("/clerk/licenses/quote", data=form).get_data(as_text=True)
    assert "a license may run to the end of that month" in q and "(§5(A)(4))" in q
    assert 'id="term-2"' not in q
    with app.app_context():
        set_setting("license_term_state_rule", True)
        db.session.commit()
    q = clerk.post("/clerk/licenses/quote", data=form).get_data(as_text=True)
    assert "AML §109(1)(a)" in q and 'id="term-2"' in q


# --- §5(C)/(D) vet's statement against altering -------------------------------

def test_s5C_vet_statement_against_altering_pays_altered_fee_and_3_dollar_population_fee(clerk, app):
    dog_id = license_scout(clerk, altered="vet_statement", term_years="1")
    with app.app_context():
        assert lines_of(dog_(dog_id).current_license) == [("license_fee", "10.00"), ("population_surcharge", "3.00")]
        set_setting("vet_statement_surcharge_as_altered", True)
        db.session.commit()
    dog_id = license_scout(clerk, altered="vet_statement", term_years="1", **{"dog-name": "Rex"})
    with app.app_context():
        assert lines_of(dog_(dog_id).current_license) == [("license_fee", "10.00"), ("population_surcharge", "1.00")]


# --- §5(K) enumeration --------------------------------------------------------

def no_enumerations(app):
    """Start from no declared enumeration (the demo town has one, dated from the seed's day)."""
    with app.app_context():
        db.session.execute(db.delete(EnumerationIdentification))
        db.session.execute(db.delete(EnumerationExpense))
        db.session.execute(db.delete(EnumerationResolution))
        db.session.commit()


def test_s5K_enumeration_surcharge_only_while_open_and_only_on_a_dog_identified(clerk, app, auth):
    no_enumerations(app)
    dog_id = license_scout(clerk, term_years="1")
    with app.app_context():
        assert "enumeration_surcharge" not in [k for k, _ in lines_of(dog_(dog_id).current_license)]
    auth.logout()
    auth.login("admin")
    page = clerk.get("/admin/").get_data(as_text=True)
    assert "Dog enumerations (§5(K))" in page
    r = clerk.post("/admin/enumerations", data={"resolution": "Resolution 2026-7", "adopted_on": "2026-02-10",
                                               "opens_on": "2026-03-01", "surcharge": "5.00"})
    assert r.status_code == 302
    auth.logout()
    auth.login("clerk")
    assert "Identified as unlicensed in the open enumeration" in clerk.get("/clerk/licenses/new").get_data(as_text=True)
    rex = license_scout(clerk, term_years="1", **{"dog-name": "Rex"})
    sly = license_scout(clerk, term_years="1", identified_in_enumeration="y", **{"dog-name": "Sly"})
    with app.app_context():
        assert "enumeration_surcharge" not in [k for k, _ in lines_of(dog_(rex).current_license)]  # not identified
        assert ("enumeration_surcharge", "5.00") in lines_of(dog_(sly).current_license)
        assert dog_(sly).enumeration_identified_on == TODAY
        enum = db.session.scalars(db.select(EnumerationResolution)).one()
        enum.closes_on = date(2026, 3, 13)
        db.session.commit()
    ace = license_scout(clerk, term_years="1", identified_in_enumeration="y", **{"dog-name": "Ace"})
    with app.app_context():
        assert "enumeration_surcharge" not in [k for k, _ in lines_of(dog_(ace).current_license)]  # closed


def test_s5K_admin_records_and_closes_enumeration(client, auth, app):
    no_enumerations(app)
    auth.login("admin")
    r = client.post("/admin/enumerations", data={"resolution": "Resolution 2026-7", "adopted_on": "2026-03-10",
                                                "opens_on": "2026-03-01", "surcharge": "5.00"})
    assert r.status_code == 422  # opens before the resolution
    client.post("/admin/enumerations", data={"resolution": "Resolution 2026-8", "adopted_on": "2026-02-10",
                                             "opens_on": "2026-03-01", "surcharge": "5.00"})
    with app.app_context():
        enum_id = db.session.scalars(db.select(EnumerationResolution)).one().id
    client.post(f"/admin/enumerations/{enum_id}/close", data={"closes_on": "2026-03-31"})
    with app.app_context():
        assert db.session.get(EnumerationResolution, enum_id).closes_on == date(2026, 3, 31)
    assert "Resolution 2026-8" in client.get("/admin/enumerations").get_data(as_text=True)


# --- §5(A)(1) puppies ------------------------------------------------------

def test_s5A1_puppy_licensed_when_owner_asks_with_a_note(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(**{"dog-born_on": "2026-01-10"}))
    assert r.status_code == 200 and "No license needed yet" in r.get_data(as_text=True)
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(owner_asks="y", **{"dog-born_on": "2026-01-10"}),
                   follow_redirects=True)
    assert "licensed because the owner asks" in r.get_data(as_text=True)
    with app.app_context():
        assert get_dog("Scout").current_license is not None


def test_s5H_owner_page_lists_the_premises_purebred_license_and_its_dogs(clerk, app):
    dog_id = license_scout(clerk, license_kind="purebred", purebred_dogs_on_premises="30", term_years="1")
    with app.app_context():
        dog = dog_(dog_id)
        owner_id, number = dog.primary_owner.id, dog.current_license.purebred_license.number
        assert dog.current_license.purebred_license.fee_total == Decimal("100.00")  # §5(H)(3)
    page = clerk.get(f"/clerk/owners/{owner_id}").get_data(as_text=True)
    assert "Purebred licenses for the premises (§5(H))" in page and number in page and "Scout" in page


def test_s5G2_replace_tag_form_waives_fee_with_reason(clerk, app):
    with app.app_context():
        dog_id = make_licensed_dog().id
        db.session.commit()
    r = clerk.post(f"/tags/replace/{dog_id}", data={"blank_tag": "", "waive_reason": "Tag cracked at issue"})
    assert r.status_code == 302
    with app.app_context():
        pay = db.session.scalars(db.select(Payment).filter_by(dog_id=dog_id, kind="replacement_tag")
                                 .order_by(Payment.id.desc())).first()
        assert pay.amount == Decimal("0.00") and pay.waived_reason == "Tag cracked at issue"


def test_s5I_certificate_says_any_licensed_dog_is_exempt_at_a_dog_show(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form())
    page = clerk.get(r.headers["Location"]).get_data(as_text=True)
    assert "at a dog show any dog licensed in the town where it lives is exempt (§5(I))" in page


def test_license_quote_is_posted_with_the_fees_own_fields_and_no_personal_field_reaches_a_url(clerk, app):
    """The live quote: POST, never a GET query, and only what the fee depends on is sent (the
    owner's email, phone and address would land in every access log and proxy log)."""
    page = clerk.get("/clerk/licenses/new").get_data(as_text=True)
    quote = page.split('id="license-quote"')[1].split(">")[0]
    assert "hx-post=" in quote and "hx-get=" not in quote
    params = quote.split('hx-params="')[1].split('"')[0].split(",")
    assert "rabies_valid_until" in params and "term_years" in params
    assert not [p for p in params if p.startswith(("owner-", "dog-")) or p in ("reference", "payer_name", "method")]
    assert clerk.get("/clerk/licenses/quote?owner-email=a@b.org").status_code == 405
    # The server uses the fee's fields only, whatever else is posted.
    from fieldapp.clerk.licenses import QUOTE_FIELDS
    assert not [f for f in QUOTE_FIELDS if "email" in f or "phone" in f or "address" in f or f.startswith("owner-")]
    answer = clerk.post("/clerk/licenses/quote", data={"rabies_kind": "certificate", "rabies_valid_until": "2028-01-15",
                                                       "altered": "no", "term_years": "1",
                                                       "owner-email": "mary@example.org", "owner-phone": "315-555-0101"})
    assert answer.status_code == 200 and "mary@example.org" not in answer.get_data(as_text=True)
