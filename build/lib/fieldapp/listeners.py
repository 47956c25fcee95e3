"""Everything that runs by itself when the database is written, installed in one place.

`create_app` calls `install_listeners()`; importing a module installs nothing, so what runs on
a flush never depends on which modules happened to be imported. Installing twice is harmless
(a listener already there is skipped). In the order they run on a flush:

- before: `field_data.touch_changed_dogs` bumps `Dog.data_version` of every dog whose card a
  write changes (the phone's copy is a delta on it); `search.note_dogs_to_reindex` notes the dogs
  whose search text may change; `audit.refuse_edits_of_changes` keeps the audit trail append-only.
- after: `audit.record_changes` writes a `Change` per audited row; `search.reindex_noted_dogs`
  rewrites the noted dogs' `search_text`.
- on every ORM statement: `town_owned.only_towns_seen` narrows a read, update or delete of a
  town's records to the towns the request sees (fieldapp/town.py: `towns_seen`).
- also: the audited columns keep their old values (`audit.keep_old_values`), a `Change` row
  refuses UPDATE and DELETE, the dog table's text index is created and dropped with it, and a
  SQLite connection gets its pragmas.
"""
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session


def sqlite_pragmas(dbapi_connection, connection_record):
    """SQLite: WAL so readers never wait on the writer, and enforce foreign keys."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()


def listeners() -> list[tuple]:
    """(target, event name, function) for each listener, in the order they are installed."""
    from .models.audit import Change
    from .models.search_index import DDL_LISTENERS
    from .models.town_owned import only_towns_seen
    from .services import audit, field_data, search
    return [
        (Engine, "connect", sqlite_pragmas),
        *DDL_LISTENERS,
        (Session, "before_flush", field_data.touch_changed_dogs),
        (Session, "before_flush", search.note_dogs_to_reindex),
        (Session, "before_flush", audit.refuse_edits_of_changes),
        (Session, "do_orm_execute", audit.refuse_bulk_edits_of_changes),
        (Session, "do_orm_execute", only_towns_seen),
        (Change, "before_update", audit.refuse_change_rows),
        (Change, "before_delete", audit.refuse_change_rows),
        (Session, "after_flush", audit.record_changes),
        (Session, "after_flush", search.reindex_noted_dogs),
    ]


def install_listeners() -> None:
    from .services import audit
    for target, name, fn in listeners():
        if not event.contains(target, name, fn):
            event.listen(target, name, fn)
    audit.keep_old_values()
