"""After the seizure, through the real pages: the §8(E) disposition forms with their details
(adoption with its fee and the adopter's license at the clerk's counter, euthanasia, transfer,
death in care) and the §8(B) care log. The DL-18 report is in test_dl18_report.py."""
import io
from datetime import date

import pytest

from fieldapp.extensions import db
from fieldapp.law.authority import ROLES
from fieldapp.models import Dog, Payment, Receipt
from fieldapp.models.enforcement import Impoundment
from fieldapp.models.kennel_care import CareCheck, ImpoundmentDisposition

from ..factories import made, make_licensed_dog
from ..photos import jpeg_with_gps
from ..roadside import EVERY_6A1_EXCEPTION, errors_of
from .kennel_steps import ADOPTER, POWERS, get, seize


def test_s8E_adoption_refused_before_the_deadline_keeps_what_was_typed(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)  # five business days: deadline Mon 26 Oct 2026
    response = client.post(f"/field/impoundments/{imp_id}/disposition", data={**ADOPTER, "on": "2026-10-26"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Tue 27 Oct 2026" in errors_of(response)["adopted-on"]
    assert 'value="Jane"' in html and 'value="12 Lake Rd"' in html and "<details class=\"disposition-form\" id=\"disposition-adopted\" open" in html
    assert 'aria-describedby="adopted-on-error"' in html
    assert get(app, Impoundment, imp_id).status == "held"


def test_s8E_adoption_needs_the_adopter_and_a_check_number(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    response = client.post(f"/field/impoundments/{imp_id}/disposition",
                           data={**ADOPTER, "adopter_first_name": "", "adopter_phone": "", "method": "check"})
    errors = errors_of(response)
    assert response.status_code == 422
    assert "first name" in errors["adopted-adopter_first_name"] and "telephone" in errors["adopted-adopter_phone"]
    assert "check number" in errors["adopted-reference"]


def test_s8E_adoption_records_the_adopter_takes_the_fee_and_closes_the_case(client, auth, app):
    max_id = made(app, make_licensed_dog)
    auth.login("dco")
    imp_id = seize(client, app, dog_id=str(max_id), codes=["6A1"], ruled_out=EVERY_6A1_EXCEPTION,
                   seized_at="2026-10-05T10:00", received_on="")  # owner known: nine business days
    assert "Currently IMPOUNDED" in client.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    response = client.post(f"/field/impoundments/{imp_id}/disposition", data={**ADOPTER, "on": "2026-10-27"})
    assert response.status_code == 303
    imp = get(app, Impoundment, imp_id)
    assert (imp.status, imp.ended_on) == ("adopted", date(2026, 10, 27))
    assert "Currently IMPOUNDED" not in client.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    with app.app_context():
        disp = db.session.execute(db.select(ImpoundmentDisposition).filter_by(impoundment_id=imp_id)).scalar_one()
        assert disp.adopter_name == "Jane Roe" and disp.receipt.number.startswith("R-2026-")
        line = db.session.execute(db.select(Payment).filter_by(receipt_id=disp.receipt_id)).scalar_one()
        assert (line.kind, str(line.amount), line.dog_id) == ("adoption", "25.00", max_id)
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "Jane Roe" in page and "Referred to the Town Clerk" in page and "dl18.pdf" in page


def test_s8E_adoption_fee_is_the_town_boards_setting(client, auth, app):
    from fieldapp.settings import set_setting
    with app.app_context():
        set_setting("fee_adoption", "40.00")
        db.session.commit()
    auth.login("dco")
    imp_id = seize(client, app)
    assert "$40.00" in client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert client.post(f"/field/impoundments/{imp_id}/disposition", data=ADOPTER).status_code == 303
    with app.app_context():
        receipt = db.session.execute(db.select(Receipt).order_by(Receipt.id.desc())).scalars().first()
        assert [str(p.amount) for p in receipt.lines] == ["40.00"] and receipt.payer_name == "Jane Roe"


def test_s8E_the_clerk_licenses_the_adopted_dog_to_the_adopter_from_the_case(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    client.post(f"/field/impoundments/{imp_id}/disposition", data=ADOPTER)
    auth.logout()
    auth.login("clerk")
    case = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert f"/clerk/licenses/new?adoption={imp_id}" in case
    form = client.get(f"/clerk/licenses/new?adoption={imp_id}").get_data(as_text=True)
    assert 'value="Jane"' in form and 'value="Roe"' in form and 'value="315-555-0199"' in form
    assert 'value="Husky"' in form and 'value="Grey"' in form and "data-adoption" in form
    response = client.post(f"/clerk/licenses/new?adoption={imp_id}", data={
        "owner-first_name": "Jane", "owner-last_name": "Roe", "owner-address": "12 Lake Rd",
        "owner-town": "Sandy Creek", "owner-state": "NY", "owner-zip_code": "13145", "owner-phone": "315-555-0199",
        "dog-name": "Ranger", "dog-sex": "M", "dog-born_on": "2023-06-01", "dog-breed": "Husky", "dog-color": "Grey",
        "rabies_kind": "certificate", "rabies_vet": "Dr. Sandy", "rabies_vaccinated_on": "2026-10-20",
        "rabies_valid_until": "2029-10-20", "rabies_number": "RC-1", "altered": "no", "license_kind": "individual",
        "term_years": "1"})
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    with app.app_context():
        imp = db.session.get(Impoundment, imp_id)
        assert imp.dog is not None and imp.dog.name == "Ranger"
        assert imp.dog.primary_owner.full_name == "Jane Roe"
        assert imp.disposition.license is not None and imp.disposition.license.dog_id == imp.dog_id
    assert "Licensed to Jane Roe" in client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)


def test_s8E_adopted_dog_on_file_changes_owner_of_record_when_licensed(client, auth, app):
    luna = made(app, make_licensed_dog)
    auth.login("dco")
    imp_id = seize(client, app, dog_id=str(luna), codes=["6A1"], ruled_out=EVERY_6A1_EXCEPTION,
                   seized_at="2026-10-05T10:00", received_on="")  # §8(B) counted from the seizure
    client.post(f"/field/impoundments/{imp_id}/disposition", data=ADOPTER)
    auth.logout()
    auth.login("clerk")
    with app.app_context():
        before = db.session.get(Dog, luna).primary_owner.full_name
    response = client.post(f"/clerk/licenses/new?adoption={imp_id}", data={
        "owner-first_name": "Jane", "owner-last_name": "Roe", "owner-address": "12 Lake Rd",
        "owner-town": "Sandy Creek", "owner-state": "NY", "owner-zip_code": "13145", "owner-phone": "315-555-0199",
        "rabies_kind": "certificate", "rabies_vet": "Dr. Sandy", "rabies_vaccinated_on": "2026-10-20",
        "rabies_valid_until": "2029-10-20", "rabies_number": "RC-2", "altered": "no", "license_kind": "individual",
        "term_years": "1"})
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    with app.app_context():
        dog = db.session.get(Dog, luna)
        assert [o.full_name for o in dog.owners] == ["Jane Roe"] and before != "Jane Roe"
        assert dog.current_license.number == db.session.get(Impoundment, imp_id).disposition.license.number


def test_s8E_euthanasia_records_where_by_whom_and_on_whose_authority(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    refused = client.post(f"/field/impoundments/{imp_id}/disposition",
                          data={"outcome": "euthanized", "on": "2026-10-20", "place": "Pulaski Animal Hospital"})
    errors = errors_of(refused)
    assert refused.status_code == 422 and "may not be euthanized until Tue 27 Oct 2026" in errors["euthanized-on"]
    assert "who" in errors["euthanized-performed_by"] and "authority" in errors["euthanized-authority"]
    assert 'value="Pulaski Animal Hospital"' in refused.get_data(as_text=True)
    assert client.post(f"/field/impoundments/{imp_id}/disposition", data={
        "outcome": "euthanized", "on": "2026-10-28", "place": "Pulaski Animal Hospital", "performed_by": "Dr. Ames",
        "authority": "DCO after the holding period (§8(E))"}).status_code == 303
    imp = get(app, Impoundment, imp_id)
    assert imp.status == "euthanized" and "Dr. Ames" in imp.end_note


def test_s8E_transfer_after_the_period_and_death_in_care_any_time(client, auth, app):
    """§8(E) "unredeemed at the expiration of the appropriate redemption period": a transfer that
    closes the case comes after the period (held to Monday 26 October); death in care any time."""
    auth.login("dco")
    imp_id = seize(client, app)
    refused = client.post(f"/field/impoundments/{imp_id}/disposition", data={"outcome": "transferred", "on": "2026-10-27"})
    assert refused.status_code == 422 and "shelter or rescue" in errors_of(refused)["transferred-transferred_to"]
    early = client.post(f"/field/impoundments/{imp_id}/disposition", data={
        "outcome": "transferred", "on": "2026-10-20", "transferred_to": "Oswego County SPCA"})
    assert early.status_code == 422 and "may not be transferred" in errors_of(early)["transferred-on"]
    assert client.post(f"/field/impoundments/{imp_id}/disposition", data={
        "outcome": "transferred", "on": "2026-10-27", "transferred_to": "Oswego County SPCA"}).status_code == 303
    assert get(app, Impoundment, imp_id).status == "transferred"
    other = seize(client, app)
    refused = client.post(f"/field/impoundments/{other}/disposition", data={"outcome": "died", "on": "2026-10-21"})
    assert refused.status_code == 422 and "died of" in errors_of(refused)["died-cause"]
    assert client.post(f"/field/impoundments/{other}/disposition", data={
        "outcome": "died", "on": "2026-10-21", "cause": "Injuries from the car that hit it"}).status_code == 303
    with app.app_context():
        imp = db.session.get(Impoundment, other)
        assert imp.status == "died" and imp.disposition.cause.startswith("Injuries")
    again = client.post(f"/field/impoundments/{other}/disposition", data={
        "outcome": "transferred", "on": "2026-10-22", "transferred_to": "SPCA"})
    assert again.status_code == 422 and "already ended" in again.get_data(as_text=True)


@pytest.mark.parametrize("role", ROLES)
def test_s8E_disposition_forms_follow_who_may_act(client, auth, app, role):
    auth.login("dco")
    imp_id = seize(client, app)
    auth.logout()
    auth.login(role)
    allowed = role in POWERS["dispose_of_impounded_dog"].roles
    if role in POWERS["read_records"].roles:
        page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
        assert ('id="disposition-adopted"' in page) == allowed
    response = client.post(f"/field/impoundments/{imp_id}/disposition", data={
        "outcome": "transferred", "on": "2026-10-27", "transferred_to": "Oswego County SPCA"})
    assert response.status_code == (303 if allowed else 403)


# --- §8(B) care log ----------------------------------------------------------------------------

def test_s8B_care_check_logged_with_a_photo_and_shown_in_order(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert f"/field/impoundments/{imp_id}/care" in page and "No care check logged yet" in page
    for when, note in (("2026-10-20T18:00", "Ate half"), ("2026-10-20T08:00", "Limping a little")):
        response = client.post(f"/field/impoundments/{imp_id}/care", data={
            "checked_at": when, "fed": "yes", "watered": "yes", "cleaned": "", "health_note": note,
            "photo": (io.BytesIO(jpeg_with_gps()), "kennel.jpg")}, content_type="multipart/form-data")
        assert response.status_code == 303
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert page.index("Limping a little") < page.index("Ate half")  # in the order of the checks
    assert "kennel cleaned" in page and page.count("/field/photos/") >= 2
    with app.app_context():
        checks = db.session.execute(db.select(CareCheck).filter_by(impoundment_id=imp_id)).scalars().all()
        assert {(c.fed, c.watered, c.cleaned) for c in checks} == {(True, True, False)}


def test_s8B_empty_care_check_refused_keeps_what_was_typed(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    response = client.post(f"/field/impoundments/{imp_id}/care", data={"checked_at": "2026-10-20T08:00"})
    assert response.status_code == 422 and "Tick what was done" in errors_of(response)["fed"]
    assert 'value="2026-10-20T08:00"' in response.get_data(as_text=True)
    response = client.post(f"/field/impoundments/{imp_id}/care", data={"checked_at": "2026-10-20T08:00", "fed": "yes",
                           "photo": (io.BytesIO(b"not a photo"), "x.jpg")}, content_type="multipart/form-data")
    assert response.status_code == 422 and "photo" in errors_of(response)["photo"]
    assert 'id="fed" name="fed" value="yes" checked' in response.get_data(as_text=True)
    with app.app_context():
        assert not db.session.execute(db.select(CareCheck).filter_by(impoundment_id=imp_id)).first()


def test_s8B_no_care_check_for_a_dog_no_longer_held(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    client.post(f"/field/impoundments/{imp_id}/disposition", data={
        "outcome": "transferred", "on": "2026-10-27", "transferred_to": "SPCA"})
    response = client.post(f"/field/impoundments/{imp_id}/care", data={"fed": "yes"})
    assert response.status_code == 422 and "not held any more" in errors_of(response)["checked_at"]


@pytest.mark.parametrize("role", ROLES)
def test_s8B_care_log_follows_who_may_act(client, auth, app, role):
    auth.login("dco")
    imp_id = seize(client, app)
    auth.logout()
    auth.login(role)
    expected = 200 if role in POWERS["keep_care_log"].roles else 403
    assert client.get(f"/field/impoundments/{imp_id}/care").status_code == expected


# --- DL-18 report ------------------------------------------------------------------------------

def test_adoption_sent_twice_with_its_one_time_key_takes_the_fee_once(client, auth, app):
    """A double tap (or a retry after a lost answer) on the adoption form: one adoption, one fee."""
    import re
    auth.login("dco")
    imp_id = seize(client, app)
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    key = re.search(r'name="once_key" value="([0-9a-f-]{36})"', page).group(1)
    first = client.post(f"/field/impoundments/{imp_id}/disposition", data={**ADOPTER, "once_key": key})
    again = client.post(f"/field/impoundments/{imp_id}/disposition", data={**ADOPTER, "once_key": key})
    assert first.status_code == 303 and again.status_code == 303
    assert again.headers["Location"].split("#")[0] == first.headers["Location"].split("#")[0]
    with app.app_context():
        assert len(db.session.scalars(db.select(Payment).filter_by(kind="adoption")).all()) == 1
        assert len(db.session.scalars(db.select(ImpoundmentDisposition)).all()) == 1
