"""The whole copy of the field data (`GET /api/field-dataset` without `since`), built once and
kept compressed, so a hundred phones starting a shift cost one build, not a hundred.

A full copy is ~6 s of a worker's CPU at 50,000 dogs (2.8 MB gzipped). It changes only when a
dog's card does (the data version), when the town's day turns (statuses are worked out for
today), or when what goes with the dogs does (the §8(B) redemption deadlines from the town's
calendar, the copy_max_age_hours setting): the key is all of these, and the database's own URL
(two towns on one server, or the tests' databases, never share a copy). The first phone after a
change builds it under a file lock (the other workers wait for that one build) and writes it
gzipped to the instance folder (FIELD_COPY_DIR); the rest read the file. The copy's
`generated_at` says when it was built; the data are as of now while the version is the same, so
the answer's X-Copy-As-Of header says now (dataset.js reads it).
"""
import fcntl
import gzip
import hashlib
import json
import os
from contextlib import contextmanager

from flask import current_app

from ..extensions import db
from ..timeutil import local_today
from . import field_data

KEEP_FILES = 3  # the newest few copies (a phone may be mid-download of the one before)


def _folder() -> str:
    folder = current_app.config.get("FIELD_COPY_DIR") or os.path.join(current_app.instance_path, "field-copy")
    os.makedirs(folder, exist_ok=True)
    return folder


def _database_identity() -> str:
    """Which database this is, beyond its URL: one dropped and made again under the same URL
    starts its data versions over, and must not be served the old one's copy. PostgreSQL: the
    database's oid (new for each CREATE DATABASE); SQLite: the file's inode."""
    if db.engine.dialect.name == "postgresql":
        return str(db.session.execute(db.text(
            "SELECT oid FROM pg_database WHERE datname = current_database()")).scalar())
    path = db.engine.url.database
    try:
        return str(os.stat(path).st_ino) if path and path != ":memory:" else ""
    except OSError:
        return ""


def copy_key(today, extras: dict) -> str:
    version = field_data.current_version()
    digest = hashlib.sha256(json.dumps([str(db.engine.url), _database_identity(), extras], sort_keys=True,
                                       default=str).encode())
    return f"{version}-{today.isoformat()}-{digest.hexdigest()[:16]}"


@contextmanager
def _locked(folder):
    with open(os.path.join(folder, ".lock"), "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _prune(folder, keep: str):
    copies = sorted((os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".json.gz")),
                    key=os.path.getmtime, reverse=True)
    for path in copies[KEEP_FILES:]:
        if os.path.basename(path) != keep:
            try:
                os.remove(path)
            except OSError:
                pass  # another worker pruned it


def forget_copies() -> None:
    """Remove the stored copies (after a restore: the restored data start their versions again)."""
    folder = _folder()
    for name in os.listdir(folder):
        if name.endswith(".json.gz"):
            try:
                os.remove(os.path.join(folder, name))
            except OSError:
                pass


def full_copy_gz(extras: dict, today=None) -> tuple[bytes, bool]:
    """The gzipped JSON of the whole copy with `extras` merged in, and whether it was built now."""
    today = today or local_today()
    folder = _folder()
    name = copy_key(today, extras) + ".json.gz"
    path = os.path.join(folder, name)
    built = False
    if not os.path.exists(path):
        with _locked(folder):
            if not os.path.exists(path):  # another worker built it while this one waited
                dataset = field_data.field_dataset(None, today)
                dataset.update(extras)
                body = gzip.compress(json.dumps(dataset, separators=(",", ":")).encode(), compresslevel=6)
                tmp = f"{path}.{os.getpid()}.tmp"
                with open(tmp, "wb") as fh:
                    fh.write(body)
                os.replace(tmp, path)  # whole or not at all, for the readers
                _prune(folder, name)
                built = True
    with open(path, "rb") as fh:
        return fh.read(), built
