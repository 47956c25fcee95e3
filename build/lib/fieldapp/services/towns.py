"""The town's record (`models/town.py: Town`): what the admin's page "The town" writes.

Each field is checked by its setting's rule (`fieldapp/settings.py: TOWN_FIELDS`, the same
parser a setting has); the change is audited on the record (services/audit.py) and logged as
one event. The town acted for is the one written (the deployment's first, made from the defaults
when there is none); the county administrator adds the others (`add_town`), each with the
settings' defaults until its own administrator changes them. Nothing here commits: the request does.
"""
import re

from ..extensions import db
from ..models import Setting, Town, record_event
from ..settings import (
    SPECS,
    TOWN_FIELDS,
    SettingValueError,
    forget_cached,
    parse_value,
    stored_form,
)
from ..town import town_for_write
from .errors import ServiceError

# The record's fields, in the order the page shows them (their form field names are the keys).
TOWN_SPECS = [SPECS[key] for key in TOWN_FIELDS]
# What a town's papers cannot go without: the rest (office hours, an email) may be empty.
REQUIRED = ("town_name", "town_county", "town_state", "town_zip", "clerk_address", "clerk_phone",
            "court_name", "court_address", "dco_phone")


# What the county administrator types for a new town; its other fields start from the defaults.
NEW_TOWN_KEYS = ("town_name", "town_county", "town_zip", "town_law", "town_time_zone", "clerk_phone",
                 "clerk_address", "court_name", "court_address", "dco_phone")
NEW_TOWN_SPECS = [SPECS[key] for key in NEW_TOWN_KEYS]


def _typed(values: dict) -> dict:
    """{key: typed value} of the fields in `values`, each by its setting's rule; ServiceError,
    a message per field, when one is not a value its field takes or a required one is empty."""
    errors, typed = {}, {}
    for spec in TOWN_SPECS:
        if spec.key not in values:
            continue
        try:
            typed[spec.key] = parse_value(spec, values[spec.key] if values[spec.key] is not None else "")
        except SettingValueError as exc:
            errors[spec.key] = str(exc)
            continue
        if spec.key in REQUIRED and typed[spec.key] in ("", None):
            errors[spec.key] = f"Enter {spec.label[0].lower() + spec.label[1:]}."
    if errors:
        raise ServiceError(errors)
    return typed


def update_town(values: dict, user) -> dict:
    """Write the fields in `values` (form field name -> what was typed) to the town's record.
    Returns {key: (old, new)} of what changed, as stored; raises ServiceError, a message per field, when a
    value is not one its field takes (nothing is written then)."""
    typed = _typed(values)
    town = town_for_write(user)
    # What is stored, compared in its stored shape: a value kept before its rule (a weekday of 7,
    # read as the default) is written again in shape even when the page showed the default.
    changed = {key: (getattr(town, TOWN_FIELDS[key]), stored_form(SPECS[key], value))
               for key, value in typed.items()
               if getattr(town, TOWN_FIELDS[key]) != stored_form(SPECS[key], value)}
    for key, (_, value) in changed.items():
        setattr(town, TOWN_FIELDS[key], value)
    if changed:
        town.updated_by_id = getattr(user, "id", None)
        db.session.flush()
        forget_cached()
        record_event("town.changed", town, actor=user,
                     changed={key: [old, new] for key, (old, new) in changed.items()})
    return changed


def initials(name: str) -> str:
    """A town's letters from its name: "Example Town" -> "ET" (the first letter of each word, four
    at most); a name of one word gives its first two letters ("Richland" -> "RI")."""
    words = re.findall(r"[A-Za-z]+", name)
    letters = "".join(w[0] for w in words)[:4] if len(words) > 1 else "".join(words)[:2]
    return letters.upper() or "T"


def start_settings(town: Town) -> None:
    """A new town's own settings, those whose default is the first town's: its ticket numbers'
    letters are its initials, and its seized dogs are held at its own kennel (§8(B)) until its
    administrator names the one it uses."""
    kennel = f"{town.name} Kennel" if town.name.endswith(" Town") else f"{town.name} Town Kennel"
    for key, value in (("ticket_number_prefix", initials(town.name)), ("kennel_name", kennel)):
        spec = SPECS[key]
        db.session.add(Setting(town_id=town.id, key=key, value=stored_form(spec, parse_value(spec, value)),
                               updated_by_id=town.updated_by_id))
    db.session.flush()
    forget_cached()


def add_town(values: dict, user) -> Town:
    """The county administrator's new town (`values`: the fields of NEW_TOWN_KEYS as typed); the
    rest of its record, and all its settings, are the defaults (a town with no setting of its own
    reads the default, fieldapp/settings.py). A town of the same name in the same county is
    refused: it is already there."""
    typed = _typed({key: values.get(key) for key in NEW_TOWN_KEYS})
    same = db.session.scalar(db.select(db.func.count(Town.id)).where(
        db.func.lower(Town.name) == typed["town_name"].lower(),
        db.func.lower(Town.county) == typed["town_county"].lower()))
    if same:
        raise ServiceError({"town_name": f"The Town of {typed['town_name']} in {typed['town_county']} County "
                                         "is already one of the towns."})
    value = {key: typed[key] if key in typed else parse_value(SPECS[key], SPECS[key].default) for key in TOWN_FIELDS}
    fields = {column: stored_form(SPECS[key], value[key]) for key, column in TOWN_FIELDS.items()}
    town = Town(**fields, updated_by_id=getattr(user, "id", None))
    db.session.add(town)
    db.session.flush()
    start_settings(town)
    record_event("town.added", town, actor=user, name=town.name, county=town.county, law=town.law,
                 ticket_number_prefix=initials(town.name))
    return town
