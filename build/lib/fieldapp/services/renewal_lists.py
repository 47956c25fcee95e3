"""The clerk's renewals and follow-up lists at county size (§5(A)(1), §5(A)(4)), a page at a time.

At 50,000 dogs the renewal list has ~20,000 lines and the follow-up ~16,000: building every
line took 15–29 s. Here the counts (lines, per window, owners, letters) are SQL COUNTs, only
the page's rows are loaded (`paging.Page`, LIMIT/OFFSET on a stable order), and the letters
and labels PDFs read their owners in chunks. The rules themselves stay where they are:
`services.renewals.due_clauses` (the SQL form of `law.renewals.renewals_due`),
`renewal_items` (each line's fee and rabies check), `follow_up.never_licensed`.
"""
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import case, distinct, exists, func, or_

from ..extensions import db
from ..models import Dog, DogOwner, License, Owner, RenewalNotice
from ..paging import Page, page_of
from .follow_up import _SOURCES, KnownUnlicensed, never_licensed
from .renewals import LIVING, OwnerLetter, RenewalItem, due_clauses, owner_letters, renewal_items

# One PDF holds at most this many letters (3.5-4.5 s at 1,000 on the team machine at rest,
# well within a web worker's 60 s); the clerk prints the next ones with another tap (those printed are
# recorded as sent, so the next PDF starts after them), or from a chosen letter number.
LETTERS_MAX = 1000
CHUNK = 200  # owners read at a time for the letters, labels read in rows of this many


def primary_owner_id():
    """SQL for the dog's owner of record (`Dog.primary_owner`: its first current owner link)."""
    return (db.select(DogOwner.owner_id).where(DogOwner.dog_id == Dog.id, DogOwner.until.is_(None))
            .order_by(DogOwner.id).limit(1).correlate(Dog).scalar_subquery())


def _due(today: date, within: int, expired: bool, unsent: bool = False, column=License.id):
    """The licenses of the list chosen (`unsent`: those not yet sent a renewal notice)."""
    clauses = due_clauses(today, within, expired)
    if unsent:
        clauses.append(~exists().where(RenewalNotice.license_id == License.id))
    return db.select(column).select_from(License).join(Dog, License.dog_id == Dog.id).where(*clauses)


def _count(query) -> int:
    return db.session.scalar(db.select(func.count()).select_from(query.subquery()))


# --- the renewal list ------------------------------------------------------------------------

@dataclass
class RenewalPage:
    page: Page
    items: list[RenewalItem]  # the page's lines, soonest first
    by_window: dict[str, int]  # lines of the whole list per window ("expired", "30", "60", "90")
    owners: int  # owners of record on the whole list
    letters: int  # letters the month's print makes (owners with a license not yet sent a notice)
    letters_again: int  # with "write again": every owner on the list


def _windows(today: date):
    return case((License.expires_on < today, "expired"),
                (License.expires_on <= today + timedelta(days=30), "30"),
                (License.expires_on <= today + timedelta(days=60), "60"), else_="90")


def letter_counts(today: date, within: int, expired: bool) -> tuple[int, int]:
    """How many letters the list makes (one per owner of record, all their dogs): for the
    licenses not yet sent a notice, and writing again to every owner. One pass over the list."""
    unsent = ~exists().where(RenewalNotice.license_id == License.id)
    owners = _due(today, within, expired, column=primary_owner_id().label("owner_id")) \
        .add_columns(unsent.label("unsent")).subquery()
    return tuple(db.session.execute(db.select(
        func.count(distinct(case((owners.c.unsent, owners.c.owner_id)))),
        func.count(distinct(owners.c.owner_id)))).one())


def renewal_page(today: date, within: int, expired: bool, asked) -> RenewalPage:
    """Page `asked` of the renewal list, with the whole list's counts from SQL."""
    window = _windows(today)
    by_window = dict(db.session.execute(
        db.select(window, func.count()).select_from(License).join(Dog, License.dog_id == Dog.id)
        .where(*due_clauses(today, within, expired)).group_by(window)).all())
    page = page_of(sum(by_window.values()), asked)
    ids = db.session.scalars(_due(today, within, expired).order_by(License.expires_on, License.id)
                             .offset(page.offset).limit(page.per)).all()
    items = renewal_items(today, within, expired, license_ids=ids) if ids else []
    letters, owners = letter_counts(today, within, expired)
    return RenewalPage(page, items, by_window, owners, letters, owners)


