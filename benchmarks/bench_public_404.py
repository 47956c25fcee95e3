"""Do unknown, retired and blank tag tokens answer /t/<token> in the same time?

A token that exists (retired, blank) must not be told apart from one that does not, by the
body (tests check: byte-identical) or by the time taken. Prints the median and p90 of each
kind, and each median's ratio to the unknown token's (measured in the same run).
Run: .venv/bin/python benchmarks/bench_public_404.py [rounds]
"""
import argparse
import statistics
import tempfile
import time

from fieldapp import create_app
from fieldapp.cli import seed_demo
from fieldapp.extensions import db
from fieldapp.models import Dog, Tag


def main(rounds: int = 400):
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite"})
        with app.app_context():
            db.create_all()
            seed_demo()
            dog = db.session.execute(db.select(Dog)).scalars().first()
            db.session.add(Tag(token="BENCHRETIRED0001", serial=990001, dog_id=dog.id, status="retired"))
            db.session.add(Tag(token="BENCHBLANK000001", serial=990002, status="blank"))
            db.session.commit()
            active = db.session.execute(db.select(Tag).filter_by(status="active")).scalars().first().token
        client = app.test_client()
        kinds = {"unknown": "BENCHNOSUCH00001", "retired": "BENCHRETIRED0001", "blank": "BENCHBLANK000001",
                 "active (finder page)": active}
        times = {k: [] for k in kinds}
        for _ in range(rounds):  # interleaved, so drift hits every kind alike
            for kind, token in kinds.items():
                t0 = time.perf_counter()
                client.get(f"/t/{token}")
                times[kind].append((time.perf_counter() - t0) * 1000)
        base = statistics.median(times["unknown"])
        print(f"{rounds} rounds, ms per request (test client, SQLite file)")
        for kind, ts in times.items():
            ts.sort()
            med = statistics.median(ts)
            print(f"  {kind:22s} median {med:6.2f}  p90 {ts[int(len(ts) * 0.9)]:6.2f}  ratio {med / base:4.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", type=int, nargs="?", default=400, help="requests of each kind of token")
    main(parser.parse_args().rounds)
