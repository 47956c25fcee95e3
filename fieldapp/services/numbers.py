"""Numbers the town hands out. They come from counters that never go back, so none is reused,
and each is taken in one atomic statement (models.dogs.take_from_sequence), so two clerks at
the same moment never get the same number."""
from sqlalchemy import update

from ..extensions import db
from ..models import Dog, next_in_sequence


def assign_id_number(dog) -> int:
    """§5(G): the clerk assigns an identification number when the dog is first licensed.

    A dog already stored gets its number only if it still has none (UPDATE ... WHERE id_number
    IS NULL): if another clerk numbered the same dog a moment ago, that number stands and the
    one taken here is left unused (numbers are never reused, so a gap is harmless)."""
    if dog.id_number is not None:
        return dog.id_number
    number = next_in_sequence("dog_id_number", start=1001)
    if dog.id is None:
        dog.id_number = number
        return number
    stored = db.session.execute(update(Dog).where(Dog.id == dog.id, Dog.id_number.is_(None))
                                .values(id_number=number).execution_options(synchronize_session=False))
    if stored.rowcount != 1:
        number = db.session.execute(db.select(Dog.id_number).where(Dog.id == dog.id)).scalar_one()
    dog.id_number = number
    return number


def next_license_number(year: int) -> str:
    return f"{year}-{next_in_sequence(f'license_number_{year}'):05d}"
