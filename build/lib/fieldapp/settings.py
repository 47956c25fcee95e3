"""The town's settings as a declarative table. Values set "by resolution of the Town Board"
are data an admin changes, never constants in code.

`get_setting(key)` returns the stored value or the default below, typed per `kind`.

Every setting has a range or a parser (`SettingSpec.rule`, shown under its field at /admin/):
strict on write (`set_setting` and the form refuse what it does not take, with its words), and
tolerant on read: a value stored before its rule (a weekday of 7, a session time "6 pm") is
read as the default, never handed to the pages that would fail on it.

The town's own values (its name, law, time zone, the clerk's office, the court, the finders'
contact: `TOWN_FIELDS`) are columns of its record (`models/town.py: Town`), edited on the admin's
page "The town" (`services/towns.py`); `get_setting("court_name")` and the rest read them from
there, so their callers are unchanged. The other settings are rows of the town's (`town_id`).

Every change is also kept with the day it applies from (`SettingChange`): a fee set by resolution
of the Town Board applies from its date, never back (§5(D), §5(G)(2), §8(C)(1)). `get_setting`
gives the value in force today; `setting_on(key, day)` the one in force on a day (the boarding of
each day held, the impoundment fee of the day impounded), from `law/schedule.py: value_on`.
"""
import logging
import re
from datetime import date

from flask import g, has_app_context

from .extensions import db
from .law.schedule import SINCE_EVER, value_on
from .models import Setting, SettingChange, Town
from .parsing import parse_clock, parse_date, parse_money
from .setting_specs import (  # noqa: F401  (the table, read here; callers import it from settings)
    BOARD_SETTINGS,
    MONEY_MAX,
    PRICED,
    SETTINGS,
    SPECS,
    TEXT_MAX,
    TOWN_FIELDS,
    WEEKDAYS,
    SettingSpec,
)
from .timeutil import local_today
from .town import acted_for_key, current_town_id, town_for_write

log = logging.getLogger(__name__)


_HOST = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?")
_EMAIL = re.compile(r"[^@\s<>\"(),;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")
_URL = re.compile(r"https?://[A-Za-z0-9.-]+(:\d{1,5})?(/[^\s<>\"']*)?")


class SettingValueError(ValueError):
    """A value the setting does not take; the message says what it takes."""


def parse_value(spec: SettingSpec, raw):
    """Typed value from what is stored (JSON) or typed in a form (text); SettingValueError, in
    words for the form, when it is not one the setting takes (its `rule`)."""
    def refuse(what=None):
        raise SettingValueError(what or "Enter " + spec.rule[0].lower() + spec.rule[1:])

    if spec.kind == "money":
        value = parse_money(raw)
        if value is None or not spec.minimum <= value <= spec.maximum:
            refuse()
        return value
    if spec.kind in ("int", "weekday"):
        if isinstance(raw, bool) or not (isinstance(raw, int) or re.fullmatch(r"\s*[+-]?\d{1,12}\s*", str(raw))):
            refuse()
        value = int(raw)
        low, high = (0, 6) if spec.kind == "weekday" else (spec.minimum, spec.maximum)
        if not low <= value <= high:
            refuse()
        return value
    if spec.kind == "time":
        return parse_clock(raw) or refuse()
    if spec.kind == "choice":
        if not isinstance(raw, str) or raw.strip() not in dict(spec.choices):
            refuse()
        return raw.strip()
    if spec.kind == "timezone":
        name = str(raw or "").strip()
        if not _time_zone(name):
            refuse()
        return name
    if spec.kind == "bool":
        return raw in (True, "true", "on", "1", 1, "y", "yes")
    if spec.kind == "dates":
        items = raw.split() if isinstance(raw, str) else list(raw)
        days = []
        for item in items:
            day = parse_date(item)
            if day is None:
                refuse(f"“{str(item)[:40]}” is not a date; use YYYY-MM-DD, one per line.")
            days.append(day)
        return days
    text = "" if raw is None else str(raw).strip()
    if spec.kind == "initials":
        return text.upper() if re.fullmatch(r"[A-Za-z]{1,4}", text) else refuse()
    if len(text) > TEXT_MAX or any(ord(c) < 32 for c in text):
        refuse(f"Up to {TEXT_MAX} characters, on one line.")
    if text and spec.kind == "server":
        host, _, port = text.rpartition(":") if ":" in text else (text, "", "25")
        if not _HOST.fullmatch(host) or not port.isdigit() or not 1 <= int(port) <= 65535:
            refuse()
    if text and spec.kind == "email" and not _EMAIL.fullmatch(text):
        refuse()
    if text and spec.kind == "url" and not _URL.fullmatch(text):
        refuse()
    return text


def read_value(spec: SettingSpec, stored):
    """The typed value of what is stored; the default when it is not one the setting takes now
    (kept before the rule, or written around it): the pages never see a value they cannot use."""
    try:
        return parse_value(spec, stored)
    except (SettingValueError, TypeError, AttributeError):
        log.warning("Setting %s: stored value %r is not valid (%s); using the default.", spec.key, stored, spec.rule)
        return parse_value(spec, spec.default)


def _time_zone(name: str) -> bool:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*", name) or len(name) > 60:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def forget_cached() -> None:
    """The request's copy of the settings, dropped after a write."""
    if has_app_context():
        g.pop("_settings", None)
        g.pop("_setting_history", None)
        g.pop("laws_by_town", None)


