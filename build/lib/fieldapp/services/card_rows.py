"""Dogs as the roadside reads them: plain rows in small dataclasses, no ORM objects.

The status card (field/card.py: one dog, one UNION ALL) and the offline copy
(services/field_data.py: every changed dog, one SELECT per table) read the same columns
(`part_columns`) into the same dataclasses (`add_part`) and order them the same way
(`finish`). Building ORM objects (a Dog with four collections) cost more than everything
else on the card, and most of the copy at 50,000 dogs.

`CardDog` has Dog's attribute names and reuses Dog's own properties (owners,
current_license, ...), so `dog_status()`, the flag sources and the templates read it exactly
as they read a Dog. The photo is never loaded (`has_photo` is a SQL expression).
"""
from dataclasses import dataclass
from datetime import date, datetime

from ..extensions import db
from ..models import Dog, DogNotice, DogOwner, License, Owner, RabiesCertificate, Tag
from ..models.town_owned import seen
from .enforcement import enforcement_histories_of, keep_enforcement

# The dog's own columns the card and its flag sources read (never the photo: has_photo).
DOG_COLUMNS = ("id", "id_number", "microchip", "name", "sex", "born_on", "breed", "color", "markings", "altered",
               "exemption", "status", "status_on", "data_version", "has_photo", "town_id")
# The kinds of rows that are parts of a dog (the rest of a card's rows: the dog, its history).
PARTS = ("license", "rabies", "owner", "tag", "loss")


@dataclass(slots=True)
class CardLicense:
    id: int
    issued_on: date
    expires_on: date
    status: str
    number: str
    exemption_marking: str | None


@dataclass(slots=True)
class CardRabiesCertificate:
    id: int
    vaccinated_on: date | None
    valid_until: date | None
    exempt_statement: bool
    created_at: datetime


@dataclass(slots=True)
class CardOwner:
    id: int
    first_name: str
    last_name: str
    address: str
    town: str
    state: str
    zip_code: str
    phone: str
    is_minor: bool  # §4(I): the ticket is served on the guardian or head of household
    guardian_name: str | None
    date_of_birth: date | None
    full_name = Owner.full_name
    minor_on = Owner.minor_on
    full_address = Owner.full_address


@dataclass(slots=True)
class CardOwnerLink:
    id: int
    since: date
    until: date | None
    owner: CardOwner


@dataclass(slots=True)
class CardLoss:
    """§4(I): a lost/stolen notice whose loss was reported to the DCO and searched for."""
    id: int
    kind: str
    occurred_on: date
    discovered_on: date | None
    reported_to_dco_on: date
    search_made: str
    now_with: str | None


@dataclass(slots=True)
class CardTag:
    id: int
    serial: int
    token: str
    status: str
    bound_on: date | None
    retired_on: date | None


class CardDog:
    """The dog as the card reads it: Dog's columns and collections as plain values.
    The properties are Dog's own functions, so the card can never read a dog differently."""
    owners = Dog.owners
    primary_owner = Dog.primary_owner
    current_license = Dog.current_license
    current_rabies = Dog.current_rabies
    active_tag = Dog.active_tag
    description = Dog.description

    def __init__(self, row):
        values = row._mapping  # by name: a Row's attributes cost an AttributeError each
        for name in DOG_COLUMNS:
            setattr(self, name, values[name])
        self.has_photo = bool(self.has_photo)
        # In the order of Dog's relationships (licenses newest first, latest certificate first).
        self.licenses = []
        self.rabies_certificates = []
        self.owner_links = []
        self.tags = []
        self.loss_reports = []  # §4(I): see record_flags.standing_loss

    def __repr__(self):
        return f"<CardDog {self.id} {self.name!r}>"


def part_columns() -> dict:
    """Each kind of row's columns by name, `dog_id` the dog it belongs to: "dog" (DOG_COLUMNS),
    "license", "rabies", "owner" (the owner link joined to its Owner: `from_tables`), "tag".
    `add_part` reads a row of these names."""
    return {
        "dog": {name: getattr(Dog, name) for name in DOG_COLUMNS} | {"dog_id": Dog.id},
        "license": {"id": License.id, "dog_id": License.dog_id, "status": License.status,
                    "issued_on": License.issued_on, "expires_on": License.expires_on,
                    "number": License.number, "exemption_marking": License.exemption_marking},
        "rabies": {"id": RabiesCertificate.id, "dog_id": RabiesCertificate.dog_id,
                   "vaccinated_on": RabiesCertificate.vaccinated_on, "valid_until": RabiesCertificate.valid_until,
                   "exempt_statement": RabiesCertificate.exempt_statement,
                   "created_at": RabiesCertificate.created_at},
        "owner": {"id": DogOwner.id, "dog_id": DogOwner.dog_id, "since": DogOwner.since, "until": DogOwner.until,
                  "owner_id": Owner.id, "first_name": Owner.first_name, "last_name": Owner.last_name,
                  "address": Owner.address, "town": Owner.town, "state": Owner.state,
                  "zip_code": Owner.zip_code, "phone": Owner.phone, "is_minor": Owner.is_minor,
                  "guardian_name": Owner.guardian_name, "date_of_birth": Owner.date_of_birth},
        "loss": {"id": DogNotice.id, "dog_id": DogNotice.dog_id, "status": DogNotice.kind,
                 "occurred_on": DogNotice.occurred_on, "discovered_on": DogNotice.discovered_on,
                 "reported_to_dco_on": DogNotice.reported_to_dco_on, "search_made": DogNotice.search_made,
                 "now_with": DogNotice.now_with},
        "tag": {"id": Tag.id, "dog_id": Tag.dog_id, "status": Tag.status, "serial": Tag.serial,
                "token": Tag.token, "bound_on": Tag.bound_on, "retired_on": Tag.retired_on},
    }


