"""The test factories (tests/factories.py) make what they say, through the services: an owner of
record, a dog owned by it, a current license with its ID number and tag, a dog held."""
import pytest

from fieldapp.extensions import db
from fieldapp.models import Event
from fieldapp.timeutil import local_today
from tests.factories import make_dog, make_impoundment, make_license, make_licensed_dog, make_owner, staff


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield


def test_an_owner_and_a_dog_of_record_with_their_events(ctx):
    owner = make_owner(first_name="Dana", last_name="Birch")
    dog = make_dog(owner, name="Biscuit", sex="F", altered=True)
    db.session.commit()
    assert owner.full_name == "Dana Birch" and owner.phone and owner.address
    assert dog.owners == [owner] and dog.sex == "F" and dog.altered and dog.altered_proof == "certificate"
    assert {e.kind for e in db.session.scalars(db.select(Event))} >= {"owner.created", "dog.created"}
    assert make_dog().primary_owner is not owner  # each dog its own owner unless given one


def test_a_license_is_current_with_its_id_number_and_tag(ctx):
    dog = make_dog(altered=True)
    lic = make_license(dog)
    db.session.commit()
    assert lic.status == "active" and lic.expires_on > local_today() and lic.altered  # pays as altered (§5(C))
    assert dog.id_number and dog.active_tag is not None and dog.current_rabies.valid_until > local_today()


def test_a_licensed_dog_seized_is_held_with_its_owner_known(ctx):
    dog = make_licensed_dog()
    imp = make_impoundment(dog)
    assert imp.status == "held" and imp.dog_id == dog.id and imp.owner_known  # §8(B): nine business days
    assert imp.officer_id == staff("dco").id and imp.reason_codes == ["6A1"]
    stray = make_impoundment()
    assert stray.dog_id is None and not stray.owner_known and stray.redemption_deadline < imp.redemption_deadline
