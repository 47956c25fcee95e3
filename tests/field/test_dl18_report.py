"""The DL-18 (AML §113(4)) through the real pages: the fields a seizure records for it (record
number, a dog not on file described), and the report as PDF and CSV."""
import csv
import io
from datetime import date

import pytest

from fieldapp.extensions import db
from fieldapp.law.authority import ROLES
from fieldapp.models import Dog
from fieldapp.models.enforcement import Impoundment, ImpoundmentNotice
from fieldapp.timeutil import utcnow

from ..factories import made, make_dog, make_licensed_dog
from ..pdf_layout import pdf_text
from ..roadside import EVERY_6A1_EXCEPTION, errors_of, post
from .kennel_steps import ADOPTER, POWERS, get, seize


def test_dl18_seizure_gets_a_yearly_record_number_and_the_description_of_a_dog_not_on_file(client, auth, app):
    auth.login("dco")
    first = get(app, Impoundment, seize(client, app))
    second = get(app, Impoundment, seize(client, app, dog_breed="Beagle", dog_color="Tricolour"))
    year, n = first.record_number.split("-")
    assert year == "2026" and len(n) == 4 and second.record_number == f"2026-{int(n) + 1:04d}"
    assert (first.dog_breed, first.dog_sex, first.dog_color, first.dog_age) == ("Husky", "M", "Grey", "about 3 years")
    assert first.dog_description == "Grey Husky male"  # words made from the fields when none typed
    assert first.received_on == date(2026, 10, 19)


def test_dl18_old_seizure_payload_without_the_new_fields_still_stands(client, auth, app):
    auth.login("dco")
    imp = get(app, Impoundment, seize(client, app, dog_breed="", dog_sex="", dog_color="", dog_age="", dog_tag="",
                                      received_on="", dog_description="Grey husky, no collar"))
    assert imp.dog_breed == "" and imp.received_on == imp.impounded_on and imp.record_number


def test_dl18_seizure_form_asks_the_description_only_for_a_dog_not_on_file(client, auth, app):
    on_file = made(app, make_dog)
    auth.login("dco")
    assert 'name="dog_breed"' in client.get("/field/seizures/new").get_data(as_text=True)
    assert 'name="dog_breed"' not in client.get(f"/field/seizures/new?dog={on_file}").get_data(as_text=True)
    response, _ = post(client, "/field/seizures/new", dog_sex="X", dog_description="Grey husky", codes=["6A1"],
                       ruled_out=EVERY_6A1_EXCEPTION, location_text="Ridge Rd")
    assert response.status_code == 422 and "male, female" in errors_of(response)["dog_sex"]
    response, _ = post(client, "/field/seizures/new", dog_description="Grey husky", codes=["6A1"],
                       ruled_out=EVERY_6A1_EXCEPTION, location_text="Ridge Rd", seized_at="2026-10-19T10:00",
                       received_on="2026-10-18")
    assert response.status_code == 422 and "before it was seized" in errors_of(response)["received_on"]


# --- §8(E) dispositions ------------------------------------------------------------------------


