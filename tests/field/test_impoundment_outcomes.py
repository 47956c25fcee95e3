"""§8(B) owner known from the record, an owner identified later, and §8(E) how an impoundment
ends (redeemed, adopted, euthanized, transferred, died in care), through the real pages."""
from datetime import date

from fieldapp.extensions import db
from fieldapp.models import Event
from fieldapp.models.enforcement import Impoundment
from fieldapp.services.calendar import add_closure
from fieldapp.services.field_data import field_dataset

from ..factories import made, make_dog, make_licensed_dog
from ..roadside import EVERY_5A1_EXCEPTION, EVERY_6A1_EXCEPTION, dog_id, errors_of, post


def seize(client, app, **over):
    data = {"dog_id": "", "dog_description": "Grey husky, no collar", "codes": ["6A1"],
            "ruled_out": EVERY_6A1_EXCEPTION, "seized_at": "2026-10-19T10:00", "location_text": "Ridge Rd"}
    data.update(over)
    response, _ = post(client, "/field/seizures/new", **data)
    assert response.status_code == 201, errors_of(response)
    with app.app_context():
        return db.session.execute(db.select(Impoundment).order_by(Impoundment.id.desc())).scalars().first().id


def impoundment(app, imp_id):
    with app.app_context():
        imp = db.session.get(Impoundment, imp_id)
        db.session.expunge(imp)
        return imp


def test_s8B_licensed_dog_is_held_nine_days_even_if_the_box_says_unknown(client, auth, app):
    licensed = made(app, make_licensed_dog)
    auth.login("dco")
    imp_id = seize(client, app, dog_id=str(licensed), dog_description="", owner_known="no")
    imp = impoundment(app, imp_id)
    assert imp.owner_known is True
    assert imp.redemption_deadline == date(2026, 10, 30)  # nine business days, not five
    assert "license for the dog is on file" in imp.owner_known_reason
    assert "owner of record" in imp.owner_known_reason


def test_s8B_form_asks_owner_named_only_when_the_dog_has_no_owner_of_record(client, auth, app):
    on_file_id = made(app, make_licensed_dog)
    auth.login("dco")
    on_file = client.get(f"/field/seizures/new?dog={on_file_id}").get_data(as_text=True)
    assert 'name="owner_named"' not in on_file and "Owner known:" in on_file
    unknown = client.get("/field/seizures/new").get_data(as_text=True)
    assert 'name="owner_named"' in unknown


def test_s8B_owner_named_by_the_officer_gives_nine_days(client, auth, app):
    auth.login("dco")
    imp = impoundment(app, seize(client, app, owner_named="Pat Doe"))
    assert imp.owner_known and imp.redemption_deadline == date(2026, 10, 30)
    assert "Pat Doe" in imp.owner_known_reason


def test_s8B_old_owner_known_box_without_a_name_is_refused(client, auth, app):
    auth.login("dco")
    response, _ = post(client, "/field/seizures/new", dog_description="Grey husky", codes=["6A1"],
                       ruled_out=EVERY_6A1_EXCEPTION, owner_known="yes", location_text="Ridge Rd")
    assert response.status_code == 422
    assert "§8(B)" in errors_of(response)["owner_named"]


