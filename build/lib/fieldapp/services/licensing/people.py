"""§5(E) owners and dogs of record: the clerk creates and corrects them; a dog's photo."""
from datetime import date

from ...extensions import db
from ...images import PhotoError, clean_jpeg
from ...law.restrictions import owner_is_minor
from ...models import Dog, DogOwner, Owner, record_event
from ..errors import ServiceError

# --- owners and dogs (§5(E)) ---------------------------------------------

OWNER_FIELDS = ("first_name", "last_name", "address", "town", "state", "zip_code", "phone", "email",
                "is_minor", "date_of_birth", "guardian_name")
DOG_FIELDS = ("name", "sex", "born_on", "breed", "color", "markings")


def _apply_owner(owner: Owner, data: dict, today: date) -> dict:
    changes = {}
    for key in OWNER_FIELDS:
        if key in data and getattr(owner, key) != data[key]:
            changes[key] = str(data[key]) if data[key] is not None else None
            setattr(owner, key, data[key])
    # §4(I): a date of birth decides who is a minor (today); the marker then follows it.
    if owner.date_of_birth is not None:
        owner.is_minor = owner_is_minor(owner.date_of_birth, owner.is_minor, today)
    if not owner.is_minor:
        owner.guardian_name = None
    guardian = _guardian_on_file(owner) if owner.is_minor else None
    if guardian is not owner.guardian:
        owner.guardian = guardian
        changes["guardian_id"] = guardian.id if guardian else None
    # The phone is shown to finders only with the owner's consent, dated by the clerk.
    optin = bool(data.get("show_phone_publicly"))
    if optin != owner.show_phone_publicly:
        owner.show_phone_publicly = optin
        owner.phone_optin_on = (data.get("phone_optin_on") or today) if optin else None
        changes["show_phone_publicly"] = optin
    elif optin and data.get("phone_optin_on"):
        owner.phone_optin_on = data["phone_optin_on"]
    return changes


def _guardian_on_file(owner: Owner) -> Owner | None:
    """§4(I) "the legal guardian or head of the household in which said minor resides": the
    owner of record of that name at the minor's residence, linked when there is exactly one."""
    name = " ".join((owner.guardian_name or "").split()).lower()
    if not name or not owner.address:
        return None
    full = db.func.lower(Owner.first_name + " " + Owner.last_name)
    rows = db.session.execute(db.select(Owner).where(
        full == name, db.func.lower(Owner.address) == owner.address.strip().lower(),
        Owner.zip_code == owner.zip_code)).scalars().all()
    rows = [o for o in rows if o is not owner]
    return rows[0] if len(rows) == 1 else None


def create_owner(data: dict, today: date, user=None) -> Owner:
    """A new owner of record with the §5(E)(1) particulars (name, residence, telephone)."""
    _check_owner(data, today)
    owner = Owner()
    _apply_owner(owner, data, today)
    db.session.add(owner)
    db.session.flush()
    record_event("owner.created", owner, actor=user, name=owner.full_name)
    return owner


def update_owner(owner: Owner, data: dict, today: date, user=None) -> None:
    _check_owner(data, today)
    changes = _apply_owner(owner, data, today)
    if changes:
        record_event("owner.updated", owner, actor=user, changes=changes)


def _check_owner(data: dict, today: date) -> None:
    errors = {}
    if not (data.get("phone") or "").strip():
        errors["phone"] = "Enter the owner's telephone number (§5(E)(1))."
    born = data.get("date_of_birth")
    if born is not None and born > today:
        errors["date_of_birth"] = "The date of birth is after today."
    minor = owner_is_minor(born, bool(data.get("is_minor")), today)
    if minor and not (data.get("guardian_name") or "").strip():
        errors["guardian_name"] = ("The owner is a minor: enter the parent, guardian or head of "
                                   "household who is responsible for the dog (§4(I)).")
    if errors:
        raise ServiceError(errors)


def create_dog(data: dict, owners: list[Owner], today: date, user=None) -> Dog:
    """A dog with its §5(E)(2) description, owned by `owners` from today."""
    dog = Dog(**{k: data[k] for k in DOG_FIELDS if k in data})
    dog.markings = dog.markings or ""
    db.session.add(dog)
    db.session.flush()
    for owner in owners:
        db.session.add(DogOwner(dog=dog, owner=owner, since=today))
    db.session.flush()
    record_event("dog.created", dog, actor=user, name=dog.name, owner_ids=[o.id for o in owners])
    return dog


def clean_microchip(typed, dog: Dog | None = None) -> str | None:
    """A microchip number as the reader shows it: digits only (spaces and dashes typed between
    the groups are dropped), 9 to 15 of them (ISO 11784 chips have 15, older ones 9 or 10), and
    on no other dog. ServiceError on "microchip" otherwise."""
    chip = "".join(str(typed or "").replace("-", " ").split())
    if not chip:
        return None
    if not chip.isdigit() or not 9 <= len(chip) <= 15:
        raise ServiceError({"microchip": "A microchip number is 9 to 15 digits, as the reader shows it."})
    other = db.session.execute(db.select(Dog.id, Dog.name).where(Dog.microchip == chip)).first()
    if other is not None and (dog is None or other.id != dog.id):
        raise ServiceError({"microchip": f"Microchip {chip} is on another dog's record ({other.name})."})
    return chip


def update_dog(dog: Dog, data: dict, user=None) -> None:
    changes = {}
    if "microchip" in data:
        data = dict(data, microchip=clean_microchip(data["microchip"], dog))
    for key in DOG_FIELDS + ("microchip",):
        if key in data and getattr(dog, key) != data[key]:
            changes[key] = str(data[key]) if data[key] is not None else None
            setattr(dog, key, data[key])
    if changes:
        record_event("dog.updated", dog, actor=user, changes=changes)


def set_dog_photo(dog: Dog, data: bytes, user=None) -> None:
    """The dog's photo for the status card and the finder's page (§5(E)(2) "other identifying
    details"), kept as a small JPEG with no metadata. An unreadable image is refused on "photo"."""
    try:
        dog.photo = clean_jpeg(data, max_side=800, quality=80)[0]
    except PhotoError as exc:
        raise ServiceError({"photo": str(exc)}) from None
    record_event("dog.photo_set", dog, actor=user)
    db.session.flush()  # expires Dog.has_photo (a SQL expression): read again, it says True


def add_co_owner(dog: Dog, owner: Owner, today: date, user=None) -> None:
    """§5(E)(1) "each owner": a dog may have more than one owner of record."""
    if owner in dog.owners:
        raise ServiceError({"owner": f"{owner.full_name} is already an owner of {dog.name}."})
    db.session.add(DogOwner(dog=dog, owner=owner, since=today))
    db.session.flush()
    db.session.refresh(dog, ["owner_links"])
    record_event("dog.co_owner_added", dog, actor=user, owner_id=owner.id)
