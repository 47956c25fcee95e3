"""Lists that grew with every record: the clerk's renewals, follow-up, labels and a follow-up
letter; the Justice's docket; the DL-18 CSV, the kennel board and ticket numbers, at county scale.

    .venv/bin/python benchmarks/bench_clerk_lists.py [--dogs 5000 50000] [--keep DIR]

Seeds N dogs with `seed_demo(n_dogs=N)` (five years of past) on a temporary SQLite file (kept in
--keep DIR as town<N>.sqlite and reused when there), signs in as the clerk with the Flask test
client (the Justice for the docket) and requests each page twice: wall and CPU time of the
second request, SQL statements (fieldapp/querycount.py), and how many lines the page lists.
At county scale the statements must not grow with the dogs (they once were one query per dog).
"""
import argparse
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fieldapp import create_app  # noqa: E402
from fieldapp.cli import DEMO_PASSWORD, seed_demo  # noqa: E402
from fieldapp.extensions import db  # noqa: E402
from fieldapp.querycount import counting_queries  # noqa: E402
from fieldapp.timeutil import local_today  # noqa: E402

PAGES = ("/clerk/renewals/?within=30", "/clerk/renewals/?within=90", "/clerk/renewals/labels.pdf?within=90",
         "/clerk/follow-up/", "/impoundments", "/tickets/numbers")


def town(path: Path, n: int):
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})
    if not path.exists():
        t0 = time.perf_counter()
        with app.app_context():
            db.create_all()
            seed_demo(n_dogs=n)
            db.session.remove()
        print(f"seeded {n:,} dogs in {time.perf_counter() - t0:.0f} s", flush=True)
    return app


def expired_dog(path: Path) -> int:
    """A living dog whose license expired over 60 days ago: it has a follow-up letter."""
    with sqlite3.connect(path) as con:
        return con.execute("SELECT l.dog_id FROM license l JOIN dog d ON d.id = l.dog_id WHERE l.status = 'active' "
                           "AND d.status = 'active' AND l.expires_on < date(?, '-60 days') ORDER BY l.id LIMIT 1",
                           (local_today().isoformat(),)).fetchone()[0]


def measure(n: int, folder: Path):
    path = folder / f"town{n}.sqlite"
    app = town(path, n)
    with app.app_context():
        engine = db.engine
    clients = {}
    for user in ("clerk", "justice"):
        clients[user] = app.test_client()
        assert clients[user].post("/login", data={"username": user, "password": DEMO_PASSWORD}).status_code == 302
    year = local_today().year - 1
    for url in (*PAGES, f"/clerk/follow-up/dogs/{expired_dog(path)}/letter.pdf",
                f"/reports/dl18.csv?from={year}-01-01&to={year}-12-31", "/court/docket"):
        client = clients["justice" if url.startswith("/court/") else "clerk"]
        assert client.get(url).status_code == 200, url
        with counting_queries(engine) as statements:
            t0, c0 = time.perf_counter(), time.process_time()
            response = client.get(url)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        assert response.status_code == 200, url
        lines = response.get_data(as_text=True).count("<li>") if response.mimetype == "text/html" else ""
        print(f"{n:>8,} dogs  {url:48} {wall * 1000:8.0f} ms  cpu {cpu * 1000:8.0f} ms  "
              f"{len(statements):6} statements  {lines}", flush=True)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dogs", type=int, nargs="+", default=[5000])
    parser.add_argument("--keep", type=Path, help="a folder to keep (and reuse) the seeded towns in")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for n in args.dogs:
            measure(n, folder)


if __name__ == "__main__":
    main()
