"""The clerk's renewals and follow-up pages, and the PDFs they link to, cost the same number of
SQL statements in the demo town and in a bulk town with five years of past (county scale: they once
ran one query per dog, 1,964 at 2,000 dogs)."""
import pytest

from fieldapp import create_app
from fieldapp.cli import DEMO_PASSWORD, seed_demo
from fieldapp.extensions import db
from fieldapp.querycount import counting_queries
from fieldapp.services import follow_up, renewals
from fieldapp.timeutil import local_today

from ..conftest import make_test_config
from ..databases import empty_database_uri

BULK_DOGS = 200

PAGES = ("/clerk/renewals/?within=90&expired=1", "/clerk/renewals/?within=30&expired=0",
         "/clerk/renewals/labels.pdf?within=90&expired=1", "/clerk/follow-up/")


@pytest.fixture(scope="module")
def bulk_town(tmp_path_factory):
    """A bulk town of 200 dogs with five years of past, on the suite's kind of database."""
    app = create_app(make_test_config(empty_database_uri(tmp_path_factory.mktemp("bulk"), "bulk")))
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=BULK_DOGS)
        db.session.remove()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def signed_in_clerk(app):
    client = app.test_client()
    assert client.post("/login", data={"username": "clerk", "password": DEMO_PASSWORD}).status_code == 302
    return client


def statements_of(app, client, method, url, data=None):
    """The statements one request runs (after the same request once, so nothing is first)."""
    with app.app_context():
        engine = db.engine
    send = client.get if method == "GET" else client.post
    assert send(url, data=data).status_code == 200, url
    with counting_queries(engine) as statements:
        response = send(url, data=data)
    assert response.status_code == 200, url
    return statements


def listed(app):
    """How many licenses the renewal list and the follow-up list show, and a dog of each follow-up list."""
    with app.app_context():
        today = local_today()
        due = renewals.renewal_items(today, 90, True)
        expired = follow_up.expired_over_30(today)
        never = follow_up.never_licensed(today)
        return (len(due), len(expired), expired[0].dog.id if expired else None,
                never[0].dog.id if never else None)


def test_renewals_and_follow_up_pages_cost_the_same_statements_whatever_the_number_of_dogs(app, bulk_town):
    demo_due, demo_expired, _, _ = listed(app)
    bulk_due, bulk_expired, _, _ = listed(bulk_town)
    assert bulk_due > 3 * demo_due and bulk_expired > 3 * demo_expired  # the bulk town lists many more
    demo, bulk = signed_in_clerk(app), signed_in_clerk(bulk_town)
    for url in PAGES:
        few = statements_of(app, demo, "GET", url)
        many = statements_of(bulk_town, bulk, "GET", url)
        assert len(many) <= len(few) <= 25, (url, len(few), len(many), many)  # the counts and page ids: 4


def test_follow_up_letters_cost_the_same_statements_whatever_the_number_of_dogs(app, bulk_town):
    counts = {}
    for name, town in (("demo", app), ("bulk", bulk_town)):
        _, _, expired_dog, never_dog = listed(town)
        client = signed_in_clerk(town)
        for kind, dog_id in (("expired", expired_dog), ("never licensed", never_dog)):
            if dog_id is not None:  # a bulk town may know of no dog never licensed
                url = f"/clerk/follow-up/dogs/{dog_id}/letter.pdf"
                counts[name, kind] = len(statements_of(town, client, "GET", url))
    assert ("demo", "expired") in counts and ("demo", "never licensed") in counts
    for (_, kind), n in counts.items():
        assert n <= counts["demo", kind] <= 30, counts


def test_renewal_letters_read_the_same_statements_whatever_the_number_of_dogs(app, bulk_town):
    """Printing the letters reads the list in a fixed number of statements; what it writes is a
    notice row for each license (one INSERT each on SQLite, batched on PostgreSQL)."""
    reads = []
    for town in (app, bulk_town):
        client = signed_in_clerk(town)
        statements = statements_of(town, client, "POST", "/clerk/renewals/letters.pdf",
                                   data={"within": "90", "expired": "1", "again": "1"})
        inserts = [s for s in statements if s.lstrip().upper().startswith("INSERT INTO RENEWAL_NOTICE")]
        reads.append(len(statements) - len(inserts))
        assert len(inserts) <= listed(town)[0]
    demo, bulk = reads
    assert bulk <= demo <= 25, reads
