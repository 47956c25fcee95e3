"""The roadside status card: a dog's license, rabies, owner and flags at one glance.

`render_status_card(dog, tag=None)` is also what the tags area's `/t/<token>` calls for
signed-in staff, so the card looks the same however the officer got there.

Fast at 50,000 dogs (issue 5: p95 <= 2 ms, <= 3 queries with the signed-in user): the dog
with its licenses, rabies certificates, owners and tags is ONE query of plain rows (the dog
left-joined to a UNION ALL of its records), and its enforcement history a second
(services/enforcement.py). No ORM objects are built: turning those rows into a Dog with four
collections cost more than everything else on the card together. `CardDog` has Dog's
attribute names and reuses Dog's own properties (owners, current_license, ...), so
`dog_status()`, the flag sources and the templates read it exactly as they read a Dog.
"""
from dataclasses import dataclass
from datetime import date, datetime

from flask import make_response, render_template, request
from sqlalchemy import Boolean, Integer, String, bindparam, literal_column, null, type_coerce, union_all

from ..extensions import db
from ..models import Dog, DogOwner, License, Owner, RabiesCertificate, Tag
from ..models.types import UTCDateTime
from ..services.enforcement import enforcement_history
from ..services.status import dog_status
from ..timeutil import local_today
from ..web import is_htmx

# The dog's own columns the card and its flag sources read (never the photo: has_photo).
DOG_COLUMNS = ("id", "id_number", "name", "sex", "born_on", "breed", "color", "markings", "altered",
               "exemption", "status", "status_on", "dangerous_declared_on", "vicious_declared_on",
               "data_version")


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
    full_name = Owner.full_name
    full_address = Owner.full_address


@dataclass(slots=True)
class CardOwnerLink:
    id: int
    since: date
    until: date | None
    owner: CardOwner


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
        for name in DOG_COLUMNS:
            setattr(self, name, getattr(row, name))
        self.has_photo = bool(row.has_photo)
        # In the order of Dog's relationships (licenses newest first, latest certificate first).
        self.licenses = []
        self.rabies_certificates = []
        self.owner_links = []
        self.tags = []

    def __repr__(self):
        return f"<CardDog {self.id} {self.name!r}>"


_CARD_SELECT = None


def _card_select():
    """Built once: making the statement (and its cache key) each time cost as much as running it."""
    global _CARD_SELECT
    if _CARD_SELECT is None:
        _CARD_SELECT = _build_card_select(bindparam("dog_id"))
    return _CARD_SELECT


def _build_card_select(dog_id):
    """The dog, left-joined to one UNION ALL of its licenses, rabies certificates, owners and
    tags in generic columns (typed by the first SELECT): one row per record, at least one row."""
    def none(type_):
        return type_coerce(null(), type_)
    s = none(String)
    licenses = db.select(
        literal_column("'license'", String).label("kind"), License.id.label("rid"),
        License.issued_on.label("d1"), License.expires_on.label("d2"), none(Boolean).label("b1"),
        none(UTCDateTime).label("at"), none(Integer).label("n1"), License.status.label("s1"),
        License.number.label("s2"), License.exemption_marking.label("s3"), s.label("s4"), s.label("s5"),
        s.label("s6"), s.label("s7"), License.dog_id.label("dog_id")).where(License.dog_id == dog_id)
    certificates = db.select(
        literal_column("'rabies'"), RabiesCertificate.id, RabiesCertificate.vaccinated_on,
        RabiesCertificate.valid_until, RabiesCertificate.exempt_statement, RabiesCertificate.created_at,
        null(), null(), null(), null(), null(), null(), null(), null(), RabiesCertificate.dog_id,
    ).where(RabiesCertificate.dog_id == dog_id)
    owners = db.select(
        literal_column("'owner'"), DogOwner.id, DogOwner.since, DogOwner.until, null(), null(), Owner.id,
        Owner.first_name, Owner.last_name, Owner.address, Owner.town, Owner.state, Owner.zip_code,
        Owner.phone, DogOwner.dog_id,
    ).join(Owner, Owner.id == DogOwner.owner_id).where(DogOwner.dog_id == dog_id)
    tags = db.select(
        literal_column("'tag'"), Tag.id, Tag.bound_on, Tag.retired_on, null(), null(), Tag.serial,
        Tag.status, Tag.token, null(), null(), null(), null(), null(), Tag.dog_id,
    ).where(Tag.dog_id == dog_id)
    records = union_all(licenses, certificates, owners, tags).subquery("records")
    dog_columns = [getattr(Dog, name) for name in DOG_COLUMNS]
    return (db.select(*dog_columns, Dog.has_photo.label("has_photo"),
                      *[c for c in records.c if c.key != "dog_id"])
            .select_from(Dog).outerjoin(records, records.c.dog_id == Dog.id).where(Dog.id == dog_id))


