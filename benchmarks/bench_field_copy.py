"""The phone's offline copy at town and county size: the full copy and a day's delta.

    .venv/bin/python benchmarks/bench_field_copy.py [--dogs 5000 50000] [--tries 3]
        [--kbit 1000] [--rtt-ms 300] [--database-url postgresql://...]   (or TEST_DATABASE_URL; SQLite always)

Seeds N dogs with `seed_demo(n_dogs=N)` (bulk: ~2/3 N owners, tags, and five years of past per
dog from fieldapp/demo/history/: licenses, rabies certificates, violations, seizures) on a
temporary SQLite file, and when a PostgreSQL server is named on a throwaway database there
(tests/databases.py's PostgresServer: the role needs CREATEDB), both with create_all. Signed in
as the DCO, the Flask test client asks GET /api/field-dataset as a phone does, with
`Accept-Encoding: gzip` (Flask-Compress answers):

- full copy: bytes on the wire (gzipped) and raw (unzipped), dogs in it, and the request's wall
  and CPU time (building the dataset, JSON, gzip; p50 of --tries). Its `version` is the data
  version before the day.
- a day's changes, made through the app's own services, each its own commit as a request
  would: ~0.6% of the dogs' licenses renewed at the counter (`issue_license`, a new rabies
  certificate, one year), the addresses of ~0.1% of the owners changed (`update_owner`: all
  their dogs), violations of §6(A)(1) on ~0.2% of the dogs and one seizure (`submit_entry`, as
  the sync API does): about 1% of the dogs in all.
- the delta, GET /api/field-dataset?since=<version before the day>: the same figures, the dogs
  in it against the dogs the day changed (the delta must hold every one of them), and the
  ratio delta bytes / full bytes.

The wait on a weak link is COMPUTED, not measured: gzipped bytes at --kbit kbit/s plus one
--rtt-ms round trip (default 1 Mbit/s, rural 3G, and 300 ms), and the same plus the server's
p50 measured here. bench_slow_link.py measures a real browser through a delaying proxy.
"""
import argparse
import gzip
import json
import os
import random
import statistics
import sys
import time
import uuid
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from databases import databases, scratch_database  # noqa: E402
from dateutil.relativedelta import relativedelta  # noqa: E402
from sqlalchemy import func  # noqa: E402

from fieldapp import create_app  # noqa: E402
from fieldapp.cli import DEMO_PASSWORD, seed_demo  # noqa: E402
from fieldapp.extensions import db  # noqa: E402
from fieldapp.models import Dog, DogOwner, License, Owner, User  # noqa: E402
from fieldapp.services.entries import submit_entry  # noqa: E402
from fieldapp.services.licensing import Application, RabiesEvidence, issue_license, update_owner  # noqa: E402
from fieldapp.services.licensing.people import OWNER_FIELDS  # noqa: E402
from fieldapp.timeutil import local_now, local_today, utcnow  # noqa: E402

RULED_OUT_6A1 = ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"]  # every exception of §6(A)(1)

# A day's changes, as shares of the town's dogs (owners for the addresses).
RENEWALS = 0.006
MOVES = 0.001  # owners
VIOLATIONS = 0.002
SEIZURES = 1  # one impoundment, whatever the size


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def make_app(uri):
    return create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                       "RATELIMIT_ENABLED": False})


def signed_in(app, username):
    client = app.test_client()
    assert client.post("/login", data={"username": username, "password": DEMO_PASSWORD}).status_code == 302
    return client


def fetch(client, url, tries):
    """The copy as a phone receives it: (figures, the parsed dataset of the last try)."""
    wall, cpu = [], []
    for _ in range(tries):
        t0, c0 = time.perf_counter(), time.process_time()
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        wire = response.get_data()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        assert response.status_code == 200, (url, response.status_code)
        assert response.headers.get("Content-Encoding") == "gzip", response.headers
    raw = gzip.decompress(wire)
    data = json.loads(raw)
    return {"wire": len(wire), "raw": len(raw), "dogs": len(data["dogs"]), "tries": tries,
            "p50": statistics.median(wall) * 1000, "max": max(wall) * 1000,
            "cpu50": statistics.median(cpu) * 1000}, data


