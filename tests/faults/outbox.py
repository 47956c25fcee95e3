"""A phone's outbox in Python, for the fault tests: what `fieldapp/static/js/queue.js` does, over
plain HTTP against the app in a subprocess.

Each entry has a client-made UUID and is kept until the server confirmed it (a 2xx outcome with
a result) and every one of its photos; entries go in order, in batches (`POST /api/sync/batch`),
then each confirmed entry's photos one request each (`POST /api/sync/<id>/photos/<n>`, a raw
JPEG). A network error, a 5xx or a 503 keeps everything for the next try. Whatever the server
refuses (a 4xx outcome, a 500) is kept in `problems`: in these tests every entry is valid, so a
refusal or a 500 is a finding.
"""
import http.client
import http.cookiejar
import io
import json
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field

from PIL import Image

PASSWORD = "fault-tests"
VIOLATION = {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "occurred_at": "2026-10-19T09:30",
             "location_text": "Lake Rd at County Route 15", "narrative": "Dog loose on the road, no one with it."}
# Served an hour ago: CPL §150.10(1), a return date already past when the ticket reaches the
# office is refused, so the ticket is as recent as the run.
TICKET = {"served_capacity": "owner", "served_name": "Mary Miller", "served_how": "personal",
          "location_text": "Lake Rd at County Route 15",
          "served_address": "100 Harwood Dr, Sandy Creek, NY 13145",
          "served_at": time.strftime("%Y-%m-%dT%H:%M:00+00:00", time.gmtime(time.time() - 3600)),
          "confirm_duplicate": "y"}  # many tickets to one dog in a day, each for its own violation
RECORDED_AT = "2026-10-19T13:30:00+00:00"
NETWORK_ERRORS = (OSError, http.client.HTTPException)  # refused, reset, cut off mid-answer, timed out


def jpeg(rng: random.Random) -> bytes:
    """A small real JPEG, a different colour each time."""
    out = io.BytesIO()
    Image.new("RGB", (48, 36), tuple(rng.randrange(256) for _ in range(3))).save(out, "JPEG", quality=80)
    return out.getvalue()


@dataclass
class Entry:
    kind: str
    payload: dict
    photos: list[bytes]
    id: str = field(default_factory=lambda: str(uuid.uuid4()))
    result: dict | None = None
    photos_sent: int = 0


