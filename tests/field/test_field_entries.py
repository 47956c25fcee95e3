"""The roadside entries through their no-JavaScript forms (the same submit_entry the outbox uses):
valid -> 201 and a record, the same UUID again -> the same result and no second record,
invalid -> 422 with a message next to each field. Dates and rules cite the Local Law."""
import re
import uuid
from datetime import date

from fieldapp.extensions import db
from fieldapp.law import redemption_deadline
from fieldapp.law.impoundment import deadline_table
from fieldapp.models import FieldEntry
from fieldapp.models.enforcement import Impoundment, RabiesRequest, Violation
from fieldapp.services.calendar import add_closure

from ..factories import made, make_dog, make_licensed_dog
from ..roadside import (
    EVERY_5A1_EXCEPTION,
    EVERY_6A1_EXCEPTION,
    count,
    errors_of,
    post,
    record_violation,
    violation_data,
)

# --- violation (§6(A), §5(A)(1)) ---------------------------------------------------------

def test_s6A_violation_recorded_then_replayed_once(client, auth, app):
    auth.login("dco")
    data = violation_data(app, codes=["6A1", "5A1"],
                          ruled_out=EVERY_6A1_EXCEPTION + ["5A1-under-4-months", "5H-dog-show"],
                          latitude="43.6512", longitude="-76.0871", accuracy="12")
    response, entry_id = post(client, "/field/violations/new", **data)
    assert response.status_code == 201
    assert "Seize dog" in response.get_data(as_text=True)
    assert "Issue appearance ticket" in response.get_data(as_text=True)
    assert response.headers["HX-Push-Url"].startswith(f"/field/next?entry={entry_id}&kind=violation")
    with app.app_context():
        v = db.session.execute(db.select(Violation).filter_by(entry_id=entry_id)).scalar_one()
        assert v.codes == ["5A1", "6A1"]
        assert (v.latitude, v.longitude, v.accuracy_m) == (43.6512, -76.0871, 12)
        assert v.occurred_at.isoformat() == "2026-10-19T13:30:00+00:00"  # 09:30 EDT, stored in UTC
        entry = db.session.get(FieldEntry, entry_id)
        assert entry.officer.username == "dco" and entry.device_recorded_at and entry.server_received_at
    again = client.post("/field/violations/new", data={**data, "entry_id": entry_id})
    assert again.status_code == 200
    assert count(app, Violation) == 1


def test_s6B_exceptions_must_be_ruled_out(client, auth, app):
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", **violation_data(app, ruled_out=["6B"]))
    assert response.status_code == 422
    errors = errors_of(response)
    assert "not a hunting dog under command" in errors["ruled_out"] and "(§6(A)(1))" in errors["ruled_out"]
    # What was typed is kept.
    assert "Lake Rd at County Route 15" in response.get_data(as_text=True)
    assert count(app, Violation) == 0


def test_violation_invalid_says_what_is_wrong_per_field(client, auth, app):
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", dog_id="", codes=[], occurred_at="yesterday")
    assert response.status_code == 422
    errors = errors_of(response)
    assert errors["codes"] == "Choose at least one violation."
    assert "describe the dog" in errors["dog_description"]
    assert "not a date and time" in errors["occurred_at"]
    assert "type where it happened" in errors["location_text"]


def test_violation_for_a_dog_with_no_tag_by_description(client, auth, app):
    auth.login("dco")
    entry_id = record_violation(client, app, dog_id="", dog_description="Brown hound, red collar, no tag",
                                codes=["6A10"], ruled_out=["6A1-hunting"])
    with app.app_context():
        v = db.session.execute(db.select(Violation).filter_by(entry_id=entry_id)).scalar_one()
        assert v.dog_id is None and v.dog_description == "Brown hound, red collar, no tag"


