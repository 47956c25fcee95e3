"""Every service write that changes a dog's status card bumps Dog.data_version (the offline
copy's delta), by the before_flush hook of services/field_data.py alone: services never set it."""
from datetime import date

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Owner
from fieldapp.services.field_data import current_version
from fieldapp.services.licensing import (
    Application,
    RabiesEvidence,
    add_co_owner,
    create_dog,
    issue_license,
    set_dog_photo,
    update_dog,
    update_owner,
)
from fieldapp.services.tags import bind_blank_tag, issue_tag, make_blank_tags, replace_tag
from tests.photos import jpeg_with_gps

TODAY = date(2026, 5, 4)


def dog(name) -> Dog:
    return db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield


def bumped(name, write) -> None:
    """`write()` leaves the dog `name` with a data_version above every version before it."""
    before = current_version()
    write()
    db.session.commit()
    assert dog(name).data_version > before, name


def test_new_dog_gets_a_new_version(ctx):
    owner = dog("Max").primary_owner
    bumped("Scout", lambda: create_dog({"name": "Scout", "sex": "M", "breed": "Beagle", "color": "tricolor"},
                              [owner], TODAY))


def test_edited_description_bumps(ctx):
    bumped("Duke", lambda: update_dog(dog("Duke"), {"markings": "torn right ear"}))


def test_photo_bumps(ctx):
    """The photo is a deferred column: the hook still sees it set."""
    bumped("Max", lambda: set_dog_photo(dog("Max"), jpeg_with_gps(320, 240)))


def test_owner_phone_bumps_the_owners_dogs(ctx):
    owner = dog("Bella").primary_owner
    bumped("Bella", lambda: update_owner(owner, {"phone": "(315) 555-0142"}, TODAY))


def test_co_owner_bumps(ctx):
    other = db.session.execute(db.select(Owner).filter_by(first_name="Gary")).scalar_one()
    bumped("Max", lambda: add_co_owner(dog("Max"), other, TODAY))


def test_license_bumps(ctx):
    tucker = dog("Tucker")  # never licensed
    rabies = RabiesEvidence(vet_name="Pulaski Animal Hospital", vaccinated_on=date(2026, 1, 5),
                            valid_until=date(2029, 1, 5), certificate_number="RV-42")
    bumped("Tucker", lambda: issue_license(tucker, Application(rabies=rabies, term_years=1), TODAY))


def test_tags_issued_bound_and_replaced_bump(ctx):
    bumped("Luna", lambda: issue_tag(dog("Luna"), TODAY, None))
    blank = make_blank_tags(1, None)[0]
    db.session.commit()
    bumped("Luna", lambda: bind_blank_tag(dog("Luna"), str(blank.serial), TODAY, None))
    bumped("Luna", lambda: replace_tag(dog("Luna"), TODAY, None))


def test_a_change_committed_while_the_copy_is_built_reaches_the_phone(ctx, monkeypatch):
    # Found by benchmarks/bench_field_copy.py: at 50,000 dogs the copy takes seconds to build.
    # A change another clerk commits meanwhile is in the copy or in the next delta, never lost.
    from sqlalchemy.orm import Session

    from fieldapp.services import field_data
    bella = dog("Bella")
    owner_id, dog_id = bella.owners[0].id, bella.id
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