def from_tables(kind: str, select):
    """The SELECT of a kind's columns from its tables (an owner link joined to its Owner)."""
    if kind == "owner":
        return select.select_from(DogOwner).join(Owner, Owner.id == DogOwner.owner_id)
    if kind == "loss":  # §4(I): only a loss reported to the DCO and searched for
        return select.where(DogNotice.kind.in_(("lost", "stolen")), DogNotice.reported_to_dco_on.is_not(None),
                            DogNotice.search_made.is_not(None))
    return select


def add_part(dog: CardDog, kind: str, row) -> None:
    """Add the row of `kind` ("license", "rabies", "owner" or "tag") to the dog's collections."""
    r = row._mapping  # by name: a Row's attributes cost an AttributeError each
    if kind == "license":
        dog.licenses.append(CardLicense(r["id"], r["issued_on"], r["expires_on"], r["status"], r["number"],
                                        r["exemption_marking"]))
    elif kind == "rabies":
        dog.rabies_certificates.append(CardRabiesCertificate(r["id"], r["vaccinated_on"], r["valid_until"],
                                                             bool(r["exempt_statement"]), r["created_at"]))
    elif kind == "owner":
        owner = CardOwner(r["owner_id"], r["first_name"], r["last_name"], r["address"], r["town"], r["state"],
                          r["zip_code"], r["phone"], bool(r["is_minor"]), r["guardian_name"],
                          r["date_of_birth"])
        dog.owner_links.append(CardOwnerLink(r["id"], r["since"], r["until"], owner))
    elif kind == "loss":
        dog.loss_reports.append(CardLoss(r["id"], r["status"], r["occurred_on"], r["discovered_on"],
                                         r["reported_to_dco_on"], r["search_made"], r["now_with"]))
    elif kind == "tag":
        dog.tags.append(CardTag(r["id"], r["serial"], r["token"], r["status"], r["bound_on"], r["retired_on"]))
    else:
        raise ValueError(f"not a part of a dog: {kind!r}")


def finish(dog: CardDog, history: list) -> CardDog:
    """Put the dog's collections in Dog's relationship order (licenses by issue date, newest
    first; certificates latest presented first; owners in the order they were added; tags by
    id) and keep its enforcement history (services/enforcement) for the flag sources."""
    if len(dog.licenses) > 1:
        dog.licenses.sort(key=lambda lic: (lic.issued_on, lic.id), reverse=True)
    if len(dog.rabies_certificates) > 1:
        dog.rabies_certificates.sort(key=lambda c: c.id, reverse=True)
    if len(dog.owner_links) > 1:
        dog.owner_links.sort(key=lambda link: link.id)
    if len(dog.tags) > 1:
        dog.tags.sort(key=lambda t: t.id)
    keep_enforcement(dog, history)
    return dog


def load_card_dogs(dog_ids) -> list[CardDog]:
    """Every dog the SELECT of dog ids `dog_ids` names, by id, with everything its card shows:
    one SELECT per table (the dogs, licenses, certificates, owners, tags and §4(I) losses, and the enforcement
    history's UNION ALL), each filtered by `dog_id IN (dog_ids)`, its rows grouped by dog here.
    The same seven queries for 15 dogs or 50,000 (the offline copy)."""
    # Plain rows straight from the connection (Session.execute adds ORM result handling that
    # costs as much as the query); flush first, as Session.execute would.
    db.session.flush()
    connection = db.session.connection()
    columns = part_columns()

    def select(kind):
        return (db.select(*[column.label(name) for name, column in columns[kind].items()])
                .where(columns[kind]["dog_id"].in_(dog_ids)))

    # Only dogs of the towns seen; every other row is kept only for a dog read here.
    read = select("dog").where(seen(Dog.town_id)).order_by(Dog.id)
    dogs = {dog.id: dog for dog in map(CardDog, connection.execute(read))}
    for kind in PARTS:
        for row in connection.execute(from_tables(kind, select(kind))):
            # A dog changed after the dogs were read may bring rows of a dog not read: left
            # out (it is in the next delta: its version is newer than the copy's).
            dog = dogs.get(row._mapping["dog_id"])
            if dog is not None:
                add_part(dog, kind, row)
    histories = enforcement_histories_of(dog_ids)
    return [finish(dog, histories.get(dog.id) or []) for dog in dogs.values()]
