"""The roadside status card: a dog's license, rabies, owner and flags at one glance.

`render_status_card(dog, tag=None)` is also what the tags area's `/t/<token>` calls for
signed-in staff, so the card looks the same however the officer got there.

Fast at 50,000 dogs by plain means (p95 <= 5 ms, <= 3 queries with the signed-in user; the
officer's phone shows the status from its own copy first anyway): everything on the card
(the dog's row, its licenses, rabies certificates, owners, tags and the enforcement history
of services/enforcement.py) is ONE query, a UNION ALL of plain rows with named columns, read
into small dataclasses. No ORM objects are built: turning those rows into a Dog with four
collections cost more than everything else on the card together. `CardDog` has Dog's
attribute names and reuses Dog's own properties (owners, current_license, ...), so
`dog_status()`, the flag sources and the templates read it exactly as they read a Dog. The
photo is never loaded (`has_photo` is a SQL expression).
"""
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache

from flask import make_response, render_template, request
from flask_login import current_user
from sqlalchemy import bindparam, literal_column, null, type_coerce, union_all

from ..extensions import db
from ..models import Dog, DogOwner, License, Owner, RabiesCertificate, Tag
from ..services.enforcement import EnforcementRecord, history_selects, keep_history
from ..services.status import dog_status
from ..timeutil import local_today
from ..web import is_htmx

# The dog's own columns the card and its flag sources read (never the photo: has_photo).
DOG_COLUMNS = ("id", "id_number", "name", "sex", "born_on", "breed", "color", "markings", "altered",
               "exemption", "status", "status_on", "data_version", "has_photo")


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
        self.has_photo = bool(self.has_photo)
        # In the order of Dog's relationships (licenses newest first, latest certificate first).
        self.licenses = []
        self.rabies_certificates = []
        self.owner_links = []
        self.tags = []

    def __repr__(self):
        return f"<CardDog {self.id} {self.name!r}>"


@cache
def card_select():
    """Everything on the card as one UNION ALL, one row per thing, in named columns.

    Every row has `kind` ("dog", "license", "rabies", "owner", "tag", or a kind of the
    enforcement history), its own `id`, `dog_id` and, where it has one, `status`. The other
    columns are what they say (`expires_on`, `first_name`, `token`, ...) and NULL on the rows of
    other kinds. The history's SELECTs (services/enforcement.py) come with their own columns
    first, in EnforcementRecord's order (`supersedes_id`, `at`, `codes`, `day1`, `day2`,
    `text`), so they lead here too. Built once: making the statement (and its cache key)
    costs as much as running it.
    """
    dog_id = bindparam("dog_id")
    history = history_selects([dog_id])
    kinds = {  # each kind's columns; `dog_id` is the dog it belongs to
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
                  "zip_code": Owner.zip_code, "phone": Owner.phone},
        "tag": {"id": Tag.id, "dog_id": Tag.dog_id, "status": Tag.status, "serial": Tag.serial,
                "token": Tag.token, "bound_on": Tag.bound_on, "retired_on": Tag.retired_on},
    }
    # Every column of the UNION, in order, with its type (the first SELECT types the result).
    types = {c.key: c.type for c in history[0].selected_columns}
    for values in kinds.values():
        for name, column in values.items():
            types.setdefault(name, column.type)
    extra = list(types)[len(history[0].selected_columns):]  # the card's own, after the history's

    def empty(name):
        return type_coerce(null(), types[name]).label(name)

    selects = []
    for kind, values in kinds.items():
        columns = [literal_column(f"'{kind}'", types["kind"]).label("kind")]
        columns += [values[name].label(name) if name in values else empty(name) for name in list(types)[1:]]
        select = db.select(*columns).where(values["dog_id"] == dog_id)
        if kind == "owner":
            select = select.select_from(DogOwner).join(Owner, Owner.id == DogOwner.owner_id)
        selects.append(select)
    selects += [select.add_columns(*[empty(name) for name in extra]) for select in history]
    return union_all(*selects)


def load_card_dog(dog_id: int) -> CardDog | None:
    """The dog with everything the card shows, in one query (None: no such dog)."""
    # Plain rows straight from the connection (Session.execute adds ORM result handling that
    # costs as much as the query); flush first, as Session.execute would, so nothing pending is missed.
    db.session.flush()
    rows = db.session.connection().execute(card_select(), {"dog_id": dog_id}).all()
    head = next((r for r in rows if r.kind == "dog"), None)
    if head is None:
        return None
    dog = CardDog(head)
    history = []
    for r in rows:
        kind = r.kind
        if kind == "dog":
            continue
        elif kind == "license":
            dog.licenses.append(CardLicense(r.id, r.issued_on, r.expires_on, r.status, r.number,
                                            r.exemption_marking))
        elif kind == "rabies":
            dog.rabies_certificates.append(CardRabiesCertificate(r.id, r.vaccinated_on, r.valid_until,
                                                                 bool(r.exempt_statement), r.created_at))
        elif kind == "owner":
            owner = CardOwner(r.owner_id, r.first_name, r.last_name, r.address, r.town, r.state,
                              r.zip_code, r.phone)
            dog.owner_links.append(CardOwnerLink(r.id, r.since, r.until, owner))
        elif kind == "tag":
            dog.tags.append(CardTag(r.id, r.serial, r.token, r.status, r.bound_on, r.retired_on))
        else:
            history.append(EnforcementRecord(kind, r.id, r.supersedes_id, r.at, r.codes, r.day1, r.day2,
                                             r.status, r.text))
    # Dog's relationship order: licenses by issue date (newest first), certificates latest
    # presented first, owners in the order they were added.
    dog.licenses.sort(key=lambda lic: (lic.issued_on, lic.id), reverse=True)
    dog.rabies_certificates.sort(key=lambda c: c.id, reverse=True)
    dog.owner_links.sort(key=lambda link: link.id)
    dog.tags.sort(key=lambda t: t.id)
    keep_history(dog, history)  # what the flag sources read
    return dog


def wants_partial() -> bool:
    """An htmx swap of a fragment (not a boosted page navigation, which needs the whole page)."""
    return is_htmx() and request.headers.get("HX-Boosted") != "true"


def tel(phone: str) -> str:
    """A phone number as a tel: link dials it: "(315) 387-2113" -> "3153872113"."""
    return "".join(ch for ch in phone if ch in "+0123456789")


def is_officer() -> bool:
    """The viewer gets the officer's buttons (record a violation, seize: §7, §8(A))."""
    return current_user.may("enforce")


def card_context(dog, tag=None, today=None) -> dict:
    today = today or local_today()
    status = dog_status(dog, today)
    return {"dog": dog, "status": status, "tag": tag or dog.active_tag, "today": today,
            "flags": status["flags"], "tel": tel, "officer": is_officer()}


def status_card(dog_id: int, tag=None):
    """The response for /field/dogs/<dog_id> (and /t/<token> for staff), or None if there is
    no such dog: the signed-in user and one query for the card."""
    dog = load_card_dog(dog_id)
    if dog is None:
        return None
    context = card_context(dog, tag)
    template = "field/_card.html" if wants_partial() else "field/card.html"
    response = make_response(render_template(template, **context))
    # Staff-only data: never kept by a shared cache.
    response.headers["Cache-Control"] = "private, no-store"
    return response


def render_status_card(dog, tag=None):
    """The dog's status card as a full page (or the bare card for an htmx swap), for a Dog
    (the tags area's /t/<token>) or a CardDog."""
    return status_card(dog.id, tag)
