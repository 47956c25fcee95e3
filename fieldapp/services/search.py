"""Find a dog the way people ask for one: by owner, dog name, tag, ID number, address or looks.

Used by the clerk's counter (/clerk/) and the roadside search. Read-only.

Every word of the query must match somewhere (so "Mary Smith" or "black lab" narrow down),
each word may match any field. Only portable SQL (LIKE on lower(), EXISTS): SQLite and Postgres.
"""
import re

from sqlalchemy import and_, exists, func, or_, select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Dog, DogOwner, License, Owner, Tag

# A scanned QR code gives the whole URL <site>/t/<token>; the token is what we look up.
_TAG_URL = re.compile(r"/t/([A-Za-z0-9_-]+)/?$")


def _like(term: str) -> str:
    escaped = term.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _contains(column, term: str):
    return func.lower(column).like(_like(term), escape="\\")


def _term_matches(term: str):
    """A condition true when this one word matches any searchable field of a dog."""
    pattern_fields = [Dog.name, Dog.breed, Dog.color, Dog.markings]
    conditions = [_contains(col, term) for col in pattern_fields]

    # Current owners of record (§4(I)): name, address, phone.
    owner_match = or_(
        _contains(Owner.first_name, term),
        _contains(Owner.last_name, term),
        _contains(Owner.address, term),
        _contains(Owner.phone, term),
        _contains(Owner.guardian_name, term),
    )
    conditions.append(exists(
        select(DogOwner.id).join(Owner, Owner.id == DogOwner.owner_id)
        .where(DogOwner.dog_id == Dog.id, DogOwner.until.is_(None), owner_match)
    ))

    # Tag token (exact, case-insensitive: printed tokens get retyped) and tag serial.
    tag_match = [func.lower(Tag.token) == term.lower()]
    if term.isdigit():
        tag_match.append(Tag.serial == int(term))
        conditions.append(Dog.id_number == int(term))
    conditions.append(exists(select(Tag.id).where(Tag.dog_id == Dog.id, or_(*tag_match))))

    # The license number on the certificate (e.g. 2026-00012).
    conditions.append(exists(select(License.id).where(
        License.dog_id == Dog.id, func.lower(License.number) == term.lower())))
    return or_(*conditions)


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
    stmt = (
        select(Dog)
        .where(and_(*[_term_matches(t) for t in terms]))
        .options(
            selectinload(Dog.owner_links).selectinload(DogOwner.owner),
            selectinload(Dog.tags),
            selectinload(Dog.licenses),
        )
        .order_by(func.lower(Dog.name), Dog.id)
        .limit(limit)
    )
    return list(db.session.scalars(stmt))
