"""The town's counters under concurrency: several workers at once never get the same number
(§5(G) identification numbers, license numbers, §9 appearance ticket blocks).

Each worker is a thread with its own app context, so its own session and connection, as the
app's processes would have. They start together at a barrier and hold their transaction open
a moment after taking a number, so a read-then-write counter would hand one number out twice.
The suite runs this on SQLite and, with TEST_DATABASE_URL, on PostgreSQL."""
import threading
import time

from fieldapp.extensions import db
from fieldapp.models import Dog, User
from fieldapp.services import ticket_numbers
from fieldapp.services.numbers import assign_id_number, next_license_number

WORKERS = 6
ROUNDS = 5


def run_together(app, work):
    """work(i) in WORKERS threads, each ROUNDS times, each round its own committed transaction."""
    barrier = threading.Barrier(WORKERS)
    results, errors = [], []

    def worker(i):
        try:
            with app.app_context():
                barrier.wait(timeout=30)
                for _ in range(ROUNDS):
                    got = work(i)
                    time.sleep(0.01)  # the transaction stays open with the number taken
                    db.session.commit()
                    results.append(got)
                db.session.remove()
        except Exception as exc:  # reported below with the worker's number
            errors.append((i, repr(exc)))
            barrier.abort()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(WORKERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    assert len(results) == WORKERS * ROUNDS
    return results


def test_s5G_license_numbers_from_many_workers_are_never_given_twice(app):
    # A year with no counter yet: the workers also race to create it.
    numbers = run_together(app, lambda i: next_license_number(2031))
    assert len(set(numbers)) == len(numbers)
    assert sorted(numbers) == [f"2031-{n:05d}" for n in range(1, WORKERS * ROUNDS + 1)]


def test_s5G_identification_numbers_from_many_workers_are_never_given_twice(app):
    def number_new_dog(i):
        dog = Dog(name=f"Pup {i}", sex="F", breed="Beagle", color="tan")
        db.session.add(dog)
        return assign_id_number(dog)

    numbers = run_together(app, number_new_dog)
    assert len(set(numbers)) == len(numbers), sorted(numbers)
    with app.app_context():
        stored = db.session.execute(db.select(Dog.id_number).where(Dog.id_number.in_(numbers))).scalars().all()
    assert sorted(stored) == sorted(numbers)


def test_s5G_one_dog_numbered_by_two_clerks_at_once_keeps_one_number(app):
    with app.app_context():
        dog = Dog(name="Twice", sex="M", breed="Beagle", color="tan")
        db.session.add(dog)
        db.session.commit()
        dog_id = dog.id

    def number_the_same_dog(i):
        return assign_id_number(db.session.get(Dog, dog_id))

    numbers = run_together(app, number_the_same_dog)
    with app.app_context():
        stored = db.session.get(Dog, dog_id).id_number
    assert set(numbers) == {stored}


def test_s9_ticket_blocks_reserved_by_many_phones_never_overlap(app):
    with app.app_context():
        officer_id = db.session.execute(db.select(User.id).filter_by(username="dco")).scalar_one()

    def reserve(i):
        block = ticket_numbers.reserve_block(db.session.get(User, officer_id), f"phone-{i}", size=7)
        return block.first, block.last

    blocks = sorted(run_together(app, reserve))
    numbers = [n for first, last in blocks for n in range(first, last + 1)]
    assert len(numbers) == len(set(numbers)) == WORKERS * ROUNDS * 7
    assert all(last - first == 6 for first, last in blocks)
