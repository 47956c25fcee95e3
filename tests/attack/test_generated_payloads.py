"""Property-based: thousands of generated payloads to every sync kind and every API endpoint.
Never a 5xx; a refused request (4xx) writes nothing (the row count of every table is the same
before and after). About 10,000 requests a run, spread over the tests below."""
import json
import math
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fieldapp.api.views import PHOTO_TYPES
from fieldapp.law import VIOLATIONS

from .support import dog_id, entry
from .wsgi import FastClient


def run(examples):
    """Many examples, no deadline (the machine may be busy), nothing kept between runs."""
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))

# --- what goes wrong in the field and on purpose ---------------------------------------------

NASTY_TEXT = ["", " ", "\ud800", "a\udfffb", "\x00", "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00",
              "2026-02-30", "2026-10-19T25:61", "99999999999999999999", "9223372036854775808", "-1", "0",
              "1e309", "NaN", "Infinity", "-0", "SC-000001", "SC-999999999", "' OR 1=1 --", "<script>x</script>",
              "../../etc/passwd", "%00", "x" * 400, "é" * 301, "🐕" * 200, "yes", "no", "on", "true",
              "6A1", "6B", "5A1", "6A1-hunting", str(uuid.uuid4()), "2026-10-19", "2026-10-19T09:30"]
CODES = list(VIOLATIONS) + [e.code for v in VIOLATIONS.values() for e in v.exceptions]

texts = st.one_of(st.sampled_from(NASTY_TEXT), st.text(max_size=20),
                  st.text(st.characters(codec="utf-16", categories=["Cs", "Lo", "So", "Cc"]), max_size=5),
                  st.sampled_from(CODES))
numbers = st.one_of(st.integers(), st.integers(min_value=2**53 - 2, max_value=2**70),
                    st.integers(min_value=-2**70, max_value=-2**53 + 2), st.floats(),
                    st.sampled_from([0, -1, 1, 2**63, 2**63 - 1, -2**63 - 1, 1e308, math.inf, math.nan]))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
deep = st.integers(min_value=5, max_value=40).map(lambda n: json.loads("[" * n + "]" * n))
field_values = st.one_of(scalars, scalars, values, deep, st.lists(st.sampled_from(CODES), max_size=6))

COMMON = ["dog_id", "dog_description", "codes", "ruled_out", "latitude", "longitude", "accuracy",
          "location_text", "violation_entry_id"]
FIELDS = {
    "violation": COMMON + ["owner_description", "occurred_at", "narrative", "witness", "rabies_request",
                           "supersedes_entry_id"],
    "seizure": COMMON + ["owner_known", "seized_at", "held_at", "notes"],
    "ticket": COMMON + ["served_capacity", "served_name", "served_address", "minor_owner_name", "served_at",
                        "appear_on", "ticket_number", "served_how", "service_note", "occurred_at", "served_email"],
    "ticket_void": ["ticket_number", "reason"],
    "complaint": COMMON + ["complainant_name", "complainant_residence", "complainant_phone", "violation_place",
                           "sworn", "nature", "violation_on",
                           "owner_name", "owner_residence", "forward_now"],
    "rabies_request": ["dog_id", "dog_description", "requested_of", "requested_on"],
}
BASE = {
    "violation": {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "occurred_at": "2026-10-19T09:30",
                  "location_text": "Lake Rd", "dog_description": "brown hound"},
    "seizure": {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "owner_known": "no",
                "location_text": "Lake Rd", "dog_description": "brown hound", "held_at": "Town pound"},
    "ticket": {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "served_capacity": "owner",
               "served_name": "Pat Doe", "served_address": "1 Lake Rd", "dog_description": "brown hound",
               "location_text": "Lake Rd"},
    "ticket_void": {"ticket_number": "SC-000001", "reason": "spoiled"},
    "complaint": {"complainant_name": "Jo Soper", "complainant_residence": "2 Lake Rd",
                  "violation_place": "Fox Rd at the mailbox", "sworn": "on",
                  "nature": "Dog loose", "violation_on": "2026-10-18", "dog_description": "brown hound"},
    "rabies_request": {"dog_description": "brown hound", "requested_of": "Pat Doe"},
}


@st.composite
def payloads(draw, kind):
    """The kind's plausible payload with a few fields replaced, removed or added."""
    payload = dict(BASE[kind])
    for name in draw(st.lists(st.sampled_from(FIELDS[kind]), min_size=1, max_size=4, unique=True)):
        if draw(st.integers(0, 9)) == 0:
            payload.pop(name, None)
        else:
            payload[name] = draw(field_values)
    if draw(st.integers(0, 5)) == 0:
        payload[draw(st.text(max_size=70))] = draw(field_values)
    return payload


# --- the harness -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def max_id(town):
    return str(dog_id(town))


@pytest.fixture(scope="module")
def fast(town, officer):
    client, me, rows = officer
    return FastClient(town, client), me, rows


