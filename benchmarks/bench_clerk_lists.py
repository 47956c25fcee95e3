"""Lists that grew with every record: the clerk's renewals, follow-up, labels and letters; the
Justice's docket; the DL-18 CSV, the kennel board and ticket numbers, at county scale, before and
after in one run.

    .venv/bin/python benchmarks/bench_clerk_lists.py [--dogs 5000 50000] [--keep DIR] [--before REF]
        [--no-before]

Seeds N dogs with `seed_demo(n_dogs=N)` (five years of past) on a temporary SQLite file (kept in
--keep DIR as town<N>.sqlite and reused when there). Then, on the same town, the code before
(REF, default 64b6879: the lists listed everything; exported with `git archive` to a temporary
folder) and this tree's, each in a child process running this script's measurement on a copy of
the town (the letters write notices): signed in as the clerk with the Flask test client (the
Justice for the docket), each page asked twice, the second timed: wall and CPU time, SQL
statements (fieldapp/querycount.py), and how many lines the page lists (`<li>`) or the PDF's
pages. A letters PDF (a POST that records notices) is timed at its first request.
At county scale the statements must not grow with the dogs (they once were one query per dog).
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "64b6879"  # the last commit whose renewals and follow-up listed every line

PAGES = ("/clerk/renewals/?within=30", "/clerk/renewals/?within=90", "/clerk/renewals/?within=90&expired=1&page=200",
         "/clerk/renewals/labels.pdf?within=90", "/clerk/follow-up/", "/impoundments", "/tickets/numbers")
# The month's letters ahead (~1,000 owners at 50,000 dogs), then (after only: before, ~15,000
# letters in one PDF) the whole 90-day list written again, one PDF of at most 1,000 letters.
LETTERS = ({"within": "30", "expired": "0"}, {"within": "90", "expired": "1", "again": "1"})


def seed(path: Path, n: int):
    from fieldapp import create_app
    from fieldapp.cli import seed_demo
    from fieldapp.extensions import db
    app = create_app(config(path))
    t0 = time.perf_counter()
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=n)
        db.session.remove()
        db.engine.dispose()
    print(f"seeded {n:,} dogs in {time.perf_counter() - t0:.0f} s", flush=True)


def config(path: Path) -> dict:
    return {"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
            "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False}


def expired_dog(path: Path, today) -> int:
    """A living dog whose license expired over 60 days ago: it has a follow-up letter."""
    with sqlite3.connect(path) as con:
        return con.execute("SELECT l.dog_id FROM license l JOIN dog d ON d.id = l.dog_id WHERE l.status = 'active' "
                           "AND d.status = 'active' AND l.expires_on < date(?, '-60 days') ORDER BY l.id LIMIT 1",
                           (today.isoformat(),)).fetchone()[0]


def pages_of(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def child(path: Path, letters_all: bool):
    """Measure every page on the town at `path` with whichever fieldapp is first on sys.path;
    one JSON line per page."""
    from fieldapp import create_app
    from fieldapp.cli import DEMO_PASSWORD
    from fieldapp.extensions import db
    from fieldapp.querycount import counting_queries
    from fieldapp.timeutil import local_today

    app = create_app(config(path))
    with app.app_context():
        engine = db.engine
    clients = {}
    for user in ("clerk", "justice"):
        clients[user] = app.test_client()
        assert clients[user].post("/login", data={"username": user, "password": DEMO_PASSWORD}).status_code == 302
    today = local_today()
    year = today.year - 1

    def timed(url, send):
        with counting_queries(engine) as statements:
            t0, c0 = time.perf_counter(), time.process_time()
            response = send()
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        assert response.status_code == 200, url
        body = response.get_data()
        lines = body.decode().count("<li>") if response.mimetype == "text/html" else (
            f"{pages_of(body)} pages" if response.mimetype == "application/pdf" else "")
        print(json.dumps({"url": url, "ms": wall * 1000, "cpu_ms": cpu * 1000, "statements": len(statements),
                          "lines": lines, "kb": len(body) / 1024}), flush=True)

    for url in (*PAGES, f"/clerk/follow-up/dogs/{expired_dog(path, today)}/letter.pdf",
                f"/reports/dl18.csv?from={year}-01-01&to={year}-12-31", "/court/docket"):
        client = clients["justice" if url.startswith("/court/") else "clerk"]
        assert client.get(url).status_code == 200, url
        timed(url, partial(client.get, url))
    for form in LETTERS if letters_all else LETTERS[:1]:
        url = "POST /clerk/renewals/letters.pdf?" + "&".join(f"{k}={v}" for k, v in form.items())
        timed(url, partial(clients["clerk"].post, "/clerk/renewals/letters.pdf", data=form))
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def run_child(root: Path, town: Path, work: Path, letters_all: bool) -> dict:
    """This script's `child` on a copy of `town`, importing the fieldapp under `root`."""
    copy = work / f"copy-{town.name}"
    shutil.copyfile(town, copy)
    try:
        out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(root), "--db", str(copy)]
                             + (["--letters-all"] if letters_all else []),
                             cwd=root, check=True, capture_output=True, text=True).stdout
    finally:
        copy.unlink(missing_ok=True)
    return {row["url"]: row for row in map(json.loads, out.splitlines())}


def export_tree(ref: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def report(n: int, before: dict, after: dict):
    def cell(row):
        return f"{row['ms']:8,.0f} {row['cpu_ms']:8,.0f} ({row['statements']:4})" if row else f"{'—':>25}"

    def lines(row):
        if not row:
            return "—"
        pages = str(row["lines"]).removesuffix(" pages")
        pdf = isinstance(row["lines"], str) and pages != row["lines"] and int(pages) > 1
        return f"{row['lines']} ({row['cpu_ms'] / int(pages):.1f} ms CPU a page)" if pdf else str(row["lines"])
    print(f"\n{n:,} dogs, load average {os.getloadavg()[0]:.1f}: the second request (a letters POST: the first), "
          "wall and CPU ms (SQL statements); ratio of CPU after / before; lines listed or PDF pages")
    print(f"{'page':56} {'before wall / CPU':>25} {'after wall / CPU':>25} {'ratio':>6}  lines before → after")
    for url, row in after.items():
        was = before.get(url)
        ratio = f"{row['cpu_ms'] / was['cpu_ms']:6.3f}" if was else f"{'—':>6}"
        print(f"{url[:56]:56} {cell(was)} {cell(row)} {ratio}  {lines(was)} → {lines(row)}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dogs", type=int, nargs="+", default=[5000])
    parser.add_argument("--keep", type=Path, help="a folder to keep (and reuse) the seeded towns in")
    parser.add_argument("--before", default=BEFORE, help=f"the code before (default {BEFORE})")
    parser.add_argument("--no-before", action="store_true", help="measure this tree only")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--letters-all", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(args.child))
        return child(args.db, args.letters_all)
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        folder = args.keep or work
        folder.mkdir(parents=True, exist_ok=True)
        before_root = None
        if not args.no_before:
            (work / "before").mkdir()
            before_root = export_tree(args.before, work / "before")
        for n in args.dogs:
            town = folder / f"town{n}.sqlite"
            if not town.exists():
                seed(town, n)
            before = run_child(before_root, town, work, letters_all=False) if before_root else {}
            after = run_child(ROOT, town, work, letters_all=True)
            report(n, before, after)


if __name__ == "__main__":
    main()
