"""Every record of a town says whose it is (models/town_owned.py: TownOwned): a new row is the
town acted for (`acting_for`), else the deployment's first town, whether the ORM or a plain
INSERT writes it, and a statement used for one town does not keep that town for the next."""
from sqlalchemy import insert, select

from fieldapp.extensions import db
from fieldapp.models import Dog, Owner
from fieldapp.models.town import Town
from fieldapp.town import acting_for

from ..factories import make_town


def _second_town() -> tuple[int, int]:
    first = db.session.scalars(select(Town).order_by(Town.id)).first()
    return first.id, make_town("Elm Hollow").id


def test_a_new_record_is_the_town_acted_for_else_the_first_town(app):
    with app.app_context():
        first, second = _second_town()
        plain = Dog(name="Plain", sex="M", breed="Beagle", color="tan")
        db.session.add(plain)
        db.session.flush()
        with acting_for(second):
            theirs = Dog(name="Theirs", sex="F", breed="Collie", color="sable")
            named = Dog(name="Named", sex="F", breed="Collie", color="sable", town_id=first)
            db.session.add_all([theirs, named])
            db.session.flush()
        assert (plain.town_id, theirs.town_id, named.town_id) == (first, second, first)

        # A plain INSERT, one row and many: the same statement, for each town in turn.
        for turn, town_id in enumerate((second, None, second)):
            rows = [{"last_name": f"Core{turn}-{n}", "first_name": "A", "address": "1 Road", "phone": "555"} for n in range(3)]
            if town_id is None:
                db.session.execute(insert(Owner), rows)
            else:
                with acting_for(town_id):
                    db.session.execute(insert(Owner), rows)
            got = db.session.scalars(select(Owner.town_id).where(Owner.last_name.like(f"Core{turn}-%"))
                                     .execution_options(all_towns=True)).all()
            assert got == [town_id or first] * 3
        db.session.rollback()


def test_a_dogs_id_number_is_one_of_each_in_a_town_not_in_the_deployment(app):
    """Each town numbers its own dogs (§5(G)), licenses and receipts: another town's dog may have
    the same ID number; a second dog of the same town may not."""
    import pytest
    from sqlalchemy.exc import IntegrityError
    with app.app_context():
        first, second = _second_town()
        taken = db.session.scalars(select(Dog.id_number).where(Dog.id_number.is_not(None))).first()
        with acting_for(second):
            db.session.add(Dog(name="Twin", sex="M", breed="Beagle", color="tan", id_number=taken))
            db.session.flush()
        db.session.add(Dog(name="Clash", sex="M", breed="Beagle", color="tan", id_number=taken))
        with pytest.raises(IntegrityError):
            db.session.flush()
        db.session.rollback()
