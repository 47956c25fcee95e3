"""Backups: a consistent copy of the whole database, photos included, while the app runs, and
its restore into an empty instance (`flask --app fieldapp backup FILE` / `restore FILE`).

One portable format for SQLite and PostgreSQL alike, so a town can move from one to the other:
a zip of
- `manifest.json`: the format, when, from which database, the schema revision, rows per table;
- `tables/<table>.jsonl`: every row of every table, one JSON object a line, in primary-key
  order (dates and instants as ISO text, money as text, JSON columns as they are);
- `photos/<table>/<key>-<column>.jpg`: each binary column (the dogs' photos, field entries'
  and finders' photos) as its own file, named from the row (`{"$file": ...}` in the row).

Consistency: on SQLite the live file is first copied with the sqlite3 online backup API (a
snapshot, while the app keeps writing) and the copy is read; on PostgreSQL every table is read
in one REPEATABLE READ, READ ONLY transaction (one snapshot for all tables).

Restore writes every row back in one transaction, in foreign-key order; a foreign key to a
table not written yet (a cycle such as violation -> court_order, or a row pointing at a later
row of its own table, such as tag.replaced_by_id) is written empty first and set once every row
is in. PostgreSQL's id sequences are then moved past the highest id. It refuses an instance
that already has any row but the town `flask db upgrade` made.
"""
import json
import os
import shutil
import sqlite3
import tempfile
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    Date,
    DateTime,
    Float,
    Integer,
    LargeBinary,
    Numeric,
    bindparam,
    create_engine,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.pool import NullPool

from .extensions import db
from .models.types import UTCDateTime, now_utc

FORMAT = "sandy-creek-dog-control-backup"
VERSION = 1
BATCH = 500


class BackupError(Exception):
    """A backup or restore refused, in words for the person at the command line."""


@dataclass(frozen=True)
class Summary:
    path: str
    tables: dict  # {table: rows}
    photos: int

    @property
    def rows(self) -> int:
        return sum(self.tables.values())


def _tables():
    return list(db.metadata.sorted_tables)


def _pk(table):
    return list(table.primary_key.columns)


def _is_binary(col) -> bool:
    return isinstance(col.type, LargeBinary)


def _to_json(col, value):
    if value is None:
        return None
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    return value


def _without_nul(value):
    """A NUL character stored before forms refused it (SQLite keeps it) would stop a restore into
    PostgreSQL, whose text and JSON refuse it: it comes back as U+FFFD, the rest of the text kept."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd")
    if isinstance(value, list):
        return [_without_nul(v) for v in value]
    if isinstance(value, dict):
        return {_without_nul(k): _without_nul(v) for k, v in value.items()}
    return value


def _from_json(col, value):
    if value is None:
        return None
    value = _without_nul(value)
    kind = col.type
    if isinstance(kind, (UTCDateTime, DateTime)):
        return datetime.fromisoformat(value)
    if isinstance(kind, Date):
        return date.fromisoformat(value)
    if isinstance(kind, Float):
        return value
    if isinstance(kind, Numeric):
        return Decimal(value)
    return value


def _schema_revision(conn):
    if inspect(conn).has_table("alembic_version"):
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return None


@contextmanager
def _snapshot():
    """A connection on one consistent view of the database (see the module's docstring)."""
    engine = db.engine
    if engine.dialect.name == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, "snapshot.sqlite")
            raw = engine.raw_connection()
            try:
                target = sqlite3.connect(copy)
                try:
                    raw.driver_connection.backup(target)  # the online backup API
                finally:
                    target.close()
            finally:
                raw.close()
            snap = create_engine(f"sqlite:///{copy}", poolclass=NullPool)
            try:
                with snap.connect() as conn:
                    yield conn
            finally:
                snap.dispose()
        return
    with engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn:
        with conn.begin():
            conn.execute(text("SET TRANSACTION READ ONLY"))
            yield conn


