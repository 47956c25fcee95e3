"""Find a dog the way people ask for one: by owner, dog name, tag, ID number, address or looks.

Used by the clerk's counter (/clerk/) and the roadside search. Read-only.

Every word of the query must match somewhere (so "Mary Smith" or "black lab" narrow down),
each word may match any field. Only portable SQL (LIKE on lower(), IN (... UNION ...)): SQLite
and PostgreSQL.
"""
import re

from sqlalchemy import and_, func, or_, select, union
from sqlalchemy.orm import joinedload

from ..extensions import db
from ..models import Dog, DogOwner, License, Owner, Tag

# A scanned QR code gives the whole URL <site>/t/<token>; the token is what we look up.
_TAG_URL = re.compile(r"/t/([A-Za-z0-9_-]+)/?$")


def _like(term: str) -> str:
    escaped = term.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _contains(column, term: str):
    if db.engine.dialect.name == "sqlite":
        # SQLite's LIKE already folds case for ASCII letters only, and so does its lower(): the
        # same matches, without calling lower() on every row (3x faster scans of the dogs and owners).
        return column.like(_like(term), escape="\\")
    return func.lower(column).like(_like(term), escape="\\")


def _dogs_matching(term: str):
    """The ids of the dogs this one word matches in any searchable field, as one set: a UNION of
    one query per table, each table read once for the whole search (not once per dog, as
    correlated EXISTS would: 5x-10x slower at 5,000 dogs and up, benchmarks/bench_county.py)."""
    dog_match = [_contains(col, term) for col in (Dog.name, Dog.breed, Dog.color, Dog.markings)]
    if term.isdigit():
        dog_match.append(Dog.id_number == int(term))

    # Current owners of record (§4(I)): name, address, phone.
    owner_match = or_(
        _contains(Owner.first_name, term),
        _contains(Owner.last_name, term),
        _contains(Owner.address, term),
        _contains(Owner.phone, term),
        _contains(Owner.guardian_name, term),
    )

    # Tag token (exact, case-insensitive: printed tokens get retyped) and tag serial.
    tag_match = [func.lower(Tag.token) == term.lower()]
    if term.isdigit():
        tag_match.append(Tag.serial == int(term))

    return union(
        select(Dog.id).where(or_(*dog_match)),
        # The owners matched first (one pass over them), then their dogs by the owner_id index.
        select(DogOwner.dog_id).where(DogOwner.until.is_(None),
                                      DogOwner.owner_id.in_(select(Owner.id).where(owner_match))),
        select(Tag.dog_id).where(Tag.dog_id.is_not(None), or_(*tag_match)),
        # The license number on the certificate (e.g. 2026-00012).
        select(License.dog_id).where(func.lower(License.number) == term.lower()),
    )


def _terms(q: str) -> list[str]:
    q = (q or "").strip()
    m = _TAG_URL.search(q)
    if m:
        return [m.group(1)]
    # "#1042" and "No. 1042" are how people write an ID number.
    words = [w.strip(",;#") for w in q.split()]
    return [w for w in words if w and w.lower() not in ("no.", "no")]


def search_dogs(q: str, limit: int = 25) -> list[Dog]:
    """Dogs matching every word of `q`, owners and tags loaded (no N+1 in a results list)."""
    terms = _terms(q)
    if not terms:
        return []
    # One statement: the 25 dogs, then their owners, tags and licenses joined to them (a few
    # rows each), so a results page costs the signed-in user's query and this one.
    stmt = (
        select(Dog)
        .where(and_(*[Dog.id.in_(_dogs_matching(t)) for t in terms]))
        .options(
            joinedload(Dog.owner_links).joinedload(DogOwner.owner),
            joinedload(Dog.tags),
            joinedload(Dog.licenses),
        )
        .order_by(func.lower(Dog.name), Dog.id)
        .limit(limit)
    )
    return list(db.session.scalars(stmt).unique())