def a_days_changes(rng, today):
    """About 1% of the dogs changed through the services, each change its own commit; returns
    the ids of the dogs whose card changed and what was done."""
    clerk = db.session.execute(db.select(User).filter_by(username="clerk")).scalar_one()
    dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
    n_dogs = db.session.execute(db.select(func.count(Dog.id))).scalar()
    touched, done = set(), {}

    # Renewals at the counter: licenses that ran out in the last 60 days or run out in the next 30.
    due = db.session.execute(
        db.select(License.dog_id).where(License.status == "active",
                                        License.expires_on.between(today - timedelta(days=60),
                                                                   today + timedelta(days=30)))
        .order_by(License.dog_id)).scalars().all()
    renew = rng.sample(due, min(len(due), max(1, round(n_dogs * RENEWALS))))
    for dog_id in renew:
        dog = db.session.get(Dog, dog_id)
        vaccinated = today - timedelta(days=rng.randint(0, 30))
        rabies = RabiesEvidence(vet_name="Sandy Creek Veterinary Clinic", vaccinated_on=vaccinated,
                                valid_until=vaccinated + relativedelta(years=3, days=-1),
                                certificate_number=f"RV-{today:%Y}-{dog_id}")
        app = Application(rabies=rabies, term_years=1, altered_proof="certificate" if dog.altered else None)
        issue_license(dog, app, today, clerk)
        db.session.commit()
        touched.add(dog_id)
    done["licenses renewed"] = len(renew)

    # Owners who moved: the clerk corrects the address (every field of the form, as it posts them).
    n_owners = db.session.execute(db.select(func.count(Owner.id))).scalar()
    owner_ids = rng.sample(db.session.execute(db.select(Owner.id)).scalars().all(), max(1, round(n_owners * MOVES)))
    for owner_id in owner_ids:
        owner = db.session.get(Owner, owner_id)
        data = {key: getattr(owner, key) for key in OWNER_FIELDS}
        data["address"] = f"{rng.randint(1, 9999)} County Route {rng.randint(1, 99)}"
        update_owner(owner, data, today, clerk)
        db.session.commit()
        touched |= set(db.session.execute(db.select(DogOwner.dog_id).where(DogOwner.owner_id == owner_id,
                                                                           DogOwner.until.is_(None))).scalars())
    done["owners moved"] = len(owner_ids)

    # The roadside: violations of §6(A)(1) and one seizure, as the sync API applies them.
    active = db.session.execute(db.select(Dog.id).filter_by(status="active")).scalars().all()
    picked = rng.sample(active, max(1, round(n_dogs * VIOLATIONS)) + SEIZURES)
    now = local_now() - timedelta(hours=2)
    for i, dog_id in enumerate(picked):
        common = {"dog_id": str(dog_id), "codes": ["6A1"], "ruled_out": RULED_OUT_6A1,
                  "location_text": "Lake Rd at County Route 15"}
        if i < SEIZURES:
            kind, payload = "seizure", {**common, "owner_known": "yes", "seized_at": now.strftime("%Y-%m-%dT%H:%M")}
        else:
            kind, payload = "violation", {**common, "occurred_at": now.strftime("%Y-%m-%dT%H:%M"),
                                          "narrative": "Loose on the road, no one with it."}
        outcome = submit_entry(dco, str(uuid.uuid4()), kind, utcnow().isoformat(), payload)
        assert outcome.status == 201, (kind, outcome.errors)
        touched.add(dog_id)
    done["violations"] = len(picked) - SEIZURES
    done["seizures"] = SEIZURES
    return touched, done


