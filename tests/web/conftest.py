"""Fixtures for the web tests beyond the shared ones in tests/conftest.py."""
import pytest


@pytest.fixture
def clerk(client, auth):
    """A test client signed in as the town clerk."""
    auth.login("clerk")
    return client
