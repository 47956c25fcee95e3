"""Faults: the server is killed (SIGKILL) at random moments while several phones sync
entries with photos, and started again, many times over. At the end every entry is stored
exactly once with all its photos, no audit event or history row is doubled, and no ticket
number is given twice.

The kills are drawn from a seeded random generator; the seed is printed, and a failing run is
replayed (as far as thread timing allows) with the same seed:

    FAULT_SEED=123456 .venv/bin/python -m pytest -q -s tests/faults/test_random_kills.py

FAULT_KILLS (default 30) and FAULT_PHONES (default 4) make it longer or wider.
"""
import itertools
import os
import random
import threading
import time
from collections import Counter

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Event, FieldEntry, User
from fieldapp.models.audit import Change
from fieldapp.models.enforcement import AppearanceTicket, Photo, Violation
from fieldapp.models.tickets import TicketBlock, TicketNumberUse
from tests.databases import empty_database_uri

from .outbox import PASSWORD, Phone
from .server import ForkedServer

SEED = int(os.environ.get("FAULT_SEED") or random.SystemRandom().randrange(1_000_000))
KILLS = int(os.environ.get("FAULT_KILLS", "30"))
PHONES = int(os.environ.get("FAULT_PHONES", "4"))
MAX_ENTRIES = 100  # per phone: a cap on a slow machine's run; on this pace it is rarely reached


@pytest.fixture
def server(tmp_path):
    server = ForkedServer(empty_database_uri(tmp_path, "faults"), tmp_path / "server.log").start()
    yield server
    server.kill()


def officers_and_dogs(server, count):
    """A dog control officer per phone (so each has its own ticket numbers), and a few dogs."""
    app = server.app()
    app.config["PASSWORD_HASH_METHOD"] = "pbkdf2:sha256:1000"  # sign-in in milliseconds, between kills
    with app.app_context():
        users = []
        for n in range(count):
            user = User(username=f"faults{n}", full_name=f"Officer Fault {n}", role="dco", badge_number=f"F-{n}")
            user.set_password(PASSWORD)
            db.session.add(user)
            users.append(user)
        db.session.commit()
        officers = [(u.username, u.id) for u in users]
        dogs = list(db.session.execute(db.select(Dog.id).order_by(Dog.id).limit(5)).scalars())
        db.session.remove()
        db.engine.dispose()
    return officers, dogs


def test_random_kills_lose_nothing_and_double_nothing(server):
    print(f"\nFAULT_SEED={SEED} FAULT_KILLS={KILLS} FAULT_PHONES={PHONES}")
    rng = random.Random(SEED)
    officers, dogs = officers_and_dogs(server, PHONES)
    phones = [Phone(server.url, name, officer_id, random.Random(rng.random()), dogs) for name, officer_id in officers]
    stop, failures, on_duty = threading.Event(), [], threading.Barrier(len(phones) + 1, timeout=120)

    def shift(phone):
        try:
            deadline = time.time() + 300
            phone.sign_in(deadline)  # before the shift, with a ticket block: then the kills begin
            phone.reserve_block(deadline)
            on_duty.wait()
            while not stop.is_set():
                if len(phone.numbers) < 2:
                    phone.reserve_block(deadline)  # the next book of ticket numbers, through the kills too
                if phone.rng.random() < 0.3 and len(phone.done) + len(phone.outbox) < MAX_ENTRIES:
                    phone.record()  # now and then, as at the roadside: the sync goes on through every kill
                    phone.last_recorded = time.time() - started
                phone.flush()
                time.sleep(phone.rng.uniform(0.02, 0.3))
            while not phone.flush():  # the server stays up now: the outbox must empty
                assert time.time() < deadline, f"{phone.username}: {len(phone.outbox)} entries never went"
                assert not phone.problems, phone.problems
        except BaseException as exc:  # noqa: BLE001  (reported below, with the seed)
            failures.append(f"{phone.username}: {exc!r}")
            on_duty.abort()  # a phone that never got on duty stops the test, not a 2-minute wait

    threads = [threading.Thread(target=shift, args=(p,), daemon=True) for p in phones]
    started = time.time()
    for t in threads:
        t.start()
    try:
        on_duty.wait()
    except threading.BrokenBarrierError:
        pytest.fail(f"the phones could not start their shift: {failures}")
    restarts = 0.0
    for _ in range(KILLS):
        time.sleep(rng.uniform(0.05, 1.2))  # up for a random while, mid-request or not
        server.crash()
        time.sleep(rng.uniform(0.0, 0.3))  # down: the phones get connection refused
        restarting = time.time()
        server.start()
        restarts += time.time() - restarting
    stop.set()
    for t in threads:
        t.join(120)
    took = time.time() - started
    replay = f"(replay: FAULT_SEED={SEED})"
    tries = Counter()
    for phone in phones:
        tries.update(phone.tries)
    entries, photos = sum(len(p.done) for p in phones), sum(len(e.photos) for p in phones for e in p.done)
    print(f"{KILLS} kills in {took:.1f} s (restarts {restarts:.1f} s); {entries} entries (the last recorded at "
          f"{max(p.last_recorded for p in phones):.1f} s), {photos} photos; retries: {dict(tries)}")
    problems = failures + [f"{p.username}: {m}" for p in phones for m in p.problems]
    log = server.log()
    assert not problems, f"{replay} {problems}\n--- server log ---\n{log[-5000:]}"
    assert not any(t.is_alive() for t in threads), replay
    assert "Traceback" not in log, f"{replay}\n{log[-5000:]}"
    check_stored_exactly_once(server, phones, replay)


