"""County scale: the pages that list the town's past cost a constant number of SQL statements, however
many records there are: the Justice's docket, the DL-18 CSV of a period, the kennel board and
the ticket-number audit. Each is counted on two bulk towns (seed_demo(n_dogs=...): owners, tags
and five years of past, fieldapp/demo/history/), the larger with about four times the records.
On both the page must stay within its budget: one statement per table it reads, whatever the
number of rows (a town may run one or two fewer where a relation has nothing to load: SQLAlchemy
skips a selectinload with no parents). A page that reads per row (an N+1) runs past it."""
import re
from datetime import date

import pytest
from sqlalchemy import event

from fieldapp import create_app
from fieldapp.cli import DEMO_PASSWORD, seed_demo
from fieldapp.extensions import db
from fieldapp.models.enforcement import AppearanceTicket, Impoundment
from fieldapp.models.tickets import TicketBlock
from fieldapp.querycount import counting_queries

from ..conftest import make_test_config
from ..databases import empty_database_uri

SIZES = (400, 1600) # dogs in the smaller and the larger town


@pytest.fixture(scope="module")
def towns(tmp_path_factory):
    """{n_dogs: app} for each of SIZES, each on its own new database."""
    made = {}
    for n in SIZES:
        app = create_app(make_test_config(empty_database_uri(tmp_path_factory.mktemp("scale"), f"scale{n}")))
        with app.app_context():
            db.create_all()
            seed_demo(n_dogs=n)
            db.session.remove()
        made[n] = app
    yield made
    for app in made.values():
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def _statements_and_page(app, username, url) -> tuple[int, str]:
    client = app.test_client()
    assert client.post("/login", data={"username": username, "password": DEMO_PASSWORD}).status_code == 302
    with app.app_context():
        engine = db.engine
    client.get(url)  # settings and the like read once, as on any first request
    with counting_queries(engine) as statements:
        response = client.get(url)
    assert response.status_code == 200, response.status_code
    return len(statements), response.get_data(as_text=True)


def _count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(model))


def _both(towns, username, url, budget):
    small, large = (_statements_and_page(towns[n], username, url) for n in SIZES)
    assert max(small[0], large[0]) <= budget, (small[0], large[0])
    return small[1], large[1]


def test_larger_town_has_more_of_every_record_these_pages_list(towns):
    small, large = (towns[n] for n in SIZES)
    for model in (AppearanceTicket, Impoundment, TicketBlock):
        assert _count(large, model) > _count(small, model) > 0, model.__name__


def _an_open_ticket(app):
    """One ticket still open, whatever the history made on the day the test runs."""
    import uuid

    from fieldapp.models import Dog, User
    from fieldapp.timeutil import local_today, utcnow
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        dog_id = db.session.scalars(db.select(Dog.id).order_by(Dog.id)).first()
        db.session.add(AppearanceTicket(
            entry_id=str(uuid.uuid4()), number=f"T{uuid.uuid4().hex[:8]}", dog_id=dog_id, codes=["6A1"],
            served_capacity="owner", served_name="Gary Plumb", served_address="300 Fox Rd", served_at=utcnow(),
            served_how="personal", court_name="Sandy Creek Town Court", court_address="1992 Harwood Dr",
            appear_on=local_today(), appear_time="18:00", officer_id=dco.id, officer_name="Dog Officer"))
        db.session.commit()


def test_docket_runs_the_same_statements_however_many_cases_were_heard(towns):
    # the user; tickets and complaints still open (SQL), each with dogs, hearings, dispositions;
    # the complaints' summonses
    for app in towns.values():
        _an_open_ticket(app)
    small_page, large_page = _both(towns, "justice", "/court/docket", budget=10)
    assert "data-docket-case" in small_page and "data-docket-case" in large_page


def test_dl18_csv_runs_the_same_statements_however_many_seizures_it_lists(towns):
    today = date.today()
    url = f"/reports/dl18.csv?from={today.year - 6}-01-01&to={today.year}-12-31"
    # the user; impoundments, dogs, tags, owner links, owners, the dogs' impoundments, notices,
    # officers, dispositions, their receipts and licenses
    small_csv, large_csv = _both(towns, "clerk", url, budget=12)
    assert len(large_csv.splitlines()) > 2 * len(small_csv.splitlines()) > 2


def test_kennel_board_runs_the_same_statements_however_many_dogs_were_impounded(towns):
    # the user, the settings; held (notices, dogs, their impoundments) and ended (dogs, their
    # impoundments); the dogs' orders (one UNION); the payment lines
    small_page, large_page = _both(towns, "clerk", "/impoundments", budget=11)
    ended = re.compile(r"<li data-status=")
    assert len(ended.findall(large_page)) > len(ended.findall(small_page)) > 0


def test_ticket_number_audit_runs_the_same_statements_however_many_blocks_were_reserved(towns):
    # the user; the town's settings (its name in the header); numbers taken; blocks and their
    # officers; voids and their officers
    small_page, large_page = _both(towns, "clerk", "/tickets/numbers", budget=7)
    assert "number-range" in small_page and "number-range" in large_page


def test_docket_reads_only_the_open_cases_from_the_database(towns):
    from fieldapp.models.enforcement import SwornComplaint
    from fieldapp.services.court import Case, docket
    from fieldapp.timeutil import local_today
    app = towns[SIZES[-1]]
    with app.app_context():
        db.session.remove()
        loaded = []  # every ticket and complaint the docket builds from a row

        def keep(target, context):
            loaded.append(target)
        for model in (AppearanceTicket, SwornComplaint):
            event.listen(model, "load", keep)
        try:
            shown = docket(local_today())
        finally:
            for model in (AppearanceTicket, SwornComplaint):
                event.remove(model, "load", keep)
        every = db.session.scalars(db.select(AppearanceTicket)).all() + db.session.scalars(db.select(SwornComplaint)).all()
        open_cases = [r for r in every if not Case(r).decided and (isinstance(r, AppearanceTicket) or r.status == "forwarded")]
        assert len(every) > 2 * len(loaded)  # most cases were decided years ago
        assert {id(r) for r in loaded} == {id(r) for r in open_cases}
        assert sorted(id(c.record) for part in shown.values() for c in part) == sorted(id(r) for r in open_cases)
        db.session.remove()
