"""A seeded fuzzer of POST /api/sync/batch: a few hundred generated batches that mix good entries
with malformed ones (wrong types in every part of an entry, lists, objects, huge numbers, NUL,
very long text, bad UUIDs, the same id twice in a batch, unknown kinds, another officer's entry
id, a phone clock in 2099, entries following a refused one). Never a 5xx, for the request or any
entry; each entry answered for itself (one outcome each, in order, with its index and its id as
sent); every good entry stored exactly once, and nothing of a refused one.

The seed is printed, and a failing run is replayed with it:

    BATCH_SEED=123456 .venv/bin/python -m pytest -q -s tests/attack/test_batch_fuzz.py

BATCH_FUZZ_BATCHES (default 300) makes it longer. Runs on SQLite and, with the suite's
PostgreSQL switch, on PostgreSQL (tests/databases.py).
"""
import json
import os
import random
import time
import uuid
from collections import Counter
from datetime import timedelta

import pytest

from fieldapp.api.batch import BATCH_MAX
from fieldapp.extensions import db
from fieldapp.models import FieldEntry
from fieldapp.models.enforcement import Impoundment, RabiesRequest, SwornComplaint, Violation
from fieldapp.timeutil import DEFAULT_TZ, utcnow

from .support import dog_id, entry, signed_in, user_id
from .wsgi import FastClient

SEED = int(os.environ.get("BATCH_SEED") or random.SystemRandom().randrange(1_000_000))
BATCHES = int(os.environ.get("BATCH_FUZZ_BATCHES", "300"))
REPLAY = f"(replay: BATCH_SEED={SEED})"
RECORDS = {"violation": Violation, "seizure": Impoundment, "complaint": SwornComplaint,
           "rabies_request": RabiesRequest}

# --- values --------------------------------------------------------------------------------------

GOOD_TEXT = ["Lake Rd by the mailbox", "Rte 3 & Ridge Rd", "O'Neil farm, north gate", "Ça va — près du lac",
             "🐕 by the school", "<b>not html</b>", "  Main St  ", "Exit 36, I-81 southbound"]
# Anything in an entry that check_document refuses, wherever it is: the entry's 422.
UNREADABLE = [float("nan"), float("inf"), -float("inf"), 2**53, -(2**60), 2**80, "a\x00b", "\x00",
              "x" * 20_001, "\ud800", "ab\udfff", [[[[[["deep"]]]]]], {"a": {"b": {"c": {"d": {"e": {}}}}}},
              list(range(501)), {f"k{n}": n for n in range(501)}, {"k" * 65: 1}]
WRONG_TYPES = [[], ["a", "b"], {"a": "b"}, True, False, 12, 3.5, [{"x": 1}], [None]]
BAD_IDS = [None, 7, 2**70, 1.5, True, [], [str(uuid.UUID(int=1))], {"id": str(uuid.UUID(int=2))}, "",
           "not-a-uuid", str(uuid.UUID(int=3)) + "x", "\x00" * 36, "z" * 5000, "12345678-1234-1234-1234-12345678901g"]
BAD_KINDS = ["", "VIOLATION", "test", "ticket ", "seizures", ["violation"], {"kind": "violation"}, 7, None, True,
             "x" * 300, "viol\x00ation"]
BAD_TIMES = ["2099-06-01T10:00:00+00:00", "2199-01-01T00:00:00Z", "2026-10-19T09:30", "yesterday", "", 20261019,
             None, ["2026-10-19T13:30:00+00:00"], {"t": 1}, "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+01:00",
             "2026-02-30T10:00:00+00:00", "x" * 100]
