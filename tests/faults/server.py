"""The app in a process of its own, killed without warning (SIGKILL) and started again, fast.

    python -m tests.faults.server PORT DATABASE

Like `tests/browser/serve.py` (same app config, the demo town seeded on first start), but it
imports the app once and then, for each line on stdin, forks a fresh server process on PORT
(after the last one has died), which prints "READY <pid>" when it listens. A restart costs a
fork, not a Python start (0.1 s against 1–3 s on a loaded machine), so a test can afford many.
Each server process is a real process with its own connections: a kill drops whatever it was
doing, mid-request or mid-commit.
"""
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[2]


def main():
    from fieldapp import create_app
    from fieldapp.cli import seed_demo
    from fieldapp.extensions import db
    from fieldapp.models import User

    port, uri = int(sys.argv[1]), sys.argv[2]
    app = create_app({"SECRET_KEY": "browser-tests", "SQLALCHEMY_DATABASE_URI": uri,
                      "RATELIMIT_ENABLED": False, "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}"})
    with app.app_context():
        db.create_all()
        if not db.session.execute(db.select(User).limit(1)).first():
            seed_demo()
            from fieldapp.settings import set_setting  # the outboxes' entries carry fixed dates
            set_setting("late_entry_days", 36500)
            db.session.commit()
        db.session.remove()
        db.engine.dispose()  # no connection crosses a fork: each server opens its own
    child = None
    print("LAUNCHER", flush=True)
    for _ in sys.stdin:
        if child:
            os.waitpid(child, 0)  # the last server is dead: its port is free
        child = os.fork()
        if child == 0:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()
            server = make_server("127.0.0.1", port, app, threaded=True)
            print(f"READY {os.getpid()}", flush=True)
            server.serve_forever()
            os._exit(0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _end_with(launcher: int):
    """A server outlives no launcher (a test run cut short leaves no server behind)."""
    while os.getppid() == launcher:
        time.sleep(0.5)
    os._exit(0)


class ForkedServer:
    """start() a server, crash() it (SIGKILL), start() again; app() reads what it stored."""

    def __init__(self, db_uri: str, log_path: Path):
        self.port, self.db_uri, self.log_path = free_port(), db_uri, log_path
        self.url = f"http://127.0.0.1:{self.port}"
        self.pid = None
        self._ready = threading.Condition()
        self._pids = []
        self.launcher = subprocess.Popen([sys.executable, "-m", "tests.faults.server", str(self.port), db_uri],
                                         cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.STDOUT, text=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        with open(self.log_path, "a") as log:
            for line in self.launcher.stdout:
                log.write(line)
                log.flush()
                if line.startswith(("READY ", "LAUNCHER")):
                    with self._ready:
                        self._pids.append(int(line.split()[1]) if line.startswith("READY") else 0)
                        self._ready.notify_all()
        with self._ready:
            self._ready.notify_all()

    def _wait_for_line(self, count, what):
        deadline = time.time() + 60
        with self._ready:
            while len(self._pids) < count:
                if self.launcher.poll() is not None or time.time() > deadline:
                    raise RuntimeError(f"{what}: the server did not start\n{self.log()[-3000:]}")
                self._ready.wait(1)
            return self._pids[count - 1]

    def start(self):
        if not self._pids:
            self._wait_for_line(1, "launcher")  # imported, database made and seeded
        with self._ready:
            count = len(self._pids) + 1
        self.launcher.stdin.write("start\n")
        self.launcher.stdin.flush()
        self.pid = self._wait_for_line(count, "server")
        return self

    def crash(self):
        os.kill(self.pid, signal.SIGKILL)
        self.pid = None

    def kill(self):
        if self.pid:
            self.crash()
        if self.launcher.poll() is None:
            self.launcher.stdin.close()
            self.launcher.wait(10)

    def app(self):
        from fieldapp import create_app
        return create_app({"SQLALCHEMY_DATABASE_URI": self.db_uri, "SECRET_KEY": "x"})

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""


if __name__ == "__main__":
    main()
