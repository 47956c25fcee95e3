"""Shared fixtures: an app on a fresh copy of the demo town (a SQLite file, or a PostgreSQL
database when TEST_DATABASE_URL is set: see tests/databases.py), a client, a CLI runner,
a small sign-in helper (flaskr style), a client signed in as the clerk, the demo dogs' tags
and a local SMTP server. Rows a test states itself: tests/factories.py."""
import shutil
import socketserver
import tempfile
import threading

import pytest

from fieldapp import create_app
from fieldapp.cli import DEMO_PASSWORD, seed_demo
from fieldapp.extensions import db
from fieldapp.models import Dog, Tag

from .databases import empty_database_uri, on_postgres, postgres_server
from .support import SMTPSink, ensure_tags


def make_test_config(db) -> dict:
    """The test settings on `db`: a database URI, or the path of a SQLite file."""
    uri = str(db)
    return {
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": uri if "://" in uri else f"sqlite:///{uri}",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "PUBLIC_BASE_URL": "https://dogs.sandycreekny.example",
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",  # fast in tests only
        # Each app its own stored copies: a pooled PostgreSQL database is emptied and seeded again
        # between tests, its data versions starting over (services/copy_store.py).
        "FIELD_COPY_DIR": tempfile.mkdtemp(prefix="field-copy-"),
    }


SUITE_LATE_ENTRY_DAYS = 36500


def allow_the_suites_fixed_dates():
    """The suite's entries carry fixed dates (October 2026) that grow older every day; the test
    town lets them through the stale-date gate (setting `late_entry_days`, default 3). The gate's
    own tests set it back (tests/field/test_holds.py)."""
    from fieldapp.settings import set_setting
    set_setting("late_entry_days", SUITE_LATE_ENTRY_DAYS)
    db.session.commit()


@pytest.fixture(scope="session")
def demo_town_db(tmp_path_factory):
    """The demo town built once per run: a SQLite file each test copies, or on PostgreSQL the
    name of a template database each test's database is created from."""
    if on_postgres():
        server = postgres_server()
        name = server.create("demo_template")
        source = server.uri(name)
    else:
        source = name = tmp_path_factory.mktemp("template") / "demo.sqlite"
    app = create_app(make_test_config(source))
    with app.app_context():
        db.create_all()
        seed_demo()
        allow_the_suites_fixed_dates()
        db.session.remove()
        db.engine.dispose()  # SQLite: checkpoints the WAL; PostgreSQL: a template has no sessions
        if on_postgres():
            postgres_server().make_template(name, db.metadata.sorted_tables)
    return name


@pytest.fixture(scope="session", autouse=True)
def _drop_this_runs_databases():
    """PostgreSQL: at the end of the run, drop every database the run made."""
    yield
    if on_postgres():
        postgres_server().drop_all()


@pytest.fixture
def empty_database(tmp_path):
    """empty_database(label) -> the URI of a new empty database on the suite's kind of database."""
    return lambda label="empty": empty_database_uri(tmp_path, label)


@pytest.fixture
def make_app(tmp_path, demo_town_db):
    """make_app(**config): an app on its own copy of the demo town, with config overrides
    (e.g. CSRF or rate limits switched on)."""
    apps, databases = [], []

    def make(**overrides):
        if on_postgres():
            server = postgres_server()
            databases.append(server.checkout(demo_town_db))
            source = server.uri(databases[-1])
        else:
            source = tmp_path / f"test{len(apps)}.sqlite"
            shutil.copyfile(demo_town_db, source)
        apps.append(create_app({**make_test_config(source), **overrides}))
        return apps[-1]
    yield make
    for made in apps:
        with made.app_context():
            db.session.remove()
            db.engine.dispose()
    for name in databases:
        postgres_server().checkin(demo_town_db, name)


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


class AuthActions:
    def __init__(self, client):
        self._client = client

    def login(self, username="clerk", password=DEMO_PASSWORD):
        return self._client.post("/login", data={"username": username, "password": password})

    def logout(self):
        return self._client.post("/logout")


@pytest.fixture
def auth(client):
    return AuthActions(client)


@pytest.fixture
def clerk(client, auth):
    """A test client signed in as the town clerk."""
    auth.login("clerk")
    return client


@pytest.fixture
def tokens(app):
    return ensure_tags(app)


@pytest.fixture
def retired_token(app, tokens):
    with app.app_context():
        dog = db.session.execute(db.select(Dog).filter_by(name="Max")).scalar_one()
        db.session.add(Tag(token="RETIREDTOKEN0001", serial=899001, dog_id=dog.id, status="retired"))
        db.session.add(Tag(token="BLANKTOKEN000001", serial=899002, status="blank"))
        db.session.commit()
    return "RETIREDTOKEN0001"


@pytest.fixture
def smtp_sink():
    """A real SMTP server on a local socket; `.messages` holds what it received."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), SMTPSink)
    server.daemon_threads = True
    server.messages = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def two_towns(app):
    """Sandy Creek and a second town, Elm Hollow, with a dog (Rex); the DCO serves both; a third
    town is no one's. The ids: first, second, third, dog, dco."""
    from fieldapp.models import Dog, User, UserTown
    from fieldapp.models.town import Town
    from fieldapp.town import acting_for

    from .factories import make_town
    with app.app_context():
        first = db.session.scalars(db.select(Town).order_by(Town.id)).first()
        second, third = make_town("Elm Hollow"), make_town("Far Hills")
        dco = db.session.scalars(db.select(User).filter_by(username="dco")).one()
        db.session.add(UserTown(user_id=dco.id, town_id=second.id))  # and the first, as the demo seeds it
        with acting_for(second.id):
            dog = Dog(name="Rex", sex="M", breed="Beagle", color="tan")
            db.session.add(dog)
            db.session.flush()
        ids = {"first": first.id, "second": second.id, "third": third.id, "dog": dog.id, "dco": dco.id}
        db.session.commit()
        return ids
