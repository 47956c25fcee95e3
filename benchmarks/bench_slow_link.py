"""A weak rural link, measured as a person waits: real headless Chromium through a delaying proxy.

    .venv/bin/python benchmarks/bench_slow_link.py [--rtt-ms 300] [--tries 20] [--entries 50 500]

The app runs in a subprocess (tests/browser/serve.py: werkzeug, SQLite, a town of --dogs 5000
seeded with `seed_demo(n_dogs=N)`, so the phone's copy is a real town's); the
browser talks to it only through benchmarks/slowlink.py, a TCP proxy that delays every chunk
by half the round trip in each direction, so the service worker's requests are as slow as the
page's. Two figures, each against a baseline measured in the same run:

1. Opening a tag: on the scan page (/field/scan) the officer types a dog's ID number and taps
   Find. Measured in the page (one clock, `performance.timeOrigin + now()`): from the tap to the
   status drawn from the phone's copy (`#instant-status`, scan.js / offline-card.js), and to
   the office's card (`#status-card`, parsed in the next document after the lookup's redirect):
   the baseline, which is all a phone had before. Median and p90 of --tries taps, each dog new.
   Goal: the copy's status < 100 ms after the tap, whatever the round trip.
2. Sync: N ticket_void entries queued on the phone while offline (as the form handler stores
   them), then the network comes back and the outbox flushes (batches of up to 100 through
   /api/sync/batch): time until the outbox is empty, every entry confirmed. Baseline: the old
   way, N POSTs to /api/sync from Python one at a time through the same proxy on one kept-alive
   connection (one round trip each). Goals: 50 entries <= 1 s, 500 <= 5 s.
"""
import argparse
import http.client
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_sync import Client, void_entry  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from slowlink import SlowLink  # noqa: E402
from sqlalchemy import func  # noqa: E402

from tests.browser.conftest import CHROMIUM, LiveServer, sign_in  # noqa: E402

INSTANT_GOAL_MS = 100
SYNC_GOALS_S = {50: 1.0, 500: 5.0}  # weak signal, part two: 500 in <= 5 s, 50 in <= 1 s


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


class KeptAlive:
    """POSTs of JSON on one HTTP/1.1 connection through the proxy, with the officer's cookie."""

    def __init__(self, port, cookie):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookie = cookie

    def post(self, path, body):
        self.conn.request("POST", path, body=json.dumps(body),
                          headers={"Content-Type": "application/json", "Cookie": self.cookie})
        res = self.conn.getresponse()
        return res.status, json.loads(res.read())


