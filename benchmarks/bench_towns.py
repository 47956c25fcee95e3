"""Many towns: the status card, /api/tags/<token> and the phone's whole copy for one town of N dogs
against the same dogs split among ten towns.

    .venv/bin/python benchmarks/bench_towns.py [--dogs 50000] [--requests 200]

Seeds N dogs with `seed_demo(n_dogs=N)` (with five years of past a dog) on a temporary SQLite file,
as bench_county.py does. Then, in-process with the Flask test client, signed in as the demo's
dog control officer:

- one town:           every record is the first town's, the officer serves it (the baseline);
- ten towns, all:     every record moved to one of ten towns by its dog (or its own id), the
                      officer serves all ten: the same dogs, read through the towns' filter;
- ten towns, one:     the officer serves one of the ten (N/10 dogs).

For each: the card (/field/dogs/<id>) and the tag API of random dogs of the towns served, p50 and
p95 wall time, CPU time and SQL statements a request; and the whole copy (/api/field-dataset, built
in the request) with its size. Goal: ten towns cost what one town of the same dogs costs.
"""
import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sqlalchemy as sa  # noqa: E402

from benchmarks.bench_county import figures, timed  # noqa: E402
from fieldapp import create_app  # noqa: E402
from fieldapp.cli import DEMO_PASSWORD, seed_demo  # noqa: E402
from fieldapp.extensions import db  # noqa: E402
from fieldapp.models import Dog, Tag, User, UserTown  # noqa: E402
from fieldapp.models.town import Town  # noqa: E402
from fieldapp.models.town_owned import TownOwned  # noqa: E402
from tests.factories import make_town  # noqa: E402

TOWNS = 10


def make_app(uri, copy_dir):
    return create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                       "RATELIMIT_ENABLED": False, "FIELD_COPY_DIR": copy_dir,
                       "FIELD_COPY_INLINE_DOGS": 10**9})  # the copy built in the request, to time it


def split_into_towns(n_towns):
    """Nine more towns; every town's record moves to town (dog id mod n) or (its id mod n)."""
    first = db.session.scalars(sa.select(Town).order_by(Town.id)).first()
    towns = [first] + [make_town(f"Example Town {n}") for n in range(1, n_towns)]
    ids = [t.id for t in towns]
    for mapper in db.Model.registry.mappers:
        if not issubclass(mapper.class_, TownOwned):
            continue
        table = mapper.local_table
        key = table.c.id if table.name == "dog" else table.c.get("dog_id", table.c.get("id"))
        if key is None or not isinstance(key.type, sa.Integer):
            continue  # stays the first town's (the phones' entries, keyed by UUID)
        db.session.execute(table.update().values(town_id=sa.case(
            *[(sa.func.coalesce(key, 0) % n_towns == i, town_id) for i, town_id in enumerate(ids)], else_=ids[0])))
    db.session.commit()
    return ids


def serve(username, town_ids):
    user = db.session.scalars(sa.select(User).filter_by(username=username)).one()
    db.session.execute(sa.delete(UserTown).where(UserTown.user_id == user.id))
    db.session.add_all([UserTown(user_id=user.id, town_id=t) for t in town_ids])
    db.session.commit()


def measure(app, town_ids, n_requests, rng):
    with app.app_context():
        serve("dco", town_ids)
        where = Dog.town_id.in_(town_ids)
        every = {"all_towns": True}  # the bench picks from the towns served, not the first town's
        dog_ids = rng.sample(db.session.scalars(sa.select(Dog.id).where(where).execution_options(**every)).all(),
                             n_requests + 10)
        tokens = db.session.scalars(sa.select(Tag.token).join(Dog, Dog.id == Tag.dog_id)
                                    .where(where, Tag.status == "active").order_by(sa.func.random())
                                    .limit(n_requests + 10).execution_options(**every)).all()
        dogs = db.session.scalar(sa.select(sa.func.count(Dog.id)).where(where).execution_options(**every))
        engine = db.engine
    client = app.test_client()
    assert client.post("/login", data={"username": "dco", "password": DEMO_PASSWORD}).status_code == 302
    timed(client, engine, [f"/field/dogs/{d}" for d in dog_ids[:10]])  # warm-up
    timed(client, engine, [f"/api/tags/{t}" for t in tokens[:10]])
    card = timed(client, engine, [f"/field/dogs/{d}" for d in dog_ids[10:]])
    api = timed(client, engine, [f"/api/tags/{t}" for t in tokens[10:]])
    t0, c0 = time.perf_counter(), time.process_time()
    response = client.get("/api/field-dataset", headers={"Accept-Encoding": "gzip"})
    copy = (time.perf_counter() - t0, time.process_time() - c0, len(response.data))
    assert response.status_code == 200
    return {"dogs": dogs, "card": figures(card), "api": figures(api), "copy": copy}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dogs", type=int, default=50000)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(113)
    load = os.getloadavg()
    print(f"load average at start {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(f"sqlite:///{tmp}/towns.sqlite", f"{tmp}/copies")
        t0 = time.perf_counter()
        with app.app_context():
            db.create_all()
            seed_demo(n_dogs=args.dogs)
            first = db.session.scalar(sa.select(sa.func.min(Town.id)))
        print(f"seeded {args.dogs} dogs in {time.perf_counter() - t0:.1f} s", flush=True)
        results = [("one town", measure(app, [first], args.requests, rng))]
        with app.app_context():
            ids = split_into_towns(TOWNS)
        results.append((f"{TOWNS} towns, all", measure(app, ids, args.requests, rng)))
        results.append((f"{TOWNS} towns, one", measure(app, ids[1:2], args.requests, rng)))
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    base = results[0][1]
    print(f"{'served':<16} {'dogs':>6} {'what':<8} {'p50 ms':>8} {'p95 ms':>8} {'CPU p50':>8} {'SQL max':>7}"
          f" {'x base p50':>10}")
    for label, r in results:
        for what in ("card", "api"):
            f = r[what]
            print(f"{label:<16} {r['dogs']:>6} {what:<8} {f['p50']:>8.2f} {f['p95']:>8.2f} {f['cpu50']:>8.2f}"
                  f" {f['q_max']:>7} {f['p50'] / base[what]['p50']:>10.2f}")
        wall, cpu, size = r["copy"]
        print(f"{label:<16} {r['dogs']:>6} {'copy':<8} {wall * 1000:>8.0f} {'':>8} {cpu * 1000:>8.0f} {'':>7}"
              f" {wall / base['copy'][0]:>10.2f}   ({size / 1024:,.0f} KiB gzipped)")
    print(f"load average at end {os.getloadavg()[0]:.1f}; figures in ms; copy: the whole copy built in the request")
    ok = all(r[w]["q_max"] <= base[w]["q_max"] for _, r in results for w in ("card", "api"))
    print("ten towns cost no more statements than one" if ok else "MORE STATEMENTS WITH TEN TOWNS")


if __name__ == "__main__":
    main()
