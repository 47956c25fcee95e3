"""Every record of a town says whose it is: `TownOwned` gives a table a `town_id` (the town's
record, `models/town.py: Town`), indexed, never empty. A new row is the town's the request,
command or test acts for (`fieldapp/town.py: current_town_id`), without a statement of its own."""
import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.orm import declared_attr

from ..extensions import db


def _acting_town_id():
    """The id `acting_for` set, or None: read when each INSERT runs, not when it is compiled."""
    from ..town import acted_for_key
    return acted_for_key()


# `current_town_id()` as one SQL expression a column default can hold: the town acted for, else
# the deployment's first town. A bound parameter with a callable is read at every execution (a
# cached statement does not keep the town of its first use); a Python default returning the
# subquery is not rendered by SQLAlchemy, and a server default cannot hold a subquery (SQLite,
# PostgreSQL).
TOWN_ACTED_FOR = sa.func.coalesce(
    sa.bindparam("town_acted_for", callable_=_acting_town_id, type_=sa.Integer),
    sa.select(sa.func.min(sa.table("town", sa.column("id")).c.id)).scalar_subquery())


def _seen_ids():
    from ..town import ALL_TOWNS, towns_seen
    seen = towns_seen()
    return [] if seen is None or seen == ALL_TOWNS else seen


def _no_town_set():
    from ..town import towns_seen
    return towns_seen() is None


# The towns read (`fieldapp/town.py: towns_seen`) as one SQL condition on a record's `town_id`,
# its values read at each execution like TOWN_ACTED_FOR's: the towns listed, or when none is set
# the deployment's first town (a one-town deployment pays no statement to know it).
def _all_seen():
    from ..town import ALL_TOWNS, towns_seen
    return towns_seen() == ALL_TOWNS


ALL_SEEN = sa.bindparam("all_towns_seen", callable_=_all_seen, type_=sa.Boolean)
TOWNS_SEEN = sa.bindparam("towns_seen", expanding=True, callable_=_seen_ids, type_=sa.Integer)
NO_TOWN_SET = sa.bindparam("no_town_set", callable_=_no_town_set, type_=sa.Boolean)
FIRST_TOWN = sa.select(sa.func.min(sa.table("town", sa.column("id")).c.id)).scalar_subquery()


def seen(town_id):
    """The narrowing as a condition: every ORM statement gets it (only_towns_seen), and a
    statement that goes straight to the connection (the status card's and the phone's copy's
    rows, read without the ORM for speed) adds it to its WHERE."""
    return sa.or_(ALL_SEEN, town_id.in_(TOWNS_SEEN), sa.and_(NO_TOWN_SET, town_id == FIRST_TOWN))


def only_towns_seen(execute_state):
    """Session "do_orm_execute": every ORM read, update and delete of a town's records is narrowed
    to the towns seen, so no page, list, look-up or count shows another town's record. Loading a
    relationship is left alone (its parent was narrowed); `execution_options(all_towns=True)` or
    `seeing(ALL_TOWNS)` reads every town."""
    from ..town import ALL_TOWNS, towns_seen
    if execute_state.is_column_load or execute_state.is_relationship_load:
        return
    if execute_state.execution_options.get("all_towns") or towns_seen() == ALL_TOWNS:
        return
    execute_state.statement = execute_state.statement.options(
        orm.with_loader_criteria(TownOwned, lambda cls: seen(cls.town_id), include_aliases=True))


class TownOwned:
    """A town's record: a dog, an owner, a license, a ticket, an entry of the officer's..."""

    @declared_attr
    def town_id(cls):
        return db.Column(db.Integer, db.ForeignKey("town.id"), nullable=False, index=True, default=TOWN_ACTED_FOR)