def check_stored_exactly_once(server, phones, replay):
    sent = {e.id: (p.officer_id, e) for p in phones for e in p.done}
    of_kind = {kind: {i for i, (_, e) in sent.items() if e.kind == kind} for kind in ("violation", "ticket", "ticket_void")}
    app = server.app()
    with app.app_context():
        q = db.session.execute
        # Every entry exactly once, by its officer, with the result the phone was given.
        stored = {f.id: f for f in q(db.select(FieldEntry)).scalars()}
        assert set(stored) == set(sent), replay
        for entry_id, (officer_id, entry) in sent.items():
            assert stored[entry_id].officer_id == officer_id and stored[entry_id].kind == entry.kind, replay
            # The answer adds the record's page (made by the API, not stored) to the stored result.
            given = {k: v for k, v in entry.result.items() if k != "url"}
            assert stored[entry_id].result == given, replay
        violations = list(q(db.select(Violation.entry_id)).scalars())
        assert sorted(violations) == sorted(of_kind["violation"]), replay

        # Every photo once, all of them, in order.
        photos = Counter()
        for entry_id, index in q(db.select(Photo.entry_id, Photo.index)):
            photos[(entry_id, index)] += 1
        expected = {(i, n) for i, (_, e) in sent.items() for n in range(len(e.photos))}
        assert set(photos) == expected and set(photos.values()) <= {1}, replay

        # §9 no ticket number given twice: each ticket has the phone's number, each void its own.
        tickets = {t.entry_id: t for t in q(db.select(AppearanceTicket)).scalars()}
        assert set(tickets) == of_kind["ticket"], replay
        numbers = [t.number for t in tickets.values()]
        assert len(numbers) == len(set(numbers)), replay
        for entry_id, ticket in tickets.items():
            payload = sent[entry_id][1].payload
            assert ticket.number == payload["ticket_number"], replay
            assert ticket.violation_entry_id == payload["violation_entry_id"] and ticket.violation_id, replay
        uses = list(q(db.select(TicketNumberUse)).scalars())
        assert len(uses) == len({u.number for u in uses}) == len(of_kind["ticket"]) + len(of_kind["ticket_void"])
        assert {(u.entry_id, u.status, u.number) for u in uses} == (
            {(i, "used", sent[i][1].payload["ticket_number"]) for i in of_kind["ticket"]}
            | {(i, "void", sent[i][1].payload["ticket_number"]) for i in of_kind["ticket_void"]}), replay

        # No audit event doubled: one per entry for what sync writes, one per block reserved.
        events = list(q(db.select(Event)).scalars())
        per_entry = Counter((e.kind, e.data.get("entry_id")) for e in events if e.data.get("entry_id"))
        assert set(per_entry.values()) == {1}, (replay, [k for k, n in per_entry.items() if n > 1])
        assert {i for kind, i in per_entry if kind == "violation.recorded"} == of_kind["violation"], replay
        assert {i for kind, i in per_entry if kind == "ticket.issued"} == of_kind["ticket"], replay
        voided = Counter(e.data["number"] for e in events if e.kind == "ticket_number.voided")
        assert sorted(voided) == sorted(sent[i][1].payload["ticket_number"] for i in of_kind["ticket_void"])
        assert set(voided.values()) == {1}, replay
        ranges = q(db.select(TicketBlock.id, TicketBlock.first, TicketBlock.last).order_by(TicketBlock.first)).all()
        assert all(a.last < b.first for a, b in itertools.pairwise(ranges)), replay  # no two books share a number
        blocks = {b.id for b in ranges}
        reserved = Counter(e.subject_id for e in events if e.kind == "ticket_block.reserved")
        assert set(reserved) == blocks and set(reserved.values()) == {1}, replay

        # And no row's history says it was created twice.
        created = Counter(q(db.select(Change.subject_type, Change.subject_key).filter_by(action="created")).all())
        assert set(created.values()) == {1}, (replay, [k for k, n in created.items() if n > 1])
        db.session.remove()
        db.engine.dispose()
