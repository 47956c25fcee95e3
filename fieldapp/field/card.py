"""The roadside status card: a dog's license, rabies, owner and flags at one glance.

`render_status_card(dog, tag=None)` is also what the tags area's `/t/<token>` calls for
signed-in staff, so the card looks the same however the officer got there.

Fast at 50,000 dogs (issue 5: p95 <= 2 ms, <= 3 queries with the signed-in user):
1. the dog's row (its columns, has_photo, data_version): one query;
2. if this worker rendered the card body at that data_version today for the same role, that
   body (`RenderedCards`: bounded, never stale, see there); otherwise
3. everything else it shows (licenses, rabies certificates, owners, tags and the enforcement
   history of services/enforcement.py) as ONE UNION ALL of plain rows.
No ORM objects are built: turning those rows into a Dog with four collections cost more than
everything else on the card together. `CardDog` has Dog's attribute names and reuses Dog's
own properties (owners, current_license, ...), so `dog_status()`, the flag sources and the
templates read it exactly as they read a Dog. The photo is never loaded (a deferred column).
"""
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime
from threading import Lock

from flask import current_app, make_response, render_template, request
from flask_login import current_user
from markupsafe import Markup
from sqlalchemy import JSON, Boolean, Integer, String, bindparam, literal_column, null, type_coerce, union_all

from ..auth import OFFICERS
from ..extensions import db
from ..models import Dog, DogOwner, License, Owner, RabiesCertificate, Tag
from ..models.types import UTCDateTime
from ..services.enforcement import EnforcementRecord, history_selects, keep_history
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
        self.records_loaded = False

    def __repr__(self):
        return f"<CardDog {self.id} {self.name!r}>"


_STATEMENTS = None


def _statements():
    """(dog row, its records, the dog row joined to its records). Built once: making a
    statement (and its cache key) each time cost as much as running it."""
    global _STATEMENTS
    if _STATEMENTS is None:
        dog_id = bindparam("dog_id")
        head = [getattr(Dog, name) for name in DOG_COLUMNS] + [Dog.has_photo.label("has_photo")]
        records = _build_records_select(dog_id)
        joined = records.subquery("records")
        _STATEMENTS = (
            db.select(*head).where(Dog.id == dog_id),
            records,
            db.select(*head, *[c for c in joined.c if c.key != "dog_id"]).select_from(Dog)
            .outerjoin(joined, joined.c.dog_id == Dog.id).where(Dog.id == dog_id),
        )
    return _STATEMENTS


def _build_records_select(dog_id):
    """Everything of the dog's the card shows, as one UNION ALL in generic columns (typed by
    the first SELECT): licenses, rabies certificates, owners, tags, and the enforcement history
    (services/enforcement.py's SELECTs: its columns come first, in EnforcementRecord's order).

    kind, rid, n1, at, j1, d1, d2, s1, s2, dog_id, b1, s3, s4, s5, s6, s7
    """
    def none(type_):
        return type_coerce(null(), type_)
    s = none(String)
    licenses = db.select(
        literal_column("'license'", String).label("kind"), License.id.label("rid"), none(Integer).label("n1"),
        none(UTCDateTime).label("at"), none(JSON).label("j1"), License.issued_on.label("d1"),
        License.expires_on.label("d2"), License.status.label("s1"), License.number.label("s2"),
        License.dog_id.label("dog_id"), none(Boolean).label("b1"), License.exemption_marking.label("s3"),
        s.label("s4"), s.label("s5"), s.label("s6"), s.label("s7"),
    ).where(License.dog_id == dog_id)
    certificates = db.select(
        literal_column("'rabies'"), RabiesCertificate.id, null(), RabiesCertificate.created_at, null(),
        RabiesCertificate.vaccinated_on, RabiesCertificate.valid_until, null(), null(), RabiesCertificate.dog_id,
        RabiesCertificate.exempt_statement, null(), null(), null(), null(), null(),
    ).where(RabiesCertificate.dog_id == dog_id)
    owners = db.select(
        literal_column("'owner'"), DogOwner.id, Owner.id, null(), null(), DogOwner.since, DogOwner.until,
        Owner.first_name, Owner.last_name, DogOwner.dog_id, null(), Owner.address, Owner.town, Owner.state,
        Owner.zip_code, Owner.phone,
    ).join(Owner, Owner.id == DogOwner.owner_id).where(DogOwner.dog_id == dog_id)
    tags = db.select(
        literal_column("'tag'"), Tag.id, Tag.serial, null(), null(), Tag.bound_on, Tag.retired_on, Tag.status,
        Tag.token, Tag.dog_id, null(), null(), null(), null(), null(), null(),
    ).where(Tag.dog_id == dog_id)
    history = [select.add_columns(*[null()] * 6) for select in history_selects([dog_id])]
    return union_all(licenses, certificates, owners, tags, *history)


def _execute(statement, dog_id):
    # Plain rows straight from the connection (Session.execute adds ORM result handling that
    # costs as much as the query); flush first, as Session.execute would, so nothing pending is missed.
    db.session.flush()
    return db.session.connection().execute(statement, {"dog_id": dog_id})


def load_card_head(dog_id: int) -> CardDog | None:
    """The dog's own columns (and data_version): one query, enough to find a rendered card."""
    row = _execute(_statements()[0], dog_id).first()
    return CardDog(row) if row is not None else None