def test_correction_is_a_new_version_and_lists_show_the_latest(client, auth, app):
    auth.login("dco")
    entry_id = record_violation(client, app, narrative="first telling")
    with app.app_context():
        old_id = db.session.execute(db.select(Violation.id).filter_by(entry_id=entry_id)).scalar_one()
    assert client.get(f"/field/violations/{old_id}/correct").status_code == 200
    response, _ = post(client, "/field/violations/new",
                       **violation_data(app, narrative="corrected telling", supersedes_entry_id=entry_id))
    assert response.status_code == 201
    with app.app_context():
        old = db.session.get(Violation, old_id)
        assert old.narrative == "first telling"  # never edited in place
        assert old.superseded_by.narrative == "corrected telling"
    listing = client.get("/field/violations").get_data(as_text=True)
    assert f"/field/violations/{old_id}\"" not in listing and "(corrected)" in listing
    assert "was corrected" in client.get(f"/field/violations/{old_id}").get_data(as_text=True)
    twice, _ = post(client, "/field/violations/new", **violation_data(app, supersedes_entry_id=entry_id))
    assert twice.status_code == 422 and "already corrected" in errors_of(twice).get("supersedes_entry_id", twice.get_data(as_text=True))


# --- §5(B)(1) rabies vaccination request -----------------------------------------------------

def test_s5B1_rabies_request_due_in_ten_days_and_on_the_card(client, auth, app):
    the_dog = made(app, make_dog)
    auth.login("dco")
    rocky = the_dog
    response, entry_id = post(client, "/field/rabies-requests/new", dog_id=str(rocky),
                              requested_on=date.today().isoformat())
    assert response.status_code == 201
    with app.app_context():
        req = db.session.execute(db.select(RabiesRequest).filter_by(entry_id=entry_id)).scalar_one()
        assert (req.due_on - req.requested_on).days == 10
        assert req.requested_of == "Robert Hadley" or req.requested_of  # the owner of record
    card = client.get(f"/field/dogs/{rocky}").get_data(as_text=True)
    assert 'data-flag="rabies_requested"' in card and "Rabies vaccination requested: due" in card


def test_s5B1_overdue_request_and_cleared_by_a_certificate(client, auth, app):
    the_dog = made(app, make_dog)
    auth.login("dco")
    rocky = the_dog
    record_violation(client, app, dog_id=str(rocky), codes=["6A2"], ruled_out=[], rabies_request="y",
                     occurred_at="2026-10-19T09:30")
    with app.app_context():
        req = db.session.execute(db.select(RabiesRequest)).scalar_one()
        assert req.due_on == date(2026, 10, 29)  # ten calendar days after the request
    card = client.get(f"/field/dogs/{rocky}").get_data(as_text=True)
    assert "Rabies vaccination OVERDUE: was due Thu 29 Oct 2026" in card
    from fieldapp.models import RabiesCertificate
    with app.app_context():
        db.session.add(RabiesCertificate(dog_id=rocky, vet_name="Pulaski Animal Hospital",
                                         vaccinated_on=date.today(), valid_until=date(2029, 12, 1)))
        db.session.commit()
    assert 'data-flag="rabies_requested"' not in client.get(f"/field/dogs/{rocky}").get_data(as_text=True)


# --- §8 seizure ----------------------------------------------------------------------------

def test_s8B_holding_period_nine_business_days_owner_known_five_unknown(client, auth, app):
    the_dog = made(app, make_licensed_dog)
    auth.login("dco")
    violation = record_violation(client, app, dog_id=str(the_dog))
    known, _ = post(client, "/field/seizures/new", violation_entry_id=violation, owner_known="yes",
                    seized_at="2026-10-19T10:00")  # a Monday
    assert known.status_code == 201
    unknown, _ = post(client, "/field/seizures/new", dog_id="", dog_description="Grey husky, no collar",
                      codes=["6A1"], ruled_out=EVERY_6A1_EXCEPTION, owner_known="no", seized_at="2026-10-19T10:00",
                      location_text="Ridge Rd")
    assert unknown.status_code == 201
    with app.app_context():
        imps = db.session.execute(db.select(Impoundment).order_by(Impoundment.id)).scalars().all()
        assert imps[0].redemption_deadline == date(2026, 10, 30) == redemption_deadline(date(2026, 10, 19), True)
        assert imps[1].redemption_deadline == date(2026, 10, 26) == redemption_deadline(date(2026, 10, 19), False)
        # Made from the same entry: the violation's codes, dog and place come along.
        assert imps[0].violation.entry_id == violation and imps[0].reason_codes == ["6A1"]
        assert imps[0].dog_id == the_dog and imps[0].location_text == "Lake Rd at County Route 15"
    assert "Hold the dog until the end of Fri 30 Oct 2026" in known.get_data(as_text=True)


