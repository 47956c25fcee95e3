"""License a dog at the clerk's counter (§5): fees, terms, rabies, exemptions, ID numbers, tags."""
import re
from datetime import date
from decimal import Decimal

import pytest
from dateutil.relativedelta import relativedelta

from fieldapp.extensions import db
from fieldapp.law import allowed_terms, license_expiry, term_refusal_reason
from fieldapp.models import Dog, Event, License, Payment, Tag
from fieldapp.settings import set_setting

from ..factories import make_licensed_dog, make_owner

TODAY = date(2026, 3, 14)


@pytest.fixture
def app(app):
    app.config["FIXED_TODAY"] = TODAY
    return app


def new_dog_form(**over):
    data = {
        "owner-first_name": "Ellen", "owner-last_name": "Ramsey", "owner-address": "42 Lake Rd",
        "owner-town": "Sandy Creek", "owner-state": "NY", "owner-zip_code": "13145",
        "owner-phone": "(315) 387-4242", "owner-email": "",
        "dog-name": "Scout", "dog-sex": "M", "dog-born_on": "2024-05-01", "dog-breed": "Beagle",
        "dog-color": "tricolor", "dog-markings": "white tail tip",
        "rabies_kind": "certificate", "rabies_vet": "Pulaski Animal Hospital",
        "rabies_vaccinated_on": "2025-06-01", "rabies_valid_until": "2028-06-01", "rabies_number": "RV-777",
        "altered": "certificate", "exemption": "", "license_kind": "individual", "term_years": "2",
    }
    data.update(over)
    return {k: v for k, v in data.items() if v is not None}


def get_dog(name):
    return db.session.scalars(db.select(Dog).filter_by(name=name).order_by(Dog.id.desc())).first()


def test_s5_license_new_dog_end_to_end(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form())
    assert r.status_code == 302
    assert "/certificate" in r.headers["Location"]
    with app.app_context():
        dog = get_dog("Scout")
        lic = dog.current_license
        assert dog.owners[0].full_name == "Ellen Ramsey"
        assert dog.altered and dog.altered_proof == "certificate"
        # §5(A)(4): expires on the last day of the month, two years from issue.
        assert lic.expires_on == license_expiry(TODAY, 2) == date(2028, 3, 31)
        # §5(D): town fee $10 × 2 years + $1 population control surcharge, once.
        assert [(ln["kind"], ln["amount"]) for ln in lic.fee_lines] == [
            ("license_fee", "20.00"), ("population_surcharge", "1.00")]
        assert lic.fee_total == Decimal("21.00")
        payments = db.session.scalars(db.select(Payment).filter_by(license_id=lic.id)).all()
        assert sorted((p.kind, p.amount) for p in payments) == [
            ("license_fee", Decimal("20.00")), ("population_surcharge", Decimal("1.00"))]
        # §5(G): an identification number and a tag.
        assert dog.id_number is not None
        assert dog.active_tag is not None and dog.active_tag.status == "active"
        assert lic.rabies_certificate.certificate_number == "RV-777"
        assert db.session.scalars(db.select(Event).filter_by(kind="license.issued", subject_id=lic.id)).one()
    page = clerk.get(r.headers["Location"]).get_data(as_text=True)
    assert "Scout" in page and "Ellen Ramsey" in page and "$21.00" in page


def test_s5G_id_numbers_never_reused_and_renewal_keeps_number(clerk, app):
    clerk.post("/clerk/licenses/new", data=new_dog_form())
    clerk.post("/clerk/licenses/new", data=new_dog_form(**{"dog-name": "Ranger", "owner-first_name": "Abe"}))
    with app.app_context():
        scout, ranger = get_dog("Scout"), get_dog("Ranger")
        highest_before = db.session.scalar(db.select(db.func.max(Dog.id_number)).where(Dog.id != ranger.id))
        assert ranger.id_number > scout.id_number
        assert ranger.id_number > highest_before
        scout_id, scout_number, first_license = scout.id, scout.id_number, scout.current_license.id
    r = clerk.post(f"/clerk/dogs/{scout_id}/renew", data=new_dog_form(term_years="1"))
    assert r.status_code == 302
    with app.app_context():
        scout = db.session.get(Dog, scout_id)
        assert scout.id_number == scout_number
        # A renewal supersedes the old license.
        assert db.session.get(License, first_license).status == "superseded"
        assert [lic.status for lic in scout.licenses].count("active") == 1


