"""Four gunicorn workers at once: the README's production command, with rate limits in Redis.

The test starts Debian's redis-server and gunicorn with the top-level gunicorn.conf.py (4 workers)
on a fresh, seeded database (PostgreSQL with TEST_DATABASE_URL, else a SQLite file in WAL mode),
then many clients at once, over real HTTP, each its own session signed in through /login:
- officers reserve ticket blocks and sync entries (ticket voids and violations), one at a time
  and in batches, each entry sent twice at the same moment from two sessions (a phone retrying
  while its first try is still on its way): every client UUID is stored once, one 201 each;
  no ticket number is given twice;
- a finder sends messages from one address: the per-address limit (5 an hour) trips at 5 in
  total, not 5 per worker; wrong passwords for one account lock it in every worker;
- every worker serves the same service worker version.
The access log names the worker (pid) of each request, so the test knows several served them.
"""
import json
import os
import random
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from datetime import UTC, datetime, timedelta
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, HTTPRedirectHandler, Request, build_opener

import pytest

from fieldapp import create_app
from fieldapp.cli import DEMO_PASSWORD, seed_demo
from fieldapp.extensions import db
from fieldapp.models import Dog, FieldEntry, Tag, User
from fieldapp.models.enforcement import Violation
from fieldapp.models.public import FoundReport
from fieldapp.models.tickets import TicketBlock, TicketNumberUse
from fieldapp.public.pages import MESSAGE_LIMIT
from fieldapp.timeutil import DEFAULT_TZ

pytestmark = pytest.mark.workers

ROOT = Path(__file__).resolve().parents[1]
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"  # Debian's; `make test` installs it
WORKERS = 4
OFFICERS = 8  # concurrent officers' sessions
MESSAGES = 16  # finder's messages from one address, at once
WRONG_PASSWORDS = 12  # for one account, at once (the account limit is 10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _NoRedirect(HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 302 comes back as it is


class Client:
    """One browser or phone: its own cookies (its own session)."""

    def __init__(self, base: str):
        self.base = base
        self.opener = build_opener(HTTPCookieProcessor(CookieJar()), _NoRedirect())

    def request(self, path, *, form=None, body=None, method=None):
        data, headers = None, {}
        if form is not None:
            data, headers = urlencode(form).encode(), {"Content-Type": "application/x-www-form-urlencoded"}
        elif body is not None:
            data, headers = json.dumps(body).encode(), {"Content-Type": "application/json"}
        request = Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode()
        except HTTPError as error:
            return error.code, error.read().decode()

    def csrf_token(self, path) -> str:
        status, page = self.request(path)
        assert status == 200, (path, status)
        return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)

    def sign_in(self, username, password=DEMO_PASSWORD) -> int:
        token = self.csrf_token("/login")
        return self.request("/login", form={"csrf_token": token, "username": username, "password": password})[0]


def seed(uri: str) -> dict:
    """The demo town in the new database, as the browser tests' server makes it; what the test needs of it."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "seed", "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000"})
    with app.app_context():
        db.create_all()
        seed_demo()
        facts = {
            "dco_id": db.session.execute(db.select(User.id).filter_by(username="dco")).scalar_one(),
            "dog_id": db.session.execute(db.select(Dog.id).filter_by(name="Max")).scalar_one(),
            "token": db.session.execute(db.select(Tag.token).filter(Tag.status == "active", Tag.dog_id.is_not(None))
                                        .order_by(Tag.id).limit(1)).scalar_one(),
        }
        db.session.remove()
        db.engine.dispose()
    return facts


def rows(uri: str) -> dict:
    """What the workers stored, read afterwards from the database itself."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "check"})
    with app.app_context():
        out = {
            "entries": [(e.id, e.kind) for e in db.session.execute(db.select(FieldEntry)).scalars()],
            "violations": db.session.execute(db.select(Violation.entry_id)).scalars().all(),
            "uses": [(u.number, u.status) for u in db.session.execute(db.select(TicketNumberUse)).scalars()],
            "blocks": [(b.first, b.last) for b in db.session.execute(db.select(TicketBlock)).scalars()],
            "found_reports": db.session.execute(db.select(db.func.count(FoundReport.id))).scalar_one(),
        }
        db.session.remove()
        db.engine.dispose()
    return out


def wait_for(check, what, proc, log, seconds=60):
    deadline = time.time() + seconds
    while True:
        try:
            if check():
                return
        except OSError:
            pass
        assert proc.poll() is None, f"{what}: the process ended\n{log.read_text() if log else ''}"
        assert time.time() < deadline, f"{what} not in {seconds} s\n{log.read_text() if log else ''}"
        time.sleep(0.2)


