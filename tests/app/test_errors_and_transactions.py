"""One error type and one transaction rule: services raise ServiceError and never commit; the
request commits on success and rolls back otherwise; a refusal answers 422 (JSON to the API)."""
import pathlib

import pytest
from flask_wtf import FlaskForm
from wtforms import StringField

from fieldapp.extensions import db
from fieldapp.models import Event, record_event
from fieldapp.services.errors import ServiceError
from fieldapp.web import refusal_on_form

FIELDAPP = pathlib.Path(__file__).resolve().parents[2] / "fieldapp"


def _events(app, kind):
    with app.app_context():
        return db.session.execute(db.select(db.func.count(Event.id)).filter_by(kind=kind)).scalar()


@pytest.fixture
def test_app(make_app):
    """The app with a few routes that write an event and then answer in different ways."""
    app = make_app()

    @app.get("/_write/<outcome>")
    @app.get("/api/_write/<outcome>")
    def write(outcome):
        record_event(f"test.{outcome}", None, actor=None)
        db.session.flush()
        if outcome == "refused":
            raise ServiceError({"name": "Enter a name.", "": "Nothing was saved."})
        return ("", 422) if outcome == "invalid" else ("written", 200)
    return app


def test_the_request_commits_what_a_successful_call_wrote(test_app):
    assert test_app.test_client().get("/_write/ok").status_code == 200
    assert _events(test_app, "test.ok") == 1


def test_a_request_answering_an_error_keeps_nothing(test_app):
    assert test_app.test_client().get("/_write/invalid").status_code == 422
    assert _events(test_app, "test.invalid") == 0


def test_an_unshown_service_error_is_422_with_its_messages_and_nothing_is_kept(test_app):
    client = test_app.test_client()
    api = client.get("/api/_write/refused")
    assert api.status_code == 422 and api.is_json
    assert api.get_json()["errors"] == {"name": "Enter a name.", "": "Nothing was saved."}
    page = client.get("/_write/refused")
    assert page.status_code == 422 and "text/html" in page.content_type
    assert "Enter a name." in page.get_data(as_text=True)
    assert _events(test_app, "test.refused") == 0


class _NameForm(FlaskForm):
    name = StringField("Name")


def test_refusal_on_form_ties_messages_to_fields_and_keeps_the_rest_form_wide(app):
    with app.test_request_context(method="POST"):
        form = _NameForm(meta={"csrf": False})
        rest = refusal_on_form(ServiceError({"name": "Enter a name.", "": "Nothing was saved."}), form)
        assert form.name.errors == ["Enter a name."]
        assert rest == ["Nothing was saved."] and form.form_errors == ["Nothing was saved."]
        assert ["Nothing was saved."] in form.errors.values()  # so the view answers 422


def test_record_event_needs_its_actor_said(app):
    with app.app_context(), pytest.raises(TypeError):
        record_event("test.no_actor", None)


def test_models_and_services_know_nothing_of_the_signed_in_user():
    """The actor is passed down by the view; models and services never read Flask-Login."""
    readers = [str(p.relative_to(FIELDAPP)) for folder in ("models", "services")
               for p in (FIELDAPP / folder).glob("*.py") if "flask_login" in p.read_text()]
    assert readers == []


def test_services_never_commit_or_roll_back():
    """Except submit_entry, which is its own transaction by design (idempotent on the UUID)."""
    offenders = [p.name for p in (FIELDAPP / "services").glob("*.py")
                 if p.name != "entries.py"
                 and ("session.commit(" in p.read_text() or "session.rollback(" in p.read_text())]
    assert offenders == []
