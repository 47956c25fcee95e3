"""The databases a benchmark measures on: SQLite always, and PostgreSQL when a server is named
(`--database-url` or TEST_DATABASE_URL), each a new empty database for one size, dropped after.
Used by bench_county.py and bench_field_copy.py."""
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def databases(args):
    """(label, the PostgreSQL server's URL or None) for each database to measure on."""
    yield "sqlite", None
    url = args.database_url or os.environ.get("TEST_DATABASE_URL", "").strip()
    if url:
        yield "postgresql", url


@contextmanager
def scratch_database(label: str, url: str | None, name: str):
    """A new empty database's URI: a file in a temporary folder, or a database made on the
    PostgreSQL server (the role may CREATE DATABASE) and dropped when the block ends."""
    if label == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/{name}.sqlite"
        return
    from tests.databases import PostgresServer
    server = PostgresServer(url)
    made = server.create(name)
    try:
        yield server.uri(made)
    finally:
        server.drop(made)
        server.engine.dispose()
