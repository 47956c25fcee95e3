"""County scale: the status card, /api/tags/<token> and the clerk's search at 5,000 to 500,000 dogs.

    .venv/bin/python benchmarks/bench_county.py [--dogs 5000 50000 500000] [--requests 300]
        [--database-url postgresql://...]   (or TEST_DATABASE_URL; SQLite always)

Seeds N dogs with `seed_demo(n_dogs=N)` (bulk inserts: owners, tags, and five years of past per
dog from fieldapp/demo/history/: ~2.3 licenses and 2 rabies certificates a dog, receipts,
violations, tickets, seizures, court cases) on a temporary SQLite file, and when a PostgreSQL server is named on
a throwaway database made there (tests/databases.py's PostgresServer: the role needs CREATEDB),
both with create_all. Then, in-process with the Flask test client, signed in (dco for the card
and the tag API, clerk for the search), rounds of requests interleaved so a busy machine slows
every series alike:

- bare:   a Flask route returning "ok" (no database, no sign-in): the baseline of the ratio;
- card:   the full /field/dogs/<id> page of distinct random dogs;
- api:    /api/tags/<token> (JSON status of the dog wearing that tag) for distinct random tags;
- search: /clerk/?q=... as a clerk types it (the results page; "search before" is the code before
  the text index, commit 5786fb3, through the same view and template): a dog's name, an owner's last
  name, a first and last name, an ID number, a tag token, a license number, a street; each kind
  in turn, so the p95 is over the mix; each kind is also shown on its own.

p50/p95/p99 wall time per request, the CPU time this process spent on it (time.process_time:
what the code costs, less moved by other processes on a busy machine), SQL statements per
request (a `before_cursor_execute` listener, fieldapp/querycount.py). Goals at county scale: card
and tag API <= 3 queries with the user's; search p95 <= 20 ms at every size. A search kind
that takes more than --budget seconds in all is cut short (its requests are still counted).
"""
import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from databases import databases, scratch_database  # noqa: E402
from sqlalchemy import func  # noqa: E402

from fieldapp import create_app  # noqa: E402
from fieldapp.cli import DEMO_PASSWORD, seed_demo  # noqa: E402
from fieldapp.extensions import db  # noqa: E402
from fieldapp.models import Dog, License, Owner, Tag  # noqa: E402
from fieldapp.querycount import counting_queries  # noqa: E402

BLOCK = 25  # cards and tag lookups a round
PER_KIND = 4  # searches of each kind a round
SEARCH_P95_GOAL_MS = 20.0
QUERIES_GOAL = 3
KINDS = ("dog name", "last name", "first last", "ID number", "tag token", "license no.", "street")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def timed(client, engine, urls, ok=(200,)):
    """[(wall seconds, SQL statements, CPU seconds of this process)] per request."""
    out = []
    with counting_queries(engine) as statements:
        for url in urls:
            before = len(statements)
            t0, c0 = time.perf_counter(), time.process_time()
            response = client.get(url)
            out.append((time.perf_counter() - t0, len(statements) - before, time.process_time() - c0))
            assert response.status_code in ok, (url, response.status_code)
    return out


def figures(rows):
    wall = [r[0] * 1000 for r in rows]
    queries = [r[1] for r in rows]
    cpu = [r[2] * 1000 for r in rows]
    return {"n": len(wall), "p50": statistics.median(wall), "p95": percentile(wall, 95),
            "cpu50": statistics.median(cpu), "cpu95": percentile(cpu, 95),
            "p99": percentile(wall, 99), "rps": len(wall) / (sum(wall) / 1000),
            "q_max": max(queries), "q_mean": statistics.mean(queries)}


def search_queries(rng, n):
    """n clerk's queries of each kind, from what is in the database."""
    def pick(stmt):
        rows = db.session.execute(stmt.order_by(func.random()).limit(n)).all()
        return [r[0] if len(r) == 1 else r for r in rows]
    owners = pick(db.select(Owner.first_name, Owner.last_name, Owner.address))
    return {
        "dog name": pick(db.select(Dog.name)),
        "last name": [o[1] for o in owners],
        "first last": [f"{o[0]} {o[1]}" for o in owners],
        "ID number": [str(x) for x in pick(db.select(Dog.id_number).where(Dog.id_number.is_not(None)))],
        "tag token": pick(db.select(Tag.token).where(Tag.status == "active")),
        "license no.": pick(db.select(License.number)),
        "street": [" ".join(o[2].split()[1:]) for o in owners],
    }


