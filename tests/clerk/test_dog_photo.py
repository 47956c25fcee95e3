"""The clerk adds the dog's photo (§5(E)(2) identifying details); it shows on the roadside card."""
import io
from datetime import date

from fieldapp.extensions import db
from fieldapp.models import Dog
from tests.factories import made, make_dog
from tests.photos import has_no_metadata, jpeg_with_gps

SCOUT = {"name": "Scout", "sex": "M", "breed": "Labrador Retriever", "color": "yellow",
         "markings": "white blaze on chest", "born_on": date(2021, 9, 2)}


def scout_id(app):
    """A dog of the test's own, with no photo yet."""
    return made(app, make_dog, **SCOUT)


def edit_form(client, dog_id, photo):
    page = client.get(f"/clerk/dogs/{dog_id}/edit").get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in page
    data = {**SCOUT, "born_on": SCOUT["born_on"].isoformat(), "photo": photo}
    return client.post(f"/clerk/dogs/{dog_id}/edit", data=data, content_type="multipart/form-data")


def test_clerk_adds_a_photo_without_its_location_data(app, client, auth):
    auth.login("clerk")
    dog_id = scout_id(app)
    response = edit_form(client, dog_id, (io.BytesIO(jpeg_with_gps()), "scout.jpg"))
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    with app.app_context():
        photo = db.session.get(Dog, dog_id).photo
        assert photo and has_no_metadata(photo)
    auth.logout()
    auth.login("dco")
    assert f"/field/dogs/{dog_id}/photo" in client.get(f"/field/dogs/{dog_id}").get_data(as_text=True)
    assert client.get(f"/field/dogs/{dog_id}/photo").data == photo


def test_a_file_that_is_not_a_photo_is_refused_next_to_the_field(app, client, auth):
    auth.login("clerk")
    response = edit_form(client, scout_id(app), (io.BytesIO(b"%PDF not a photo"), "x.pdf"))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "not a photo we can read" in page and 'id="photo-error"' in page
    assert 'value="white blaze on chest"' in page  # what was typed is kept


def test_a_dog_with_no_photo_prompts_for_one_on_its_page_and_card_leading_to_the_upload(app, client, auth):
    auth.login("clerk")
    dog_id = scout_id(app)
    page = client.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)
    prompt = page.split('id="photo-prompt"')[1].split("</p>")[0]
    assert "finds the dog confirms it by the photo" in prompt and f'href="/clerk/dogs/{dog_id}/edit#photo"' in prompt
    assert 'id="photo"' in client.get(f"/clerk/dogs/{dog_id}/edit").get_data(as_text=True)  # where it leads
    card = client.get(f"/field/dogs/{dog_id}").get_data(as_text=True)
    assert 'id="photo-prompt"' in card and f"/clerk/dogs/{dog_id}/edit#photo" in card
    auth.logout()
    auth.login("dco")  # the officer can't edit the record: told whom to give a photo to
    card = client.get(f"/field/dogs/{dog_id}").get_data(as_text=True)
    assert "Take one for the Town Clerk" in card and "/edit#photo" not in card
    auth.logout()
    auth.login("clerk")
    assert edit_form(client, dog_id, (io.BytesIO(jpeg_with_gps()), "scout.jpg")).status_code == 302
    page = client.get(f"/clerk/dogs/{dog_id}").get_data(as_text=True)
    assert 'id="photo-prompt"' not in page and f"/field/dogs/{dog_id}/photo" in page
    assert 'id="photo-prompt"' not in client.get(f"/field/dogs/{dog_id}").get_data(as_text=True)
