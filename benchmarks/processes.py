"""The processes a benchmark starts and watches: Debian's redis-server, gunicorn with the app's own
gunicorn.conf.py, and the CPU time of the processes and of the whole machine (/proc).
Used by bench_workers.py."""
import os
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_workers import REDIS_SERVER, Client, free_port, served_by, wait_for  # noqa: E402


@contextmanager
def redis_server(tmp: Path):
    """Debian's redis-server on its own port (as tests/test_workers.py's fixture); yields its base URL."""
    import redis
    if not os.path.exists(REDIS_SERVER):
        sys.exit("bench_workers.py needs Debian's redis-server: apt-get install redis-server (make test does)")
    port = free_port()
    proc = subprocess.Popen([REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(tmp), "--logfile", str(tmp / "redis.log")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=2)
    try:
        wait_for(lambda: client.ping(), "redis-server", proc, None, 20)
        yield f"redis://127.0.0.1:{port}"
    finally:
        client.close()
        stop(proc)


def stop(proc):
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


@contextmanager
def gunicorn(tmp: Path, uri: str, redis_url: str, workers: int):
    """gunicorn -c gunicorn.conf.py with WEB_CONCURRENCY=workers; yields (base URL, master pid, access log)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FLASK_", "GUNICORN_", "WEB_CONCURRENCY"))}
    env.update(DATABASE_URL=uri, SECRET_KEY="bench-workers", RATELIMIT_STORAGE_URI=redis_url,
               PUBLIC_BASE_URL=f"http://127.0.0.1:{port}", WEB_CONCURRENCY=str(workers),
               PYTHONPATH=str(ROOT))  # this checkout's fieldapp, whatever the virtualenv installed
    log, access = tmp / f"gunicorn-{workers}.log", tmp / f"access-{workers}.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "-b", f"127.0.0.1:{port}",
             "--access-logfile", str(access), "--access-logformat", "%(p)s %(m)s %(U)s %(s)s",
             "fieldapp:create_app()"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: log.read_text().count("Booting worker") == workers
                 and Client(base).request("/login")[0] == 200, f"gunicorn with {workers} workers", proc, log)
        # A worker is "booting" before it has loaded the app: wait until each one has answered.
        def all_answer():
            threads = [threading.Thread(target=Client(base).request, args=("/sw.js",)) for _ in range(2 * workers)]
            [t.start() for t in threads]
            [t.join() for t in threads]
            return len(served_by(access, "/sw.js")) == workers
        wait_for(all_answer, f"an answer from each of the {workers} workers", proc, log)
        yield base, proc.pid, access
    finally:
        stop(proc)


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
