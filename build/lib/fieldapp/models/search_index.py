"""The text index behind the clerk's search (services/search.py), one per kind of database.

A word may match anywhere inside a name, an address or a dog's looks (`LIKE '%word%'`), which
no B-tree index can serve. Both databases have an index made for exactly that:
- PostgreSQL: a GIN index of trigrams on `dog.search_text` (the `pg_trgm` extension, shipped
  with PostgreSQL and trusted since version 13, so the database's owner may create it);
  the planner uses it for `search_text LIKE '%word%'`.
- SQLite: an FTS5 table with the trigram tokenizer over the same column (external content:
  the text is kept once, in `dog`), kept in step by three triggers; `GLOB '*word*'` on its
  column is served by the trigram index (`LIKE ... ESCAPE` is not: SQLite does not hand it to
  the index, measured 190 ms against 2 ms at 500,000 dogs). The text is lower case already, so
  the index is case-sensitive and GLOB's case-sensitivity costs nothing.

The statements are created with the `dog` table (create_all, in tests) and by migration 0001 (a
later revision that rebuilds `dog` in batch mode makes them again). Alembic's comparisons skip
them (`include_name`): the models do not describe a virtual table or an operator-class index.
"""
from sqlalchemy import DDL

from .dogs import Dog

SQLITE_FTS_TABLE = "dog_search"
PG_TRIGRAM_INDEX = "ix_dog_search_text_trgm"

STATEMENTS = {
    "postgresql": [
        "CREATE EXTENSION IF NOT EXISTS pg_trgm",
        f"CREATE INDEX {PG_TRIGRAM_INDEX} ON dog USING gin (search_text gin_trgm_ops)",
    ],
    "sqlite": [
        f"CREATE VIRTUAL TABLE {SQLITE_FTS_TABLE} USING fts5(search_text, content='dog', "
        "content_rowid='id', tokenize='trigram case_sensitive 1')",
        f"CREATE TRIGGER dog_search_insert AFTER INSERT ON dog BEGIN "
        f"INSERT INTO {SQLITE_FTS_TABLE}(rowid, search_text) VALUES (new.id, new.search_text); END",
        f"CREATE TRIGGER dog_search_delete AFTER DELETE ON dog BEGIN "
        f"INSERT INTO {SQLITE_FTS_TABLE}({SQLITE_FTS_TABLE}, rowid, search_text) "
        f"VALUES ('delete', old.id, old.search_text); END",
        f"CREATE TRIGGER dog_search_update AFTER UPDATE OF search_text ON dog BEGIN "
        f"INSERT INTO {SQLITE_FTS_TABLE}({SQLITE_FTS_TABLE}, rowid, search_text) "
        f"VALUES ('delete', old.id, old.search_text); "
        f"INSERT INTO {SQLITE_FTS_TABLE}(rowid, search_text) VALUES (new.id, new.search_text); END",
    ],
}
DROP_STATEMENTS = {"sqlite": [f"DROP TABLE IF EXISTS {SQLITE_FTS_TABLE}"], "postgresql": []}

# Created and dropped with the dog table (create_all, drop_all); installed by fieldapp/listeners.py.
DDL_LISTENERS = [
    *((Dog.__table__, "after_create", DDL(sql).execute_if(dialect=dialect))
      for dialect, statements in STATEMENTS.items() for sql in statements),
    *((Dog.__table__, "before_drop", DDL(sql).execute_if(dialect=dialect))
      for dialect, statements in DROP_STATEMENTS.items() for sql in statements),
]


def include_name(name, type_, parent_names) -> bool:
    """Alembic's filter: leave the search index (and FTS5's own shadow tables) out of comparisons."""
    if type_ == "table":
        return not (name == SQLITE_FTS_TABLE or name.startswith(SQLITE_FTS_TABLE + "_"))
    if type_ == "index":
        return name != PG_TRIGRAM_INDEX
    return True