def test_s5A4_term_choices_match_allowed_terms_with_refusal_reason(clerk, app):
    valid_until = date(2028, 1, 15)
    r = clerk.post("/clerk/licenses/quote", data={"rabies_kind": "certificate", "rabies_valid_until": valid_until,
                                                  "altered": "no", "term_years": "1"})
    page = r.get_data(as_text=True)
    allowed = allowed_terms(TODAY, valid_until)
    assert allowed == [1]
    for term in (1, 2, 3):
        offered = f'name="term_years" value="{term}"' in page
        assert offered == (term in allowed)
    for term in (2, 3):
        assert term_refusal_reason(TODAY, valid_until, term).replace("'", "&#39;") in page
    # The fee is shown itemized: $15 unaltered + $3 surcharge.
    assert "$18.00" in page


def test_s5A4_term_past_rabies_refused_on_submit(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(rabies_valid_until="2027-06-01", term_years="3"))
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "past the end of the month the rabies vaccination ends" in page
    with app.app_context():
        assert get_dog("Scout") is None


def test_s5A4_less_than_a_year_left_gets_the_one_year_license_or_the_setting_says_revaccinate(clerk, app):
    """§5(A)(4) "In no event shall a dog license be issued for longer than the duration of the
    rabies vaccination": a current certificate with less than a year left gets the one-year
    license within AML §109(1)(a)'s limit by default; with the town's other setting the owner is
    told the certificate is current but short, and to revaccinate (never a bare "no license")."""
    with app.app_context():
        set_setting("short_certificate_one_year_license", False)
        db.session.commit()
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(rabies_valid_until="2026-09-01", term_years="1"))
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "current but has less than a year left" in page and "Have the dog revaccinated" in page
    assert "No license can be issued until" not in page
    with app.app_context():
        set_setting("short_certificate_one_year_license", True)
        db.session.commit()
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(rabies_valid_until="2026-09-01", term_years="1"))
    assert r.status_code == 302
    with app.app_context():
        assert get_dog("Scout").current_license.expires_on == date(2027, 3, 31)


def test_s5B_expired_rabies_is_refused_and_typed_values_kept(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(rabies_valid_until="2026-02-28"))
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert ("The rabies certificate expired on Sat 28 Feb 2026. A current certificate is required (§5(B))."
            in page)
    assert 'value="Ellen"' in page and 'value="Scout"' in page and 'value="RV-777"' in page
    assert 'value="2026-02-28"' in page
    with app.app_context():
        assert get_dog("Scout") is None


def test_s5B2_vet_statement_gives_a_one_year_license(clerk, app):
    # §5(B)(2) with AML §109(1)(a): one year from the statement's date, not up to three years.
    form = dict(rabies_kind="vet_statement", rabies_valid_until="", rabies_vaccinated_on="",
                rabies_exempt_reason="Old age")
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(term_years="3", **form))
    assert r.status_code == 422
    assert "one year from the statement" in r.get_data(as_text=True)
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(term_years="1", **form))
    assert r.status_code == 302
    with app.app_context():
        lic = get_dog("Scout").current_license
        assert lic.term_years == 1 and lic.rabies_certificate.exempt_statement
        assert lic.expires_on == date(2027, 3, 31)  # the statement taken as dated the issue day


@pytest.mark.parametrize("kind, marking", [("service", "Service Dog"), ("working_search", "Working- Search Dog")])
def test_s5I_exempt_dog_pays_nothing_and_marking_on_certificate(clerk, app, kind, marking):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(
        exemption=kind, exemption_certificate="Training certificate #T-1"))
    assert r.status_code == 302
    with app.app_context():
        lic = get_dog("Scout").current_license
        assert lic.fee_total == Decimal("0.00")
        assert lic.exemption_marking == marking
        assert db.session.scalars(db.select(Payment).filter_by(license_id=lic.id)).all() == []
    cert = clerk.get(r.headers["Location"]).get_data(as_text=True)
    assert 'id="exemption-marking">' + marking in cert


def test_s5I_exemption_requires_training_certificate(clerk):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(exemption="therapy", exemption_certificate=""))
    assert r.status_code == 422
    assert "trained" in r.get_data(as_text=True)


@pytest.mark.parametrize("count, annual", [(3, "25.00"), (11, "50.00"), (26, "100.00")])
def test_s5H_purebred_fee_by_dogs_on_premises(clerk, app, count, annual):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(
        license_kind="purebred", purebred_dogs_on_premises=str(count), term_years="1", altered="no"))
    assert r.status_code == 302
    with app.app_context():
        lic = get_dog("Scout").current_license
        assert lic.kind == "purebred" and lic.purebred_dogs_on_premises == count
        lines = {ln["kind"]: Decimal(ln["amount"]) for ln in lic.fee_lines}
        assert lines["purebred_fee"] == Decimal(annual)
        assert "license_fee" not in lines
        assert lic.fee_total == Decimal(annual) + Decimal("3.00")


