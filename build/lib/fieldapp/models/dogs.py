"""Dogs (§5(E)(2)), their owners of record (§4(I): more than one), and identification tags (§5(G))."""
import sqlalchemy as sa

from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc

DOG_STATUSES = ("active", "lost", "stolen", "dead", "moved", "transferred")


class Sequence(db.Model):
    """Named counters that never go back: identification numbers (§5(G)), data versions. A
    town's counter (its ID numbers, licenses, receipts...) is named for the town: `name` for the
    deployment's first town (so a database of one town counts on where it was), `name:<town id>`
    for any other (`counter_key`); a deployment's counter (the phones' data version, tag serials)
    is `name` alone."""
    name = db.Column(db.String(40), primary_key=True)
    value = db.Column(db.BigInteger, nullable=False, default=0)


def counter_key(name: str, deployment: bool = False):
    """The Sequence row of counter `name` for the town acted for: `name` itself for the first
    town (or the deployment's counter), else `name:<town id>`. Chosen inside the statement that
    takes the number (a CASE against the first town's id), so it costs no statement of its own."""
    from ..town import acted_for_key
    town_id = None if deployment else acted_for_key()
    if town_id is None:
        return name
    from .town_owned import FIRST_TOWN
    return sa.case((sa.literal(town_id) == FIRST_TOWN, sa.literal(name)),
                   else_=sa.literal(f"{name}:{town_id}"))


def take_from_sequence(name: str, count: int = 1, start: int = 1, deployment: bool = False) -> int:
    """Take `count` consecutive numbers from counter `name` (created at `start`); returns the first.
    The counter is the town's acted for (`counter_key`), or the deployment's with `deployment=True`.

    One atomic statement, INSERT ... ON CONFLICT DO UPDATE SET value = value + count RETURNING,
    so two transactions never get the same number: PostgreSQL holds the row lock until commit,
    SQLite the database's write lock. (Reading the row and writing it back would let two
    transactions read the same value.)"""
    db.session.flush()  # pending Sequence rows go first, so the statement sees them
    return take_on_connection(db.session, db.session.connection(), name, count, start, deployment)


def take_on_connection(session, connection, name: str, count: int = 1, start: int = 1,
                       deployment: bool = False) -> int:
    """take_from_sequence() on the session's connection, without flushing (for flush hooks)."""
    from sqlalchemy.dialects import postgresql, sqlite
    from sqlalchemy.orm.util import identity_key

    table = Sequence.__table__
    insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert
    key = counter_key(name, deployment)
    stmt = (insert(table).values(name=key, value=start - 1 + count)
            .on_conflict_do_update(index_elements=[table.c.name], set_={"value": table.c.value + count})
            .returning(table.c.name, table.c.value))
    taken, last = connection.execute(stmt).one()
    loaded = session.identity_map.get(identity_key(Sequence, taken))
    if loaded is not None:
        session.expire(loaded)  # the statement moved it on behind the ORM's back
    return last - count + 1


def next_in_sequence(name: str, start: int = 1, deployment: bool = False) -> int:
    return take_from_sequence(name, 1, start, deployment)


