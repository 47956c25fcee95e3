"""Regenerate the single initial migration from the models.

Nothing is deployed yet, so the schema history is one migration. Once a town runs the app,
replace this with ordinary `flask --app fieldapp db migrate -m "..."` revisions.
"""
import glob
import os
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
print("Wrote", glob.glob(os.path.join(versions, "*.py")))
