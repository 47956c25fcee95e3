"""The processes a benchmark starts and watches: Debian's redis-server, gunicorn with the app's own
gunicorn.conf.py, and the CPU time of the processes and of the whole machine (/proc).
Used by bench_workers.py."""
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_workers import REDIS_SERVER, gunicorn_running, redis_running  # noqa: E402


@contextmanager
def redis_server(tmp: Path):
    """Debian's redis-server on its own port (as tests/test_workers.py's fixture); yields its base URL."""
    if not os.path.exists(REDIS_SERVER):
        sys.exit("bench_workers.py needs Debian's redis-server: apt-get install redis-server (make test does)")
    with redis_running(tmp) as url:
        yield url.rsplit("/", 1)[0]  # the base: each server takes its own database number


@contextmanager
def gunicorn(tmp: Path, uri: str, redis_url: str, workers: int):
    """gunicorn -c gunicorn.conf.py with WEB_CONCURRENCY=workers; yields (base URL, master pid, access log)."""
    env = dict(DATABASE_URL=uri, SECRET_KEY="bench-workers", RATELIMIT_STORAGE_URI=redis_url,
               WEB_CONCURRENCY=str(workers), PYTHONPATH=str(ROOT))  # this checkout's fieldapp
    with gunicorn_running(tmp, env, workers, f"gunicorn-{workers}") as (base, proc, access, _log):
        yield base, proc.pid, access


def process_cpu(pids) -> dict:
    """{pid: CPU seconds (user + system)} of the processes still running."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick
    return out


class CpuProbe:
    """CPU seconds spent by one server's gunicorn workers (the master's children), by the
    PostgreSQL backends serving its database (pg_stat_activity), and by this script (the phones)."""

    def __init__(self, server, database, master_pid):
        self.server, self.database, self.master = server, database, master_pid

    def pids(self):
        from sqlalchemy import text
        workers = Path(f"/proc/{self.master}/task/{self.master}/children").read_text().split()
        with self.server.engine.connect() as conn:
            backends = conn.execute(text("SELECT pid FROM pg_stat_activity WHERE datname = :d"),
                                    {"d": self.database}).scalars().all()
        return {"workers": [int(p) for p in workers], "postgres": backends}

    def read(self):
        return {k: process_cpu(v) for k, v in self.pids().items()} | {"script": time.process_time()}

    @staticmethod
    def spent(before, after) -> dict:
        """Seconds between two reads; a process born in between counts from zero."""
        out = {"script": after["script"] - before["script"]}
        for k in ("workers", "postgres"):
            out[k] = sum(cpu - before[k].get(pid, 0.0) for pid, cpu in after[k].items())
        return out


def machine_cpu() -> tuple[int, int]:
    """(busy, total) jiffies of the whole machine, all processes (other engineers' too)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)