NOT_PAYLOADS = [None, [], ["codes"], "payload", 5, True, 0.5]
# Fields each kind reads and refuses when they are not what a form sends.
READ_FIELDS = {
    "violation": {"location_text": WRONG_TYPES, "dog_description": WRONG_TYPES, "occurred_at":
                  WRONG_TYPES + ["2026-13-45T10:00", "2099-01-01T10:00", "soon"],
                  "codes": [5, {"a": 1}, [1], ["NOPE"], True, [["6A1"]], [None], None, "6A1-hunting"],
                  "ruled_out": [5, {"a": 1}, [1], True, [["6B"]], [None], None, []],
                  "latitude": [[], {"a": 1}, "abc", 1000, True]},
    "complaint": {"complainant_name": WRONG_TYPES, "nature": WRONG_TYPES,
                  "violation_on": WRONG_TYPES + ["2099-01-01", "2026-02-30", "01/02/2026"],
                  "sworn": [[], {"a": 1}, "no", False, None, 0]},
    "rabies_request": {"requested_of": WRONG_TYPES, "dog_description": WRONG_TYPES,
                       "requested_on": WRONG_TYPES + ["2099-01-01", "tomorrow"]},
}


class Fuzz:
    """One generated run: the batches, what each entry should get, and the good ones stored."""

    def __init__(self, rng: random.Random, me: int, max_dog: int, others_entry: dict):
        self.rng, self.me, self.max_dog, self.others_entry = rng, me, max_dog, others_entry
        self.good: dict[str, dict] = {}  # id -> the entry as first sent (and answered 201)
        self.results: dict[str, dict] = {}  # id -> its stored result
        self.good_violations: list[str] = []  # ids of stored violations (none of a dog on file)
        self.followed: set[str] = set()
        now = utcnow().astimezone(DEFAULT_TZ)
        self.recent = lambda: (now - timedelta(minutes=rng.randrange(5, 600))).strftime("%Y-%m-%dT%H:%M")
        self.yesterday = (now.date() - timedelta(days=1)).isoformat()

    # -- good entries
    def text(self):
        return self.rng.choice(GOOD_TEXT)

    def good_payload(self, kind: str) -> dict:
        rng = self.rng
        if kind == "violation":
            payload = {"codes": rng.choice(["6A1", ["6A1"]]), "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
                       "occurred_at": self.recent(), "dog_description": "brown hound " + self.text()}
            if rng.random() < 0.5:
                payload["location_text"] = self.text()
            else:
                payload.update(latitude=rng.choice([43.64, "43.6401"]), longitude=rng.choice([-76.08, "-76.0812"]),
                               accuracy=rng.choice([12, "8.5"]))
            if rng.random() < 0.3:
                payload["narrative"] = self.text() * rng.randrange(1, 4)
            return payload
        if kind == "complaint":
            return {"complainant_name": "Jo Soper", "complainant_residence": "2 Lake Rd",
                    "violation_place": "Fox Rd at the mailbox",
                    "sworn": rng.choice(["on", "y", True]), "nature": "Dog loose " + self.text(),
                    "violation_on": self.yesterday, "dog_description": "brown hound"}
        if kind == "rabies_request":
            payload = {"dog_description": "brown hound", "requested_of": "Pat Doe"}
            if rng.random() < 0.3:
                payload["dog_id"] = str(self.max_dog)
            return payload
        raise AssertionError(kind)

    def good_entry(self, batch):
        """A new good entry: most often a violation; a seizure following a good violation (stored
        in an earlier batch, or earlier in this one)."""
        rng = self.rng
        here = [e["id"] for e, (what, _) in batch if what == "new" and e["kind"] == "violation"]
        violations = [v for v in self.good_violations + here if v not in self.followed]
        if violations and rng.random() < 0.2:
            follows = rng.choice(violations)
            self.followed.add(follows)  # a dog is seized once
            payload = {"violation_entry_id": follows, "held_at": "Town pound", "seized_at": self.recent()}
            return self.new("seizure", payload), ("new", None)
        kind = rng.choices(["violation", "complaint", "rabies_request"], [6, 2, 2])[0]
        return self.new(kind, self.good_payload(kind)), ("new", None)

    def new(self, kind, payload, **over):
        item = entry(self.me, kind, payload, **over)
        del item["officer_id"]
        if self.rng.random() < 0.2:
            item["officer_id"] = self.rng.choice([self.me, "x", None])  # ignored inside a batch
        return item

    # -- malformed entries: (item, (expectation, detail))
    def bad_entry(self, batch):
        rng = self.rng
        kind = rng.choice(list(READ_FIELDS))
        choice = rng.randrange(11)
        if choice == 0:  # not an entry at all
            return rng.choice([None, "entry", 5, [1, 2], True, 1e308]), ("refused", 422)
        if choice == 1:
            return self.new(kind, self.good_payload(kind), id=rng.choice(BAD_IDS)), ("refused", 422)
        if choice == 2:
            return self.new(rng.choice(BAD_KINDS), self.good_payload(kind)), ("refused", 422)
        if choice == 3:
            return self.new(kind, self.good_payload(kind), recorded_at=rng.choice(BAD_TIMES)), ("refused", 422)
        if choice == 4:
            return self.new(kind, rng.choice(NOT_PAYLOADS)), ("refused", 422)
        if choice == 5:  # something no form sends, anywhere in the entry
            item = self.new(kind, self.good_payload(kind))
            where = rng.choice(["payload", "envelope", "field"])
            value = rng.choice(UNREADABLE)
            if where == "payload":
                item["payload"][rng.choice(["location_text", "extra", "dog_description", "narrative"])] = value
            elif where == "envelope":
                item[rng.choice(["extra", "officer_id", "photos"])] = value
            else:
                item["payload"]["x" * rng.choice([1, 65])] = value
            return item, ("refused", 422)
        if choice == 6:  # a field the kind reads, of the wrong type
            payload = self.good_payload(kind)
            name = rng.choice(list(READ_FIELDS[kind]))
            payload[name] = rng.choice(READ_FIELDS[kind][name])
            if name == "latitude":
                payload.pop("location_text", None)
                payload.setdefault("longitude", -76.08)
            return self.new(kind, payload), ("refused", 422)
        if choice == 7:  # following an entry refused earlier in this batch
            accepted = {e["id"] for e, (what, _) in batch if what in ("new", "again")}
            refused = [e for e, (what, _) in batch if what == "refused" and isinstance(e, dict)
                       and isinstance(e.get("id"), str) and _uuid(e["id"]) and e["id"] not in accepted]
            if refused:
                follows = rng.choice(refused)["id"]
                follows = follows.upper() if rng.random() < 0.3 else follows
                return self.new("seizure", {"violation_entry_id": follows, "held_at": "Town pound"}), ("refused", 424)
            return self.new("seizure", {"violation_entry_id": rng.choice(WRONG_TYPES + ["nope"]),
                                        "held_at": "Town pound"}), ("refused", 422)
        if choice == 8:  # the id of a good entry of this batch, with other content
            firsts = [e for e, (what, _) in batch if what == "new"]
            if firsts:
                twin = dict(rng.choice(firsts))
                twin["payload"] = {**twin["payload"], "narrative": "changed " + self.text()}
                return twin, ("refused", 409)
            return self.new("violation", self.good_payload("violation"), id=str(uuid.uuid4()).upper() + "-"), \
                ("refused", 422)
        if choice == 9:  # another officer's entry id, its very content or other
            twin = {k: v for k, v in self.others_entry.items() if k != "officer_id"}
            if rng.random() < 0.5:
                twin["payload"] = {**twin["payload"], "narrative": self.text()}
            return twin, ("refused", 409)
        # an unknown field on an otherwise good entry is not a reason to refuse it: good
        item, expect = self.good_entry(batch)
        item["payload"]["unknown_" + str(rng.randrange(100))] = rng.choice(["", "x", 1, None, ["a"], {"b": 1}])
        return item, expect

    def batch(self):
        """One batch: its entries with what each should get."""
        rng = self.rng
        size = min(50, max(1, int(rng.expovariate(1 / 7))))
        batch = []
        for _ in range(size):
            roll = rng.random()
            if roll < 0.40:
                batch.append(self.good_entry(batch))
            elif roll < 0.48 and (self.good or any(w == "new" for _, (w, _) in batch)):
                # the same good entry again: in this batch (a double tap) or from an earlier one (a
                # batch cut off and sent again): the stored result, never a second record
                earlier = [e for e, (w, _) in batch if w == "new"]
                if earlier and (not self.good or rng.random() < 0.5):
                    item = rng.choice(earlier)
                else:
                    item = self.good[rng.choice(sorted(self.good))]
                batch.append((json.loads(json.dumps(item)), ("again", item["id"])))
            else:
                batch.append(self.bad_entry(batch))
        return batch


