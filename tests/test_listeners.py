"""What runs by itself on a write is installed in one place (`fieldapp/listeners.py`), and each
model is a decision: audited or not (with the reason), on the phone's copy or not (with the reason)."""
import subprocess
import sys
from pathlib import Path

import pytest

from fieldapp.extensions import db
from fieldapp.services.audit import AUDITED, NOT_AUDITED
from fieldapp.services.field_data import CARD_SOURCES, NOT_ON_CARD

ROOT = Path(__file__).resolve().parents[1]

_PROBE = """
from sqlalchemy import event
from sqlalchemy.orm import Session
from fieldapp.services import audit, field_data, search
def installed():
    return [event.contains(Session, "after_flush", audit.record_changes),
            event.contains(Session, "before_flush", field_data.touch_changed_dogs),
            event.contains(Session, "after_flush", search.reindex_noted_dogs)]
print(installed())
from fieldapp import create_app
create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "TESTING": True})
print(installed())
create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "TESTING": True})
from sqlalchemy.orm import Session as S
print(sum(1 for fn in S.dispatch.after_flush._clslevel[S] if fn in (audit.record_changes, search.reindex_noted_dogs)))
"""


def test_importing_installs_nothing_and_create_app_installs_once():
    out = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "[False, False, False]"
    assert out[1] == "[True, True, True]"
    assert out[2] == "2"  # the audit trail and the search text, not twice each


def models(app):
    with app.app_context():
        return sorted((m for m in db.Model.registry._class_registry.values() if hasattr(m, "__table__")),
                      key=lambda m: m.__name__)


def test_every_model_is_audited_or_says_why_not(app):
    undecided = [m.__name__ for m in models(app) if m not in AUDITED and m not in NOT_AUDITED]
    assert not undecided, f"add to AUDITED or NOT_AUDITED (services/audit.py): {undecided}"
    assert not set(AUDITED) & set(NOT_AUDITED)


def test_every_model_reaches_the_phones_copy_or_says_why_not(app):
    def on_card(m):
        return m in CARD_SOURCES or "dog_id" in m.__table__.c
    undecided = [m.__name__ for m in models(app) if not on_card(m) and m.__name__ not in NOT_ON_CARD]
    assert not undecided, f"add to CARD_SOURCES or NOT_ON_CARD (services/field_data.py): {undecided}"
    stale = [name for name in NOT_ON_CARD if name not in {m.__name__ for m in models(app)}]
    assert not stale, f"NOT_ON_CARD names models that no longer exist: {stale}"


@pytest.mark.parametrize("model", sorted(NOT_AUDITED, key=lambda m: m.__name__), ids=lambda m: m.__name__)
def test_a_model_left_out_of_the_history_says_why(model):
    assert len(NOT_AUDITED[model]) > 10