def stored_form(spec: SettingSpec, value):
    """JSON-safe form of a typed value."""
    if spec.kind == "money":
        return str(value)
    if spec.kind == "dates":
        return [d.isoformat() for d in value]
    return value


def _history() -> dict:
    """{key: ((effective_on, typed value), ...)} in the order recorded, read once a request."""
    town_id, key = current_town_id(), acted_for_key()
    cache = g.setdefault("_setting_history", {}).get(key) if has_app_context() else None
    if cache is None:
        cache = {}
        for row in db.session.execute(db.select(SettingChange).where(SettingChange.town_id == town_id)
                                      .order_by(SettingChange.id)).scalars():
            if row.key in SPECS:
                cache.setdefault(row.key, []).append((row.effective_on, read_value(SPECS[row.key], row.value)))
        cache = {key: tuple(rows) for key, rows in cache.items()}
        if has_app_context():
            g._setting_history[key] = cache
    return cache


def _all_values() -> dict:
    town_id, key = current_town_id(), acted_for_key()
    cache = g.setdefault("_settings", {}).get(key) if has_app_context() else None
    if cache is None:
        # One statement: the town's record and its settings' rows.
        rows = db.session.execute(db.select(Town, Setting.key, Setting.value)
                                  .outerjoin(Setting, Setting.town_id == Town.id)
                                  .where(Town.id == town_id)).all()
        stored = {key: value for _, key, value in rows if key is not None}
        if rows:
            stored.update({key: getattr(rows[0][0], column) for key, column in TOWN_FIELDS.items()})
            if has_app_context():  # town.law_of_town: the card's flags cite it with no statement more
                g.setdefault("laws_by_town", {})[rows[0][0].id] = rows[0][0].law
        cache = {s.key: read_value(s, stored.get(s.key, s.default)) for s in SETTINGS}
        if has_app_context():
            g._settings[key] = cache
    return cache


def plain_value(key: str):
    """The value as stored on the town's record or its row (or the default), never a dated change:
    what `timeutil.town_tz` reads, since the dated path asks for today, on the town's clock.
    Read without autoflush: a half-made row in the session (a ticket whose date is being counted)
    is not flushed early by asking the town's clock."""
    cache = g.get("_settings", {}).get(acted_for_key()) if has_app_context() else None
    if cache is not None:  # the request's copy: every instant a page shows asks, so no more than a look-up
        return cache[key]
    with db.session.no_autoflush:
        return _all_values()[key]


def get_setting(key: str):
    """The value in force today. Only a setting that prices something has dated changes (a
    change dated ahead waits for its day): the others never ask for the history, so a page that
    prices nothing (the status card) reads the settings in one statement."""
    value = _all_values()[key]
    if key in PRICED:
        schedule = _history().get(key)
        if schedule:
            value = value_on(schedule, local_today(), value)
    return value


def schedule(key: str) -> tuple:
    """The setting's dated values, ((effective_on, value), ...) in the order recorded; a setting
    never changed has one, its value since ever."""
    return _history().get(key) or ((SINCE_EVER, get_setting(key)),)


def setting_on(key: str, day: date):
    """The value in force on `day` (a fee applies from its date, never back)."""
    return value_on(schedule(key), day, get_setting(key))


def pending_changes() -> dict:
    """{key: (effective_on, value)}: a change recorded to apply from a day after today."""
    today = local_today()
    out = {}
    for key, rows in _history().items():
        for effective_on, value in rows:
            if effective_on > today:
                out[key] = (effective_on, value)
    return out


def set_setting(key: str, value, authority: str | None = None, user=None, effective_on: date | None = None) -> None:
    """Store a setting from `effective_on` (today by default; a setting no amount is computed from
    holds from now: `PRICED`); SettingValueError when the value is
    not one it takes. The admin's form takes today or later only (a resolution applies from its
    date, never back); a town's past resolutions (seeding, tests) may be dated earlier."""
    spec = SPECS[key]
    typed = parse_value(spec, value)
    town = town_for_write(user)
    if key in TOWN_FIELDS:  # a column of the town's record, audited on it
        setattr(town, TOWN_FIELDS[key], stored_form(spec, typed))
        town.updated_by_id = getattr(user, "id", None)
        db.session.flush()
        forget_cached()
        return
    today = local_today()
    effective_on = (effective_on or today) if key in PRICED else today
    if key in PRICED:
        if key not in _history():  # what it was until now, so the days before keep their value
            db.session.add(SettingChange(town_id=town.id, key=key, value=stored_form(spec, get_setting(key)),
                                         effective_on=SINCE_EVER,
                                         authority=(db.session.get(Setting, (town.id, key)) or Setting()).authority))
        db.session.add(SettingChange(town_id=town.id, key=key, value=stored_form(spec, typed),
                                     effective_on=effective_on, authority=authority,
                                     recorded_by_id=getattr(user, "id", None)))
    if effective_on <= today:
        row = db.session.get(Setting, (town.id, key)) or Setting(town_id=town.id, key=key)
        row.value = stored_form(spec, typed)
        if authority is not None:
            row.authority = authority
        row.updated_by_id = getattr(user, "id", None)
        db.session.add(row)
    db.session.flush()
    forget_cached()
