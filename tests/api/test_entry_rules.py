"""The entries' rules as data (services/enforcement/rules.py) are the validators' own: each rule
the phone checks is refused by the server with the same message, and each exception of the
law's table is in the document with the message the server shows."""
import pytest

from fieldapp.extensions import db
from fieldapp.law import VIOLATIONS
from fieldapp.models import Dog, User
from fieldapp.services.enforcement.rules import REQUIRED, entry_rules
from fieldapp.services.errors import ServiceError
from fieldapp.services.registry import KINDS


def _valid(kind, dog_id):
    """A payload each kind's validator accepts, with every optional way of meeting a rule left out."""
    base = {
        "violation": {"codes": ["6A2"], "dog_description": "black lab", "location_text": "Lake Rd"},
        "seizure": {"codes": ["6A2"], "dog_description": "black lab", "owner_known": "no",
                    "location_text": "Lake Rd"},
        "ticket": {"codes": ["6A2"], "served_capacity": "owner", "served_name": "A. Person",
                   "served_address": "1 Main St", "dog_id": str(dog_id), "location_text": "Lake Rd"},
        "complaint": {"complainant_name": "B. Person", "complainant_residence": "2 Main St", "violation_place": "Fox Rd at the mailbox", "sworn": "y",
                      "nature": "It bit the mail carrier.", "violation_on": "2026-01-05",
                      "dog_description": "black lab"},
        "rabies_request": {"dog_id": str(dog_id)},
    }
    return dict(base[kind])


def _errors(app, kind, payload):
    with app.test_request_context():
        user = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        try:
            KINDS[kind].validate(payload, user)
        except ServiceError as exc:
            return exc.errors
        return {}


def _a_dog(app):
    with app.app_context():
        return db.session.execute(db.select(Dog.id).order_by(Dog.id)).scalars().first()


@pytest.mark.parametrize("kind", sorted(REQUIRED))
def test_rules_as_data_each_valid_example_passes(app, kind):
    assert _errors(app, kind, _valid(kind, _a_dog(app))) == {}


@pytest.mark.parametrize("kind,rule", [(k, r) for k, rules in REQUIRED.items() for r in rules],
                         ids=lambda v: getattr(v, "field", v))
def test_rules_as_data_each_required_field_is_the_validators_own(app, kind, rule):
    payload = _valid(kind, _a_dog(app))
    payload.update(rule.when)
    for name in (rule.field, *rule.unless):
        payload.pop(name, None)
    if rule.field == "dog_description" and kind == "ticket":
        payload.pop("dog_id", None)
    assert _errors(app, kind, payload).get(rule.field) == rule.message
    for name in rule.unless:  # any one of these meets the rule
        if name == "violation_entry_id":
            continue  # needs a recorded violation: tests/field/test_field_entries.py
        met = dict(payload, **{name: str(_a_dog(app)) if name == "dog_id" else
                               "43.6" if name == "latitude" else
                               ["6A2"] if name == "codes" else "x"})
        if name == "latitude":
            met["longitude"] = "-76.1"
        assert rule.field not in _errors(app, kind, met)


def test_rules_as_data_exceptions_come_from_the_law_table_with_the_servers_message(app):
    doc = entry_rules()
    for code, restriction in VIOLATIONS.items():
        listed = doc["offences"][code]["exceptions"]
        assert [e["code"] for e in listed] == [e.code for e in restriction.exceptions]
        if not listed:
            continue
        payload = dict(_valid("violation", _a_dog(app)), codes=[code])
        expected = "; ".join(e["message"] for e in listed) + doc["exceptions_advice"]
        assert _errors(app, "violation", payload)["ruled_out"] == expected


def test_rules_as_data_messages_name_no_field_and_no_code(app):
    doc = entry_rules()
    exception_codes = {e.code for r in VIOLATIONS.values() for e in r.exceptions}
    messages = [r["message"] for k in doc["kinds"].values() for r in k["required"]]
    messages += [e["message"] for o in doc["offences"].values() for e in o["exceptions"]]
    for message in messages:
        assert "_" not in message, message
        assert not any(code in message for code in exception_codes), message


def test_rules_as_data_served_to_officers(client, auth):
    auth.login("dco")
    response = client.get("/api/entry-rules")
    assert response.status_code == 200
    assert response.get_json()["kinds"]["violation"]["required"][0]["field"] == "codes"
