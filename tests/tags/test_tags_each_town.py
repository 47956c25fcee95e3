"""A tag belongs to its dog's own town, in a deployment of several towns: a finder scanning it
finds it whichever town it is, on a page in that town's name (§4(H): a tag sets forth "the name
of the town and state, the telephone number of the Town Clerk"), with that town's number to
call; staff see the dog's status card only for a town they serve, and a finder's page like anyone
else for another town's; the officer's phone learns nothing of another town's tag."""
import pytest

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.people import UserTown
from fieldapp.models.town import Town
from fieldapp.town import acting_for
from tests.app.test_town_owned import _second_town
from tests.factories import make_licensed_dog, make_owner

ELM_PHONE = "(607) 555-0199"
ELM_CLERK = "(607) 555-0142"


@pytest.fixture
def towns(app):
    """Two towns, each with a licensed dog wearing its tag: the first town's (Sandy Creek) and
    Elm Hollow's, which has its own finder's and clerk's numbers."""
    with app.app_context():
        first, second = _second_town()
        elm = db.session.get(Town, second)
        elm.contact_phone, elm.clerk_phone = ELM_PHONE, ELM_CLERK
        ours = make_licensed_dog(make_owner(last_name="Firsttownowner"), name="Biscuit")
        with acting_for(second):
            theirs = make_licensed_dog(make_owner(last_name="Elmowner"), name="Juniper")
        db.session.commit()
        sandy = db.session.get(Town, first)
        return {"first": first, "second": second, "first_name": sandy.name, "first_phone": sandy.contact_phone,
                "ours": ours.active_tag.token, "theirs": theirs.active_tag.token,
                "theirs_town": theirs.town_id, "theirs_dog": theirs.id, "ours_dog": ours.id}


def serves(app, username, *town_ids):
    with app.app_context():
        user = db.session.execute(db.select(User).filter_by(username=username)).scalar_one()
        db.session.execute(db.delete(UserTown).where(UserTown.user_id == user.id))
        db.session.add_all(UserTown(user_id=user.id, town_id=t) for t in town_ids)
        db.session.commit()


def test_s4H_a_finder_finds_another_towns_tag_in_that_towns_name(client, towns):
    """§4(H): the tag sets forth "the name of the town and state, the telephone number of the Town
    Clerk": the finder's page is the dog's own town's, not the deployment's first."""
    assert towns["theirs_town"] == towns["second"]
    page = client.get(f"/t/{towns['theirs']}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Juniper" in html
    assert "Town of Elm Hollow" in html and ELM_PHONE in html and ELM_CLERK in html
    assert towns["first_name"] not in html and towns["first_phone"] not in html
    assert "Elmowner" not in html  # a finder never sees the owner
    # The first town's own tag is still the first town's page.
    html = client.get(f"/t/{towns['ours']}").get_data(as_text=True)
    assert f"Town of {towns['first_name']}" in html and "Elm Hollow" not in html


def test_a_finders_message_and_photo_go_to_the_dogs_own_town(app, client, towns):
    from fieldapp.models.public import FoundReport, TagScan
    client.get(f"/t/{towns['theirs']}")
    response = client.post(f"/t/{towns['theirs']}/message", data={
        "finder_name": "Sam", "finder_phone": "555-0100", "location": "Main St", "note": "Friendly"})
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    thanks = client.get(response.headers["Location"]).get_data(as_text=True)
    assert ELM_PHONE in thanks and towns["first_phone"] not in thanks
    with app.app_context():
        report = db.session.execute(db.select(FoundReport).execution_options(all_towns=True)).scalars().one()
        scans = db.session.execute(db.select(TagScan.town_id).execution_options(all_towns=True)).scalars().all()
        assert report.town_id == towns["second"] and report.dog_id == towns["theirs_dog"]
        assert scans == [towns["second"]]
    # No photo on file: the same plain 404 as an unknown token, not an error.
    assert client.get(f"/t/{towns['theirs']}/photo.jpg").status_code == 404


def test_a_clerk_of_one_town_opening_another_towns_tag_sees_the_finders_page(app, client, auth, towns):
    serves(app, "clerk", towns["first"])
    auth.login("clerk")
    html = client.get(f"/t/{towns['theirs']}").get_data(as_text=True)
    assert "Juniper" in html and "Town of Elm Hollow" in html and ELM_PHONE in html
    assert "Elmowner" not in html  # the finder's page, not the card
    # Their own town's tag: the card, with the owner.
    assert "Firsttownowner" in client.get(f"/t/{towns['ours']}").get_data(as_text=True)


def test_the_officers_phone_learns_nothing_of_a_tag_of_a_town_not_served(app, client, auth, towns):
    serves(app, "dco", towns["first"])
    auth.login("dco")
    response = client.get(f"/api/tags/{towns['theirs']}")
    assert response.status_code == 404 and response.get_json()["error"] == "tag_unknown"
    assert client.get(f"/api/tags/{towns['ours']}").status_code == 200
    assert client.get(f"/field/dogs/{towns['theirs_dog']}").status_code == 404


def test_an_officer_serving_both_towns_gets_the_card_of_each(app, client, auth, towns):
    serves(app, "dco", towns["first"], towns["second"])
    auth.login("dco")
    for token, owner, dog_id in ((towns["ours"], "Firsttownowner", towns["ours_dog"]),
                                 (towns["theirs"], "Elmowner", towns["theirs_dog"])):
        assert owner in client.get(f"/t/{token}").get_data(as_text=True)
        data = client.get(f"/api/tags/{token}").get_json()
        assert data["license"]["status"] == "valid" and data["tag"]["token"] == token
        assert owner in client.get(f"/field/dogs/{dog_id}").get_data(as_text=True)


def test_an_officer_of_both_towns_finds_each_towns_dog_and_receipt_of_one_number(app, client, auth, towns):
    """Each town numbers its own dogs and receipts from its first, so an officer of both towns may
    meet one number twice: a typed ID number lists both dogs, a receipt is read as its town's paper."""
    from fieldapp.models import Dog
    from fieldapp.models.licensing import Receipt
    with app.app_context(), acting_for(towns["second"]):
        elm_id = db.session.get(Dog, towns["theirs_dog"]).id_number
        elm_receipt = db.session.execute(db.select(Receipt.number)).scalar_one()
        with acting_for(towns["first"]):  # the first town's dog of that number (its first, or one made)
            twin = db.session.execute(db.select(Dog).filter_by(id_number=elm_id)).scalar_one_or_none()
            if twin is None:
                twin = make_licensed_dog(name="Twin", id_number=elm_id)
            twin.name = "Twin"
            db.session.commit()
    serves(app, "dco", towns["first"], towns["second"])
    auth.login("dco")
    listed = client.get(f"/field/lookup?q={elm_id}")
    assert listed.status_code == 200
    assert "Juniper" in listed.get_data(as_text=True) and "Twin" in listed.get_data(as_text=True)
    paper = client.get(f"/field/receipts/{elm_receipt}?town={towns['second']}").get_data(as_text=True)
    assert "Town of Elm Hollow" in paper and ELM_CLERK in paper
