"""§5(B)(1) failure to vaccinate and §6(A)(8) female in heat checked against the dog's record;
overdue requests on the officer's start page; §8(B) the town's calendar kept by the clerk."""
import re
from datetime import UTC, date, datetime, timedelta

from fieldapp.extensions import db
from fieldapp.law.impoundment import deadline_table
from fieldapp.models import RabiesCertificate, TownDay
from fieldapp.models.enforcement import Violation
from fieldapp.services.field_data import field_dataset
from fieldapp.timeutil import local_today

from ..factories import made, make_dog
from ..roadside import count, errors_of, post, violation_data


def request_rabies(client, dog, on):
    response, _ = post(client, "/field/rabies-requests/new", dog_id=str(dog), requested_on=on)
    assert response.status_code in (200, 201), errors_of(response)


def certificate_filed_long_ago(app, dog, valid_until):
    """A rabies certificate on the dog's record since 2025 (before any request of the test)."""
    with app.app_context():
        db.session.add(RabiesCertificate(dog_id=dog, vet_name="Dr. Vet", vaccinated_on=valid_until - timedelta(days=1095),
                                         valid_until=valid_until, created_at=datetime(2025, 6, 1, 12, tzinfo=UTC)))
        db.session.commit()


def test_s5B1_failure_to_vaccinate_refused_without_a_request_on_file(client, auth, app):
    dog = made(app, make_dog)  # no certificate, no request
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", **violation_data(app, dog_id=str(dog), codes=["5B1"],
                                                                        ruled_out=["5B2"]))
    assert response.status_code == 422
    assert "no request to vaccinate on file" in errors_of(response)["codes"]
    assert count(app, Violation) == 0


def test_s5B1_failure_to_vaccinate_refused_within_the_ten_days(client, auth, app):
    dog = made(app, make_dog)
    auth.login("dco")
    request_rabies(client, dog, "2026-10-15")
    response, _ = post(client, "/field/violations/new", **violation_data(
        app, dog_id=str(dog), codes=["5B1"], ruled_out=["5B2"], occurred_at="2026-10-19T09:30"))
    assert response.status_code == 422
    assert "have not passed" in errors_of(response)["codes"]


def test_s5B1_failure_to_vaccinate_stands_after_ten_days_without_a_certificate(client, auth, app):
    dog = made(app, make_dog)  # no certificate on file
    auth.login("dco")
    request_rabies(client, dog, "2026-10-01")
    response, _ = post(client, "/field/violations/new", **violation_data(
        app, dog_id=str(dog), codes=["5B1"], ruled_out=["5B2"], occurred_at="2026-10-19T09:30"))
    assert response.status_code == 201, errors_of(response)


def test_s5B1_certificate_within_ten_days_refuses_the_ticket(client, auth, app):
    dog = made(app, make_dog)
    auth.login("dco")
    request_rabies(client, dog, "2026-10-01")
    with app.app_context():
        db.session.add(RabiesCertificate(dog_id=dog, vet_name="Dr. Vet",
                                         vaccinated_on=date(2026, 10, 5), valid_until=date(2029, 10, 5)))
        db.session.commit()
    response, _ = post(client, "/field/tickets/new", dog_id=str(dog), codes=["5B1"],
                       ruled_out=["5B2"], served_capacity="owner", served_name="A. Owner",
                       served_address="1 Main St")
    assert response.status_code == 422
    assert "certificate was presented" in errors_of(response)["codes"]


def test_s5B1_overdue_requests_on_the_officers_start_page_one_tap_from_a_violation(client, auth, app):
    pickles = made(app, make_dog, name="Pickles")
    # Its certificate was filed long before the request, and ran out ten days ago: two days
    # before the request's tenth day.
    certificate_filed_long_ago(app, pickles, local_today() - timedelta(days=10))
    auth.login("dco")
    request_rabies(client, pickles, (local_today() - timedelta(days=12)).isoformat())
    home = client.get("/").get_data(as_text=True)
    assert "Rabies vaccination overdue" in home and "Pickles" in home
    assert f"/field/violations/new?dog={pickles}&amp;code=5B1" in home
    form = client.get(f"/field/violations/new?dog={pickles}&code=5B1").get_data(as_text=True)
    assert re.search(r'value="5B1"\s+checked', form)  # one offence list now: checked before data-code