def write_backup(path: str) -> Summary:
    """Write the backup zip to `path` (a new file: an existing one is not overwritten)."""
    if os.path.exists(path):
        raise BackupError(f"{path} already exists; choose a new file name.")
    counts, photos = {}, 0
    partial = path + ".partial"
    try:
        with _snapshot() as conn, zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            revision = _schema_revision(conn)
            for table in _tables():
                pk = _pk(table)
                n = 0
                result = conn.execution_options(stream_results=True, yield_per=BATCH).execute(
                    select(table).order_by(*pk))
                # The rows go to a file first: a zip takes one member at a time, and photos come
                # between the rows.
                with tempfile.TemporaryFile() as out:
                    for row in result.mappings():
                        record = {}
                        for col in table.columns:
                            value = row[col.name]
                            if _is_binary(col) and value is not None:
                                name = "-".join(str(row[c.name]) for c in pk)
                                member = f"photos/{table.name}/{name}-{col.name}.jpg"
                                zf.writestr(zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0)),
                                            bytes(value), compress_type=zipfile.ZIP_STORED)
                                photos += 1
                                value = {"$file": member}
                            else:
                                value = _to_json(col, value)
                            record[col.name] = value
                        out.write((json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
                        n += 1
                    out.seek(0)
                    with zf.open(f"tables/{table.name}.jsonl", "w") as member:
                        shutil.copyfileobj(out, member)
                counts[table.name] = n
            manifest = {"format": FORMAT, "version": VERSION, "made_at": now_utc().isoformat(),
                        "database": db.engine.dialect.name, "schema_revision": revision,
                        "tables": counts, "photos": photos}
            zf.writestr("manifest.json", json.dumps(manifest, indent=2))
        os.replace(partial, path)
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    return Summary(path, counts, photos)


def row_counts(conn=None) -> dict:
    """{table: rows} of every table that has rows."""
    conn = conn or db.session.connection()
    out = {}
    for table in _tables():
        n = conn.execute(select(func.count()).select_from(table)).scalar()
        if n:
            out[table.name] = n
    return out


def _read_manifest(zf):
    try:
        manifest = json.loads(zf.read("manifest.json"))
    except KeyError:
        raise BackupError("This file is not a backup of this app (it has no manifest.json).") from None
    if manifest.get("format") != FORMAT:
        raise BackupError("This file is not a backup of this app.")
    if manifest.get("version") != VERSION:
        raise BackupError(f"This backup is of format version {manifest.get('version')}; this app reads "
                          f"version {VERSION}.")
    return manifest


def _deferred_columns(tables):
    """{table name: [columns]}: foreign keys to the same table or to one written later."""
    order = {t.name: i for i, t in enumerate(tables)}
    out = {}
    for table in tables:
        for col in table.columns:
            for fk in col.foreign_keys:
                target = fk.column.table.name
                if target == table.name or order.get(target, -1) > order[table.name]:
                    out.setdefault(table.name, []).append(col.name)
    return out


def restore_backup(path: str) -> Summary:
    """Bring the backup at `path` back into this instance, which must be empty."""
    if not os.path.exists(path):
        raise BackupError(f"No file {path}.")
    try:
        zf = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise BackupError(f"{path} is not a backup (not a zip file).") from None
    with zf:
        manifest = _read_manifest(zf)
        tables = _tables()
        engine = db.engine
        db.session.remove()
        with engine.connect() as conn:
            missing = [t.name for t in tables if not inspect(conn).has_table(t.name)]
            if missing:
                raise BackupError("This database does not have the current schema (missing tables: "
                                  + ", ".join(missing) + "). Run `flask --app fieldapp db upgrade` first.")
            filled = row_counts(conn)
        # `flask db upgrade` makes the deployment's town (migration 0002): a database whose only
        # row is that town is still new, and the backup's town takes its place.
        made_town_only = filled == {"town": 1}
        if filled and not made_town_only:
            what = ", ".join(f"{n} in {name}" for name, n in list(filled.items())[:6])
            raise BackupError("This instance is not empty (" + what + "). Restore only into a new, empty "
                              "database: set DATABASE_URL to a new one (or move instance/fieldapp.sqlite "
                              "away), run `flask --app fieldapp db upgrade`, then restore.")
        unknown = set(manifest["tables"]) - {t.name for t in tables}
        if unknown:
            raise BackupError("The backup has tables this version of the app does not know: "
                              + ", ".join(sorted(unknown)) + ".")
        deferred = _deferred_columns(tables)
        counts, photos = {}, 0
        with engine.begin() as conn:
            if made_town_only and "tables/town.jsonl" in zf.namelist():
                conn.execute(db.metadata.tables["town"].delete())
            later = []
            for table in tables:
                member = f"tables/{table.name}.jsonl"
                if member not in zf.namelist():
                    counts[table.name] = 0
                    continue
                columns = {c.name: c for c in table.columns}
                wait = deferred.get(table.name, [])
                batch, n = [], 0
                with zf.open(member) as lines:
                    for raw in lines:
                        record = json.loads(raw)
                        extra = set(record) - set(columns)
                        if extra:
                            raise BackupError(f"The backup's table {table.name} has columns this version "
                                              f"does not know: {', '.join(sorted(extra))}.")
                        row = {}
                        for name, value in record.items():
                            col = columns[name]
                            if isinstance(value, dict) and _is_binary(col) and "$file" in value:
                                row[name] = zf.read(value["$file"])
                                photos += 1
                            else:
                                row[name] = _from_json(col, value)
                        held = {c: row[c] for c in wait if row.get(c) is not None}
                        if held:
                            row.update({c: None for c in held})
                            # The update below would stamp an `onupdate` column (updated_at): keep its value.
                            held |= {c.name: row[c.name] for c in table.c if c.onupdate is not None and c.name in row}
                            later.append((table, {c.name: row[c.name] for c in _pk(table)}, held))
                        batch.append(row)
                        n += 1
                        if len(batch) >= BATCH:
                            conn.execute(table.insert(), batch)
                            batch = []
                if batch:
                    conn.execute(table.insert(), batch)
                counts[table.name] = n
            for table, key, values in later:
                stmt = table.update().where(*[table.c[k] == bindparam(f"k_{k}") for k in key])
                conn.execute(stmt.values(**{c: bindparam(f"v_{c}") for c in values}),
                             {**{f"k_{k}": v for k, v in key.items()}, **{f"v_{c}": v for c, v in values.items()}})
            if engine.dialect.name == "postgresql":
                _move_sequences(conn, tables)
    from .services.copy_store import forget_copies
    forget_copies()  # the restored data count their versions again: no copy of before is served
    return Summary(path, counts, photos)


def _move_sequences(conn, tables):
    """PostgreSQL: each id sequence past the highest id restored (rows came with their ids)."""
    for table in tables:
        pk = _pk(table)
        if len(pk) != 1 or not isinstance(pk[0].type, Integer):
            continue
        seq = conn.execute(text("SELECT pg_get_serial_sequence(:t, :c)"),
                           {"t": f'"{table.name}"', "c": pk[0].name}).scalar()
        if seq:
            conn.execute(text(f'SELECT setval(:s, coalesce((SELECT max("{pk[0].name}") FROM "{table.name}"), 1), '
                              f'(SELECT max("{pk[0].name}") FROM "{table.name}") IS NOT NULL)'), {"s": seq})
