"""Sync throughput through gunicorn workers on PostgreSQL: 4 workers against 1.

    .venv/bin/python benchmarks/bench_workers.py [--clients 8] [--entries 100] [--rounds 3]
        [--workers 4] [--baseline-workers 1] [--single 100] [--database-url postgresql://...]

PostgreSQL from --database-url, else TEST_DATABASE_URL, else scripts/test_postgres_server.sh
(as `make test-postgres` does: it installs and starts Debian's PostgreSQL if needed, root or
sudo); the role must CREATE DATABASE (tests/databases.py's PostgresServer makes and drops the
databases). As tests/test_workers.py does, the script starts Debian's redis-server on its own
port (the rate limits' store, RATELIMIT_STORAGE_URI) and gunicorn with the top-level
gunicorn.conf.py (WEB_CONCURRENCY says how many workers) on a new database with the demo town
(create_all + seed_demo). Two servers run side by side, each on its own database and Redis
database number: --workers (4, the production setting) and --baseline-workers (1): the ratio
is what the extra workers buy on this machine.

Each of --clients phones (8) signs in as the DCO through /login (its own session, real HTTP)
and reserves ticket numbers (not timed); untimed too, every phone sends a batch of 10 and two
single entries (each worker's first requests: imports, templates, statement cache). Then, in
--rounds rounds (the order of the two servers alternates, so a change in the machine's load
falls on both): every phone at once sends --entries new entries (half violations of §6(A)(1)
on the demo town's dogs, half ticket voids of its own numbers) through POST /api/sync/batch,
in batches of up to 50, one batch after the other as the outbox does; then --single more
entries of the same kinds one at a time through POST /api/sync (the old way). Figures per
server: entries/s over the wall time of each phase (from the moment all phones start to the
last answer), request latency p50/p95, CPU time per entry (/proc) of the gunicorn workers, of
the PostgreSQL backends of that server's database and of this script (the phones), and the
whole machine's CPU busy share during the phases. Afterwards, read from the database: every client
UUID is stored exactly once (no loss, no doubles), every violation and every void once.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fieldapp import create_app  # noqa: E402
from fieldapp.cli import seed_demo  # noqa: E402
from fieldapp.extensions import db  # noqa: E402
from fieldapp.models import Dog, FieldEntry, User  # noqa: E402
from fieldapp.models.enforcement import Violation  # noqa: E402
from fieldapp.models.tickets import TicketNumberUse  # noqa: E402
from fieldapp.timeutil import local_now  # noqa: E402
from tests.databases import PostgresServer  # noqa: E402
from tests.test_workers import Client, served_by  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from processes import CpuProbe, gunicorn, machine_cpu, redis_server  # noqa: E402

RULED_OUT_6A1 = ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"]  # every exception of §6(A)(1)

BATCH = 50  # entries a request: fieldapp/api/batch.py BATCH_MAX, what the outbox sends
WARM_UP = 10  # entries per phone, untimed, before the rounds


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def postgres_url(args) -> str:
    url = args.database_url or os.environ.get("TEST_DATABASE_URL", "").strip()
    if url:
        return url
    print("No --database-url or TEST_DATABASE_URL: starting PostgreSQL with scripts/test_postgres_server.sh",
          flush=True)
    done = subprocess.run(["bash", str(ROOT / "scripts/test_postgres_server.sh")], capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip():
        sys.exit("bench_workers.py needs PostgreSQL: scripts/test_postgres_server.sh failed "
                 f"(exit {done.returncode}):\n{done.stderr.strip()}\nName a server with --database-url "
                 "or TEST_DATABASE_URL (a role that may CREATE DATABASE).")
    return done.stdout.strip().splitlines()[-1]


def seed(uri: str) -> dict:
    """The demo town on a new database (create_all + seed_demo, as tests/test_workers.py does)."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "seed",
                      "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000"})  # fast sign-ins, as the test's
    with app.app_context():
        db.create_all()
        seed_demo()
        facts = {"dco_id": db.session.execute(db.select(User.id).filter_by(username="dco")).scalar_one(),
                 "dog_ids": db.session.execute(db.select(Dog.id).filter_by(status="active").order_by(Dog.id))
                 .scalars().all()}
        db.session.remove()
        db.engine.dispose()
    return facts