class Answer:
    def __init__(self, status: int, body: bytes, headers):
        self.status, self.headers = status, headers
        try:
            self.json = json.loads(body) if body else None
        except ValueError:
            self.json = None
        self.text = body.decode("utf-8", "replace")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Phone:
    """One officer's phone: a session cookie, a block of ticket numbers, an outbox."""

    def __init__(self, base_url: str, username: str, officer_id: int, rng: random.Random, dog_ids: list[int]):
        self.base, self.username, self.officer_id, self.rng, self.dog_ids = base_url, username, officer_id, rng, dog_ids
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect)
        self.outbox: list[Entry] = []
        self.done: list[Entry] = []
        self.numbers: list[str] = []
        self.problems: list[str] = []
        # network errors, 503s and 5xx retried; entries the server already had (answer lost, 200)
        self.tries = {"network": 0, "503": 0, "5xx": 0, "replayed": 0}
        self.last_recorded = 0.0

    # --- HTTP ------------------------------------------------------------------------------
    def request(self, method, path, body=None, content_type=None) -> Answer | None:
        """The server's answer, or None when the network failed (the server is down)."""
        headers = {"Content-Type": content_type} if content_type else {}
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=headers)
        try:
            with self.opener.open(req, timeout=20) as res:
                return Answer(res.status, res.read(), res.headers)
        except urllib.error.HTTPError as exc:
            try:
                return Answer(exc.code, exc.read(), exc.headers)
            except NETWORK_ERRORS:
                return None
        except NETWORK_ERRORS:
            self.tries["network"] += 1
            return None

    def post_json(self, path, document) -> Answer | None:
        return self.request("POST", path, json.dumps(document).encode(), "application/json")

    def retryable(self, answer: Answer | None, what: str) -> bool:
        """Network error or 5xx: wait a little (the phone backs off) and try again later."""
        if answer is None:
            time.sleep(self.rng.uniform(0.03, 0.12))
            return True
        if answer.status >= 500:
            if answer.status == 503:
                self.tries["503"] += 1
                assert answer.headers.get("Retry-After"), f"{what}: a 503 without Retry-After"
            else:
                self.tries["5xx"] += 1
                self.problems.append(f"{what}: {answer.status} {answer.text[:300]}")
            time.sleep(self.rng.uniform(0.05, 0.2))
            return True
        return False

    def sign_in(self, deadline: float):
        while time.time() < deadline:
            page = self.request("GET", "/login")
            if page is None or page.status >= 500:
                self.retryable(page, "GET /login")
                continue
            token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page.text)
            form = urllib.parse.urlencode({"csrf_token": token.group(1) if token else "", "username": self.username,
                                           "password": PASSWORD}).encode()
            answer = self.request("POST", "/login", form, "application/x-www-form-urlencoded")
            if answer is not None and answer.status == 302:
                return
            if not self.retryable(answer, "POST /login"):
                raise AssertionError(f"{self.username} could not sign in: {answer.status} {answer.text[:300]}")
        raise AssertionError(f"{self.username} could not sign in before the deadline")

    def reserve_block(self, deadline: float, size=8):
        """§9 a block of ticket numbers for this phone. A block whose answer was lost stays unused."""
        while time.time() < deadline:
            answer = self.post_json("/api/ticket-blocks", {"device_id": f"phone-{self.username}", "size": size})
            if answer is not None and answer.status == 401:
                self.sign_in(deadline)
                continue
            if answer is not None and answer.status == 201:
                self.numbers += answer.json["block"]["numbers"]
                return
            if not self.retryable(answer, "POST /api/ticket-blocks"):
                raise AssertionError(f"ticket block refused: {answer.status} {answer.text[:300]}")
        raise AssertionError("no ticket block before the deadline")

    # --- recording -------------------------------------------------------------------------
    def record(self):
        """What an officer does at the roadside: a violation (with photos), sometimes a ticket
        for it (a number from the block), or a spoiled ticket number voided."""
        roll = self.rng.random()
        if roll < 0.15 and self.numbers:
            self.outbox.append(Entry("ticket_void", {"ticket_number": self.numbers.pop(0), "reason": "torn"}, []))
            return
        dog = {"dog_id": str(self.rng.choice(self.dog_ids))} if self.rng.random() < 0.5 else \
            {"dog_description": f"brown hound {self.rng.randrange(1000)}"}
        violation = Entry("violation", {**VIOLATION, **dog}, [jpeg(self.rng) for _ in range(self.rng.choice((0, 1, 1, 2, 3)))])
        self.outbox.append(violation)
        if roll < 0.55 and self.numbers:
            self.outbox.append(Entry("ticket", {**TICKET, "violation_entry_id": violation.id,
                                                "ticket_number": self.numbers.pop(0)},
                                     [jpeg(self.rng) for _ in range(self.rng.choice((0, 0, 1)))]))

    # --- sending ---------------------------------------------------------------------------
    def flush(self) -> bool:
        """One pass over the outbox, as queue.flush: True when it is empty."""
        pending = [e for e in self.outbox if e.result is None]
        i = 0
        while i < len(pending):
            batch = pending[i:i + self.rng.randint(1, 6)]
            if not self.send_batch(batch):
                return False
            i += len(batch)
        for entry in [e for e in self.outbox if e.result is not None]:
            if not self.send_photos(entry):
                return False
        self.done += [e for e in self.outbox if e.result is not None and e.photos_sent == len(e.photos)]
        self.outbox = [e for e in self.outbox if not (e.result is not None and e.photos_sent == len(e.photos))]
        return not self.outbox

    def send_batch(self, batch: list[Entry]) -> bool:
        body = {"officer_id": self.officer_id, "entries": [
            {"id": e.id, "kind": e.kind, "recorded_at": RECORDED_AT, "payload": e.payload} for e in batch]}
        answer = self.post_json("/api/sync/batch", body)
        if answer is not None and answer.status == 401:
            self.sign_in(time.time() + 60)
            return False
        if answer is not None and answer.json and isinstance(answer.json.get("outcomes"), list):
            by_id = {e.id: e for e in batch}
            for outcome in answer.json["outcomes"]:
                entry = by_id.get(outcome.get("id"))
                if entry is None:
                    self.problems.append(f"an outcome for an entry not sent: {outcome}")
                elif outcome["http"] in (200, 201):
                    if entry.result is not None and entry.result != outcome["result"]:
                        self.problems.append(f"{entry.id}: a second, different result {outcome}")
                    entry.result = outcome["result"]
                    self.tries["replayed"] += outcome["http"] == 200
                elif outcome["http"] == 424:
                    pass  # waits with the one it follows, which is a problem of its own
                else:
                    self.problems.append(f"{entry.kind} {entry.id}: {outcome}")
                    if outcome["http"] < 500:
                        self.outbox.remove(entry)  # refused: the phone keeps it as "failed"
        if answer is not None and answer.status == 200:
            return True
        if self.retryable(answer, "POST /api/sync/batch"):
            return False
        self.problems.append(f"batch refused: {answer.status} {answer.text[:300]}")
        return False

    def send_photos(self, entry: Entry) -> bool:
        while entry.photos_sent < len(entry.photos):
            n = entry.photos_sent
            answer = self.request("POST", f"/api/sync/{entry.id}/photos/{n}", entry.photos[n], "image/jpeg")
            if answer is not None and answer.status == 201:
                entry.photos_sent += 1
                continue
            if answer is not None and answer.status == 401:
                self.sign_in(time.time() + 60)
                return False
            if not self.retryable(answer, f"photo {n} of {entry.id}"):
                self.problems.append(f"photo {n} of {entry.id} refused: {answer.status} {answer.text[:300]}")
                self.outbox.remove(entry)  # kept on the phone as failed
            return False
        return True
