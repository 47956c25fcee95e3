"""Find a dog the way people ask for one: by owner, dog name, tag, ID number, address or looks.

Used by the clerk's counter (/clerk/), the roadside search and the enumeration page. Read-only,
but it keeps its own index: `Dog.search_text` (below, after every flush).

Every word of the query must match (so "Mary Smith" or "black lab" narrow down), each word in
one of two ways:
- anywhere inside the dog's name, breed, colour or markings, or its current owners' (§4(I))
  names, addresses or phones: a part of `Dog.search_text`, which a text index serves
  (models/search_index.py: trigrams, on SQLite and on PostgreSQL);
- or all of a tag's token or number, the dog's ID number or microchip number or a license number.

Which dogs are shown: when more match than the page shows, the most recently registered ones
(the index hands them out newest first and stops at the limit: 2 ms at 500,000 dogs, where
putting every match in name order took 60-300 ms; benchmarks/README.md). A clerk who sees a
full page adds a word. The dogs on the page are listed by name.
"""
import re

from sqlalchemy import bindparam, column, func, or_, select, table, union, union_all, update
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import Dog, DogOwner, License, Owner, Tag
from ..models.search_index import SQLITE_FTS_TABLE

# A scanned QR code gives the whole URL <site>/t/<token>; the token is what we look up.
_TAG_URL = re.compile(r"/t/([A-Za-z0-9_-]+)/?$")
_MAX_ID = 2**31 - 1  # ids and numbers are INTEGER columns (PostgreSQL: 32 bits)

PAGE = 25  # dogs a search shows at most (the clerk's page, the roadside list)
DOG_FIELDS = ("name", "breed", "color", "markings")
OWNER_FIELDS = ("first_name", "last_name", "address", "phone", "guardian_name")


def search_text(dog_parts, owners_parts) -> str:
    """The text a dog is found by: its parts, then each current owner's, lower case, one space
    between parts. A query word has no spaces, so it never matches across two parts."""
    parts = [p for p in dog_parts if p] + [p for owner in owners_parts for p in owner if p]
    return " ".join(" ".join(parts).split()).lower()


def _glob(term: str) -> str:
    # GLOB is case-sensitive and the text is lower case; *, ? and [ are its wildcards.
    return "*" + re.sub(r"([*?\[])", r"[\1]", term) + "*"


def _like(term: str) -> str:
    # PostgreSQL's LIKE escapes with a backslash by default.
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _contains(col, term: str):
    """`col` (lower-case text) contains `term` (lower case), in the form the text index serves."""
    if db.engine.dialect.name == "sqlite":
        return col.op("GLOB")(_glob(term))
    return col.like(_like(term))


def _named_exactly(term: str) -> list:
    """The dogs this one word names exactly: a tag's token (printed tokens get retyped, so any
    case) or number, the dog's ID number or microchip, a license number (e.g. 2026-00012). B-tree
    lookups."""
    parts = [select(Tag.dog_id).where(Tag.dog_id.is_not(None), func.lower(Tag.token) == term),
             select(License.dog_id).where(func.lower(License.number) == term)]
    if term.isdigit() and 9 <= len(term) <= 15:  # a microchip number, as the reader shows it
        parts.append(select(Dog.id).where(Dog.microchip == term))
    if term.isdigit() and len(term) <= 10 and int(term) <= _MAX_ID:
        parts += [select(Dog.id).where(Dog.id_number == int(term)),
                  select(Tag.dog_id).where(Tag.dog_id.is_not(None), Tag.serial == int(term))]
    return parts


def _terms(q: str) -> list[str]:
    q = (q or "").strip()
    m = _TAG_URL.search(q)
    if m:
        return [m.group(1).lower()]
    # "#1042" and "No. 1042" are how people write an ID number.
    words = [w.strip(",;#").lower() for w in q.split()]
    return [w for w in words if w and w not in ("no.", "no")]


