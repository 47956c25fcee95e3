"""Fixtures for the web tests beyond the shared ones in tests/conftest.py."""
import socketserver
import threading

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Tag

from .support import SMTPSink, ensure_tags


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
