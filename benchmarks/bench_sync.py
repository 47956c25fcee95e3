"""Outbox sync and app shell size, in real headless Chromium against the app in a subprocess.

    .venv/bin/python benchmarks/bench_sync.py [N]

1. N (500) entries queued on the phone while offline, then the network comes back: time until
   the outbox is empty (goal <= 10 s). Baseline in the same run: N plain POSTs of the same
   entries from Python to the same server, one at a time.
2. Bytes of the app shell: the first load of the start screen (empty cache), a repeat load
   (served by the worker), and what the worker precaches.
3. The offline field dataset at the demo town's size, raw and gzipped.
"""
import argparse
import gzip
import json
import re
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from datetime import UTC, datetime
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, LiveServer  # noqa: E402

N = 500  # or the first argument (read only when run as a script: bench_slow_link.py imports this)


class Client:
    """A signed-in officer from Python (urllib, cookies, the login form's CSRF token)."""

    def __init__(self, base, username="dco"):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        page = self.opener.open(f"{base}/login").read().decode()
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
        data = f"csrf_token={token}&username={username}&password=sandycreek".encode()
        self.opener.open(urllib.request.Request(f"{base}/login", data=data))
        me = self.opener.open(f"{base}/outbox").read().decode()
        self.user_id = int(re.search(r'data-user-id="(\d+)"', me).group(1))

    def post(self, path, body):
        req = urllib.request.Request(f"{self.base}{path}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        with self.opener.open(req) as res:
            return res.status, json.loads(res.read())

    def get(self, path):
        with self.opener.open(f"{self.base}{path}") as res:
            return res.read()

    def numbers(self, n):
        out = []
        while len(out) < n:
            out += self.post("/api/ticket-blocks", {"device_id": "bench", "size": 200})[1]["block"]["numbers"]
        return out[:n]


def void_entry(user_id, number):
    return {"id": str(uuid.uuid4()), "kind": "ticket_void", "officer_id": user_id,
            "recorded_at": datetime.now(UTC).isoformat(),
            "payload": {"ticket_number": number, "reason": "benchmark"}}


class DrainedServer(LiveServer):
    """The test server, with its request log read away (a full pipe would stall it)."""

    def start(self):
        super().start()
        threading.Thread(target=lambda out=self.proc.stdout: [None for _ in out], daemon=True).start()
        return self


def main():
    with tempfile.TemporaryDirectory() as tmp:
        server = DrainedServer(Path(tmp) / "bench.sqlite").start()
        try:
            run(server)
        finally:
            server.kill()


def run(server):
    base = server.url
    py = Client(base)
    numbers = py.numbers(2 * N)
    start = time.perf_counter()
    for number in numbers[:N]:
        status, _ = py.post("/api/sync", void_entry(py.user_id, number))
        assert status == 201, status
    baseline = time.perf_counter() - start

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{base}/login")
        page.fill("input[name=username]", "dco")
        page.fill("input[name=password]", "sandycreek")
        page.click("button[type=submit]")
        page.wait_for_url(f"{base}/")
        first = page.evaluate("""() => {
            const nav = performance.getEntriesByType('navigation')[0];
            const res = performance.getEntriesByType('resource')
              .filter(r => r.initiatorType !== 'fetch' && r.initiatorType !== 'xmlhttprequest');
            return {html: nav.transferSize, statics: res.reduce((s, r) => s + r.transferSize, 0), n: res.length};
        }""")
        page.evaluate("window.outbox.ready")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.reload()
        page.evaluate("window.outbox.ready")
        repeat = page.evaluate("""() => {
            const nav = performance.getEntriesByType('navigation')[0];
            const res = performance.getEntriesByType('resource')
              .filter(r => r.initiatorType !== 'fetch' && r.initiatorType !== 'xmlhttprequest');
            return {html: nav.transferSize, statics: res.reduce((s, r) => s + r.transferSize, 0),
                    from_worker: res.filter(r => r.workerStart > 0).length, n: res.length};
        }""")
        shell = json.loads(re.search(r"const SHELL = (\{.*?\});", py.get("/sw.js").decode()).group(1))
        precache = sum(len(py.get(u)) for u in shell["static"])
        precache_gz = sum(len(gzip.compress(py.get(u))) for u in shell["static"])

        # Queue N entries on the phone while offline (as the form handler stores them), then go online.
        context.set_offline(True)
        page.evaluate("""async ([numbers, userId]) => {
            const core = window.outbox.core;
            for (const n of numbers) {
                await core.put('outbox', {id: crypto.randomUUID(), kind: 'ticket_void', user_id: String(userId),
                    payload: {ticket_number: n, reason: 'benchmark'}, photos: [], photos_sent: 0,
                    created_at: core.localIso(new Date()), attempts: 0, last_error: null, status: 'pending'});
            }
        }""", [numbers[N:], py.user_id])
        assert page.evaluate("window.outbox.count()") == N
        context.set_offline(False)
        t0 = time.perf_counter()
        page.evaluate("window.outbox.flush('manual')")
        page.wait_for_function("window.outbox.pendingCount === 0", timeout=120000)
        browser_sync = time.perf_counter() - t0
        browser.close()

    dataset = py.get("/api/field-dataset")
    dogs = len(json.loads(dataset)["dogs"])
    print(f"sync of {N} entries")
    print(f"  baseline, {N} plain POSTs from Python:   {baseline:6.2f} s  ({N / baseline:6.0f}/s)")
    print(f"  outbox in Chromium after going online:  {browser_sync:6.2f} s  ({N / browser_sync:6.0f}/s)"
          f"  goal <= 10 s: {'ok' if browser_sync <= 10 else 'MISSED'}")
    print(f"  ratio outbox / baseline: {browser_sync / baseline:.2f}")
    print("app shell bytes (start screen, signed in)")
    print(f"  first load:  html {first['html']} B + {first['n']} files {first['statics']} B"
          f" = {(first['html'] + first['statics']) / 1024:.1f} KB (goal <= 100 KB)")
    print(f"  repeat load: html {repeat['html']} B (network first) + files {repeat['statics']} B from network;"
          f" {repeat['from_worker']}/{repeat['n']} files from the worker")
    print(f"  worker precache: {len(shell['static'])} files, {precache / 1024:.1f} KB"
          f" ({precache_gz / 1024:.1f} KB if gzipped), {len(shell['pages'])} pages")
    print(f"offline field dataset: {dogs} dogs, {len(dataset) / 1024:.1f} KB,"
          f" {len(gzip.compress(dataset)) / 1024:.1f} KB gzipped")


def dataset_at(n_dogs=5000):
    """The full offline dataset for a town of `n_dogs` dogs: size raw and gzipped, build time."""
    from fieldapp import create_app
    from fieldapp.cli import seed_demo
    from fieldapp.extensions import db
    from fieldapp.services.field_data import field_dataset
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/d.sqlite", "SECRET_KEY": "x"})
        with app.app_context():
            db.create_all()
            seed_demo(n_dogs=n_dogs)
            t0 = time.perf_counter()
            body = json.dumps(field_dataset(None), separators=(",", ":")).encode()
            took = time.perf_counter() - t0
            db.engine.dispose()
    print(f"offline field dataset at {n_dogs} dogs: {len(body) / 1024:.0f} KB, "
          f"{len(gzip.compress(body)) / 1024:.0f} KB gzipped, built in {took:.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("entries", type=int, nargs="?", default=N, help="entries queued on the phone offline")
    N = parser.parse_args().entries
    main()
    dataset_at()