def test_s8B_town_closed_days_are_not_business_days(client, auth, app):
    auth.login("dco")
    with app.app_context():
        add_closure(date(2026, 10, 21), "Snow day", None)
        db.session.commit()
    response, _ = post(client, "/field/seizures/new", dog_id="", dog_description="Grey husky, no collar",
                       codes=["5A1"], ruled_out=EVERY_5A1_EXCEPTION, seized_at="2026-10-19T10:00",
                       location_text="Fox Rd")
    assert response.status_code == 201
    with app.app_context():
        imp = db.session.execute(db.select(Impoundment)).scalar_one()
        assert imp.redemption_deadline == date(2026, 10, 27)
        assert imp.deadline_skipped[0] == ["2026-10-21", "Snow day"]
    assert "Snow day" in response.get_data(as_text=True)


def test_s8A_seizure_needs_a_violation(client, auth, app):
    the_dog = made(app, make_dog)
    auth.login("dco")
    response, _ = post(client, "/field/seizures/new", dog_id=str(the_dog), location_text="x")
    assert response.status_code == 422
    errors = errors_of(response)
    assert "§8(A)" in errors["codes"]
    assert count(app, Impoundment) == 0


def test_seizure_replay_same_uuid_same_deadline(client, auth, app):
    the_dog = made(app, make_licensed_dog)
    auth.login("dco")
    data = {"entry_id": str(uuid.uuid4()), "dog_id": str(the_dog), "codes": "6A1",
            "ruled_out": EVERY_6A1_EXCEPTION, "owner_known": "yes", "seized_at": "2026-10-19T10:00", "location_text": "Lake Rd"}
    first = client.post("/field/seizures/new", data=data)
    second = client.post("/field/seizures/new", data=data)
    assert (first.status_code, second.status_code) == (201, 200)
    assert count(app, Impoundment) == 1


def test_s8B_deadline_table_for_offline_use():
    table = deadline_table(date(2026, 10, 19), 3, [date(2026, 10, 21)])
    assert list(table) == ["2026-10-19", "2026-10-20", "2026-10-21"]
    assert table["2026-10-19"] == {"owner_known": redemption_deadline(date(2026, 10, 19), True, [date(2026, 10, 21)]).isoformat(),
                                   "owner_unknown": "2026-10-27"}


def test_impounded_dog_flagged_on_its_card(client, auth, app):
    the_dog = made(app, make_licensed_dog)
    auth.login("dco")
    max_id = the_dog
    post(client, "/field/seizures/new", dog_id=str(max_id), codes="6A1", ruled_out=EVERY_6A1_EXCEPTION,
         owner_known="yes", seized_at="2026-10-19T10:00", location_text="Lake Rd")
    card = client.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    assert 'data-flag="impounded"' in card and "Held until Fri 30 Oct 2026" in card


def test_s8A_seizure_for_running_at_large_needs_s6B_exception_ruled_out(client, auth, app):
    the_dog = made(app, make_licensed_dog)
    auth.login("dco")
    data = {"dog_id": str(the_dog), "codes": "6A1", "owner_known": "yes", "location_text": "Lake Rd"}
    response, _ = post(client, "/field/seizures/new", **data, ruled_out="6A1-hunting")
    assert response.status_code == 422
    assert "Running at large: tick “Ruled out: not on the owner" in errors_of(response)["ruled_out"] and "(§6(B))" in errors_of(response)["ruled_out"]
    assert count(app, Impoundment) == 0
    form = client.get(f"/field/seizures/new?dog={the_dog}").get_data(as_text=True)
    assert 'name="ruled_out" value="6B"' in form and 'name="ruled_out" value="6A1-hunting"' in form
    ok, _ = post(client, "/field/seizures/new", **data, ruled_out=EVERY_6A1_EXCEPTION)
    assert ok.status_code == 201


