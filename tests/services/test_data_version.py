"""Every service write that changes a dog's status card bumps Dog.data_version (the offline
copy's delta), by the before_flush hook of services/field_data.py alone: services never set it."""
from datetime import date

import pytest

from fieldapp.extensions import db
from fieldapp.services.field_data import current_version
from fieldapp.services.licensing import add_co_owner, create_dog, set_dog_photo, update_dog, update_owner
from fieldapp.services.tags import bind_blank_tag, issue_tag, make_blank_tags, replace_tag
from tests.factories import make_dog, make_license, make_owner
from tests.photos import jpeg_with_gps

TODAY = date(2026, 5, 4)


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield


def bumped(dog, write) -> None:
    """`write()` leaves `dog` with a data_version above every version before it."""
    db.session.commit()
    before = current_version()
    write()
    db.session.commit()
    assert dog.data_version > before, dog.name


def test_new_dog_gets_a_new_version(ctx):
    owner = make_owner(TODAY)
    db.session.commit()
    before = current_version()
    scout = create_dog({"name": "Scout", "sex": "M", "breed": "Beagle", "color": "tricolor"}, [owner], TODAY)
    db.session.commit()
    assert scout.data_version > before


def test_edited_description_bumps(ctx):
    dog = make_dog(today=TODAY, markings="")
    bumped(dog, lambda: update_dog(dog, {"markings": "torn right ear"}))


def test_photo_bumps(ctx):
    """The photo is a deferred column: the hook still sees it set."""
    dog = make_dog(today=TODAY)
    bumped(dog, lambda: set_dog_photo(dog, jpeg_with_gps(320, 240)))


def test_owner_phone_bumps_the_owners_dogs(ctx):
    owner = make_owner(TODAY, phone="(315) 555-0100")
    dog = make_dog(owner, TODAY)
    bumped(dog, lambda: update_owner(owner, {"phone": "(315) 555-0142"}, TODAY))


def test_co_owner_bumps(ctx):
    dog, other = make_dog(today=TODAY), make_owner(TODAY)
    bumped(dog, lambda: add_co_owner(dog, other, TODAY))


def test_license_bumps(ctx):
    never_licensed = make_dog(today=TODAY)
    bumped(never_licensed, lambda: make_license(never_licensed, TODAY))


def test_tags_issued_bound_and_replaced_bump(ctx):
    dog = make_dog(today=TODAY)
    make_license(dog, TODAY)  # the dog's identification number (§5(G)), which a tag needs
    bumped(dog, lambda: issue_tag(dog, TODAY, None))
    blank = make_blank_tags(1, None)[0]
    db.session.commit()
    bumped(dog, lambda: bind_blank_tag(dog, str(blank.serial), TODAY, None))
    bumped(dog, lambda: replace_tag(dog, TODAY, None))


def test_a_change_committed_while_the_copy_is_built_reaches_the_phone(ctx, monkeypatch):
    # Found by benchmarks/bench_field_copy.py: at 50,000 dogs the copy takes seconds to build.
    # A change another clerk commits meanwhile is in the copy or in the next delta, never lost.
    from sqlalchemy.orm import Session

    from fieldapp.models import Owner
    from fieldapp.services import field_data
    dog = make_dog(today=TODAY)
    db.session.commit()
    owner_id, dog_id = dog.owners[0].id, dog.id
    load = field_data.load_card_dogs

    def another_clerk_saves_meanwhile(dog_ids):
        dogs = load(dog_ids)
        with Session(db.engine) as other:
            other.get(Owner, owner_id).address = "1 Elsewhere Rd"
            other.commit()
        return dogs
    monkeypatch.setattr(field_data, "load_card_dogs", another_clerk_saves_meanwhile)
    full = field_data.field_dataset()
    monkeypatch.setattr(field_data, "load_card_dogs", load)
    db.session.expire_all()
    delta = field_data.field_dataset(since=full["version"])
    seen = [d for d in full["dogs"] + delta["dogs"] if d["dog"]["id"] == dog_id]
    assert any("1 Elsewhere Rd" in str(d["owners"]) for d in seen), "the new address never reaches the phone"