def run(uri, n_dogs, tries, rng):
    app = make_app(uri)
    t0 = time.perf_counter()
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=n_dogs)
        db.session.remove()
    seeded = time.perf_counter() - t0
    dco = signed_in(app, "dco")
    fetch(dco, f"/api/field-dataset?since={2**31}", 1)  # warm-up (no dog is that new): imports, statements
    full, data = fetch(dco, "/api/field-dataset", tries)
    before = data["version"]
    today = date.fromisoformat(data["today"])
    assert today == local_today()
    with app.test_request_context():
        t0 = time.perf_counter()
        touched, done = a_days_changes(rng, today)
        day_s = time.perf_counter() - t0
        db.session.remove()
    delta, changed = fetch(dco, f"/api/field-dataset?since={before}", tries)
    in_delta = {r["dog"]["id"] for r in changed["dogs"]}
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return {"seed_s": seeded, "full": full, "delta": delta, "day_s": day_s, "done": done,
            "touched": len(touched), "missing": sorted(touched - in_delta), "extra": len(in_delta - touched),
            "since": before}


def link_s(wire_bytes, args):
    """COMPUTED: the bytes at the stated bandwidth plus one round trip."""
    return wire_bytes * 8 / (args.kbit * 1000) + args.rtt_ms / 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dogs", type=int, nargs="+", default=[5000, 50000])
    parser.add_argument("--tries", type=int, default=3, help="requests of each copy (p50)")
    parser.add_argument("--kbit", type=float, default=1000, help="the weak link's bandwidth, for the computed wait")
    parser.add_argument("--rtt-ms", type=float, default=300, help="its round trip, for the computed wait")
    parser.add_argument("--database-url", default=None, help="a PostgreSQL server (the role may CREATE DATABASE)")
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args()
    rng = random.Random(2011)
    load = os.getloadavg()
    print(f"load average at start {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; "
          f"wait on the link COMPUTED (not measured): gzipped bytes at {args.kbit:g} kbit/s + one "
          f"{args.rtt_ms:g} ms round trip")
    print(f"{'db':<10} {'dogs':>6} {'copy':<6} {'dogs in it':>10} {'raw bytes':>11} {'gzip bytes':>11} {'gz':>5}"
          f" {'p50 ms':>8} {'CPU p50':>8} {'ratio':>6} {'link s':>7} {'+server s':>9}")
    ok = True
    for label, url in databases(args):
        if label == "sqlite" and args.no_sqlite:
            continue
        for n in args.dogs:
            with scratch_database(label, url, "copy") as uri:
                r = run(uri, n, args.tries, rng)
            full = r["full"]
            for what, f in (("full", full), ("delta", r["delta"])):
                link = link_s(f["wire"], args)
                print(f"{label:<10} {n:>6} {what:<6} {f['dogs']:>10} {f['raw']:>11,} {f['wire']:>11,}"
                      f" {f['wire'] / f['raw']:>5.2f} {f['p50']:>8.1f} {f['cpu50']:>8.1f}"
                      f" {f['wire'] / full['wire']:>6.4f} {link:>7.2f} {link + f['p50'] / 1000:>9.2f}")
            d = r["delta"]
            print(f"{label:<10} {n:>6} delta/full raw bytes {d['raw'] / full['raw']:.4f}; per dog "
                  f"{full['raw'] / full['dogs']:.0f} B raw, {full['wire'] / full['dogs']:.0f} B gzipped (full), "
                  f"{d['raw'] / max(1, d['dogs']):.0f} B raw (delta)")
            print(f"{label:<10} {n:>6} the day: {', '.join(f'{v} {k}' for k, v in r['done'].items())}: "
                  f"{r['touched']} dogs' cards changed ({r['touched'] / n:.2%}) in {r['day_s']:.1f} s; in the "
                  f"delta {d['dogs']}, missing {len(r['missing'])}, others {r['extra']}; since={r['since']}")
            print(f"{label:<10} {n:>6} seeded in {r['seed_s']:.1f} s; load {os.getloadavg()[0]:.1f}", flush=True)
            ok &= not r["missing"]
    print("(ratio: gzipped bytes against the full copy's; link s: COMPUTED; +server s: that plus the "
          "request's p50 measured here)")
    if not ok:
        sys.exit("a dog the day changed is missing from the delta")


if __name__ == "__main__":
    main()