@contextmanager
def redis_running(tmp: Path):
    """Debian's redis-server on its own port, keeping nothing on disk; yields its URL. Shared with
    benchmarks/processes.py."""
    assert os.path.exists(REDIS_SERVER), "Debian's redis-server is needed: apt-get install redis-server (make test does)"
    import redis
    port = free_port()
    proc = subprocess.Popen([REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(tmp), "--logfile", str(tmp / "redis.log")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=2)
    try:
        wait_for(lambda: client.ping(), "redis-server", proc, None, 20)
        yield f"redis://127.0.0.1:{port}/0"
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


@pytest.fixture
def redis_url(tmp_path):
    with redis_running(tmp_path) as url:
        yield url


@contextmanager
def gunicorn_running(tmp: Path, env_update: dict, workers: int, name: str = "gunicorn"):
    """gunicorn -c gunicorn.conf.py (the README's command) with `env_update` (PUBLIC_BASE_URL is
    its own address), once each of its `workers` has answered; yields (base URL, process, access
    log, log). The access log names the worker (pid) of each request. Shared with
    benchmarks/processes.py."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FLASK_", "GUNICORN_", "WEB_CONCURRENCY"))}
    env.update(env_update, PUBLIC_BASE_URL=f"http://127.0.0.1:{port}")
    log, access = tmp / f"{name}.log", tmp / f"access-{name}.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "-b", f"127.0.0.1:{port}",
             "--access-logfile", str(access), "--access-logformat", "%(p)s %(m)s %(U)s %(s)s",
             "fieldapp:create_app()"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: log.read_text().count("Booting worker") == workers and Client(base).request("/login")[0] == 200,
                 f"gunicorn with {workers} workers", proc, log)
        # A worker is "booting" before it has loaded the app: wait until each one has answered.
        with ThreadPoolExecutor(max_workers=2 * workers) as pool:
            def all_answer():
                list(pool.map(lambda _: Client(base).request("/sw.js"), range(2 * workers)))
                return len(served_by(access, "/sw.js")) == workers
            wait_for(all_answer, f"an answer from each of the {workers} workers", proc, log)
        yield base, proc, access, log
    finally:
        stop(proc)


@pytest.fixture
def server(tmp_path, redis_url, empty_database):
    """gunicorn with the README's settings (gunicorn.conf.py: 4 workers) on a new seeded database."""
    uri = empty_database("workers")
    facts = seed(uri)
    # The number of workers is gunicorn.conf.py's own (no WEB_CONCURRENCY): the README's command.
    with gunicorn_running(tmp_path, {"DATABASE_URL": uri, "SECRET_KEY": "four-workers-one-key",
                                     "RATELIMIT_STORAGE_URI": redis_url}, WORKERS) as (base, _proc, access, log):
        yield {"base": base, "uri": uri, "redis": redis_url, "access": access, "log": log, **facts}


def served_by(access: Path, path_part: str) -> set:
    """The worker pids that answered requests whose path contains path_part."""
    pids = set()
    for line in access.read_text().splitlines():
        pid, _method, path, _status = line.split(" ")
        if path_part in path:
            pids.add(pid)
    return pids


def test_four_workers_lose_no_entry_give_no_number_twice_and_share_one_rate_limit(server):
    base = server["base"]
    pool = ThreadPoolExecutor(max_workers=24)

    # Every officer's session signed in through /login, at once (whichever worker answers).
    officers = [Client(base) for _ in range(OFFICERS)]
    assert list(pool.map(lambda c: c.sign_in("dco"), officers)) == [302] * OFFICERS

    # Ticket blocks, two per phone, all at once; alongside, the finder and the password guesser.
    def reserve(i):
        return officers[i % OFFICERS].request("/api/ticket-blocks", body={"device_id": f"phone-{i % OFFICERS}", "size": 12})

    finders = [Client(base) for _ in range(4)]
    tokens = [f.csrf_token(f"/t/{server['token']}") for f in finders]
    message = {"finder_phone": "315 555 0100", "location": "with me at 12 Lake Rd", "note": "Friendly."}

    def send_message(i):
        return finders[i % 4].request(f"/t/{server['token']}/message", form={**message, "csrf_token": tokens[i % 4]})

    guesser = Client(base)
    guess_token = guesser.csrf_token("/login")

    def guess(_):
        return guesser.request("/login", form={"csrf_token": guess_token, "username": "constable", "password": "wrong"})[0]

    jobs = ([pool.submit(reserve, i) for i in range(2 * OFFICERS)]
            + [pool.submit(send_message, i) for i in range(MESSAGES)]
            + [pool.submit(guess, i) for i in range(WRONG_PASSWORDS)])
    results = [job.result() for job in jobs]
    blocks = results[:2 * OFFICERS]
    messages = [status for status, _ in results[2 * OFFICERS:2 * OFFICERS + MESSAGES]]
    guesses = results[2 * OFFICERS + MESSAGES:]

    assert [status for status, _ in blocks] == [201] * (2 * OFFICERS), blocks
    numbers = [n for _, body in blocks for n in json.loads(body)["block"]["numbers"]]
    assert len(numbers) == len(set(numbers)) == 2 * OFFICERS * 12, "a ticket number was given twice"

    allowed = int(MESSAGE_LIMIT.split("/")[0])
    assert Counter(messages) == {302: allowed, 429: MESSAGES - allowed}, messages
    assert set(guesses) <= {422, 429}, guesses
    # The account's wrong passwords were counted in one place: the right password is refused everywhere.
    late = [Client(base) for _ in range(WORKERS)]
    assert list(pool.map(lambda c: c.sign_in("constable"), late)) == [429] * WORKERS

    # Entries: each phone voids its numbers and records violations, in batches and one at a time;
    # each request is sent twice at the same moment, by its own session and another officer's.
    now = datetime.now(UTC)
    occurred = (datetime.now(DEFAULT_TZ) - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")

    def make_entry(kind, payload):
        return {"id": str(uuid.uuid4()), "kind": kind, "recorded_at": now.isoformat(), "payload": payload}

    violation = {"dog_id": str(server["dog_id"]), "codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
                 "occurred_at": occurred, "location_text": "Lake Rd at County Route 15", "narrative": "Loose on the road."}
    sends, voided, violation_ids = [], [], []
    for i, numbers_of_phone in enumerate(json.loads(body)["block"]["numbers"] for _, body in blocks):
        voids = [make_entry("ticket_void", {"ticket_number": n, "reason": "spoiled"}) for n in numbers_of_phone[:10]]
        voided += numbers_of_phone[:10]
        violations = [make_entry("violation", violation) for _ in range(3)]
        violation_ids += [v["id"] for v in violations]
        requests = [("/api/sync/batch", {"officer_id": server["dco_id"], "entries": voids[:8] + violations[:1]})]
        requests += [("/api/sync", {**e, "officer_id": server["dco_id"]}) for e in voids[8:] + violations[1:]]
        for path, payload in requests:
            for sender in (officers[i % OFFICERS], officers[(i + 1) % OFFICERS]):
                sends.append((sender, path, payload))
    random.Random(16).shuffle(sends)
    answers = list(pool.map(lambda s: (s[1], s[2], *s[0].request(s[1], body=s[2])), sends))

    per_entry = defaultdict(list)
    for path, payload, status, text in answers:
        assert status in (200, 201), (path, status, text)
        if path == "/api/sync":
            per_entry[payload["id"]].append(status)
        else:
            assert status == 200, text
            for outcome in json.loads(text)["outcomes"]:
                per_entry[outcome["id"]].append(outcome["http"])
    assert all(sorted(codes) == [200, 201] for codes in per_entry.values()), \
        {k: v for k, v in per_entry.items() if sorted(v) != [200, 201]}

    # Every worker answers with the same shell version (computed from the files, once per worker).
    versions = set(pool.map(lambda _: re.search(r'"version":"([^"]+)"', Client(base).request("/sw.js")[1]).group(1),
                            range(16)))
    assert len(versions) == 1, versions
    pool.shutdown()

    stored = rows(server["uri"])
    assert sorted(e for e, _ in stored["entries"]) == sorted(per_entry), "an entry was lost or stored twice"
    assert sorted(stored["violations"]) == sorted(violation_ids)
    assert sorted(stored["uses"]) == sorted((n, "void") for n in voided), "a number was voided twice or not at all"
    spans = sorted(stored["blocks"])
    assert all(a_last < b_first for (_, a_last), (b_first, _) in zip(spans, spans[1:], strict=False)), spans
    assert stored["found_reports"] == allowed
    if server["uri"].startswith("sqlite:///"):  # the workers share the file in WAL mode
        with closing(sqlite3.connect(server["uri"][len("sqlite:///"):])) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"

    # The counts live in Redis, and more than one worker served the limited requests.
    import redis
    with redis.Redis.from_url(server["redis"]) as store:
        keys = [k.decode() for k in store.keys("*")]
    assert any("public/message" in k for k in keys) and any("sign-in" in k for k in keys), keys
    assert len(served_by(server["access"], "/message")) >= 2
    assert len(served_by(server["access"], "/api/")) >= 2
