"""The first minutes of a shift and the phone's own camera, before and after, in one run.

    .venv/bin/python benchmarks/bench_shift_start.py [--rtt-ms 300] [--kbit-s 0] [--dogs 0]
        [--tries 10] [--before REF]

Two servers on one database (a demo town, or --dogs N seeded with `seed_demo(n_dogs=N)`): this
tree's code ("after") and REF's ("before", default: where this branch left main), exported with
`git archive` to a temporary folder; each behind its own benchmarks/slowlink.py proxy (--rtt-ms
round trip, --kbit-s each way, 0 = not limited), each driven by real headless Chromium in turn,
round after round, so a busy machine slows both alike. Figures, per round:

1. Shift start: a new phone (no worker, nothing stored) signs in as dco. From the start page
   shown (the sign-in form's answer settled, a stamp in the page) to the phone's copy stored
   (the copy's `fetched_ms`), and to the officer's pages cached (the offline card among them).
   Goal (after): the copy <= 2 s after the start page at 300 ms for the demo town.
2. The camera's link: the same phone, ready, opens /t/<token> of --tries dogs as the camera app
   does (a navigation). From the navigation's start (`performance.timeOrigin`) to a readable
   status (`#status-card` in the document: the copy's card after, the office's before) and, after,
   to the office's card confirming it (`#office-confirmed`). Goal: status <= 100 ms.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from playwright.sync_api import sync_playwright  # noqa: E402
from slowlink import SlowLink  # noqa: E402

from tests.browser.conftest import CHROMIUM, LiveServer  # noqa: E402

COPY_GOAL_S = 2.0
STATUS_GOAL_MS = 100

# Every document of the phone: when the start page is first shown (a load or the boosted
# sign-in's swap), and when a status card / the office's confirmation appear (ms after the
# navigation started: performance.now()).
STAMPS = """(() => {
    const put = (k, v) => { const t = JSON.parse(sessionStorage.getItem('bench') || '{}');
        if (!(k in t)) { t[k] = v; sessionStorage.setItem('bench', JSON.stringify(t)); } };
    const atStart = () => {
        if (location.pathname === '/' && document.body && document.body.dataset.userId) put('start', Date.now());
    };
    document.addEventListener('DOMContentLoaded', atStart);
    document.addEventListener('htmx:afterSettle', atStart);
    window.__bench = {};
    new MutationObserver(() => {
        const b = window.__bench;
        if (!b.status && document.getElementById('status-card')) b.status = performance.now();
        if (!b.confirmed && document.getElementById('office-confirmed')) b.confirmed = performance.now();
    }).observe(document, {childList: true, subtree: true});
})();"""

COPY_STORED = """async () => {
    const m = window.FieldOutbox && await window.FieldOutbox.getMeta('dataset');
    return m && m.value && m.value.fetched_ms;
}"""

# The officer's pages cached (the worker's first caching done: it notes for whom): the time.
PAGES_CACHED = """async () => {
    const m = window.FieldOutbox && await window.FieldOutbox.getMeta('pages_user');
    return m && m.value ? Date.now() : null;
}"""


def poll(page, script, timeout_s=600):
    """page.evaluate(script) until it is truthy (it awaits the promise; wait_for_function does not)."""
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        try:
            value = page.evaluate(script)
        except Exception:  # noqa: BLE001 - a navigation under way
            value = None
        if value:
            return value
        time.sleep(0.02)
    raise TimeoutError(script)


class TreeServer(LiveServer):
    """tests/browser/serve.py run from another tree (the code before)."""

    def __init__(self, db_uri, root):
        super().__init__(db_uri)
        self.root = root

    def start(self):
        import tests.browser.conftest as conftest
        saved = conftest.ROOT
        conftest.ROOT = self.root
        try:
            return super().start()
        finally:
            conftest.ROOT = saved


def shift_start(browser, base):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(STAMPS)
    page = context.new_page()
    page.goto(f"{base}/login")
    page.fill("input[name=username]", "dco")
    page.fill("input[name=password]", "sandycreek")
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/", timeout=120000)
    copy = poll(page, COPY_STORED)
    pages = poll(page, PAGES_CACHED)
    start = page.evaluate("JSON.parse(sessionStorage.getItem('bench')).start")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
    return context, page, (copy - start) / 1000, (pages - start) / 1000


def camera_link(page, base, token, confirm):
    page.goto(f"{base}/t/{token}", wait_until="commit", timeout=120000)
    try:
        page.wait_for_function("window.__bench && window.__bench.status", timeout=120000)
        if confirm:
            page.wait_for_function("window.__bench.confirmed", timeout=120000)
    except Exception:
        print(page.url, page.evaluate("window.__bench"), page.inner_text("body")[:400], file=sys.stderr)
        raise
    else:
        page.wait_for_load_state("load")
    return page.evaluate("window.__bench")


def export_tree(ref, into):
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def seed(uri, n_dogs):
    from fieldapp import create_app
    from fieldapp.cli import seed_demo
    from fieldapp.extensions import db
    from fieldapp.models import Tag
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "x"})
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=n_dogs or None)
        tokens = db.session.execute(db.select(Tag.token).filter_by(status="active")
                                    .where(Tag.dog_id.is_not(None))).scalars().all()
        db.engine.dispose()
    return tokens


def run(args, tmp):
    uri = f"sqlite:///{tmp}/bench.sqlite"
    t0 = time.perf_counter()
    tokens = seed(uri, args.dogs)
    seeded = time.perf_counter() - t0
    (Path(tmp) / "before").mkdir()
    before_root = export_tree(args.before, Path(tmp) / "before")
    servers = {"before": TreeServer(uri, before_root).start(), "after": LiveServer(uri).start()}
    rng = random.Random(2011)
    out = {name: {"copy": [], "pages": [], "status": [], "confirmed": []} for name in servers}
    try:
        links = {name: SlowLink(s.port, args.rtt_ms, kbit_s=args.kbit_s).start() for name, s in servers.items()}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM)
            for _round in range(args.rounds):
                sample = rng.sample(tokens, min(args.tries, len(tokens)))
                for name in ("before", "after"):
                    print(f"round {_round + 1}: {name}", file=sys.stderr, flush=True)
                    base = links[name].url
                    context, page, copy_s, pages_s = shift_start(browser, base)
                    out[name]["copy"].append(copy_s)
                    out[name]["pages"].append(pages_s)
                    camera_link(page, base, sample[0], name == "after")  # untimed: the worker's first answer
                    for token in sample:
                        b = camera_link(page, base, token, name == "after")
                        out[name]["status"].append(b["status"])
                        if "confirmed" in b:
                            out[name]["confirmed"].append(b["confirmed"])
                    context.close()
            browser.close()
        for link in links.values():
            link.stop()
    finally:
        for s in servers.values():
            s.kill()
    out["seeded_s"] = seeded
    out["dogs"] = len(tokens)
    return out


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def p90(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))] if xs else float("nan")


def report(out, args):
    load = os.getloadavg()
    rate = f"{args.kbit_s:g} kbit/s" if args.kbit_s else "no rate limit"
    print(f"{out['dogs']} dogs with a tag; {args.rtt_ms:g} ms round trip, {rate}; before = {args.before}; "
          f"{args.rounds} rounds; load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    print("\nshift start: s from the start page shown (median of rounds; each is a new phone)")
    print(f"  {'':<8} {'copy stored':>12} {'pages cached':>13}")
    for name in ("before", "after"):
        print(f"  {name:<8} {med(out[name]['copy']):>12.2f} {med(out[name]['pages']):>13.2f}")
    copy_ok = med(out["after"]["copy"]) <= COPY_GOAL_S
    print(f"  copy after / before: {med(out['after']['copy']) / med(out['before']['copy']):.2f}; "
          f"goal <= {COPY_GOAL_S:g} s: {'ok' if copy_ok else 'MISSED'}")
    print("\nthe camera's link /t/<token>: ms from the navigation's start")
    print(f"  {'':<34} {'median':>7} {'p90':>7} {'max':>7}")
    rows = (("before: office's card (baseline)", out["before"]["status"]),
            ("after: status from the phone's copy", out["after"]["status"]),
            ("after: the office's card confirming", out["after"]["confirmed"]))
    for label, xs in rows:
        print(f"  {label:<34} {med(xs):>7.0f} {p90(xs):>7.0f} {max(xs) if xs else float('nan'):>7.0f}")
    status_ok = p90(out["after"]["status"]) <= STATUS_GOAL_MS
    print(f"  status after / before (medians): {med(out['after']['status']) / med(out['before']['status']):.3f}; "
          f"goal <= {STATUS_GOAL_MS} ms (p90): {'ok' if status_ok else 'MISSED'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rtt-ms", type=float, default=300)
    parser.add_argument("--kbit-s", type=float, default=0, help="each direction's rate (0: not limited)")
    parser.add_argument("--dogs", type=int, default=0, help="0: the demo town; else a bulk town of N dogs")
    parser.add_argument("--tries", type=int, default=10, help="tags opened per round")
    parser.add_argument("--rounds", type=int, default=3, help="new phones signing in, per server")
    parser.add_argument("--before", default=None, help="the code before (default: merge-base of HEAD and main)")
    args = parser.parse_args()
    if args.before is None:
        args.before = subprocess.run(["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], check=True,
                                     capture_output=True, text=True).stdout.strip()[:7]
    with tempfile.TemporaryDirectory() as tmp:
        out = run(args, tmp)
    report(out, args)


if __name__ == "__main__":
    main()