class Dog(TownOwned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    # §5(G): assigned by the clerk when the dog is first licensed, never reused.
    id_number = db.Column(db.Integer)  # one of each in a town
    name = db.Column(db.String(80), nullable=False)
    # The implanted chip's number (digits, 9-15): a shelter scans the chip before anything else.
    # Unique, so a typed chip number is one B-tree lookup (services/search.py).
    microchip = db.Column(db.String(15), unique=True)
    sex = db.Column(db.String(1), nullable=False)  # "M" / "F"
    born_on = db.Column(db.Date)  # approximate age (§5(E)(2)) is kept as a birth date
    breed = db.Column(db.String(80), nullable=False)
    color = db.Column(db.String(80), nullable=False)
    markings = db.Column(db.String(200), nullable=False, default="")
    # §5(C): spayed/neutered, with how it is proven.
    altered = db.Column(db.Boolean, nullable=False, default=False)
    altered_proof = db.Column(db.String(20))  # certificate | affidavit | on_file | vet_statement
    purebred = db.Column(db.Boolean, nullable=False, default=False)
    exemption = db.Column(db.String(20))  # key of fieldapp.law.LICENSE_EXEMPTIONS (§5(I))
    exemption_certificate = db.Column(db.String(120))
    status = db.Column(db.String(12), nullable=False, default="active")
    status_on = db.Column(db.Date)
    # §5(J)(3): a new resident's dog is licensed within 30 days of this date.
    residence_began_on = db.Column(db.Date)
    # §5(K): the day an open enumeration identified the dog as unlicensed (owes its surcharge).
    enumeration_identified_on = db.Column(db.Date)
    # A small JPEG, metadata stripped. Deferred: loaded only by the photo routes, never with
    # the dog (the status card, lists and the offline dataset read `has_photo`).
    photo = db.deferred(db.Column(db.LargeBinary))
    # Read-only, so SQLAlchemy expires it on flush: set_dog_photo() is seen at the next read.
    has_photo = db.column_property(photo.columns[0].isnot(None))
    # What the Town Justice declared (§10(B)) is in the orders (models/court.py: CourtOrder).
    # Bumped whenever anything on the roadside status card changes (offline delta sync), by the
    # before_flush hook in services/field_data.py: services never set it.
    data_version = db.Column(db.BigInteger, nullable=False, default=0, index=True)
    # What the clerk's search matches a word against: the dog's name and looks and its current
    # owners' names, addresses and phones, lower case. Written by services/search.py after each
    # flush that changes any of them (never set by hand); indexed by models/search_index.py.
    search_text = db.deferred(db.Column(db.Text, nullable=False, default="", server_default=""))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    updated_at = db.Column(UTCDateTime, nullable=False, default=now_utc, onupdate=now_utc)

    owner_links = db.relationship("DogOwner", back_populates="dog", cascade="all, delete-orphan",
                                  order_by="DogOwner.id")
    licenses = db.relationship("License", back_populates="dog", order_by="License.issued_on.desc()")
    rabies_certificates = db.relationship("RabiesCertificate", back_populates="dog",
                                          order_by="RabiesCertificate.id.desc()")  # latest presented
    tags = db.relationship("Tag", back_populates="dog", foreign_keys="Tag.dog_id")
    # The number first: its index also finds a dog by ID number alone (the clerk's search).
    __table_args__ = (db.UniqueConstraint("id_number", "town_id", name="uq_dog_id_number_town_id"),)

    @property
    def owners(self):
        return [link.owner for link in self.owner_links if link.until is None]

    @property
    def primary_owner(self):
        owners = self.owners
        return owners[0] if owners else None

    @property
    def current_license(self):
        return next((lic for lic in self.licenses if lic.status == "active"), None)

    @property
    def current_rabies(self):
        """The certificate (or §5(B)(2) vet statement) presented last."""
        return self.rabies_certificates[0] if self.rabies_certificates else None

    @property
    def active_tag(self):
        return next((t for t in self.tags if t.status == "active"), None)

    @property
    def description(self) -> str:
        sex = {"M": "male", "F": "female"}.get(self.sex, "")
        parts = [self.color, self.breed, sex]
        text = " ".join(p for p in parts if p)
        return f"{text}; {self.markings}" if self.markings else text


class DogOwner(TownOwned, db.Model):
    """An owner of record of a dog, from `since` until a transfer (§5(J))."""
    id = db.Column(db.Integer, primary_key=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False, index=True)
    owner_id = db.Column(db.Integer, db.ForeignKey("owner.id"), nullable=False, index=True)
    since = db.Column(db.Date, nullable=False)
    until = db.Column(db.Date)
    dog = db.relationship("Dog", back_populates="owner_links")
    owner = db.relationship("Owner", backref="dog_links")


class Tag(TownOwned, db.Model):
    """An identification tag (§4(H), §5(G)) with a QR code of <site>/t/<token>.

    A tag is bound to at most one dog, ever (§5(G)(1)); a replaced tag is retired, not reused.
    """
    id = db.Column(db.Integer, primary_key=True)
    token = db.Column(db.String(32), unique=True, nullable=False)
    serial = db.Column(db.Integer, unique=True, nullable=False)  # printed on blank tags
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    status = db.Column(db.String(10), nullable=False, default="blank")  # blank|active|retired
    bound_on = db.Column(db.Date)
    retired_on = db.Column(db.Date)
    retired_reason = db.Column(db.String(80))
    replaced_by_id = db.Column(db.Integer, db.ForeignKey("tag.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    dog = db.relationship("Dog", back_populates="tags", foreign_keys=[dog_id])
    # The clerk's search compares lower(token) (services/search.py): an index, not a scan of every tag.
    __table_args__ = (db.Index("ix_tag_token_lower", db.func.lower(token)),)
