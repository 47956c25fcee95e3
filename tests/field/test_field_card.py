"""The roadside status card: green/amber/red with words, owner and flags, at most 3 queries."""
import io
import re
import uuid
from datetime import timedelta

import pytest
from PIL import Image

from fieldapp.extensions import db
from fieldapp.models import Dog, RabiesCertificate
from fieldapp.models.enforcement import Photo
from fieldapp.querycount import counting_queries
from fieldapp.services.licensing import RabiesEvidence
from fieldapp.services.photos import store_photo
from fieldapp.timeutil import local_today
from tests.factories import make_dog, make_licensed_dog, make_owner
from tests.photos import jpeg_with_gps


def a_dog(app, make=make_licensed_dog, **kw) -> int:
    """A dog made for the test (licensed today unless `make` says otherwise): its id."""
    with app.app_context():
        dog = make(**kw)
        db.session.commit()
        return dog.id


def license_ending_in(days):
    def make():
        dog = make_licensed_dog()
        dog.licenses[0].expires_on = local_today() + timedelta(days=days)
        return dog
    return make


def never_licensed_with_a_current_certificate():
    dog = make_dog()
    db.session.add(RabiesCertificate(dog=dog, vet_name="Dr. Vet", vaccinated_on=local_today() - timedelta(days=30),
                                     valid_until=local_today() + timedelta(days=700)))
    return dog


def rabies_ended_10_days_ago():
    dog = make_licensed_dog()
    dog.rabies_certificates[0].valid_until = local_today() - timedelta(days=10)
    return dog


def vet_statement_in_lieu():
    statement = RabiesEvidence(kind="vet_statement", vet_name="Dr. Hale", exempt_reason="Too frail")
    return make_licensed_dog(license={"rabies": statement})


@pytest.mark.parametrize("make,license_status,license_words,rabies_status,rabies_words", [
    (make_licensed_dog, "valid", "License valid", "valid", "Rabies vaccination valid"),
    (license_ending_in(20), "expiring", "License expiring soon", "valid", "Rabies vaccination valid"),
    (license_ending_in(-40), "expired", "License EXPIRED", "valid", "Rabies vaccination valid"),
    (never_licensed_with_a_current_certificate, "none", "NO LICENSE", "valid", "Rabies vaccination valid"),
    (rabies_ended_10_days_ago, "valid", "License valid", "expired", "Rabies vaccination EXPIRED"),
    (vet_statement_in_lieu, "valid", "License valid", "exempt", "Rabies: exempt (vet&#39;s statement)"),
], ids=["licensed", "expiring", "expired", "never-licensed", "rabies-expired", "vet-statement"])
def test_s5A4_s5B_card_colour_and_words_per_status(client, auth, app, make, license_status, license_words,
                                                   rabies_status, rabies_words):
    dog = a_dog(app, make)
    auth.login("dco")
    html = client.get(f"/field/dogs/{dog}").get_data(as_text=True)
    lic = re.search(r'<li class="status-line status-(\w+)" data-status="license-(\w+)">(.*?)</li>', html, re.S)
    rab = re.search(r'<li class="status-line status-(\w+)" data-status="rabies-(\w+)">(.*?)</li>', html, re.S)
    assert lic.group(1) == lic.group(2) == license_status and license_words in lic.group(3)
    assert rab.group(1) == rab.group(2) == rabies_status and rabies_words in rab.group(3)


def test_card_owner_call_link_and_big_buttons(client, auth, app):
    with app.app_context():
        stevens = [make_owner(first_name=first, last_name="Stevens", phone=phone, address="137 Lake Rd")
                   for first, phone in (("John", "(315) 387-2113"), ("Gary", "(315) 387-2999"))]
        bella = make_licensed_dog(owners=stevens).id
        db.session.commit()
    auth.login("dco")
    html = client.get(f"/field/dogs/{bella}").get_data(as_text=True)
    assert "John Stevens" in html and "Gary Stevens" in html  # both owners of record
    assert re.search(r'href="tel:\(?315\)?387-?2113"|href="tel:3153872113"', html.replace(" ", "")) or 'href="tel:3153872113"' in html
    for words in ("Record violation", "Seize dog", "Issue appearance ticket"):
        assert f">{words}</a>" in html


def test_card_flags_lost_dog(client, auth, app):
    penny = a_dog(app, status="lost")
    auth.login("dco")
    html = client.get(f"/field/dogs/{penny}").get_data(as_text=True)
    assert 'data-flag="lost"' in html and "Reported lost" in html


def test_card_flags_dangerous_and_prior_violations(client, auth, app):
    from datetime import date
    zeus = a_dog(app, make_dog)
    with app.app_context():
        from fieldapp.models import User
        from fieldapp.models.court import CourtOrder
        justice = db.session.execute(db.select(User).filter_by(username="justice")).scalar_one()
        db.session.add(CourtOrder(dog_id=zeus, kind="dangerous", ordered_on=date(2026, 3, 2),
                                  terms="Collar and leash at all times.", ordered_by_id=justice.id))
        db.session.commit()
    auth.login("dco")
    client.post("/field/violations/new", data={
        "entry_id": str(uuid.uuid4()), "dog_id": str(zeus), "codes": "6A4", "occurred_at": "2026-11-03T08:15",
        "location_text": "Railroad St"})
    html = client.get(f"/field/dogs/{zeus}").get_data(as_text=True)
    assert "Declared DANGEROUS by the Town Justice" in html
    assert "1 prior violation" in html and "Tue 3 Nov 2026: Chasing, jumping on or harassing a person" in html


