"""GET /api/field-dataset: the offline copy, as a delta since a data version."""
from datetime import date, timedelta

from fieldapp.extensions import db
from fieldapp.models import Dog, License, Owner, Tag


def tag_a_dog(app, token="tok-test-1", serial=990001):
    """A dog with an active tag (made here so the test does not depend on the seed's tags)."""
    with app.app_context():
        dog = db.session.execute(db.select(Dog).where(Dog.id_number.is_not(None)).limit(1)).scalar_one()
        db.session.add(Tag(token=token, serial=serial, dog_id=dog.id, status="active", bound_on=date(2026, 1, 5)))
        db.session.commit()
        return dog.id


def dataset(client, since=None):
    url = "/api/field-dataset" + (f"?since={since}" if since is not None else "")
    answer = client.get(url)
    assert answer.status_code == 200, answer.data
    return answer.json


def test_full_copy_has_every_dog_with_its_card_and_tokens(app, client, auth):
    tag_a_dog(app)
    auth.login("dco")
    data = dataset(client)
    with app.app_context():
        dogs = db.session.execute(db.select(Dog)).scalars().all()
        assert len(data["dogs"]) == len(dogs)
        with_tag = next(d for d in dogs if d.active_tag)
        record = next(r for r in data["dogs"] if r["dog"]["id"] == with_tag.id)
        assert record["tag"] == with_tag.active_tag.token
        assert record["dog"]["id_number"] == with_tag.id_number
        assert {"license", "rabies", "owners", "flags"} <= set(record)
    assert data["version"] >= 0 and data["generated_at"] and "redemption_deadlines" in data


def test_a_change_bumps_the_version_and_appears_in_the_delta(app, client, auth):
    auth.login("dco")
    version = dataset(client)["version"]
    assert dataset(client, version)["dogs"] == []
    with app.app_context():
        lic = db.session.execute(db.select(License).limit(1)).scalar_one()
        lic.expires_on = lic.expires_on + timedelta(days=365)
        dog_id = lic.dog_id
        db.session.commit()
    delta = dataset(client, version)
    assert [r["dog"]["id"] for r in delta["dogs"]] == [dog_id]
    assert delta["version"] > version
    assert dataset(client, delta["version"])["dogs"] == []


def test_owner_change_touches_all_the_owners_dogs(app, client, auth):
    auth.login("dco")
    version = dataset(client)["version"]
    with app.app_context():
        owner = next(o for o in db.session.execute(db.select(Owner)).scalars() if len(o.dog_links) >= 1)
        dog_ids = sorted(link.dog_id for link in owner.dog_links)
        owner.phone = "(315) 555-0199"
        db.session.commit()
    assert sorted(r["dog"]["id"] for r in dataset(client, version)["dogs"]) == dog_ids


def test_retired_tag_is_listed_so_an_offline_scan_says_not_valid(app, client, auth):
    tag_a_dog(app, "tok-test-2", 990002)
    auth.login("dco")
    version = dataset(client)["version"]
    with app.app_context():
        tag = db.session.execute(db.select(Tag).filter_by(token="tok-test-2")).scalar_one()
        tag.status, tag.retired_on, tag.retired_reason = "retired", tag.bound_on, "lost"
        token, dog_id = tag.token, tag.dog_id
        db.session.commit()
    record = next(r for r in dataset(client, version)["dogs"] if r["dog"]["id"] == dog_id)
    assert token in [t["token"] for t in record["retired_tags"]] and record["tag"] != token


def test_dataset_is_for_officers_only(app, client, auth):
    assert client.get("/api/field-dataset").status_code == 401
    auth.login("clerk")
    assert client.get("/api/field-dataset").status_code == 403
