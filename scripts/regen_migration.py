"""Regenerate the single initial migration from the models.

Nothing is deployed yet, so the schema history is one migration. Once a town runs the app,
replace this with ordinary `flask --app fieldapp db migrate -m "..."` revisions.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
versions = os.path.join(here, "fieldapp", "migrations", "versions")
for path in glob.glob(os.path.join(versions, "*.py")):
    os.remove(path)
with tempfile.TemporaryDirectory() as tmp:
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp}/empty.sqlite")
    flask = [sys.executable, "-m", "flask", "--app", "fieldapp", "db"]
    subprocess.run(flask + ["migrate", "-m", "initial schema", "--rev-id", "0001"], check=True, env=env, cwd=here)

# A foreign key in a cycle (use_alter=True) is left out of CREATE TABLE on every database but
# SQLite, which keeps it inline: add it once both tables exist, and drop it first on the way down.
USE_ALTER = re.compile(r"sa\.ForeignKeyConstraint\(\['(\w+)'\], \['(\w+)\.(\w+)'\], name='(\w+)', use_alter=True\)")
for path in glob.glob(os.path.join(versions, "*.py")):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    tables = re.findall(r"op\.create_table\('(\w+)'", text)
    up, down = [], []
    for match in USE_ALTER.finditer(text):
        column, target, target_column, name = match.groups()
        table = next(t for t in reversed(tables[:len(re.findall(r"op\.create_table", text[:match.start()]))]))
        up.append(f"        op.create_foreign_key('{name}', '{table}', '{target}', ['{column}'], ['{target_column}'])")
        down.append(f"        op.drop_constraint('{name}', '{table}', type_='foreignkey')")
    if up:
        guard = "    if op.get_context().dialect.name != 'sqlite':  # foreign keys in a cycle (use_alter)\n"
        text = text.replace("    # ### end Alembic commands ###\n", "    # ### end Alembic commands ###\n" + guard
                            + "\n".join(up) + "\n", 1)
        text = text.replace("def downgrade():\n", "def downgrade():\n" + guard + "\n".join(down) + "\n", 1)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)

# Indexes on an expression (e.g. lower(token), for the clerk's search): autogenerate on SQLite
# cannot reflect them and leaves them out. Add each as its own CREATE INDEX (the same SQL on
# SQLite and PostgreSQL); dropping its table drops it on the way down.
sys.path.insert(0, here)
from sqlalchemy import Column  # noqa: E402
from sqlalchemy.dialects import postgresql  # noqa: E402
from sqlalchemy.schema import CreateIndex  # noqa: E402

from fieldapp import create_app  # noqa: E402
from fieldapp.extensions import db  # noqa: E402

create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "regen"})
expression_indexes = [
    f'    op.execute("{CreateIndex(index).compile(dialect=postgresql.dialect())}")'
    for table in db.metadata.sorted_tables for index in sorted(table.indexes, key=lambda i: i.name)
    if any(not isinstance(e, Column) for e in index.expressions)]
if expression_indexes:
    for path in glob.glob(os.path.join(versions, "*.py")):
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        text = text.replace("    # ### end Alembic commands ###\n", "    # ### end Alembic commands ###\n"
                            "    # Indexes on expressions (scripts/regen_migration.py adds them)\n"
                            + "\n".join(expression_indexes) + "\n", 1)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
# The clerk's search index: a different kind on each database (models/search_index.py), made
# after its table; on the way down SQLite's FTS5 table goes first.
from fieldapp.models import search_index  # noqa: E402


def _executes(statements, indent):
    return "\n".join(f"{indent}op.execute({sql!r})" for sql in statements)


search_up = ("    # The clerk's search index, one kind per database (models/search_index.py)\n"
             "    if op.get_context().dialect.name == 'sqlite':\n"
             + _executes(search_index.STATEMENTS["sqlite"], " " * 8) + "\n    else:\n"
             + _executes(search_index.STATEMENTS["postgresql"], " " * 8) + "\n")
search_down = ("    if op.get_context().dialect.name == 'sqlite':  # the search index (models/search_index.py)\n"
               + _executes(search_index.DROP_STATEMENTS["sqlite"], " " * 8) + "\n")
for path in glob.glob(os.path.join(versions, "*.py")):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    text = text.replace("    # ### end Alembic commands ###\n", "    # ### end Alembic commands ###\n" + search_up, 1)
    text = text.replace("def downgrade():\n", "def downgrade():\n" + search_down, 1)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
print("Wrote", glob.glob(os.path.join(versions, "*.py")))