# --- the clerk's search as it was before (commit 5786fb3), for the before/after in one run ---
# Each word's dogs as a UNION of one query per table (dogs, owners then their dogs, tags,
# licenses), `LIKE '%word%'` on every name, address and look: no text index; the first 25 by name.

def _like_before(term):
    escaped = term.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _contains_before(column, term):
    if db.engine.dialect.name == "sqlite":
        return column.like(_like_before(term), escape="\\")
    return func.lower(column).like(_like_before(term), escape="\\")


def _dogs_matching_before(term):
    from sqlalchemy import or_, select, union

    from fieldapp.models import DogOwner
    dog_match = [_contains_before(col, term) for col in (Dog.name, Dog.breed, Dog.color, Dog.markings)]
    if term.isdigit():
        dog_match.append(Dog.id_number == int(term))
    owner_match = or_(*[_contains_before(col, term) for col in (
        Owner.first_name, Owner.last_name, Owner.address, Owner.phone, Owner.guardian_name)])
    tag_match = [func.lower(Tag.token) == term.lower()]
    if term.isdigit():
        tag_match.append(Tag.serial == int(term))
    return union(
        select(Dog.id).where(or_(*dog_match)),
        select(DogOwner.dog_id).where(DogOwner.until.is_(None),
                                      DogOwner.owner_id.in_(select(Owner.id).where(owner_match))),
        select(Tag.dog_id).where(Tag.dog_id.is_not(None), or_(*tag_match)),
        select(License.dog_id).where(func.lower(License.number) == term.lower()),
    )


def search_dogs_before(q, limit=25):
    from sqlalchemy import and_, select
    from sqlalchemy.orm import joinedload

    from fieldapp.models import DogOwner
    from fieldapp.services.search import _terms
    terms = _terms(q)
    if not terms:
        return []
    stmt = (select(Dog).where(and_(*[Dog.id.in_(_dogs_matching_before(t)) for t in terms]))
            .options(joinedload(Dog.owner_links).joinedload(DogOwner.owner), joinedload(Dog.tags),
                     joinedload(Dog.licenses))
            .order_by(func.lower(Dog.name), Dog.id).limit(limit))
    return list(db.session.scalars(stmt).unique())


def make_app(uri):
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "RATELIMIT_ENABLED": False})

    @app.get("/bench/bare")
    def bare():
        return "ok"

    @app.get("/bench/search-before")
    def search_before():
        """The clerk's /clerk/ results page, found by the code before (same view, same template)."""
        import fieldapp.clerk.views as clerk_views
        now = clerk_views.search_dogs
        clerk_views.search_dogs = search_dogs_before
        try:
            return clerk_views.search()
        finally:
            clerk_views.search_dogs = now
    return app


def signed_in(app, username):
    client = app.test_client()
    assert client.post("/login", data={"username": username, "password": DEMO_PASSWORD}).status_code == 302
    return client