def test_s6A8_refused_for_a_male_dog_with_the_record_as_reason(client, auth, app):
    male = made(app, make_dog, sex="M")
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", **violation_data(app, dog_id=str(male), codes=["6A8"],
                                                                        ruled_out=["6A8-contained"]))
    assert response.status_code == 422
    assert "recorded as male" in errors_of(response)["codes"]


def test_s6A8_refused_for_a_spayed_female(client, auth, app):
    spayed = made(app, make_dog, sex="F", altered=True)
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", **violation_data(
        app, dog_id=str(spayed), codes=["6A8"], ruled_out=["6A8-contained"]))
    assert response.status_code == 422
    assert "spayed female" in errors_of(response)["codes"]


def test_s6A8_stands_for_an_unspayed_female(client, auth, app):
    unspayed = made(app, make_dog, sex="F", altered=False)
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", **violation_data(
        app, dog_id=str(unspayed), codes=["6A8"], ruled_out=["6A8-contained"]))
    assert response.status_code == 201, errors_of(response)


def test_s8B_calendar_prefilled_from_gcl24_and_a_snow_day_added_by_the_clerk(client, auth, app):
    auth.login("clerk")
    assert "/calendar/" in client.get("/").get_data(as_text=True)
    assert client.post("/calendar/fill", data={"year": "2027"}).status_code == 303
    page = client.get("/calendar/?year=2027").get_data(as_text=True)
    assert "Thanksgiving day (GCL §24)" in page
    assert client.post("/calendar/close", data={"day": "2027-01-05", "reason": ""}).status_code == 422
    assert client.post("/calendar/close", data={"day": "2027-01-05", "reason": "Snow day"}).status_code == 303
    with app.app_context():
        assert db.session.execute(db.select(TownDay).filter_by(day=date(2027, 1, 5))).scalar_one().reason == "Snow day"


def test_s8B_opened_listed_day_counts_as_a_business_day_in_the_phone_table(client, auth, app):
    auth.login("clerk")
    client.post("/calendar/fill", data={"year": "2026"})
    with app.app_context():
        columbus = db.session.execute(db.select(TownDay).filter_by(day=date(2026, 10, 12))).scalar_one().id
        before = field_dataset(None, today=date(2026, 10, 5))["redemption_deadlines"][""]["2026-10-09"]
    assert before["owner_unknown"] == "2026-10-19"  # Columbus day (Mon 12 Oct) not counted
    client.post(f"/calendar/days/{columbus}/open", data={"open": "1"})
    with app.app_context():
        after = field_dataset(None, today=date(2026, 10, 5))["redemption_deadlines"][""]["2026-10-09"]
        assert after["owner_unknown"] == "2026-10-16"
        assert deadline_table(date(2026, 10, 9), 1, {}, {date(2026, 10, 12)}) == {"2026-10-09": after}


def test_s8B_only_the_clerk_keeps_the_calendar(client, auth, app):
    auth.login("dco")
    assert client.get("/calendar/").status_code == 403
    assert client.post("/calendar/close", data={"day": "2027-01-05", "reason": "Snow day"}).status_code == 403


def test_s5B1_refused_when_a_current_certificate_was_on_record_on_the_tenth_day(client, auth, app):
    """§5(B)(1): "fails or refuses to submit said dog for vaccination within ten (10) days after a
    request": a certificate current on the tenth day, whenever issued, answers the request; the
    request is not listed overdue either."""
    dog = made(app, make_dog)
    certificate_filed_long_ago(app, dog, local_today() + timedelta(days=700))  # valid for years
    auth.login("dco")
    request_rabies(client, dog, (local_today() - timedelta(days=20)).isoformat())
    yesterday = (local_today() - timedelta(days=1)).isoformat()
    response, _ = post(client, "/field/violations/new", **violation_data(
        app, dog_id=str(dog), codes=["5B1"], ruled_out=["5B2"], occurred_at=f"{yesterday}T09:30"))
    assert response.status_code == 422
    assert "current rabies certificate" in errors_of(response)["codes"]
    assert "Rabies vaccination overdue" not in client.get("/").get_data(as_text=True)
