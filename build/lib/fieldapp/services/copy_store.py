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

A county's first build takes minutes (500,000 dogs: ~150 s), past the worker's timeout
(gunicorn.conf.py), so above FIELD_COPY_INLINE_DOGS dogs no request builds: the first phone to
find no copy starts one build in a thread of its worker (`start_build`, with its own app
context) and is answered at once with the last copy this database stored (an older version:
the phone takes what changed since through `?since=`) or, with none, 202 + Retry-After (a
delta of more dogs than that, an import, is answered the same way, never with an older copy,
api/views.py). The same folder lock decides who builds, taken without waiting: a worker that
cannot take it knows a build is under way. A lock, not a row: it goes with the worker that dies holding it, and the
copies it guards are this folder's (each server its own), as the lock is. `flask copy-build`
builds it outside any request (after an import). A small town builds inline, as before: its
build is quicker than the phone's next try would be. A background build that fails is logged and
marked (`<copy>.failed`): no worker starts it again for FAILED_BUILD_PAUSE_S.
"""
import fcntl
import gzip
import hashlib
import json
import os
import threading
import time
from contextlib import contextmanager

from flask import current_app, g

from ..extensions import db
from ..timeutil import local_today
from ..town import ALL_TOWNS, towns_seen
from . import field_data

KEEP_FILES = 3  # the newest few copies (a phone may be mid-download of the one before)
# A build that failed is not started again for this long (the error is logged): every phone asks
# again after Retry-After, and a county's build costs minutes of a worker's CPU each time.
FAILED_BUILD_PAUSE_S = 600


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


def phone_extras(today) -> dict:
    """What goes with the dogs in every answer, whole copy or delta (one place, so the view and
    `flask copy-build` store the copy under the same key)."""
    from ..settings import get_setting
    # The worker answers a tag's link from the copy only while it is younger than this (copy-first.js).
    return {**field_data.copy_extras(today), "copy_max_age_hours": get_setting("copy_max_age_hours")}


def _copy_prefix() -> str:
    """The start of every copy's name from this database (its URL and identity) and the towns
    it holds (an officer of one town is never served the copy of an officer of two)."""
    seen = towns_seen()
    towns = "first" if seen is None else seen if seen == ALL_TOWNS else ",".join(map(str, sorted(seen)))
    digest = hashlib.sha256(json.dumps([str(db.engine.url), _database_identity(), towns]).encode())
    return f"db{digest.hexdigest()[:16]}-"


def copy_key(today, extras: dict) -> str:
    version = field_data.current_version()
    digest = hashlib.sha256(json.dumps(extras, sort_keys=True, default=str).encode())
    return f"{_copy_prefix()}{version}-{today.isoformat()}-{digest.hexdigest()[:16]}"


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
        if name.endswith((".json.gz", ".failed")):
            try:
                os.remove(os.path.join(folder, name))
            except OSError:
                pass


def _write(path, extras, today) -> None:
    """Build the whole copy and store it gzipped at `path` (the caller holds the folder's lock)."""
    dataset = field_data.field_dataset(None, today)
    dataset.update(extras)
    body = gzip.compress(json.dumps(dataset, separators=(",", ":")).encode(), compresslevel=6)
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    with open(tmp, "wb") as fh:
        fh.write(body)
    os.replace(tmp, path)  # whole or not at all, for the readers
    _prune(os.path.dirname(path), os.path.basename(path))


def full_copy_gz(extras: dict, today=None) -> tuple[bytes, bool]:
    """The gzipped JSON of the whole copy with `extras` merged in, and whether it was built now
    (here, waiting for the lock while another worker builds)."""
    today = today or local_today()
    folder = _folder()
    path = os.path.join(folder, copy_key(today, extras) + ".json.gz")
    built = False
    if not os.path.exists(path):
        with _locked(folder):
            if not os.path.exists(path):  # another worker built it while this one waited
                _write(path, extras, today)
                built = True
    with open(path, "rb") as fh:
        return fh.read(), built


def _read(path) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError:
        return None  # pruned between the listing and the read


def _older_copy(folder, name) -> bytes | None:
    """The newest copy this database stored before (another version, day or extras), if any."""
    prefix = _copy_prefix()
    paths = sorted((os.path.join(folder, n) for n in os.listdir(folder)
                    if n.startswith(prefix) and n.endswith(".json.gz") and n != name),
                   key=_mtime, reverse=True)
    for path in paths:
        body = _read(path)
        if body is not None:
            return body
    return None


def _mtime(path) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return 0.0


last_build: threading.Thread | None = None  # the last build this process started (tests join it)


def start_build(path, extras, today) -> bool:
    """Start building the copy at `path` in a thread, unless a build is under way in any worker
    (the folder's lock, taken without waiting, is held by the build until it is stored).
    True when the copy is there now or being built, by this call or another; False when a build of
    it failed lately (FAILED_BUILD_PAUSE_S: the phone is answered as while it builds)."""
    global last_build
    folder = os.path.dirname(path)
    fh = open(os.path.join(folder, ".lock"), "w")
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        fh.close()
        return True  # another build is under way: this phone's next try finds its copy
    if os.path.exists(path):  # stored while this worker looked
        fh.close()
        return True
    if _failed_lately(path):
        fh.close()
        return False
    app = current_app._get_current_object()
    towns = {key: g.get(key) for key in ("town_id", "towns_seen")}  # the thread builds the same towns' copy

    def build():
        try:
            with app.app_context():
                for key, value in towns.items():
                    if value is not None:
                        setattr(g, key, value)
                try:
                    _write(path, extras, today)
                except Exception:
                    app.logger.exception("The phone's whole copy could not be built; not tried again for "
                                         "%d s", FAILED_BUILD_PAUSE_S)
                    _mark_failed(path)
                finally:
                    db.session.remove()
        finally:
            fh.close()  # releases the lock

    last_build = threading.Thread(target=build, name="field-copy-build", daemon=True)
    last_build.start()
    return True


def _mark_failed(path) -> None:
    try:
        with open(path + ".failed", "w"):
            pass
    except OSError:
        pass  # the folder went away: the next phone tries again


def _failed_lately(path) -> bool:
    """A build of this copy failed less than FAILED_BUILD_PAUSE_S ago (in any worker)."""
    return time.time() - _mtime(path + ".failed") < FAILED_BUILD_PAUSE_S


def copy_for_phone(extras: dict, today, dogs: int, older_ok: bool = True) -> tuple[bytes | None, bool]:
    """What a phone asking for the whole copy gets now: (gzipped JSON, whether it is the current
    copy). A town of more than FIELD_COPY_INLINE_DOGS dogs never builds in the request: the
    build is started in the background and the answer is the last copy stored (not current;
    only when `older_ok`: never to a phone holding a copy, which may be newer) or None (come
    back later)."""
    if dogs <= current_app.config.get("FIELD_COPY_INLINE_DOGS", 10000):
        return full_copy_gz(extras, today)[0], True
    folder = _folder()
    name = copy_key(today, extras) + ".json.gz"
    path = os.path.join(folder, name)
    body = _read(path)
    if body is not None:
        return body, True
    start_build(path, extras, today)
    body = _read(path)  # stored between the first look and the lock
    if body is not None:
        return body, True
    return (_older_copy(folder, name) if older_ok else None), False
