"""The shape of a JSON document a phone sends, checked before anything reads it.

`check_document` refuses what is not a form (too deep, too big, text that is no text, numbers
the database cannot hold) with a `ServiceError`, a message per field (422), never a 500; the
limits are shared with `payload.PayloadReader`, which checks each field as it reads it.
"""
import math
from datetime import timedelta

from ..errors import ServiceError

# How far ahead of the server's clock a phone's clock may be before a time is "in the future".
CLOCK_SKEW = timedelta(minutes=15)

# The shape of a JSON document a phone sends (a form's fields, a few lists): anything past these
# is not a form and is refused before it is read.
MAX_DEPTH = 6
MAX_ITEMS = 500  # keys of one object, items of one list
MAX_KEY = 64
MAX_STRING = 20_000
MAX_INT = 2**53 - 1  # what the phone's JavaScript holds exactly (the database holds 2**63 - 1)
# Dates and times an entry may carry: anything outside is a typing slip, not a day in the field.
FIRST_YEAR, LAST_YEAR = 1990, 2100
MAX_ID = 2**31 - 1  # the largest row id: ids are INTEGER columns (PostgreSQL: 32 bits)

NOT_TEXT = "This has a broken character (half of an emoji, or a bad copy and paste). Type it again."


def _field(path) -> str:
    """The field a person fixes: a key of the payload (the body's "payload", or the payload itself)."""
    if len(path) > 1 and path[0] == "payload":
        return str(path[1])
    return str(path[0]) if path else "payload"


def _problem(value) -> str | None:
    """What is wrong with one scalar of a document, or None."""
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            return f"This is too long: keep it under {MAX_STRING:,} characters."
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return NOT_TEXT
        if "\x00" in value:  # no keyboard types it, and PostgreSQL cannot keep it in text
            return NOT_TEXT
    elif isinstance(value, bool) or value is None:
        return None
    elif isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            return "This number is too large."
    elif isinstance(value, float):
        if not math.isfinite(value):
            return "This is not a number."
    else:
        return "This is not a value a form sends."
    return None


def check_document(document, top: str | None = None) -> None:
    """Refuse (ServiceError, a message per field) a JSON document no phone's form would send:
    nested more than MAX_DEPTH deep, objects or lists of more than MAX_ITEMS, keys or text too
    long, text with lone UTF-16 surrogates, integers past what JavaScript holds, NaN/Infinity.
    `top` names the field when the document is one field's value. Walks without recursion."""
    errors: dict[str, str] = {}
    stack = [(document, 0, (top,) if top else ())]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                errors.setdefault(_field(path), "This is nested too deeply to be a form's field.")
                continue
            if len(value) > MAX_ITEMS:
                errors.setdefault(_field(path), f"This holds more than {MAX_ITEMS} values.")
                continue
            if isinstance(value, dict):
                for key, item in value.items():
                    problem = _problem(key) or (f"A field name is longer than {MAX_KEY} characters."
                                                if len(key) > MAX_KEY else None)
                    if problem:
                        errors.setdefault(_field(path) if path else "payload", problem)
                        continue
                    stack.append((item, depth + 1, path if len(path) > 1 else path + (key,)))
            else:
                stack.extend((item, depth + 1, path) for item in value)
            continue
        problem = _problem(value)
        if problem:
            errors.setdefault(_field(path), problem)
    if errors:
        raise ServiceError(errors)