def test_s8B_owner_identified_later_recomputes_the_deadline_and_logs_it(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    assert impoundment(app, imp_id).redemption_deadline == date(2026, 10, 26)
    auth.logout()
    auth.login("clerk")
    response = client.post(f"/field/impoundments/{imp_id}/owner-identified", data={"owner_named": "Pat Doe"})
    assert response.status_code == 303
    imp = impoundment(app, imp_id)
    assert imp.owner_known and imp.redemption_deadline == date(2026, 10, 30) and imp.owner_named == "Pat Doe"
    with app.app_context():
        ev = db.session.execute(db.select(Event).filter_by(kind="impoundment.owner_identified")).scalar_one()
        assert ev.data["old_deadline"] == "2026-10-26" and ev.data["redemption_deadline"] == "2026-10-30"


def test_owner_identified_refused_keeps_the_name_typed(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    typed = "Pat " + "Doe" * 50  # over the 120 characters a name may have
    response = client.post(f"/field/impoundments/{imp_id}/owner-identified", data={"owner_named": typed})
    assert response.status_code == 422
    assert "120 characters" in errors_of(response)["owner_named"]
    assert f'value="{typed}"' in response.get_data(as_text=True)
    assert not impoundment(app, imp_id).owner_known


def test_s8E_adopted_refused_before_the_redemption_deadline_with_the_date(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)  # deadline Mon 26 Oct 2026
    adopter = {"outcome": "adopted", "adopter_first_name": "Ann", "adopter_last_name": "Smith",
               "adopter_address": "Lake Rd", "adopter_phone": "315-555-0100"}
    response = client.post(f"/field/impoundments/{imp_id}/disposition", data={**adopter, "on": "2026-10-26"})
    assert response.status_code == 422
    message = errors_of(response)["adopted-on"]
    assert "Tue 27 Oct 2026" in message and "§8(E)" in message
    assert impoundment(app, imp_id).status == "held"
    response = client.post(f"/field/impoundments/{imp_id}/disposition", data={"outcome": "euthanized", "on": "2026-10-20"})
    assert response.status_code == 422
    response = client.post(f"/field/impoundments/{imp_id}/disposition", data={**adopter, "on": "2026-10-27"})
    assert response.status_code == 303
    imp = impoundment(app, imp_id)
    assert (imp.status, imp.ended_on, imp.end_note) == ("adopted", date(2026, 10, 27),
                                                        "Adopted by Ann Smith, Lake Rd, Sandy Creek")


def test_s8E_the_generic_end_form_leaves_the_detailed_dispositions_to_their_forms(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    for outcome in ("adopted", "euthanized", "transferred", "died"):
        response = client.post(f"/field/impoundments/{imp_id}/end", data={
            "outcome": outcome, "ended_on": "2026-10-30", "end_note": "Somewhere"})
        assert response.status_code == 422 and "DL-18" in errors_of(response)["outcome"]
    assert impoundment(app, imp_id).status == "held"


def test_s8E_s8C_redeemed_any_time_while_held_only_with_license_identification_and_fees(client, auth, app):
    licensed = made(app, make_licensed_dog)  # §8(C): proof of a current license
    auth.login("dco")
    imp_id = seize(client, app, dog_id=str(licensed), dog_description="")
    auth.logout()
    auth.login("clerk")
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert "Redeem the dog (§8(C))" in page and 'value="adopted"' not in page
    assert client.post(f"/field/impoundments/{imp_id}/end", data={"outcome": "adopted"}).status_code == 403
    plain = client.post(f"/field/impoundments/{imp_id}/end", data={"outcome": "redeemed", "ended_on": "2026-10-20"})
    assert plain.status_code == 422 and "§8(C)" in errors_of(plain)["outcome"]
    assert impoundment(app, imp_id).status == "held"
    assert client.post(f"/field/impoundments/{imp_id}/redeem", data={
        "identification": "NY driver license", "payer_name": "Mary Miller", "method": "cash"}).status_code == 303
    assert impoundment(app, imp_id).status == "redeemed"
    again = client.post(f"/field/impoundments/{imp_id}/redeem", data={
        "identification": "NY driver license", "payer_name": "Mary Miller", "method": "cash"})
    assert again.status_code == 422 and "already ended" in errors_of(again)["redeem"]


def test_s8E_transfer_ends_the_case_only_after_the_period_died_in_care_any_time(client, auth, app):
    """§8(E) "Any dog unredeemed at the expiration of the appropriate redemption period shall be
    made available for adoption or euthanized": a transfer that ends the case is such a
    disposition, so it comes only after the period (during it the dog may be boarded elsewhere,
    the case open); death in care is recorded any time."""
    auth.login("dco")
    imp_id = seize(client, app)  # Monday 19 October, owner unknown: held to Monday 26 October
    url = f"/field/impoundments/{imp_id}/disposition"
    refused = client.post(url, data={"outcome": "transferred", "on": "2026-10-27"})
    assert refused.status_code == 422 and "shelter or rescue" in errors_of(refused)["transferred-transferred_to"]
    early = client.post(url, data={"outcome": "transferred", "on": "2026-10-20", "transferred_to": "Oswego County SPCA"})
    assert early.status_code == 422
    assert "may not be transferred" in errors_of(early)["transferred-on"]
    assert "Mon 26 Oct 2026" in errors_of(early)["transferred-on"]
    assert impoundment(app, imp_id).status == "held"
    assert client.post(url, data={
        "outcome": "transferred", "on": "2026-10-27", "transferred_to": "Oswego County SPCA"}).status_code == 303
    other = seize(client, app, dog_description="Black lab mix")
    assert client.post(f"/field/impoundments/{other}/disposition", data={
        "outcome": "died", "on": "2026-10-21", "cause": "Old age"}).status_code == 303
    assert impoundment(app, other).status == "died"


def test_s8E_ended_impoundment_leaves_the_status_card_and_the_phone_copy(client, auth, app):
    max_id = made(app, make_licensed_dog)
    auth.login("dco")
    imp_id = seize(client, app, dog_id=str(max_id), dog_description="")
    assert "Currently IMPOUNDED" in client.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    with app.app_context():
        before = field_dataset(None)["version"]
    client.post(f"/field/impoundments/{imp_id}/disposition", data={"outcome": "transferred", "on": "2026-10-31",
                                                                        "transferred_to": "Oswego County SPCA"})
    assert "Currently IMPOUNDED" not in client.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    with app.app_context():
        delta = field_dataset(before)
        assert [d["dog"]["id"] for d in delta["dogs"]] == [max_id]
        assert not [f for f in delta["dogs"][0]["flags"] if f["code"] == "impounded"]


def test_s8B_deadline_shows_the_days_it_skipped_on_result_page_and_card(client, auth, app):
    unlicensed = made(app, make_dog)  # §5(A)(1): never licensed
    auth.login("dco")
    with app.app_context():
        add_closure(date(2026, 11, 27), "Day after Thanksgiving", None)
        db.session.commit()
    response, _ = post(client, "/field/seizures/new", dog_id=str(unlicensed), codes=["5A1"],
                       ruled_out=EVERY_5A1_EXCEPTION, seized_at="2026-11-23T10:00", location_text="Fox Rd")
    assert response.status_code == 201, errors_of(response)
    html = response.get_data(as_text=True)
    assert "Thanksgiving day (GCL §24)" in html and "Day after Thanksgiving" in html
    card = client.get(f"/field/dogs/{unlicensed}").get_data(as_text=True)
    assert "not counted: " in card and "Thanksgiving day" in card


def test_demo_town_shows_each_roadside_rule_on_the_dcos_screens(client, auth, app):
    from fieldapp.demo.roadside import seed_roadside_cases
    from fieldapp.timeutil import local_today
    with app.app_context():
        seed_roadside_cases(local_today())
    auth.login("dco")
    listing = client.get("/field/impoundments").get_data(as_text=True)
    assert "Duke" in listing and "Ginger" in listing and "redeemed" in listing
    with app.app_context():
        imps = db.session.execute(db.select(Impoundment).order_by(Impoundment.id)).scalars().all()
        assert imps[0].owner_known and "license" in imps[0].owner_known_reason  # Duke, "no" ignored
        assert imps[1].owner_named and imps[1].owner_known  # identified later
        assert any(why.startswith("Snow day") for _, why in imps[0].deadline_skipped)
    assert "Snow day" in client.get(f"/field/impoundments/{imps[0].id}").get_data(as_text=True)
    home = client.get("/").get_data(as_text=True)
    assert "Rabies vaccination overdue" in home and "Rocky" in home
    assert "Currently IMPOUNDED" not in client.get(f"/field/dogs/{dog_id(app, 'Ginger')}").get_data(as_text=True)
    # §8(B): Daisy's tag typed, not scanned: her owner is known, nine business days, linked to her.
    with app.app_context():
        daisy = db.session.execute(db.select(Impoundment).filter_by(dog_id=dog_id(app, "Daisy"))).scalar_one()
        assert daisy.owner_known and "the tag typed" in daisy.owner_known_reason and daisy.status == "held"
        # §8(E): the hound boarded at the SPCA during the hold, the case open.
        hound = db.session.execute(db.select(Impoundment).filter_by(held_at="Oswego County SPCA, Fulton")).scalar_one()
        assert hound.status == "held" and len(hound.moves) == 1
        daisy_id, hound_id = daisy.id, hound.id
    held = listing.split('id="held-now"')[1].split('id="ended"')[0]
    assert "Daisy" in held and "Oswego County SPCA, Fulton" in held
    assert "nine business days" in client.get(f"/field/impoundments/{daisy_id}").get_data(as_text=True)
    assert "Boarded elsewhere during the hold (case open)" in client.get(
        f"/field/impoundments/{hound_id}").get_data(as_text=True)