def test_s5C_vet_statement_altering_dangerous_pays_altered_fee(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(altered="vet_statement", term_years="1"))
    assert r.status_code == 302
    with app.app_context():
        dog = get_dog("Scout")
        lic = dog.current_license
        # §5(C) $10 altered fee; §5(D) the $3 surcharge of the dog as it is (unaltered).
        assert lic.fee_total == Decimal("13.00")
        assert not dog.altered and dog.altered_proof == "vet_statement"


def test_s5C_on_file_needs_a_proof_on_file(clerk):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(altered="on_file"))
    assert r.status_code == 422
    assert "no spay/neuter certificate or affidavit on file" in r.get_data(as_text=True)


def test_s5E1_owner_phone_required(clerk, app):
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(**{"owner-phone": ""}))
    assert r.status_code == 422
    assert "Enter the owner&#39;s telephone number (§5(E)(1))." in r.get_data(as_text=True)


def test_s5A1_under_four_months_not_at_large_needs_no_license(clerk, app):
    born = TODAY - relativedelta(months=3)
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(**{"dog-born_on": born.isoformat()}))
    page = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "No license is needed yet" in page and "§5(A)(1)" in page
    assert "Tue 14 Apr 2026" in page  # four months old then
    with app.app_context():
        assert get_dog("Scout") is None


def test_s5A1_puppy_at_large_needs_a_license(clerk, app):
    born = TODAY - relativedelta(months=3)
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(**{"dog-born_on": born.isoformat(), "at_large": "y"}))
    assert r.status_code == 302


def test_s5G_blank_tag_bound_and_bad_tag_numbers_refused(clerk, app):
    with app.app_context():
        from fieldapp.services.tags import make_blank_tags
        blanks = make_blank_tags(2, None)
        serial, other = blanks[0].serial, blanks[1].serial
        db.session.commit()
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(blank_tag="999999"))
    assert r.status_code == 422
    assert "No tag numbered" in r.get_data(as_text=True)
    assert 'value="999999"' in r.get_data(as_text=True)
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(blank_tag=str(serial)))
    assert r.status_code == 302
    with app.app_context():
        dog = get_dog("Scout")
        assert dog.active_tag.serial == serial
    # The same tag again, for another dog: refused (§5(G)(1)), nothing saved.
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(blank_tag=str(serial), **{"dog-name": "Ranger"}))
    assert r.status_code == 422
    assert "already issued to another dog" in r.get_data(as_text=True)
    with app.app_context():
        assert get_dog("Ranger") is None
        assert db.session.scalars(db.select(Tag).filter_by(serial=other)).one().status == "blank"


def test_renewal_keeps_tag_unless_asked(clerk, app):
    clerk.post("/clerk/licenses/new", data=new_dog_form())
    with app.app_context():
        dog = get_dog("Scout")
        dog_id, tag_serial = dog.id, dog.active_tag.serial
    clerk.post(f"/clerk/dogs/{dog_id}/renew", data=new_dog_form(term_years="1"))
    with app.app_context():
        assert db.session.get(Dog, dog_id).active_tag.serial == tag_serial
    clerk.post(f"/clerk/dogs/{dog_id}/renew", data=new_dog_form(term_years="1", new_tag="y"))
    with app.app_context():
        assert db.session.get(Dog, dog_id).active_tag.serial != tag_serial


def test_renew_page_prefills_rabies_and_altered_on_file(clerk, app):
    with app.app_context():
        max_ = make_licensed_dog(altered=True)  # its certificate of altering on file
        db.session.commit()
        cert = max_.current_rabies
    page = clerk.get(f"/clerk/licenses/new?dog={max_.id}").get_data(as_text=True)
    assert f'value="{cert.valid_until.isoformat()}"' in page
    assert re.search(r'<input checked[^>]*value="on_file"', page)


def test_license_for_existing_owner(clerk, app):
    with app.app_context():
        owner = make_owner()
        db.session.commit()
        owner_id = owner.id
    data = {k: v for k, v in new_dog_form().items() if not k.startswith("owner-")}
    r = clerk.post(f"/clerk/licenses/new?owner={owner_id}", data=data)
    assert r.status_code == 302
    with app.app_context():
        assert get_dog("Scout").owners[0].id == owner_id