def run(uri, n_dogs, n_requests, budget, rng):
    app = make_app(uri)
    t0 = time.perf_counter()
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=n_dogs)
        seeded = time.perf_counter() - t0
        engine = db.engine
        dog_ids = rng.sample(db.session.execute(db.select(Dog.id)).scalars().all(), n_requests + 20)
        tokens = db.session.execute(
            db.select(Tag.token).where(Tag.status == "active", Tag.dog_id.is_not(None))
            .order_by(func.random()).limit(n_requests + 20)).scalars().all()
        queries = search_queries(rng, PER_KIND * (n_requests // BLOCK + 2))
        rows = {"dogs": db.session.execute(db.select(func.count(Dog.id))).scalar(),
                "licenses": db.session.execute(db.select(func.count(License.id))).scalar()}
    dco, clerk = signed_in(app, "dco"), signed_in(app, "clerk")
    # Warm-up: templates compiled, statements cached, one of each.
    timed(dco, engine, [f"/field/dogs/{d}" for d in dog_ids[:20]])
    timed(dco, engine, [f"/api/tags/{t}" for t in tokens[:20]])
    timed(clerk, engine, [f"/clerk/?q={quote(qs.pop())}" for qs in queries.values()])
    dog_ids, tokens = dog_ids[20:], tokens[20:]
    times = {"bare": [], "card": [], "api": [], "search": [], "search before": []}
    by_kind = {(k, v): [] for k in KINDS for v in ("", " before")}
    spent = dict.fromkeys(by_kind, 0.0)
    for start in range(0, n_requests, BLOCK):
        cards = dog_ids[start:start + BLOCK]
        times["bare"] += timed(dco, engine, ["/bench/bare"] * len(cards))
        times["card"] += timed(dco, engine, [f"/field/dogs/{d}" for d in cards])
        times["api"] += timed(dco, engine, [f"/api/tags/{t}" for t in tokens[start:start + BLOCK]])
        for kind in KINDS:
            for version, path in (("", "/clerk/"), (" before", "/bench/search-before")):
                key = (kind, version)
                done = len(by_kind[key])
                if spent[key] > budget:
                    continue
                got = timed(clerk, engine, [f"{path}?q={quote(q)}" for q in queries[kind][done:done + PER_KIND]])
                spent[key] += sum(g[0] for g in got)
                by_kind[key] += got
                times["search" + version] += got
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return {"seed_s": seeded, "rows": rows, "series": {k: figures(v) for k, v in times.items()},
            "kinds": {f"{k}{v}": figures(t) for (k, v), t in by_kind.items() if t}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dogs", type=int, nargs="+", default=[5000, 50000, 500000])
    parser.add_argument("--requests", type=int, default=300, help="cards and tag lookups per size")
    parser.add_argument("--budget", type=float, default=30.0, help="seconds at most per search kind and size")
    parser.add_argument("--database-url", default=None, help="a PostgreSQL server (the role may CREATE DATABASE)")
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args()
    rng = random.Random(2011)
    load = os.getloadavg()
    print(f"load average at start {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; goals: search p95 <= "
          f"{SEARCH_P95_GOAL_MS:g} ms, card and tag API <= {QUERIES_GOAL} SQL a request")
    print(f"{'db':<10} {'dogs':>7} {'what':<20} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'CPU p50':>8}"
          f" {'CPU p95':>8} {'ratio':>6} {'SQL max':>7} {'SQL avg':>7}")
    ok = True
    for label, url in databases(args):
        if label == "sqlite" and args.no_sqlite:
            continue
        for n in args.dogs:
            with scratch_database(label, url, "county") as uri:
                r = run(uri, n, args.requests, args.budget, rng)
            bare = r["series"]["bare"]["rps"]
            rows = list(r["series"].items()) + [(f"  {k}", f) for k, f in r["kinds"].items()]
            for name, f in rows:
                print(f"{label:<10} {n:>7} {name:<20} {f['n']:>4} {f['p50']:>8.2f} {f['p95']:>8.2f} {f['p99']:>8.2f}"
                      f" {f['cpu50']:>8.2f} {f['cpu95']:>8.2f} {f['rps'] / bare:>6.3f} {f['q_max']:>7}"
                      f" {f['q_mean']:>7.1f}")
            print(f"{label:<10} {n:>7} seeded in {r['seed_s']:.1f} s ({r['rows']['dogs']} dogs, "
                  f"{r['rows']['licenses']} licenses); load {os.getloadavg()[0]:.1f}", flush=True)
            s = r["series"]
            ok &= s["search"]["p95"] <= SEARCH_P95_GOAL_MS
            ok &= s["card"]["q_max"] <= QUERIES_GOAL and s["api"]["q_max"] <= QUERIES_GOAL
    print("all goals met" if ok else "GOAL MISSED")


if __name__ == "__main__":
    main()
