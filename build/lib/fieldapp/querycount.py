"""Count the SQL statements an engine runs: the one query counter of the tests and benchmarks."""
from contextlib import contextmanager

from sqlalchemy import event


@contextmanager
def counting_queries(engine):
    """`with counting_queries(db.engine) as statements:` — each statement run is appended."""
    statements: list[str] = []

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)
