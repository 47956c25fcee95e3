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
print("Wrote", glob.glob(os.path.join(versions, "*.py")))
