"""One app per module for the attack tests (they refuse, so the town does not change much),
signed in as the DCO, who holds every roadside power."""
import shutil

import pytest

from fieldapp import create_app
from fieldapp.extensions import db
from tests.conftest import make_test_config
from tests.databases import on_postgres, postgres_server

from .support import RowCounter, signed_in, user_id


@pytest.fixture(scope="module")
def town(tmp_path_factory, demo_town_db):
    """The demo town for one module: a copy of the SQLite file, or a pooled PostgreSQL copy."""
    if on_postgres():
        server = postgres_server()
        name = server.checkout(demo_town_db)
        source = server.uri(name)
    else:
        source = tmp_path_factory.mktemp("attack") / "town.sqlite"
        shutil.copyfile(demo_town_db, source)
    app = create_app(make_test_config(source))
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    if on_postgres():
        server.checkin(demo_town_db, name)


@pytest.fixture(scope="module")
def officer(town):
    """(client signed in as the DCO, the DCO's user id, a row counter of every table)."""
    return signed_in(town), user_id(town), RowCounter(town)