def stored(uri: str) -> dict:
    """What the workers stored, read afterwards from the database itself."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "check"})
    with app.app_context():
        out = {"entries": db.session.execute(db.select(FieldEntry.id)).scalars().all(),
               "violations": db.session.execute(db.select(Violation.entry_id)).scalars().all(),
               "voids": db.session.execute(db.select(TicketNumberUse.entry_id).filter_by(status="void"))
               .scalars().all()}
        db.session.remove()
        db.engine.dispose()
    return out


class Phone:
    """One officer's phone: its own session, its own ticket numbers, its entries."""

    def __init__(self, base, n, facts, rng):
        self.client = Client(base)
        assert self.client.sign_in("dco") == 302, "sign-in refused"
        self.officer_id = facts["dco_id"]
        self.dog_ids = facts["dog_ids"]
        self.rng = rng
        self.numbers = []
        self.device = f"phone-{n}"
        self.sent = []  # the UUIDs of every entry this phone sent

    def reserve(self, count):
        while len(self.numbers) < count:
            status, body = self.client.request("/api/ticket-blocks", body={"device_id": self.device, "size": 200})
            assert status == 201, (status, body)
            self.numbers += json.loads(body)["block"]["numbers"]

    def entries(self, count):
        """count new entries, violations and voids in turn."""
        now = datetime.now(UTC).isoformat()
        occurred = (local_now() - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
        out = []
        for i in range(count):
            if i % 2 == 0:
                kind, payload = "violation", {
                    "dog_id": str(self.rng.choice(self.dog_ids)), "codes": ["6A1"], "ruled_out": RULED_OUT_6A1,
                    "occurred_at": occurred, "location_text": "Lake Rd at County Route 15",
                    "narrative": "Loose on the road, no one with it."}
            else:
                kind, payload = "ticket_void", {"ticket_number": self.numbers.pop(), "reason": "spoiled"}
            out.append({"id": str(uuid.uuid4()), "kind": kind, "recorded_at": now, "payload": payload})
        self.sent += [e["id"] for e in out]
        return out

    def timed(self, path, body):
        t0 = time.perf_counter()
        status, text = self.client.request(path, body=body)
        return time.perf_counter() - t0, status, text

    def sync_batches(self, entries):
        """[seconds per request]; every entry answered 201."""
        out = []
        for i in range(0, len(entries), BATCH):
            seconds, status, text = self.timed("/api/sync/batch",
                                               {"officer_id": self.officer_id, "entries": entries[i:i + BATCH]})
            assert status == 200, (status, text[:500])
            bad = [o for o in json.loads(text)["outcomes"] if o["http"] != 201]
            assert not bad, bad[:3]
            out.append(seconds)
        return out

    def sync_one_by_one(self, entries):
        out = []
        for entry in entries:
            seconds, status, text = self.timed("/api/sync", {**entry, "officer_id": self.officer_id})
            assert status == 201, (status, text[:500])
            out.append(seconds)
        return out


def phase(phones, send, entries_each, probe):
    """Every phone sends its new entries at once; the figures of the phase."""
    work = [p.entries(entries_each) for p in phones]
    latencies = [None] * len(phones)
    errors = []
    barrier = threading.Barrier(len(phones) + 1)

    def run(i):
        barrier.wait()
        try:
            latencies[i] = send(phones[i], work[i])
        except BaseException as exc:  # noqa: BLE001 -- reported after the phase, the others go on
            errors.append(exc)
    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(phones))]
    [t.start() for t in threads]
    cpu0, machine0 = probe.read(), machine_cpu()
    barrier.wait()
    t0 = time.perf_counter()
    [t.join() for t in threads]
    wall = time.perf_counter() - t0
    cpu1, machine1 = probe.read(), machine_cpu()
    if errors:
        raise errors[0]
    return {"wall": wall, "entries": entries_each * len(phones), "latencies": [x for ls in latencies for x in ls],
            "cpu": CpuProbe.spent(cpu0, cpu1), "busy": (machine1[0] - machine0[0], machine1[1] - machine0[1])}


def summary(phases):
    if not phases:
        return None
    wall = sum(p["wall"] for p in phases)
    entries = sum(p["entries"] for p in phases)
    lat = [x * 1000 for p in phases for x in p["latencies"]]
    busy = sum(p["busy"][0] for p in phases) / max(1, sum(p["busy"][1] for p in phases))
    return {"wall": wall, "entries": entries, "eps": entries / wall, "requests": len(lat),
            "p50": statistics.median(lat), "p95": percentile(lat, 95), "max": max(lat),
            "cpu_ms": {k: 1000 * sum(p["cpu"][k] for p in phases) / entries for k in phases[0]["cpu"]},
            "busy": busy,
            "rounds": [p["entries"] / p["wall"] for p in phases]}


