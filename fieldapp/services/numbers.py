"""Numbers the town hands out. They come from counters that never go back, so none is reused."""
from ..models import next_in_sequence


def assign_id_number(dog) -> int:
    """§5(G): the clerk assigns an identification number when the dog is first licensed."""
    if dog.id_number is None:
        dog.id_number = next_in_sequence("dog_id_number", start=1001)
    return dog.id_number


def next_license_number(year: int) -> str:
    return f"{year}-{next_in_sequence(f'license_number_{year}'):05d}"