def _uuid(text):
    try:
        return str(uuid.UUID(text)) == text.lower() and len(text) == 36
    except (ValueError, AttributeError):
        return False


def _said(value):
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return value


@pytest.fixture(scope="module")
def others_entry(town):
    """An entry recorded by the constable: its id, replayed by the DCO's phone, is never the DCO's."""
    client = signed_in(town, "constable")
    body = entry(user_id(town, "constable"), "rabies_request",
                 {"dog_description": "grey terrier", "requested_of": "Sam Roe"})
    answer = client.post("/api/sync", json=body)
    assert answer.status_code == 201, answer.json
    return body


def _stored(app):
    with app.app_context():
        ids = set(db.session.execute(db.select(FieldEntry.id)).scalars())
        records = {kind: Counter(db.session.execute(db.select(model.entry_id)).scalars())
                   for kind, model in RECORDS.items()}
        db.session.remove()
    return ids, records


def test_batch_fuzz_no_5xx_each_entry_answered_good_ones_stored_once(town, officer, others_entry):
    print(f"\nBATCH_SEED={SEED} BATCH_FUZZ_BATCHES={BATCHES}")
    client, me, _rows = officer
    fast = FastClient(town, client)
    rng = random.Random(SEED)
    fuzz = Fuzz(rng, me, dog_id(town), others_entry)
    before, records_before = _stored(town)
    started, sent, statuses = time.time(), 0, Counter()
    for number in range(BATCHES):
        batch = fuzz.batch()
        items = [item for item, _ in batch]
        if rng.random() < 0.05:  # now and then the request itself is wrong: refused whole, nothing kept
            body, expect = rng.choice([({"officer_id": "someone", "entries": items}, 403),
                                       ({"officer_id": me, "entries": items * (BATCH_MAX + 1)}, 422),
                                       ({"officer_id": me, "entries": {"0": items}}, 422),
                                       ({"officer_id": me}, 422), (items, 400)])
            status, answer = fast.post_json("/api/sync/batch", body)
            assert status == expect, (number, status, answer[:300], REPLAY)
            continue
        status, answer = fast.post_json("/api/sync/batch", {"officer_id": me, "entries": items})
        where = f"batch {number} {REPLAY}"
        assert status == 200, (where, status, answer[:500])
        outcomes = json.loads(answer)["outcomes"]
        assert len(outcomes) == len(items), where
        sent += len(items)
        for index, ((item, (what, detail)), outcome) in enumerate(zip(batch, outcomes, strict=True)):
            said = _said(item.get("id")) if isinstance(item, dict) else None
            code = outcome["http"]
            statuses[code] += 1
            context = (where, index, what, detail, outcome, json.dumps(item)[:400])
            assert outcome["index"] == index and outcome["id"] == said, context
            assert code < 500, context
            if what == "new":
                assert code == 201 and "result" in outcome, context
                fuzz.good[item["id"]] = item
                fuzz.results[item["id"]] = outcome["result"]
                if item["kind"] == "violation":
                    fuzz.good_violations.append(item["id"])
            elif what == "again":
                assert code == 200 and outcome["result"] == fuzz.results[detail], context
            else:
                assert 400 <= code < 500 and "result" not in outcome, context
                assert code == detail, context
                assert outcome.get("errors") or outcome.get("message"), context
    took = time.time() - started
    after, records_after = _stored(town)
    assert after - before == set(fuzz.good), ("stored: not the good entries", REPLAY)
    for kind in RECORDS:
        good = {i for i, e in fuzz.good.items() if e["kind"] == kind}
        added = records_after[kind] - records_before[kind]
        assert set(added) == good and all(n == 1 for n in added.values()), (kind, REPLAY)
    print(f"{BATCHES} batches, {sent} entries, {len(fuzz.good)} good stored, in {took:.1f} s; "
          f"answers {dict(sorted(statuses.items()))}")
    assert statuses[201] and statuses[200] and statuses[422] and statuses[424] and statuses[409], statuses