# --- the letters and labels of the list ------------------------------------------------------

def _owner_ids(today: date, within: int, expired: bool, unsent: bool):
    """The owners of record on the list, as a subquery of ids."""
    return _due(today, within, expired, unsent, primary_owner_id().label("owner_id")).subquery()


def _owners_in_order(today, within, expired, unsent, column=Owner):
    ids = _owner_ids(today, within, expired, unsent)
    return (db.select(column).where(Owner.id.in_(db.select(ids.c.owner_id)))
            .order_by(Owner.last_name, Owner.first_name, Owner.id))


def letters(today: date, within: int, expired: bool, unsent: bool, start: int = 1,
            limit: int | None = None) -> Iterator[OwnerLetter]:
    """The list's letters from letter number `start` (1-based, in the owners' name order), at
    most `limit` (LETTERS_MAX): one per owner of record with all of that owner's dogs on the
    list (`unsent`: the licenses not yet sent a notice). Read CHUNK owners at a time: their
    licenses on the list, then each line as the renewal list makes it."""
    owner_ids = db.session.scalars(_owners_in_order(today, within, expired, unsent, Owner.id)
                                   .offset(max(start, 1) - 1).limit(limit or LETTERS_MAX)).all()
    for at in range(0, len(owner_ids), CHUNK):
        chunk = owner_ids[at:at + CHUNK]
        license_ids = db.session.scalars(_due(today, within, expired, unsent)
                                         .where(primary_owner_id().in_(chunk))).all()
        yield from owner_letters(renewal_items(today, within, expired, license_ids=license_ids))


def label_owners(today: date, within: int, expired: bool) -> Iterator[Owner]:
    """The owners of record on the list, one each, in name order, read CHUNK rows at a time."""
    query = _owners_in_order(today, within, expired, unsent=False).execution_options(yield_per=CHUNK)
    yield from db.session.scalars(query)


# --- the follow-up lists ---------------------------------------------------------------------

@dataclass
class FollowUpPage:
    unlicensed_page: Page
    unlicensed: list[KnownUnlicensed]
    expired_page: Page
    expired: list[RenewalItem]


def _known_unlicensed():
    """§5(A)(1): living dogs never licensed that the town knows of from its own records (the
    SQL form of `follow_up.never_licensed`'s rule)."""
    known = or_(Dog.enumeration_identified_on.isnot(None),
                *(exists().where(model.dog_id == Dog.id) for model, _ in _SOURCES))
    return db.select(Dog.id).where(~Dog.licenses.any(), Dog.status.in_(LIVING), known)


def _expired_over_30(today: date):
    """§5(A)(4): licenses in force of living dogs that ran out over 30 days ago (`expired_over`)."""
    return (db.select(License.id).join(Dog, License.dog_id == Dog.id)
            .where(License.status == "active", Dog.status.in_(LIVING),
                   License.expires_on < today - timedelta(days=30)))


def follow_up_page(today: date, unlicensed_asked, expired_asked) -> FollowUpPage:
    """A page of each follow-up list, with each list's count from SQL."""
    known = _known_unlicensed()
    unlicensed_page = page_of(_count(known), unlicensed_asked)
    dog_ids = db.session.scalars(known.order_by(Dog.name, Dog.id).offset(unlicensed_page.offset)
                                 .limit(unlicensed_page.per)).all()
    unlicensed = never_licensed(today, dog_ids=dog_ids) if dog_ids else []
    over = _expired_over_30(today)
    expired_page = page_of(_count(over), expired_asked)
    license_ids = db.session.scalars(over.order_by(License.expires_on, License.id)
                                     .offset(expired_page.offset).limit(expired_page.per)).all()
    expired = renewal_items(today, 30, license_ids=license_ids) if license_ids else []
    return FollowUpPage(unlicensed_page, unlicensed, expired_page, expired)
