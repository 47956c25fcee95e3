"""Real headless Chromium (Debian's, driven by Playwright) against the app in a subprocess.

Never skips: a browser test that does not run is a failing test. `.ci/run` and `make test`
install Debian's chromium.
"""
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from datetime import datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page

from fieldapp.timeutil import DEFAULT_TZ

from ..databases import empty_database_uri

CHROMIUM = "/usr/bin/chromium"
# Let context.route() see the service worker's own requests (its outbox replays), as a page's.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
ROOT = Path(__file__).resolve().parents[2]

# The app's Content-Security-Policy has no 'unsafe-eval'. Playwright evaluates a bare expression
# given to wait_for_function again on every poll, which that policy refuses; a function is
# evaluated once. So every test's expression is sent as a function (the pages keep their CSP).
_wait_for_function = Page.wait_for_function


_FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")


def _wait_for_function_under_csp(self, expression, *args, **kwargs):
    if not _FUNCTION.match(expression):
        expression = f"() => ({expression})"
    # A poll that lands while the page is between documents finds no body yet
    # ("Cannot read properties of null"): that is "not yet", not a failure (seen under load in CI).
    if not expression.lstrip().startswith("async"):  # a promise would count as true at once
        expression = (f"(...a) => {{ try {{ return ({expression})(...a); }} "
                      "catch (e) { if (e instanceof TypeError) return false; throw e; } }")
    return _wait_for_function(self, expression, *args, **kwargs)


Page.wait_for_function = _wait_for_function_under_csp


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    assert os.path.exists(CHROMIUM), "Debian's chromium is required: apt-get install chromium"
    return {**browser_type_launch_args, "executable_path": CHROMIUM}


@pytest.fixture(scope="session")
def browser(browser):
    """Every phone is in the town's time zone, as an officer's phone in Sandy Creek is: its
    "today" is the town's, at any hour the suite runs (UTC's date turns five hours earlier)."""
    new_context, new_page = browser.new_context, browser.new_page
    browser.new_context = lambda **kw: new_context(**{"timezone_id": DEFAULT_TZ.key, **kw})
    browser.new_page = lambda **kw: new_page(**{"timezone_id": DEFAULT_TZ.key, **kw})
    return browser


def town_today():
    """Today in the town (the tests' dates typed on a phone are the town's, not the machine's)."""
    return datetime.now(DEFAULT_TZ).date()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """The app in its own process on a fixed port; `kill()` and `start()` again at will. Its last
    log lines (each request and its status, any traceback) are kept for a failed test's report."""

    def __init__(self, db_uri: str):
        self.port = free_port()
        self.db_uri = db_uri  # tests/databases.py: a SQLite file, or a PostgreSQL database
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None
        self.log = deque(maxlen=150)

    def start(self):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.browser.serve", str(self.port), self.db_uri],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.time() + 30
        seen = []
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if "READY" in line:
                # Keep reading its log, or a full pipe would block the server mid-test.
                threading.Thread(target=self._drain, args=(self.proc,), daemon=True).start()
                return self
            seen.append(line)
            if self.proc.poll() is not None:
                raise RuntimeError("server exited: " + "".join(seen) + self.proc.stdout.read())
        raise RuntimeError("server did not start in 30 s: " + "".join(seen))

    def _drain(self, proc):
        for line in proc.stdout:
            if '"GET /static/' in line and ('" 200 ' in line or '" 304 ' in line):
                continue  # the shell's files, served: they would push the pages out of the log
            self.log.append(line)

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None

    def app(self):
        """An app bound to the same database, to check what the server stored."""
        from fieldapp import create_app
        return create_app({"SQLALCHEMY_DATABASE_URI": self.db_uri, "SECRET_KEY": "x"})


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(empty_database_uri(tmp_path, "live")).start()
    yield server
    server.kill()


def sign_in(page, base_url, username="dco", password="sandycreek"):
    page.goto(f"{base_url}/login")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base_url}/")


@pytest.fixture(scope="session")
def journey_server(tmp_path_factory):
    """One server for the journeys of a run: each journey works on its own dogs and people."""
    server = LiveServer(empty_database_uri(tmp_path_factory.mktemp("journeys"), "live")).start()
    yield server
    server.kill()


@pytest.fixture
def phone(browser, journey_server):
    """A fresh phone (its own storage and service worker) on the journeys' server."""
    from .journey import Phone, phone_context
    context = phone_context(browser, permissions=["geolocation"],
                            geolocation={"latitude": 43.6512, "longitude": -76.0871, "accuracy": 15})
    yield Phone(context.new_page(), journey_server.url)
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test says what every phone had on screen, and what its server logged last
    (each request with its status): a flake seen once in CI is then read from its report rather
    than guessed at."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if report.when != "call" or not report.failed or browser is None:
        return
    lines = []
    for n, context in enumerate(browser.contexts, start=1):
        for page in context.pages:
            try:
                text = page.inner_text("body", timeout=2000)
            except Exception as err:  # a page mid-navigation, or closed: say so and go on
                text = f"({type(err).__name__})"
            lines.append(f"phone {n}: {page.url}\n{text[:1500]}\n")
    report.sections.append(("what each phone showed", "\n".join(lines)))
    for server in {id(v): v for v in item.funcargs.values() if isinstance(v, LiveServer)}.values():
        report.sections.append((f"what the server on port {server.port} logged last", "".join(server.log)))
