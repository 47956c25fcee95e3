"""Write a NEW migration revision from what the models changed since the last one.

The schema history is a chain: 0001 (the schema as first deployed) and each change after it as
its own revision, `000N` after the last. Never edit or regenerate a revision a town has run:
write a new one. Usage: `python scripts/regen_migration.py "what changed"` (or `make migration
m="what changed"`). It upgrades an empty SQLite database to the head, runs
`flask db migrate --rev-id 000N` against it, and fixes up what autogenerate gets wrong below.
Read and hand-check the file it writes: data moves (a value from one table into another) and
PostgreSQL differences are yours to add; test it on both databases (tests/app/test_migrations.py).
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
versions = os.path.join(here, "fieldapp", "migrations", "versions")
message = " ".join(sys.argv[1:]).strip() or "schema change"
numbers = [int(m.group(1)) for path in glob.glob(os.path.join(versions, "*.py"))
           if (m := re.match(r"(\d{4})_", os.path.basename(path)))]
rev_id = f"{max(numbers, default=0) + 1:04d}"
before = set(glob.glob(os.path.join(versions, "*.py")))
with tempfile.TemporaryDirectory() as tmp:
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp}/head.sqlite")
    flask = [sys.executable, "-m", "flask", "--app", "fieldapp", "db"]
    subprocess.run(flask + ["upgrade"], check=True, env=env, cwd=here)
    subprocess.run(flask + ["migrate", "-m", message, "--rev-id", rev_id], check=True, env=env, cwd=here)
written = sorted(set(glob.glob(os.path.join(versions, "*.py"))) - before)
if not written:
    sys.exit("No revision written: the models match the last revision.")

# A foreign key in a cycle (use_alter=True) is left out of CREATE TABLE on every database but
# SQLite, which keeps it inline: add it once both tables exist, and drop it first on the way down.
USE_ALTER = re.compile(r"sa\.ForeignKeyConstraint\(\['(\w+)'\], \['(\w+)\.(\w+)'\], name='(\w+)', use_alter=True\)")
for path in written:
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    tables = re.findall(r"op\.create_table\('(\w+)'", text)
    up, down = [], []
    for match in USE_ALTER.finditer(text):
        column, target, target_column, name = match.groups()
        table = tables[len(re.findall(r"op\.create_table", text[:match.start()])) - 1]
        up.append(f"        op.create_foreign_key('{name}', '{table}', '{target}', ['{column}'], ['{target_column}'])")
        down.append(f"        op.drop_constraint('{name}', '{table}', type_='foreignkey')")
    if up:
        guard = "    if op.get_context().dialect.name != 'sqlite':  # foreign keys in a cycle (use_alter)\n"
        text = text.replace("    # ### end Alembic commands ###\n", "    # ### end Alembic commands ###\n" + guard
                            + "\n".join(up) + "\n", 1)
        text = text.replace("def downgrade():\n", "def downgrade():\n" + guard + "\n".join(down) + "\n", 1)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
# Not fixed up here (0001 did it for the first schema): an index on an expression (autogenerate
# on SQLite cannot see it: add `op.execute(CREATE INDEX ...)`), and the clerk's search index
# (models/search_index.py: a batch migration that rebuilds `dog` on SQLite drops its triggers).
print("Wrote", written, "- read it, hand-check it, and test it on SQLite and PostgreSQL.")