def load_card_records(dog: CardDog) -> CardDog:
    """The dog's licenses, certificates, owners, tags and enforcement history: one query."""
    return _add_records(dog, _execute(_statements()[1], dog.id))


def load_card_dog(dog_id: int) -> CardDog | None:
    """The dog with everything the card shows in one query: its row left-joined to its records."""
    rows = _execute(_statements()[2], dog_id).all()
    return _add_records(CardDog(rows[0]), rows) if rows else None


def _add_records(dog: CardDog, rows) -> CardDog:
    history = []
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
        elif kind is not None:  # None: the joined row of a dog with no records at all
            history.append(EnforcementRecord(kind, r.rid, r.n1, r.at, r.j1, r.d1, r.d2, r.s1, r.s2))
    # Dog's relationship order: licenses by issue date (newest first), certificates latest
    # presented first, owners in the order they were added.
    dog.licenses.sort(key=lambda lic: (lic.issued_on, lic.id), reverse=True)
    dog.rabies_certificates.sort(key=lambda c: c.id, reverse=True)
    dog.owner_links.sort(key=lambda link: link.id)
    dog.tags.sort(key=lambda t: t.id)
    keep_history(dog, history)  # what the flag sources read
    dog.records_loaded = True
    return dog


def wants_partial() -> bool:
    """An htmx swap of a fragment (not a boosted page navigation, which needs the whole page)."""
    return is_htmx() and request.headers.get("HX-Boosted") != "true"


def tel(phone: str) -> str:
    """A phone number as a tel: link dials it: "(315) 387-2113" -> "3153872113"."""
    return "".join(ch for ch in phone if ch in "+0123456789")


def is_officer() -> bool:
    """The viewer gets the officer's buttons (record a violation, seize, ticket: §7, §9)."""
    return current_user.has_role(*OFFICERS)


def card_context(dog, tag=None, today=None) -> dict:
    today = today or local_today()
    status = dog_status(dog, today)
    return {"dog": dog, "status": status, "tag": tag or dog.active_tag, "today": today,
            "flags": status["flags"], "tel": tel, "officer": is_officer()}


class RenderedCards:
    """The rendered card bodies (_card.html) of recently seen dogs: a bounded LRU of dogs, per app.

    A body is kept under its dog with the stamp it was made from, (Dog.data_version, local
    date), and its variant (whether the viewer gets the officer's buttons, the tag scanned,
    the site root of the photo's URL). data_version is bumped by every change to anything on
    the card: its records, owners, tags, enforcement history (the offline dataset relies on
    the same); statuses and flags turn with the date. Each request reads the dog's
    data_version from the database first, so a body is reused only while it is exactly what
    rendering now would give, whichever worker rendered it and whatever other workers wrote
    since; a body of an older stamp is dropped. Flag sources must read only the dog's data and
    `today` (services/status.py).
    """

    def __init__(self, size: int):
        self.size = size  # dogs
        self._dogs = OrderedDict()  # dog id -> (stamp, {variant: body})
        self._lock = Lock()

    def __contains__(self, dog_id) -> bool:
        return dog_id in self._dogs

    def __len__(self):
        return len(self._dogs)

    def get(self, dog_id, stamp, variant):
        with self._lock:
            kept = self._dogs.get(dog_id)
            if kept is None or kept[0] != stamp:
                return None
            self._dogs.move_to_end(dog_id)
            return kept[1].get(variant)

    def put(self, dog_id, stamp, variant, body) -> None:
        if self.size <= 0:
            return
        with self._lock:
            kept = self._dogs.get(dog_id)
            if kept is None or kept[0] != stamp:
                kept = self._dogs[dog_id] = (stamp, {})
            kept[1][variant] = body
            self._dogs.move_to_end(dog_id)
            while len(self._dogs) > self.size:
                self._dogs.popitem(last=False)


def rendered_cards() -> RenderedCards:
    cards = current_app.extensions.get("status_cards")
    if cards is None:
        cards = current_app.extensions["status_cards"] = RenderedCards(
            current_app.config.get("STATUS_CARD_CACHE_SIZE", 2048))
    return cards


def status_card(dog_id: int, tag=None):
    """The response for /field/dogs/<dog_id> (and /t/<token> for staff), or None if there is
    no such dog. A dog seen before: its row (one query), then its kept body if the stamp is
    the same, else its records (a second query). A dog not seen before: its row joined to its
    records, one query."""
    cards = rendered_cards()
    dog = load_card_head(dog_id) if dog_id in cards else load_card_dog(dog_id)
    if dog is None:
        return None
    today = local_today()
    environ = request.environ
    stamp = (dog.data_version, today)
    variant = (is_officer(), (tag.id, tag.serial) if tag is not None else None,
               environ.get("SCRIPT_NAME", ""), environ.get("HTTP_HOST"))
    body = cards.get(dog.id, stamp, variant)
    if body is None:
        if not dog.records_loaded:
            load_card_records(dog)
        body = Markup(render_template("field/_card.html", **card_context(dog, tag, today)))
        cards.put(dog.id, stamp, variant, body)
    page = body if wants_partial() else render_template("field/card.html", dog=dog, card_html=body)
    response = make_response(page)
    # Staff-only data: never kept by a shared cache.
    response.headers["Cache-Control"] = "private, no-store"
    return response


def render_status_card(dog, tag=None):
    """The dog's status card as a full page (or the bare card for an htmx swap), for a Dog
    (the tags area's /t/<token>) or a CardDog."""
    return status_card(dog.id, tag)