def test_card_htmx_swap_gets_the_partial(client, auth, app):
    max_id = a_dog(app)
    auth.login("dco")
    html = client.get(f"/field/dogs/{max_id}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert html.lstrip().startswith("{#") is False and "<html" not in html and 'id="status-card"' in html
    boosted = client.get(f"/field/dogs/{max_id}",
                         headers={"HX-Request": "true", "HX-Boosted": "true"}).get_data(as_text=True)
    assert "<html" in boosted


def violation_and_seizure(client, dog_id):
    """Give the dog an enforcement history: a violation with a rabies request, then a seizure."""
    client.post("/field/violations/new", data={
        "entry_id": str(uuid.uuid4()), "dog_id": str(dog_id), "codes": "6A2", "location_text": "Lake Rd",
        "rabies_request": "y"})
    client.post("/field/seizures/new", data={
        "entry_id": str(uuid.uuid4()), "dog_id": str(dog_id), "codes": "6A2", "owner_known": "yes",
        "location_text": "Lake Rd"})


def test_card_at_most_three_queries(client, auth, app):
    """Budget: the signed-in user, the dog with its records and its enforcement history."""
    auth.login("dco")
    max_id = a_dog(app)
    violation_and_seizure(client, max_id)
    with app.app_context():
        engine = db.engine
    with counting_queries(engine) as statements:
        response = client.get(f"/field/dogs/{max_id}")
    assert response.status_code == 200 and 'data-flag="impounded"' in response.get_data(as_text=True)
    assert len(statements) <= 3, statements


def test_lookup_by_id_number_and_search(client, auth, app):
    made_id = a_dog(app)
    a_dog(app, name="Biscuit", breed="Beagle")
    auth.login("dco")
    with app.app_context():
        max_dog = db.session.get(Dog, made_id)
        number = max_dog.id_number
    response = client.get(f"/field/lookup?q={number}")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/field/dogs/{max_dog.id}")
    assert client.get("/field/lookup?q=https://x.example/t/ABCDEF").headers["Location"].endswith("/t/ABCDEF")
    results = client.get("/field/lookup?q=Beagle").get_data(as_text=True)
    assert "Biscuit" in results


def test_scan_screen_loads_jsqr_only_there(client, auth):
    auth.login("dco")
    scan = client.get("/field/scan").get_data(as_text=True)
    assert "Scan tag" in scan and "jsQR-1.4.0.js" in scan and "js/scan.js" in scan
    assert "jsQR" not in client.get("/field/violations/new").get_data(as_text=True)


# --- photos -------------------------------------------------------------------------------

def test_photo_metadata_stripped_and_resized(app):
    entry_id = str(uuid.uuid4())
    with app.app_context():
        photo = store_photo(entry_id, 0, jpeg_with_gps(), "image/jpeg")
        assert (photo.width, photo.height) == (1600, 1200)
        kept = Image.open(io.BytesIO(photo.data))
        assert kept.format == "JPEG" and kept.size == (1600, 1200)
        assert len(kept.getexif()) == 0 and b"Exif" not in photo.data and b"OfficerPhone" not in photo.data
        # The same (entry, index) again is the same photo.
        assert store_photo(entry_id, 0, jpeg_with_gps(), "image/jpeg").id == photo.id
        assert db.session.execute(db.select(db.func.count(Photo.id))).scalar() == 1


def test_photos_uploaded_with_a_violation_form(client, auth, app):
    auth.login("dco")
    entry_id = str(uuid.uuid4())
    response = client.post("/field/violations/new", content_type="multipart/form-data", data={
        "entry_id": entry_id, "dog_id": str(a_dog(app)), "codes": "6A7", "ruled_out": "6A7-removed", "location_text": "Town park",
        "photos": [(io.BytesIO(jpeg_with_gps(800, 600)), "a.jpg"), (io.BytesIO(b"not an image"), "b.jpg")]})
    assert response.status_code == 201
    assert "Photo 2 (b.jpg)" in response.get_data(as_text=True)
    with app.app_context():
        photos = db.session.execute(db.select(Photo).filter_by(entry_id=entry_id)).scalars().all()
        assert [(p.index, p.width) for p in photos] == [(0, 800)] and b"Exif" not in photos[0].data


def _statements_during(app, fn):
    with app.app_context(), counting_queries(db.engine) as statements:
        result = fn()
    return result, statements


def test_card_shows_the_photo_but_never_loads_it(client, auth, app):
    """Dog.photo is deferred: the card asks only whether there is one (<= 3 queries)."""
    from fieldapp.services.licensing import set_dog_photo
    max_id = a_dog(app)
    with app.app_context():
        dog = db.session.get(Dog, max_id)
        set_dog_photo(dog, jpeg_with_gps(640, 480))
        # Seen in the same transaction: has_photo (a SQL expression) is expired by the flush.
        assert dog.has_photo is True
        db.session.commit()
    auth.login("dco")
    response, statements = _statements_during(app, lambda: client.get(f"/field/dogs/{max_id}"))
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and f'src="/field/dogs/{max_id}/photo"' in html
    assert len(statements) <= 3, statements
    assert not any(re.search(r"dog\.photo(?! IS NOT NULL)", s) for s in statements), statements
    photo = client.get(f"/field/dogs/{max_id}/photo")
    assert photo.status_code == 200 and photo.data[:2] == b"\xff\xd8"
    # A dog loaded anywhere else does not carry its photo either until it is asked for.
    with app.app_context():
        dog = db.session.get(Dog, max_id)
        assert "photo" not in dog.__dict__ and dog.has_photo
        assert dog.photo[:2] == b"\xff\xd8"


def test_card_without_photo_has_no_img(client, auth, app):
    auth.login("dco")
    html = client.get(f"/field/dogs/{a_dog(app)}").get_data(as_text=True)
    assert 'class="dog-photo"' not in html and 'id="status-card"' in html


def _statement_count(app, client, url):
    response, statements = _statements_during(app, lambda: client.get(url))
    assert response.status_code == 200
    return response.get_data(as_text=True), len(statements)


def test_card_is_three_queries_and_shows_a_new_violation_at_once(client, auth, app):
    """Every view: the signed-in user, the town's settings (its name in the header) and the dog
    with everything on its card (one UNION ALL)."""
    max_id = a_dog(app)
    auth.login("dco")
    first, n_first = _statement_count(app, client, f"/field/dogs/{max_id}")
    assert n_first == 3 and 'data-flag="violations"' not in first
    client.post("/field/violations/new", data={
        "entry_id": str(uuid.uuid4()), "dog_id": str(max_id), "codes": "6A2", "location_text": "Lake Rd"})
    after, n_after = _statement_count(app, client, f"/field/dogs/{max_id}")
    assert n_after == 3 and 'data-flag="violations"' in after and "1 prior violation" in after


def test_s5A4_card_turns_expired_the_day_after_expiry(client, auth, app):
    """A license "expiring" today is EXPIRED once its expiry date has passed."""
    bella = a_dog(app, license_ending_in(20))
    with app.app_context():
        expires = db.session.get(Dog, bella).current_license.expires_on
    auth.login("dco")
    app.config["FIXED_TODAY"] = local_today()
    assert 'data-status="license-expiring"' in client.get(f"/field/dogs/{bella}").get_data(as_text=True)
    app.config["FIXED_TODAY"] = expires + timedelta(days=1)
    assert 'data-status="license-expired"' in client.get(f"/field/dogs/{bella}").get_data(as_text=True)


def test_card_officer_buttons_only_for_officers(app):
    """The officer's buttons (§7, §9) are on the officer's card, not on the clerk's."""
    max_id = a_dog(app)
    from tests.conftest import AuthActions
    officer, clerk = app.test_client(), app.test_client()
    AuthActions(officer).login("dco")
    AuthActions(clerk).login("clerk")
    assert ">Seize dog</a>" in officer.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    assert ">Seize dog</a>" not in clerk.get(f"/field/dogs/{max_id}").get_data(as_text=True)
    assert ">Seize dog</a>" in officer.get(f"/field/dogs/{max_id}").get_data(as_text=True)


def test_card_loaders_read_the_dog_as_the_models_do(client, auth, app):
    """CardDog (plain rows, one query) gives dog_status() exactly what a Dog gives."""
    from fieldapp.field.card import load_card_dog
    from fieldapp.services.status import dog_status
    from fieldapp.timeutil import local_today
    auth.login("dco")
    max_id = a_dog(app)
    violation_and_seizure(client, max_id)
    today = local_today()
    with app.app_context():
        for dog in db.session.execute(db.select(Dog)).scalars():
            expected = dog_status(dog, today)
            assert dog_status(load_card_dog(dog.id), today) == expected, dog.name
        codes = {f["code"] for f in dog_status(load_card_dog(max_id), today)["flags"]}
        assert {"impounded", "violations", "rabies_requested"} <= codes
        assert load_card_dog(10 ** 9) is None


def test_card_shows_the_owners_new_phone_number(client, auth, app):
    """An owner's new phone number (another table than the dog's) shows on the next view."""
    bella = a_dog(app)
    auth.login("dco")
    assert "(315) 555-0199" not in client.get(f"/field/dogs/{bella}").get_data(as_text=True)
    with app.app_context():
        db.session.get(Dog, bella).owners[0].phone = "(315) 555-0199"
        db.session.commit()
    html = client.get(f"/field/dogs/{bella}").get_data(as_text=True)
    assert "Call owner · (315) 555-0199" in html and 'href="tel:3155550199"' in html