def ready(page):
    """The outbox set up, the worker controlling the page, the phone's copy of the dogs stored."""
    page.wait_for_function("window.outbox !== undefined", timeout=60000)
    page.evaluate("window.outbox.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
    page.wait_for_function("async () => !!(await window.outbox.core.getMeta('dataset'))", timeout=60000)


# Stamps in sessionStorage (it outlives a navigation): the tap (capture phase, before scan.js's
# own submit handler), the copy's status and the office's card appearing (a MutationObserver:
# the lookup is htmx-boosted, the card swapped into the same document).
STAMP = """() => {
    const now = () => performance.timeOrigin + performance.now();
    sessionStorage.removeItem('bench');
    const put = (k, v) => {
        const t = JSON.parse(sessionStorage.getItem('bench') || '{}');
        if (!(k in t)) { t[k] = v; sessionStorage.setItem('bench', JSON.stringify(t)); }
    };
    const form = document.querySelector('#q').form;
    form.addEventListener('submit', () => put('tap', now()), true);
    new MutationObserver(() => {
        if (document.getElementById('instant-status')) put('instant', now());
        if (document.querySelector('#instant-unknown, #instant-stale')) put('no_copy', now());
        if (document.getElementById('status-card')) put('card', now());
    }).observe(document.documentElement, {childList: true, subtree: true});
}"""

CARD_TIME = """() => {
    const t = JSON.parse(sessionStorage.getItem('bench') || '{}');
    // htmx-boosted, the card is swapped into this same document (the observer saw it); else the
    // lookup was a real navigation and the card is in the new document once it is parsed.
    const nav = performance.getEntriesByType('navigation')[0];
    if (!('card' in t) && performance.timeOrigin > t.tap) t.card = performance.timeOrigin + nav.domInteractive;
    return t;
}"""


def open_tag_tries(page, base, numbers):
    """[(ms to the copy's status, ms to the office's card)] per dog."""
    out = []
    for number in numbers:
        page.goto(f"{base}/field/scan")
        page.wait_for_function("document.querySelector('#q') !== null && window.outbox !== undefined")
        page.evaluate("window.outbox.ready")
        page.evaluate(STAMP)
        page.fill("#q", str(number))
        with page.expect_navigation(url="**/field/dogs/*", timeout=60000):
            page.get_by_role("button", name="Find").click()
        page.wait_for_selector("#status-card")
        t = page.evaluate(CARD_TIME)
        assert "instant" in t, f"no status from the phone's copy for ID {number}: {t}"
        out.append((t["instant"] - t["tap"], t["card"] - t["tap"]))
    return out


def queue_offline(page, context, numbers, user_id):
    context.set_offline(True)
    page.evaluate("""async ([numbers, userId]) => {
        const core = window.outbox.core;
        let seq = ((await core.getMeta('entry_seq')) || {value: 0}).value;
        for (const n of numbers) {
            seq += 1;
            await core.put('outbox', {id: crypto.randomUUID(), kind: 'ticket_void', user_id: String(userId),
                payload: {ticket_number: n, reason: 'benchmark'}, photos: [], photos_sent: 0, seq,
                created_at: core.localIso(new Date()), attempts: 0, last_error: null, status: 'pending'});
        }
        await core.setMeta('entry_seq', seq);
    }""", [numbers, user_id])
    assert page.evaluate("window.outbox.count()") == len(numbers)


def flush_online(page, context):
    context.set_offline(False)
    t0 = time.perf_counter()
    page.evaluate("window.outbox.flush('manual')")
    page.wait_for_function("window.outbox.pendingCount === 0", timeout=300000)
    return time.perf_counter() - t0


def run(server, args):
    direct = Client(server.url)
    jar = next(h.cookiejar for h in direct.opener.handlers if hasattr(h, "cookiejar"))
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)  # the same officer's session, via the proxy
    app = server.app()
    from fieldapp.extensions import db
    from fieldapp.models import Dog
    from fieldapp.models.tickets import TicketNumberUse
    count_voids = db.select(func.count(TicketNumberUse.id)).filter_by(status="void")
    with app.app_context():
        voids_before = db.session.execute(count_voids).scalar()
        ids = db.session.execute(db.select(Dog.id_number).where(Dog.id_number.is_not(None))).scalars().all()
        db.engine.dispose()
    rng = random.Random(2011)
    tag_numbers = rng.sample(ids, args.tries + 2)
    total = sum(args.entries)
    numbers = direct.numbers(3 * total)  # reserved straight from the server, not timed

    results = {"entries": {}}
    with SlowLink(server.port, args.rtt_ms, handshake_rtts=args.handshake_rtts) as link:
        base = link.url
        # The old way, one entry a request: N POSTs on one kept-alive connection, one at a time.
        slow = KeptAlive(link.port, cookie)
        used = 0
        for n in args.entries:
            t0 = time.perf_counter()
            for number in numbers[used:used + n]:
                status, _ = slow.post("/api/sync", void_entry(direct.user_id, number))
                assert status == 201, status
            results["entries"][n] = {"one_by_one": time.perf_counter() - t0}
            used += n
            # The same number as batches of 50 from Python: the floor the outbox could reach.
            t0 = time.perf_counter()
            for i in range(used, used + n, 50):
                chunk = [void_entry(direct.user_id, x) for x in numbers[i:min(i + 50, used + n)]]
                status, body = slow.post("/api/sync/batch", {"officer_id": direct.user_id, "entries": chunk})
                assert status == 200 and all(o["http"] == 201 for o in body["outcomes"]), body
            results["entries"][n]["python_batches"] = time.perf_counter() - t0
            used += n

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM)
            context = browser.new_context(viewport={"width": 360, "height": 740})
            page = context.new_page()
            t0 = time.perf_counter()
            sign_in(page, base, "dco")
            ready(page)
            results["first_ready_s"] = time.perf_counter() - t0
            # Two untimed taps (the worker's first answers, compiled templates), then the tries.
            open_tag_tries(page, base, tag_numbers[:2])
            results["tags"] = open_tag_tries(page, base, tag_numbers[2:])

            page.goto(f"{base}/outbox")
            ready(page)
            for n in args.entries:
                queue_offline(page, context, numbers[used:used + n], direct.user_id)
                used += n
                results["entries"][n]["outbox"] = flush_online(page, context)
            browser.close()
        results["connections"] = link.connections
    with app.app_context():  # every entry confirmed is stored, once
        voids = db.session.execute(count_voids).scalar() - voids_before
        db.engine.dispose()
    assert voids == used, (voids, used)
    return results