def search_dogs(q: str, limit: int = PAGE) -> list[Dog]:
    """Dogs matching every word of `q` (at most `limit`, the most recently registered), listed
    by name, with their owners, tags and licenses loaded: one statement, no N+1 in a list."""
    terms = _terms(q)
    if not terms:
        return []
    # SQLite's trigram index is asked only for words of three letters or more: a shorter word
    # before a longer one ("jo smith") crashes SQLite 3.40's FTS5 (the process, not the query),
    # and it cannot narrow a search anyway. Shorter words are matched on the dog's own text.
    indexed = [t for t in terms if len(t) >= 3]
    if db.engine.dialect.name == "sqlite" and indexed:
        index = table(SQLITE_FTS_TABLE, column("rowid"), column("search_text"))
        dog_id, text = index.c.rowid, index.c.search_text
    else:
        dog_id, text, indexed = Dog.id, Dog.search_text, terms
    # The newest dogs whose text holds every word: the index finds them in id order, newest
    # first, and stops at the limit.
    by_text = select(dog_id.label("id")).where(*[_contains(text, t) for t in indexed])
    short = [t for t in terms if t not in indexed]
    if short:
        by_text = by_text.where(dog_id.in_(select(Dog.id).where(*[_contains(Dog.search_text, t) for t in short])))
    by_text = by_text.order_by(dog_id.desc()).limit(limit).subquery()
    # Dogs a word names exactly (an ID number, a tag, a license), if every other word matches too.
    named = [_named_exactly(t) for t in terms]
    by_name = select(Dog.id).where(
        Dog.id.in_(union_all(*[part for parts in named for part in parts])),
        *[or_(Dog.id.in_(union_all(*parts)), _contains(Dog.search_text, t))
          for parts, t in zip(named, terms, strict=True)])
    found = union(select(by_text.c.id), by_name).subquery()
    newest = select(found.c.id).order_by(found.c.id.desc()).limit(limit)
    stmt = (
        select(Dog)
        .where(Dog.id.in_(newest))
        .options(
            # Only what a results line shows: building the rest (five years of licenses with
            # their fee lines, every timestamp) was a seventh of a results page's time.
            joinedload(Dog.owner_links).joinedload(DogOwner.owner)
            .load_only(Owner.id, Owner.first_name, Owner.last_name, Owner.address),
            joinedload(Dog.tags).load_only(Tag.id, Tag.dog_id, Tag.status, Tag.serial),
            joinedload(Dog.licenses).load_only(License.id, License.dog_id, License.number, License.issued_on,
                                               License.expires_on, License.status),
        )
        .order_by(func.lower(Dog.name), Dog.id)
    )
    return list(db.session.scalars(stmt).unique())


# --- keeping Dog.search_text current --------------------------------------------------------

def reindex(connection, dog_ids=None) -> dict:
    """Write `search_text` of these dogs (all, if None) from what the database holds now.
    Core statements on `connection`, so it may run inside a flush; `updated_at` is left as it
    was (the dog did not change, its index did). Returns {dog id: its text}."""
    texts = {}
    ids = sorted(dog_ids) if dog_ids is not None else None
    for chunk in ([None] if ids is None else [ids[i:i + 500] for i in range(0, len(ids), 500)]):
        dogs = select(Dog.id, *[getattr(Dog, f) for f in DOG_FIELDS])
        owners = (select(DogOwner.dog_id, *[getattr(Owner, f) for f in OWNER_FIELDS])
                  .join(Owner, Owner.id == DogOwner.owner_id)
                  .where(DogOwner.until.is_(None)).order_by(DogOwner.dog_id, DogOwner.id))
        if chunk is not None:
            dogs, owners = dogs.where(Dog.id.in_(chunk)), owners.where(DogOwner.dog_id.in_(chunk))
        owners_of = {}
        for dog_id, *parts in connection.execute(owners):
            owners_of.setdefault(dog_id, []).append(parts)
        for dog_id, *parts in connection.execute(dogs):
            texts[dog_id] = search_text(parts, owners_of.get(dog_id, []))
    if texts:
        dog = Dog.__table__
        connection.execute(
            update(dog).where(dog.c.id == bindparam("dog_id"))
            .values(search_text=bindparam("text"), updated_at=dog.c.updated_at),
            [{"dog_id": k, "text": v} for k, v in texts.items()])
    return texts


def _changed(obj, fields) -> bool:
    state = db.inspect(obj)
    return any(state.attrs[f].history.has_changes() for f in fields)


def note_dogs_to_reindex(session, flush_context, instances):
    """Note the dogs whose search text this flush may change: a dog's name or looks, an owner's
    name, address or phone (all the owner's dogs), who owns a dog (DogOwner)."""
    noted = session.info.setdefault("search_reindex", set())
    with session.no_autoflush:
        for obj in list(session.new) + list(session.dirty) + list(session.deleted):
            if isinstance(obj, Dog) and obj not in session.deleted:
                if obj in session.new or _changed(obj, DOG_FIELDS):
                    noted.add(obj)
            elif isinstance(obj, Owner) and obj not in session.new and _changed(obj, OWNER_FIELDS):
                noted.update(link.dog_id for link in obj.dog_links)
            elif isinstance(obj, DogOwner):
                noted.add(obj.dog if obj.dog is not None else obj.dog_id)


def reindex_noted_dogs(session, flush_context):
    noted = session.info.pop("search_reindex", None)
    ids = {n if isinstance(n, int) else n.id for n in noted or ()} - {None}
    if not ids:
        return
    texts = reindex(session.connection(), ids)
    # A Dog in this session must not keep the old text.
    for obj in list(session.identity_map.values()):
        if isinstance(obj, Dog) and obj.id in texts:
            set_committed_value(obj, "search_text", texts[obj.id])


