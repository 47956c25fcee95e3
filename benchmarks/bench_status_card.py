"""The roadside status card, in-process: latency, throughput against a bare route, SQL per card.

    .venv/bin/python benchmarks/bench_status_card.py [--dogs 5000 50000] [--requests 2000]

Seeds N dogs (fieldapp.cli.seed_demo(n_dogs=N)) on a temporary SQLite file made with
create_all, signs in as the demo DCO and asks for the cards of random dogs with the test
client. The baseline is a bare Flask route (no database, no template) on the same app,
measured in the same run. Goals (issue 5): p95 <= 2 ms at 50,000 dogs, throughput >= 20%
of the bare route, <= 3 SQL queries per card.
"""
import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import event  # noqa: E402

from fieldapp import create_app  # noqa: E402
from fieldapp.cli import DEMO_PASSWORD, seed_demo  # noqa: E402
from fieldapp.extensions import db  # noqa: E402
from fieldapp.models import Dog  # noqa: E402


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def timed(client, urls):
    times = []
    for url in urls:
        t0 = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - t0)
        assert response.status_code == 200, (url, response.status_code)
    return times


def run(n_dogs, n_requests, rng):
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite", "SECRET_KEY": "bench",
                          "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})

        @app.get("/bench/bare")
        def bare():
            return "ok"

        t0 = time.perf_counter()
        with app.app_context():
            db.create_all()
            seed_demo(n_dogs=n_dogs)
            ids = db.session.execute(db.select(Dog.id)).scalars().all()
        seeded = time.perf_counter() - t0
        client = app.test_client()
        assert client.post("/login", data={"username": "dco", "password": DEMO_PASSWORD}).status_code == 302
        urls = [f"/field/dogs/{rng.choice(ids)}" for _ in range(n_requests)]
        timed(client, urls[:100])  # warm up (templates compiled, caches filled)
        timed(client, ["/bench/bare"] * 100)

        queries = []
        with app.app_context():
            def count(conn, cursor, statement, *args):
                queries.append(statement)
            event.listen(db.engine, "before_cursor_execute", count)
            per_card = []
            for url in urls[:50]:
                before = len(queries)
                client.get(url)
                per_card.append(len(queries) - before)
            event.remove(db.engine, "before_cursor_execute", count)

        card = timed(client, urls)
        bare_times = timed(client, ["/bench/bare"] * n_requests)
        card_rps = len(card) / sum(card)
        bare_rps = len(bare_times) / sum(bare_times)
        return {"dogs": n_dogs, "seed_s": seeded, "p50_ms": statistics.median(card) * 1000,
                "p95_ms": percentile(card, 95) * 1000, "card_rps": card_rps, "bare_rps": bare_rps,
                "ratio": card_rps / bare_rps, "queries_max": max(per_card),
                "queries_mean": statistics.mean(per_card)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dogs", type=int, nargs="+", default=[5000, 50000])
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(2011)
    print(f"{'dogs':>7} {'seed s':>7} {'p50 ms':>7} {'p95 ms':>7} {'card/s':>8} {'bare/s':>8} "
          f"{'ratio':>6} {'SQL/card':>9}  goals: p95<=2ms, ratio>=0.20, SQL<=3")
    ok = True
    for n in args.dogs:
        r = run(n, args.requests, rng)
        print(f"{r['dogs']:>7} {r['seed_s']:>7.1f} {r['p50_ms']:>7.2f} {r['p95_ms']:>7.2f} {r['card_rps']:>8.0f} "
              f"{r['bare_rps']:>8.0f} {r['ratio']:>6.2f} {r['queries_max']:>9}")
        ok &= r["queries_max"] <= 3
        if n >= 50000:
            ok &= r["p95_ms"] <= 2.0 and r["ratio"] >= 0.20
    print("all goals met" if ok else "GOAL MISSED")


if __name__ == "__main__":
    main()
