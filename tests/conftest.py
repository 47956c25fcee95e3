"""Shared fixtures: an app on a fresh SQLite file with the demo town, a client, a CLI runner,
and a small sign-in helper (flaskr style)."""
import shutil

import pytest

from fieldapp import create_app
from fieldapp.cli import DEMO_PASSWORD, seed_demo
from fieldapp.extensions import db


def make_test_config(db_path) -> dict:
    return {
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "PUBLIC_BASE_URL": "https://dogs.sandycreekny.example",
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",  # fast in tests only
    }


@pytest.fixture(scope="session")
def demo_town_db(tmp_path_factory):
    """The demo town built once per run; each test gets its own copy of the file."""
    path = tmp_path_factory.mktemp("template") / "demo.sqlite"
    app = create_app(make_test_config(path))
    with app.app_context():
        db.create_all()
        seed_demo()
        db.session.remove()
        db.engine.dispose()  # checkpoints the WAL into the main file
    return path


@pytest.fixture
def make_app(tmp_path, demo_town_db):
    """make_app(**config): an app on its own copy of the demo town, with config overrides
    (e.g. CSRF or rate limits switched on)."""
    apps = []

    def make(**overrides):
        path = tmp_path / f"test{len(apps)}.sqlite"
        shutil.copyfile(demo_town_db, path)
        apps.append(create_app({**make_test_config(path), **overrides}))
        return apps[-1]
    yield make
    for made in apps:
        with made.app_context():
            db.session.remove()
            db.engine.dispose()


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
