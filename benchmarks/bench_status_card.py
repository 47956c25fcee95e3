"""The roadside status card, in-process: latency, throughput against a bare route, SQL per card.

    .venv/bin/python benchmarks/bench_status_card.py [--dogs 5000 50000] [--requests 2000]

Seeds N dogs (fieldapp.cli.seed_demo(n_dogs=N)) on a temporary SQLite file made with
create_all, signs in as the demo DCO and asks the test client for the real
/field/dogs/<id> of random dogs. Baselines on the same app, measured in the same run and
interleaved with the cards (rounds of blocks of 100 requests, so a busy machine slows all alike):

- bare:   a bare Flask route (`return "ok"`: no database, no template, no sign-in);
- signed: a signed-in route that does nothing (session, Flask-Login's user query, role check).

Cards: "card" is the first view of each dog (distinct random dogs), "gzip" the same dogs
again with `Accept-Encoding: gzip` as a phone sends it (Flask-Compress then compresses the
~4 KB page). Nothing is kept between requests (no rendered cards, no memo of tokens or URLs):
every view loads and renders the card. Goals at every size: card p95 <= 5 ms, <= 3 SQL queries
per card including the signed-in user's (gzip is shown, not a goal: Flask-Compress's cost).
The ratio (card throughput / bare throughput) is printed
to compare runs on a machine whose load moves the milliseconds, and so is the p95 of the CPU
time the process spent on a request (time.process_time: what the code costs, without the time
spent waiting for a CPU that other processes hold).
"""
import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


from fieldapp import create_app  # noqa: E402
from fieldapp.auth import permission_required  # noqa: E402
from fieldapp.cli import DEMO_PASSWORD, seed_demo  # noqa: E402
from fieldapp.extensions import db  # noqa: E402
from fieldapp.models import Dog  # noqa: E402
from fieldapp.querycount import counting_queries  # noqa: E402

BLOCK = 100
SERIES = ("bare", "signed", "card", "gzip")
P95_GOAL_MS = 5.0
QUERIES_GOAL = 3
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def timed(client, urls, headers=None):
    """[(wall seconds, CPU seconds of this process)] per request."""
    times = []
    for url in urls:
        t0, c0 = time.perf_counter(), time.process_time()
        response = client.get(url, headers=headers)
        times.append((time.perf_counter() - t0, time.process_time() - c0))
        assert response.status_code == 200, (url, response.status_code)
    return times


def figures(times):
    wall, cpu = [t[0] for t in times], [t[1] for t in times]
    return {"p50": statistics.median(wall) * 1000, "p95": percentile(wall, 95) * 1000,
            "cpu95": percentile(cpu, 95) * 1000, "rps": len(wall) / sum(wall)}


def run(n_dogs, n_requests, rng):
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite", "SECRET_KEY": "bench",
                          "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})

        @app.get("/bench/bare")
        def bare():
            return "ok"

        @app.get("/bench/signed")
        @permission_required("read_records")
        def signed():
            return "ok"

        t0 = time.perf_counter()
        with app.app_context():
            db.create_all()
            seed_demo(n_dogs=n_dogs)
            ids = db.session.execute(db.select(Dog.id)).scalars().all()
        seeded = time.perf_counter() - t0
        client = app.test_client()
        assert client.post("/login", data={"username": "dco", "password": DEMO_PASSWORD}).status_code == 302
        # Distinct dogs: the warm-up, the query count and the timed views never share a dog.
        dogs = rng.sample(ids, min(len(ids), n_requests + 150))
        warmup, counted, cards = dogs[:100], dogs[100:150], dogs[150:]
        timed(client, [f"/field/dogs/{d}" for d in warmup])  # templates compiled, statements cached
        timed(client, ["/bench/bare"] * 100 + ["/bench/signed"] * 100)

        with app.app_context():
            engine = db.engine
        # Requests made outside any app context: each has its own (and its own user load).
        per_card = []
        with counting_queries(engine) as queries:
            for d in counted:
                before = len(queries)
                client.get(f"/field/dogs/{d}")
                per_card.append(len(queries) - before)

        # Each round: BLOCK bare, BLOCK signed, BLOCK new dogs, the same dogs again in another
        # order with gzip; so a busy machine slows all series alike.
        times = {name: [] for name in SERIES}
        for start in range(0, len(cards), BLOCK):
            urls = [f"/field/dogs/{d}" for d in cards[start:start + BLOCK]]
            times["bare"] += timed(client, ["/bench/bare"] * len(urls))
            times["signed"] += timed(client, ["/bench/signed"] * len(urls))
            times["card"] += timed(client, urls)
            times["gzip"] += timed(client, rng.sample(urls, len(urls)), GZIP)
        card_urls = [f"/field/dogs/{d}" for d in cards]
        gzipped = client.get(card_urls[0], headers=GZIP)
        assert gzipped.headers.get("Content-Encoding") == "gzip", "Flask-Compress did not compress the card"
        result = {name: figures(t) for name, t in times.items()}
        for name in result:
            result[name]["ratio"] = result[name]["rps"] / result["bare"]["rps"]
        return {"dogs": n_dogs, "seed_s": seeded, "queries_max": max(per_card), "figures": result,
                "bytes": len(client.get(card_urls[0]).data), "gzip_bytes": len(gzipped.data)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dogs", type=int, nargs="+", default=[5000, 50000])
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(2011)
    print(f"goals: p95 <= {P95_GOAL_MS:g} ms, SQL per card <= {QUERIES_GOAL}; ratio = req/s over bare's req/s")
    print(f"{'dogs':>7} {'what':>7} {'p50 ms':>7} {'p95 ms':>7} {'CPU p95':>7} {'req/s':>7} {'ratio':>6}")
    ok = True
    for n in args.dogs:
        r = run(n, args.requests, rng)
        for name in SERIES:
            f = r["figures"][name]
            print(f"{n:>7} {name:>7} {f['p50']:>7.2f} {f['p95']:>7.2f} {f['cpu95']:>7.2f} {f['rps']:>7.0f} "
                  f"{f['ratio']:>6.2f}")
        print(f"{n:>7} seeded in {r['seed_s']:.1f} s; SQL per card (max of 50): {r['queries_max']}; "
              f"page {r['bytes']} B, gzipped {r['gzip_bytes']} B")
        ok &= r["queries_max"] <= QUERIES_GOAL
        ok &= r["figures"]["card"]["p95"] <= P95_GOAL_MS
    print("all goals met" if ok else "GOAL MISSED")


if __name__ == "__main__":
    main()