def pg_settings(server) -> str:
    from sqlalchemy import text
    with server.engine.connect() as conn:
        version = conn.execute(text("SHOW server_version")).scalar()
        fsync = conn.execute(text("SHOW fsync")).scalar()
        sync = conn.execute(text("SHOW synchronous_commit")).scalar()
        conns = conn.execute(text("SHOW max_connections")).scalar()
    return f"PostgreSQL {version} (fsync {fsync}, synchronous_commit {sync}, max_connections {conns})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="phones syncing at once, each its own session")
    parser.add_argument("--entries", type=int, default=100, help="entries per phone per round, in batches of 50")
    parser.add_argument("--single", type=int, default=100, help="entries per phone per round one at a time (0: none)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--baseline-workers", type=int, default=1)
    parser.add_argument("--database-url", default=None, help="a PostgreSQL server (the role may CREATE DATABASE)")
    args = parser.parse_args()
    url = postgres_url(args)
    server = PostgresServer(url)
    load = os.getloadavg()
    print(f"{pg_settings(server)}; {os.cpu_count()} CPUs; load average at start "
          f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}", flush=True)
    counts = (args.workers, args.baseline_workers)
    rng = random.Random(2011)
    results = {w: {"batch": [], "single": []} for w in counts}
    with ExitStack() as stack, tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        redis_base = stack.enter_context(redis_server(tmp))
        servers = {}
        for number, w in enumerate(counts):
            name = server.create(f"workers{w}")
            stack.callback(server.drop, name)
            uri = server.uri(name)
            t0 = time.perf_counter()
            facts = seed(uri)
            base, pid, access = stack.enter_context(gunicorn(tmp, uri, f"{redis_base}/{number}", w))
            phones = [Phone(base, i, facts, rng) for i in range(args.clients)]
            for p in phones:  # the numbers every round's voids need, and the warm-up's
                p.reserve(args.rounds * (args.entries + args.single) // 2 + WARM_UP)
            # Untimed: every worker's first requests (imports, templates, SQLAlchemy's statement cache).
            probe = CpuProbe(server, name, pid)
            phase(phones, Phone.sync_batches, WARM_UP, probe)
            phase(phones, Phone.sync_one_by_one, 2, probe)
            servers[w] = {"uri": uri, "probe": probe, "access": access, "phones": phones}
            print(f"{w} worker(s): database seeded, gunicorn up, {args.clients} phones signed in "
                  f"in {time.perf_counter() - t0:.1f} s", flush=True)
        for r in range(args.rounds):
            for w in (counts if r % 2 == 0 else counts[::-1]):
                s = servers[w]
                b = phase(s["phones"], Phone.sync_batches, args.entries, s["probe"])
                results[w]["batch"].append(b)
                line = f"round {r + 1}, {w} worker(s): batches {b['entries'] / b['wall']:.0f} entries/s"
                if args.single:
                    o = phase(s["phones"], Phone.sync_one_by_one, args.single, s["probe"])
                    results[w]["single"].append(o)
                    line += f", one at a time {o['entries'] / o['wall']:.0f} entries/s"
                print(f"{line}; load {os.getloadavg()[0]:.1f}", flush=True)
        ok = True
        for w in counts:
            s = servers[w]
            sent = [e for p in s["phones"] for e in p.sent]
            got = stored(s["uri"])
            twice = [k for k, n in Counter(got["entries"]).items() if n > 1]
            lost = set(sent) - set(got["entries"])
            extra = set(got["entries"]) - set(sent)
            v_twice = [k for k, n in Counter(got["violations"]).items() if n > 1]
            voids_twice = [k for k, n in Counter(got["voids"]).items() if n > 1]
            fine = not (twice or lost or extra or v_twice or voids_twice) and \
                len(got["violations"]) + len(got["voids"]) == len(sent)
            ok &= fine
            pids = served_by(s["access"], "/api/sync")
            s["check"] = (f"{len(sent)} UUIDs sent, {len(set(got['entries']))} stored; lost {len(lost)}, "
                          f"twice {len(twice)}, unknown {len(extra)}; violations {len(got['violations'])}, "
                          f"voids {len(got['voids'])}; served by {len(pids)} worker(s): "
                          f"{'ok' if fine else 'FAILED'}")
        server.engine.dispose()
    report(results, counts, servers, args)
    if not ok:
        sys.exit("an entry was lost or stored twice")


def report(results, counts, servers, args):
    load = os.getloadavg()
    print(f"\n{args.clients} phones at once, {args.entries} entries each a round in batches of {BATCH}"
          f" (one at a time: {args.single}), {args.rounds} rounds; load average at the end "
          f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    print(f"{'workers':>7} {'how':<14} {'entries':>7} {'entries/s':>9} {'per round':>15} {'ratio':>6}"
          f" {'req p50 ms':>10} {'req p95 ms':>10} {'req max ms':>10} {'CPU ms/entry: workers':>21}"
          f" {'postgres':>8} {'script':>6} {'busy':>5}")
    base = {how: summary(results[counts[1]][how]) for how in ("batch", "single")}
    for w in counts:
        for how, label in (("batch", "batches of 50"), ("single", "one at a time")):
            f = summary(results[w][how])
            if f is None:
                continue
            rounds = "/".join(f"{x:.0f}" for x in f["rounds"])
            cpu = f["cpu_ms"]
            print(f"{w:>7} {label:<14} {f['entries']:>7} {f['eps']:>9.1f} {rounds:>15}"
                  f" {f['eps'] / base[how]['eps']:>6.2f} {f['p50']:>10.1f} {f['p95']:>10.1f} {f['max']:>10.1f}"
                  f" {cpu['workers']:>21.2f} {cpu['postgres']:>8.2f} {cpu['script']:>6.2f} {f['busy']:>5.0%}")
    print(f"(ratio: entries/s against the same way of sending through {counts[1]} worker(s); CPU ms/entry: "
          "the gunicorn workers', the PostgreSQL backends' of that database, this script's (the phones); "
          "busy: the whole machine's CPU, every process's, other engineers' too)")
    for w in counts:
        print(f"check, {w} worker(s): {servers[w]['check']}")


if __name__ == "__main__":
    main()