def test_dl18_pdf_of_one_seizure_filled_from_the_record(client, auth, app):
    auth.login("dco")
    imp_id = seize(client, app)
    with app.app_context():
        db.session.add(ImpoundmentNotice(impoundment_id=imp_id, method="phone", notified_at=utcnow(),
                                         to_whom="Pat Doe"))
        db.session.commit()
    client.post(f"/field/impoundments/{imp_id}/disposition", data=ADOPTER)
    response = client.get(f"/impoundments/{imp_id}/dl18.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    text = pdf_text(response.data)
    record = get(app, Impoundment, imp_id).record_number
    for words in (record, "Unidentified and at large", "Unlicensed", "Husky", "Grey", "By telephone",
                  "Adopted out", "Jane Roe", "Ridge Rd", "Town kennel"):
        assert words in text, words


def test_dl18_csv_one_row_per_seizure_of_the_period_with_the_reports_columns(client, auth, app):
    from fieldapp.services.impoundment.dl18 import DL18_COLUMNS
    auth.login("dco")
    inside = seize(client, app, seized_at="2026-10-19T10:00")
    seize(client, app, seized_at="2026-09-30T10:00")
    client.post(f"/field/impoundments/{inside}/disposition", data={
        "outcome": "transferred", "on": "2026-10-27", "transferred_to": "Oswego County SPCA"})
    auth.logout()
    auth.login("clerk")
    response = client.get("/reports/dl18.csv?from=2026-10-01&to=2026-10-31")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows[0] == [heading for _, heading in DL18_COLUMNS]
    assert "Record number" in rows[0] and "Impoundments in the past 12 months" in rows[0]
    body = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert len(body) == 1
    row = body[0]
    assert row["Record number"] == get(app, Impoundment, inside).record_number
    assert row["Date seized"] == "2026-10-19" and row["Time seized"] == "10:00"
    assert row["Breed"] == "Husky" and row["Sex"] == "Male" and row["Owner notified"] == "No"
    assert row["Disposition"].startswith("Transferred") and row["Date of disposition"] == "2026-10-27"
    assert row["Impoundments in the past 12 months"] == "1"


def test_dl18_csv_counts_the_dogs_impoundments_and_describes_it_from_its_record(client, auth, app):
    max_id = made(app, make_licensed_dog)  # its ID number on the DL-18
    auth.login("dco")
    first = seize(client, app, dog_id=str(max_id), codes=["6A1"], ruled_out=EVERY_6A1_EXCEPTION,
                  seized_at="2026-09-01T10:00", received_on="")
    assert client.post(f"/field/impoundments/{first}/disposition", data={
        "outcome": "transferred", "on": "2026-09-16", "transferred_to": "Oswego County SPCA"}).status_code == 303
    seize(client, app, dog_id=str(max_id), codes=["6A1"], ruled_out=EVERY_6A1_EXCEPTION, seized_at="2026-10-19T10:00")
    rows = list(csv.DictReader(io.StringIO(
        client.get("/reports/dl18.csv?from=2026-10-19&to=2026-10-19").data.decode("utf-8-sig"))))
    with app.app_context():
        dog = db.session.get(Dog, max_id)
        assert rows[0]["Breed"] == dog.breed and rows[0]["ID number"] == str(dog.id_number)
        assert rows[0]["Owner (if known)"] == dog.primary_owner.full_name
    assert rows[0]["Impoundments in the past 12 months"] == "2"
    assert rows[0]["Reason for seizure (DL-18 code)"] == "Local law violation"  # identified: not "unidentified"


def test_dl18_csv_typed_words_never_run_as_a_spreadsheet_formula(client, auth, app):
    auth.login("dco")
    seize(client, app, location_text="=HYPERLINK(\"http://x\")")
    rows = list(csv.DictReader(io.StringIO(
        client.get("/reports/dl18.csv?from=2026-10-19&to=2026-10-19").data.decode("utf-8-sig"))))
    assert rows[0]["Place of seizure"].startswith("'=HYPERLINK")


@pytest.mark.parametrize("query,words", [
    ("", "Give the first day"), ("from=2026-10-01", "Give the last day"),
    ("from=2026-13-01&to=2026-10-31", "is not a date like"), ("from=2026-10-31&to=2026-10-01", "before the first"),
])
def test_dl18_csv_bad_period_is_the_form_again_with_the_reason(client, auth, query, words):
    auth.login("clerk")
    response = client.get(f"/reports/dl18.csv?{query}")
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and words in page and 'aria-invalid="true"' in page
    assert response.headers["Content-Type"].startswith("text/html")


def test_dl18_reports_page_reachable_from_home_for_the_clerk(client, auth):
    auth.login("clerk")
    assert "/reports/" in client.get("/").get_data(as_text=True)
    page = client.get("/reports/").get_data(as_text=True)
    assert 'action="/reports/dl18.csv"' in page and 'name="from"' in page and 'name="to"' in page


@pytest.mark.parametrize("role", ROLES)
def test_dl18_reports_follow_who_may_act(client, auth, app, role):
    auth.login("dco")
    imp_id = seize(client, app)
    auth.logout()
    auth.login(role)
    expected = 200 if role in POWERS["report_seizures"].roles else 403
    assert client.get(f"/impoundments/{imp_id}/dl18.pdf").status_code == expected
    assert client.get("/reports/dl18.csv?from=2026-10-01&to=2026-10-31").status_code == expected