def load_card_dog(dog_id: int) -> CardDog | None:
    """The dog with everything the card shows, in two queries: the dog with its licenses,
    certificates, owners and tags (one query, plain rows), and its enforcement history."""
    # Plain rows straight from the connection (Session.execute adds ORM result handling that
    # costs as much as the query); flush first, as Session.execute would, so nothing pending is missed.
    db.session.flush()
    rows = db.session.connection().execute(_card_select(), {"dog_id": dog_id}).all()
    if not rows:
        return None
    dog = CardDog(rows[0])
    for r in rows:
        kind = r.kind
        if kind == "license":
            dog.licenses.append(CardLicense(r.rid, r.d1, r.d2, r.s1, r.s2, r.s3))
        elif kind == "rabies":
            dog.rabies_certificates.append(CardRabiesCertificate(r.rid, r.d1, r.d2, bool(r.b1), r.at))
        elif kind == "owner":
            owner = CardOwner(r.n1, r.s1, r.s2, r.s3, r.s4, r.s5, r.s6, r.s7)
            dog.owner_links.append(CardOwnerLink(r.rid, r.d1, r.d2, owner))
        elif kind == "tag":
            dog.tags.append(CardTag(r.rid, r.n1, r.s1, r.s2, r.d1, r.d2))
    # Dog's relationship order: licenses by issue date (newest first), certificates latest
    # presented first, owners in the order they were added.
    dog.licenses.sort(key=lambda lic: (lic.issued_on, lic.id), reverse=True)
    dog.rabies_certificates.sort(key=lambda c: c.id, reverse=True)
    dog.owner_links.sort(key=lambda link: link.id)
    dog.tags.sort(key=lambda t: t.id)
    enforcement_history(dog)  # one query, kept on the dog for the flag sources
    return dog


def wants_partial() -> bool:
    """An htmx swap of a fragment (not a boosted page navigation, which needs the whole page)."""
    return is_htmx() and request.headers.get("HX-Boosted") != "true"


def tel(phone: str) -> str:
    """A phone number as a tel: link dials it: "(315) 387-2113" -> "3153872113"."""
    return "".join(ch for ch in phone if ch in "+0123456789")


def card_context(dog, tag=None) -> dict:
    today = local_today()
    status = dog_status(dog, today)
    return {"dog": dog, "status": status, "tag": tag or dog.active_tag, "today": today,
            "flags": status["flags"], "tel": tel}


def render_status_card(dog, tag=None):
    """The dog's status card as a full page (or the bare card for an htmx swap). `dog` is a
    CardDog from load_card_dog() or a Dog (the tags area's /t/<token>), loaded here as one."""
    if not isinstance(dog, CardDog):
        dog = load_card_dog(dog.id)
    template = "field/_card.html" if wants_partial() else "field/card.html"
    response = make_response(render_template(template, **card_context(dog, tag)))
    # Staff-only data: never kept by a shared cache.
    response.headers["Cache-Control"] = "private, no-store"
    return response
