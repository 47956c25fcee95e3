"""Shared fixtures: an app on a fresh SQLite file with the demo town, a client, a CLI runner,
and a small sign-in helper (flaskr style)."""
import pytest

from fieldapp import create_app
from fieldapp.cli import DEMO_PASSWORD, seed_demo
from fieldapp.extensions import db


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite'}",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "PUBLIC_BASE_URL": "https://dogs.sandycreekny.example",
    })
    with app.app_context():
        db.create_all()
        seed_demo()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


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