def test_s8A_seizure_of_an_unlicensed_dog_needs_the_s5A1_age_exception_ruled_out(client, auth, app):
    the_dog = made(app, make_dog)
    auth.login("dco")
    data = {"dog_id": str(the_dog), "codes": "5A1", "owner_known": "no", "location_text": "Fox Rd"}
    response, _ = post(client, "/field/seizures/new", **data, ruled_out="5H-dog-show")
    assert response.status_code == 422 and "not a puppy under four months" in errors_of(response)["ruled_out"]
    ok, _ = post(client, "/field/seizures/new", **data, ruled_out=EVERY_5A1_EXCEPTION)
    assert ok.status_code == 201


def test_s8A_seizure_after_a_violation_carries_its_ruled_out_exceptions(client, auth, app):
    the_dog = made(app, make_licensed_dog)
    auth.login("dco")
    violation = record_violation(client, app, dog_id=str(the_dog))  # 6A1, §6(B) and hunting ruled out
    max_id = the_dog
    form = client.get(f"/field/seizures/new?violation={violation}&dog={max_id}").get_data(as_text=True)
    assert re.search(r'name="ruled_out" value="6B"\s+checked', form)
    assert "ruled out on the violation this follows carry over" in form
    response, _ = post(client, "/field/seizures/new", violation_entry_id=violation, owner_known="yes")
    assert response.status_code == 201


def test_second_seizure_of_a_held_dog_is_refused(client, auth, app):
    """§8: a dog held now (impoundment "held") is in the pound: it is not seized again, and
    its card offers no "Seize dog"."""
    the_dog = made(app, make_licensed_dog)
    auth.login("dco")
    max_id = the_dog
    data = {"dog_id": str(max_id), "codes": "6A2", "owner_known": "yes", "location_text": "Lake Rd"}
    first, _ = post(client, "/field/seizures/new", **data)
    assert first.status_code == 201
    card = client.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    assert 'data-flag="impounded"' in card and ">Seize dog</a>" not in card and "Record violation" in card
    again, _ = post(client, "/field/seizures/new", **data)
    assert again.status_code == 422
    assert "is held now" in again.get_data(as_text=True) and "cannot be seized again" in again.get_data(as_text=True)
    assert count(app, Impoundment) == 1
    with app.app_context():
        db.session.execute(db.select(Impoundment)).scalar_one().status = "redeemed"
        db.session.commit()
    assert ">Seize dog</a>" in client.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    after_redemption, _ = post(client, "/field/seizures/new", **data)
    assert after_redemption.status_code == 201


def test_s6A_offences_own_exceptions_are_on_the_officers_checklist(client, auth, app):
    """§6(A): "except rats and mice", feces "immediately removed", "unless on a leash", the property
    owner's consent, and the hunting proviso on 6A9: each one a box to rule out, like §6(B)."""
    auth.login("dco")
    form = client.get("/field/violations/new").get_data(as_text=True)
    for code in ("6A3-consent", "6A5-owners-property", "6A6-consent", "6A7-removed", "6A8-contained",
                 "6A11-rats-mice", "6A1-hunting", "6A1-leash", "6A1-accompanied"):
        assert f'name="ruled_out" value="{code}"' in form, code
    response, _ = post(client, "/field/violations/new", **violation_data(app, codes=["6A11"], ruled_out=[]))
    assert response.status_code == 422 and "rats or mice" in errors_of(response)["ruled_out"]


def test_s6A1_none_of_these_applies_rules_out_each_listed_exception(client, auth, app):
    """§6(A)(1), §6(B): the exceptions are one confirmation step, "None of these applies" with
    each one listed; ticked, each exception of the ticked offences is ruled out and kept."""
    auth.login("dco")
    form = client.get("/field/violations/new").get_data(as_text=True)
    assert 'name="none_applies"' in form and "None of these applies" in form
    refused, _ = post(client, "/field/violations/new", **violation_data(app, ruled_out=[]))
    message = errors_of(refused)["ruled_out"]
    assert refused.status_code == 422 and "adequate leash" in message and "control it by command" in message
    response, _ = post(client, "/field/violations/new", **violation_data(app, ruled_out=[], none_applies="y"))
    assert response.status_code == 201
    with app.app_context():
        v = db.session.execute(db.select(Violation).order_by(Violation.id.desc())).scalars().first()
        assert set(v.ruled_out) == {"6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"}
