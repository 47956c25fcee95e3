"""The town's record (`models/town.py: Town`): what the admin's page "The town" writes.

Each field is checked by its setting's rule (`fieldapp/settings.py: TOWN_FIELDS`, the same
parser a setting has); the change is audited on the record (services/audit.py) and logged as
one event. One town today: the deployment's record, made from the defaults when there is none.
New towns are not made here yet: a county's administrator, who would add them, comes later.
Nothing here commits: the request does.
"""
from ..extensions import db
from ..models import record_event
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


def update_town(values: dict, user) -> dict:
    """Write the fields in `values` (form field name -> what was typed) to the town's record.
    Returns {key: (old, new)} of what changed, as stored; raises ServiceError, a message per field, when a
    value is not one its field takes (nothing is written then)."""
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
