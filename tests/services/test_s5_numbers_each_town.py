"""Each town numbers its own dogs and papers, in a deployment of several towns: its first dog
licensed gets the town's first identification number and license number, its first receipt and
DL-18 record the first of the year, whatever the other towns have handed out; and a town already
counting goes on where it was. The phones' data version and tag serials stay the deployment's."""
from sqlalchemy import select

from fieldapp.extensions import db
from fieldapp.models import Sequence, take_from_sequence
from fieldapp.models.licensing import Receipt
from fieldapp.services.enforcement.seizure import record_numbers
from fieldapp.services.field_data import reserve_data_versions
from fieldapp.services.numbers import FIRST_ID_NUMBER, next_purebred_license_number
from fieldapp.services.tags import serials
from fieldapp.timeutil import local_today
from fieldapp.town import acting_for
from tests.app.test_town_owned import _second_town
from tests.factories import make_licensed_dog


def _counter(name):
    row = db.session.get(Sequence, name)
    return row.value if row is not None else 0


def test_s5G_each_town_assigns_its_own_identification_numbers_from_its_first(app):
    """§5(G): "The Town Clerk shall assign an identification number to a dog when it is first
    licensed." Each town's clerk assigns the town's numbers: the second town's first dog gets the
    first number, as the first town's did, and the first town's counter goes on where it was."""
    with app.app_context():
        first, second = _second_town()
        year = local_today().year
        first_before = _counter("dog_id_number")
        with acting_for(second):
            dog = make_licensed_dog(name="Elmo")
            db.session.flush()
            assert dog.town_id == second
            assert dog.id_number == FIRST_ID_NUMBER
            assert dog.current_license.number == f"{year}-00001"
            assert db.session.scalars(select(Receipt.number)).all() == [f"R-{year}-00001"]
            assert record_numbers(year, 2) == [f"{year}-0001", f"{year}-0002"]
            assert next_purebred_license_number(year) == f"P{year}-0001"
        # The first town's counters are where they were, under their names of one town.
        assert _counter("dog_id_number") == first_before
        with acting_for(first):  # acting for the first town by its id: the same counter
            ours = make_licensed_dog(name="Ours")
            db.session.flush()
        assert ours.id_number == max(first_before, FIRST_ID_NUMBER - 1) + 1
        plain = make_licensed_dog(name="Plain")  # no town chosen: the first town's
        db.session.flush()
        assert plain.id_number == ours.id_number + 1
        assert _counter(f"dog_id_number:{second}") == FIRST_ID_NUMBER
        db.session.rollback()


def test_the_deployments_counters_are_one_for_every_town(app):
    """The phones' copies are versioned across the deployment (an officer of several towns keeps
    one copy), and a tag's printed number finds one tag whoever types it."""
    with app.app_context():
        first, second = _second_town()
        version = reserve_data_versions(1)
        serial = serials(1)[0]
        with acting_for(second):
            assert reserve_data_versions(1) == version + 1
            assert serials(1) == [serial + 1]
            assert take_from_sequence("ticket_number", 1, deployment=True) == _counter("ticket_number")
        assert _counter(f"field_data:{second}") == 0
        db.session.rollback()
