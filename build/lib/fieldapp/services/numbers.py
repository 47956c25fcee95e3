"""Numbers the town hands out. They come from counters that never go back, so none is reused,
and each is taken in one atomic statement (models.dogs.take_from_sequence), so two clerks at
the same moment never get the same number."""
from sqlalchemy import update

from ..extensions import db
from ..models import Dog, next_in_sequence, take_from_sequence

ID_NUMBERS = "dog_id_number"
FIRST_ID_NUMBER = 1001


def assign_id_number(dog) -> int:
    """§5(G): the clerk assigns an identification number when the dog is first licensed.

    A dog already stored gets its number only if it still has none (UPDATE ... WHERE id_number
    IS NULL): if another clerk numbered the same dog a moment ago, that number stands and the
    one taken here is left unused (numbers are never reused, so a gap is harmless)."""
    if dog.id_number is not None:
        return dog.id_number
    number = next_in_sequence(ID_NUMBERS, start=FIRST_ID_NUMBER)
    if dog.id is None:
        dog.id_number = number
        return number
    stored = db.session.execute(update(Dog).where(Dog.id == dog.id, Dog.id_number.is_(None))
                                .values(id_number=number).execution_options(synchronize_session=False))
    if stored.rowcount != 1:
        number = db.session.execute(db.select(Dog.id_number).where(Dog.id == dog.id)).scalar_one()
    dog.id_number = number
    return number


def id_numbers(count: int) -> list[int]:
    """§5(G): `count` identification numbers at once (the demo's bulk town), from the same counter."""
    first = take_from_sequence(ID_NUMBERS, count, start=FIRST_ID_NUMBER)
    return list(range(first, first + count))


def license_number(year: int, n: int) -> str:
    """The `n`th license of `year`: 2026-00042."""
    return f"{year}-{n:05d}"


def next_license_number(year: int) -> str:
    return license_numbers(year, 1)[0]


def license_numbers(year: int, count: int) -> list[str]:
    """`count` license numbers of `year` at once, in order (the demo's bulk town)."""
    first = take_from_sequence(f"license_number_{year}", count)
    return [license_number(year, first + i) for i in range(count)]


def next_purebred_license_number(year: int) -> str:
    """§5(H): a premises license, P2026-0001."""
    return f"P{year}-{next_in_sequence(f'purebred_license_{year}'):04d}"