def check(fast_client, rows, send):
    """`send()` -> (status, body): never a 5xx; a refusal writes nothing; every answer is JSON.
    The counts after a refusal are the counts before the next request (counted once)."""
    before = rows.last if getattr(rows, "last", None) is not None else rows()
    status, body = send()
    assert status < 500, body[:500]
    if status >= 400:
        after = rows()
        assert after == before, (status, body[:300])
        rows.last = after
        answer = json.loads(body)
        assert answer.get("errors") or answer.get("message"), answer
    else:
        rows.last = None  # it may have written: count again before the next one
    return status, body


KINDS = list(FIELDS)
PER_KIND = int(__import__("os").environ.get("PER_KIND", 1100))  # x 6 kinds


@pytest.mark.parametrize("kind", KINDS)
@run(PER_KIND)
@given(data=st.data())
def test_sync_payloads_of_every_kind(fast, max_id, kind, data):
    client, me, rows = fast
    payload = data.draw(payloads(kind))
    if "dog_id" not in payload and data.draw(st.booleans()):
        payload["dog_id"] = max_id
    check(client, rows, lambda: client.post_json("/api/sync", entry(me, kind, payload)))


@run(1000)
@given(over=st.dictionaries(st.sampled_from(["id", "kind", "recorded_at", "payload", "officer_id", "extra"]),
                            field_values, min_size=1, max_size=3),
       kind=st.sampled_from(KINDS + ["", "test", "VIOLATION"]))
def test_sync_envelopes(fast, kind, over):
    client, me, rows = fast
    body = {**entry(me, kind, dict(BASE.get(kind, {}))), **over}
    check(client, rows, lambda: client.post_json("/api/sync", body))


@run(800)
@given(body=st.dictionaries(st.sampled_from(["device_id", "size", "other"]), field_values, max_size=3))
def test_ticket_blocks(fast, body):
    client, me, rows = fast
    check(client, rows, lambda: client.post_json("/api/ticket-blocks", body))


@run(800)
@given(number=st.one_of(st.sampled_from(NASTY_TEXT), st.text(max_size=12)).filter(lambda t: "/" not in t),
       body=st.dictionaries(st.sampled_from(["reason", "other"]), field_values, max_size=2))
def test_ticket_voids(fast, number, body):
    client, me, rows = fast
    from urllib.parse import quote
    path = "/api/ticket-numbers/" + quote(number.encode("utf-8", "surrogatepass"), safe="") + "/void"
    check(client, rows, lambda: client.post_json(path, body))


@run(500)
@given(body=st.dictionaries(st.sampled_from(["id", "kind", "payload", "last_error", "created_at",
                                             "discarded_at"]), field_values, max_size=5))
def test_discarded_outbox_entries(fast, body):
    client, me, rows = fast
    check(client, rows, lambda: client.post_json("/api/outbox/discarded", body))


@run(300)
@given(since=st.one_of(st.sampled_from(NASTY_TEXT), st.integers().map(str)))
def test_field_dataset_versions(fast, since):
    client, me, rows = fast
    from urllib.parse import quote
    check(client, rows, lambda: client.request("GET", "/api/field-dataset",
                                               query="since=" + quote(since.encode("utf-8", "surrogatepass"))))


@pytest.fixture(scope="module")
def my_entry(fast, town):
    client, me, rows = fast
    body = entry(me, "violation", {**BASE["violation"], "dog_id": str(dog_id(town))})
    status, _ = client.post_json("/api/sync", body)
    assert status == 201
    rows.last = None  # written outside `check`: count again
    return body["id"]


@run(500)
@given(data=st.binary(max_size=600), ctype=st.sampled_from(sorted(PHOTO_TYPES) + ["text/plain", "image/gif"]),
       index=st.integers(min_value=-5, max_value=2**70), known=st.booleans())
def test_photos(fast, my_entry, data, ctype, index, known):
    client, me, rows = fast
    entry_id = my_entry if known else str(uuid.uuid4())
    check(client, rows, lambda: client.request("POST", f"/api/sync/{entry_id}/photos/{index}", data, ctype))


@run(200)
@given(items=st.lists(st.one_of(
    st.dictionaries(st.sampled_from(["id", "kind", "recorded_at", "payload", "officer_id", "extra"]),
                    field_values, min_size=1, max_size=4),
    field_values), min_size=1, max_size=4),
    kinds=st.lists(st.sampled_from(KINDS), min_size=4, max_size=4))
def test_sync_batch_entries(fast, items, kinds):
    """Generated entries in a batch: never a 5xx for the request or any entry, one outcome each,
    in order; entries made of the generated parts over a plausible one."""
    client, me, rows = fast
    entries = [{**{k: v for k, v in entry(me, kind, dict(BASE[kind])).items() if k != "officer_id"}, **item}
               if isinstance(item, dict) else item for item, kind in zip(items, kinds, strict=False)]
    status, body = check(client, rows, lambda: client.post_json("/api/sync/batch", {"officer_id": me,
                                                                                     "entries": entries}))
    assert status == 200, body[:300]
    outcomes = json.loads(body)["outcomes"]
    assert [o["index"] for o in outcomes] == list(range(len(entries)))
    assert all(o["http"] < 500 for o in outcomes), outcomes