def report(results, args):
    import os
    load = os.getloadavg()
    print(f"slow link: {args.rtt_ms:g} ms round trip (+{args.handshake_rtts:g} for a new connection) through "
          "benchmarks/slowlink.py; "
          f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    print(f"first sign-in to a ready phone (worker installed, copy stored): {results['first_ready_s']:.1f} s")
    instant = [a for a, _ in results["tags"]]
    card = [b for _, b in results["tags"]]
    ok = True
    print(f"\nopening a tag by its ID number on /field/scan, {len(instant)} dogs: ms from the tap")
    print(f"  {'what':<42} {'median':>7} {'p90':>7} {'max':>7}")
    for name, xs in (("office's card (#status-card), baseline", card),
                     ("phone's copy (#instant-status)", instant)):
        print(f"  {name:<42} {statistics.median(xs):>7.0f} {percentile(xs, 90):>7.0f} {max(xs):>7.0f}")
    ratio = statistics.median(instant) / statistics.median(card)
    met = percentile(instant, 90) < INSTANT_GOAL_MS
    ok &= met
    print(f"  ratio copy / card (medians): {ratio:.3f}; goal < {INSTANT_GOAL_MS} ms: "
          f"{'ok' if met else 'MISSED'} (p90)")
    print("\nsync after going online: s until every entry is confirmed")
    print(f"  {'entries':>7} {'one by one (baseline)':>22} {'Python, batches of 50':>22} {'outbox in Chromium':>19}"
          f" {'ratio':>6} {'goal':>7}")
    for n, r in results["entries"].items():
        goal = SYNC_GOALS_S.get(n)
        met = goal is None or r["outbox"] <= goal
        ok &= met
        print(f"  {n:>7} {r['one_by_one']:>20.2f} s {r['python_batches']:>20.2f} s {r['outbox']:>17.2f} s"
              f" {r['outbox'] / r['one_by_one']:>6.3f} {f'<= {goal:g} s' if goal else '':>7}"
              f" {'ok' if met else 'MISSED'}")
    print(f"\nTCP connections through the proxy: {results['connections']}")
    print("all goals met" if ok else "GOAL MISSED")
    return ok


def seed(uri, n_dogs):
    """A town of n_dogs (serve.py seeds only an empty database: this one is not)."""
    from fieldapp import create_app
    from fieldapp.cli import seed_demo
    from fieldapp.extensions import db
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "x"})
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=n_dogs)
        db.engine.dispose()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rtt-ms", type=float, default=300)
    parser.add_argument("--handshake-rtts", type=float, default=0,
                        help="round trips more for each new TCP connection (slowlink.py; werkzeug closes each one)")
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--entries", type=int, nargs="+", default=[50, 500])
    parser.add_argument("--dogs", type=int, default=5000, help="the town's size (the phone's copy holds them all)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        uri = f"sqlite:///{tmp}/bench.sqlite"
        seed(uri, args.dogs)
        server = LiveServer(uri).start()
        try:
            results = run(server, args)
        finally:
            server.kill()
    report(results, args)  # a missed goal is a figure to read, not a failure of `make bench`


if __name__ == "__main__":
    main()
