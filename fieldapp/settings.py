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
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal

from flask import g, has_app_context

from .config import Config
from .extensions import db
from .law.laws import DEFAULT_LAW, LAWS
from .law.schedule import SINCE_EVER, value_on
from .models import Setting, SettingChange, Town
from .parsing import parse_clock, parse_date, parse_money
from .timeutil import local_today
from .town import first_town_id, town_for_write

log = logging.getLogger(__name__)

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
TEXT_MAX = 200


@dataclass(frozen=True)
class SettingSpec:
    key: str
    label: str
    kind: str  # money | text | int | weekday | time | dates | bool | server | email | url | choice | timezone
    default: object
    section: str = ""
    help: str = ""
    minimum: int | Decimal | None = None  # int and money: the range the value must be in
    maximum: int | Decimal | None = None
    choices: tuple[tuple[str, str], ...] = ()  # kind "choice": (value, label), in the order offered

    @property
    def rule(self) -> str:
        """What the field takes, in words (its hint on the admin page)."""
        if self.kind == "money":
            return (f"An amount of money in dollars and cents, from {self.minimum or 0:.2f} "
                    f"to {self.maximum or 9999:,.2f}.")
        if self.kind == "int":
            return f"A whole number from {self.minimum:,} to {self.maximum:,}."
        if self.kind == "weekday":
            return "A day of the week."
        if self.kind == "choice":
            return "One of: " + "; ".join(label for _, label in self.choices) + "."
        if self.kind == "time":
            return "A time of day: 18:00, 6 pm or 6:30 pm (kept as 18:00, 18:30)."
        if self.kind == "dates":
            return "Dates as YYYY-MM-DD, one per line."
        if self.kind == "server":
            return "A host name, then :port if not 25 (mail.example.org:587); empty for none."
        if self.kind == "timezone":
            return "A time zone's IANA name, like America/New_York."
        if self.kind == "email":
            return "An email address (clerk@example.org); empty for none."
        if self.kind == "url":
            return "An address starting https:// or http://; empty for the server's own."
        if self.kind == "text":
            return f"Up to {TEXT_MAX} characters."
        return ""

    @property
    def hint(self) -> str:
        return " ".join(part for part in (self.help, self.rule) if part)


SETTINGS = [
    SettingSpec("town_name", "The town's name (\"Town of …\" on its papers, tags and pages)", "text",
                "Sandy Creek", "The town"),
    SettingSpec("town_county", "The town's county", "text", "Oswego", "The town"),
    SettingSpec("town_state", "The town's state, as its two-letter code", "text", "NY", "The town"),
    SettingSpec("town_zip", "The town's ZIP code (a new owner's address starts with it)", "text", "13145",
                "The town"),
    # Each town its law (fieldapp/law/laws/): the reading page shows the law chosen here.
    SettingSpec("town_law", "The town's dog law", "choice", DEFAULT_LAW,
                "The town", "The law \"How this app reads ...\" shows; a town with no local dog law chooses "
                "the state law alone (Agriculture and Markets Law, Article 7).",
                choices=tuple((key, law.name) for key, law in LAWS.items())),
    SettingSpec("fee_altered", "Town license fee, spayed or neutered dog (per year)", "money",
                "10.00", "§5(D)", "Set by resolution of the Town Board."),
    SettingSpec("fee_unaltered", "Town license fee, unaltered dog (per year)", "money",
                "15.00", "§5(D)", "With the $3 and $1 population control fees added, the total for an unaltered "
                "dog must be at least $5.00 more than for a spayed or neutered dog (e.g. $10.00 and $13.00)."),
    SettingSpec("vet_statement_surcharge_as_altered",
                "Dog with a vet's statement against spaying/neutering pays the $1 altered population "
                "control fee (off: the $3 unaltered fee, as the dog is)", "bool", False, "§5(D)",
                "§5(C) gives such a dog the altered license fee; §5(D)'s fee follows the dog as it is."),
    SettingSpec("fee_replacement_tag", "Replacement tag fee (every tag after a dog's first, for any "
                "reason; the clerk may waive it with a reason)", "money", "3.00", "§5(G)(2)"),
    SettingSpec("fee_purebred_up_to_10", "Purebred license, annual fee, no more than 10 purebreds on "
                "the premises", "money", "25.00", "§5(H)", "The local law's §5(H)(1) amount."),
    SettingSpec("fee_purebred_up_to_25", "Purebred license, annual fee, no more than 25 purebreds on "
                "the premises", "money", "50.00", "§5(H)", "The local law's §5(H)(2) amount."),
    SettingSpec("fee_purebred_over_25", "Purebred license, annual fee, more than 25 purebreds on "
                "the premises", "money", "100.00", "§5(H)", "The local law's §5(H)(3) amount."),
    SettingSpec("license_term_state_rule", "License may run to the end of the 11th month after the "
                "rabies certificate expires (state rule, AML §109(1)(a)); off: never past the end of "
                "the month the vaccination ends (§5(A)(4))", "bool", False, "§5(A)(4)"),
    SettingSpec("short_certificate_one_year_license",
                "A current rabies certificate with less than a year left still gets the one-year "
                "license, within AML §109(1)(a)'s limit (the last day of the eleventh month after it "
                "expires); off: the dog is revaccinated first", "bool", True, "§5(A)(4)",
                "§5(A)(4) \"not for longer than the duration of the rabies vaccination\": read as the "
                "vaccination's length (on, protects the owner: a one-year license is not longer than a "
                "one- or three-year vaccination) or as the time it has left (off: revaccinate first)."),
    SettingSpec("fee_impoundment_first", "Impoundment fee, the dog's first impoundment in twelve months",
                "money", "20.00", "§8(C)(1)", "Set by resolution of the Town Board."),
    SettingSpec("fee_impoundment_second", "Impoundment fee, the dog's second impoundment in twelve months",
                "money", "40.00", "§8(C)(1)"),
    SettingSpec("fee_impoundment_third", "Impoundment fee, the dog's third and each later impoundment in "
                "twelve months", "money", "60.00", "§8(C)(1)"),
    SettingSpec("fee_boarding_daily", "Boarding fee for each day a seized dog is held", "money",
                "5.00", "§8(C)(1)", "Counted from the day impounded, at least one day; a dangerous dog "
                "also pays $30 for each further 24 hours (§8(C)(2))."),
    SettingSpec("fee_adoption", "Adoption fee for an unredeemed dog adopted out after its holding period",
                "money", "25.00", "§8(E)", "Set by resolution of the Town Board."),
    SettingSpec("fee_per_year", "Town fee is charged per year of the license term", "bool", True,
                "§5(D)"),
    SettingSpec("town_time_zone", "The town's time zone", "timezone", Config.TIMEZONE, "The town",
                "Kept on the town's record for a deployment serving several towns; days and deadlines are "
                "counted in the server's time zone (TIMEZONE in config.py) until then."),
    SettingSpec("kennel_name", "The town's kennel or shelter where seized dogs are held", "text",
                "Sandy Creek Town Kennel", "§8(B)", "Filled in as \"Held at\" on the seizure form."),
    SettingSpec("clerk_phone", "Town Clerk's telephone (printed on tags)", "text", "(315) 387-3404",
                "§4(H)"),
    SettingSpec("clerk_address", "Town Clerk's mailing address (renewal letters, applications by mail)",
                "text", "1992 Harwood Drive, Sandy Creek, NY 13145", "§5(A)(3)"),
    SettingSpec("clerk_hours", "Town Clerk's office hours", "text", "", "§5(A)(3)",
                "As the office's door says, e.g. Monday to Friday 9 am to 4 pm."),
    SettingSpec("dco_phone", "Dog control officer's telephone (shown to finders)", "text",
                "(315) 387-5555"),
    SettingSpec("contact_email", "Email address shown to finders of a dog (empty: none)", "email", ""),
    SettingSpec("public_base_url", "Public base URL printed in tag QR codes", "url", "",
                "", "Empty: use the server's PUBLIC_BASE_URL."),
    SettingSpec("court_name", "Town Court", "text", "Sandy Creek Town Court", "§9"),
    SettingSpec("court_address", "Town Court address", "text",
                "1992 Harwood Drive, Sandy Creek, NY 13145", "§9"),
    SettingSpec("court_session_weekday", "Court session weekday", "weekday", 2, "§9"),
    SettingSpec("court_session_time", "Court session time", "time", "18:00", "§9"),
    SettingSpec("court_min_days_ahead", "Earliest appearance, days after the ticket", "int", 7, "§9",
                "CPL §150.40(1): never later than the last session within 20 days of issuance; a longer "
                "notice period gives way to it.", minimum=0, maximum=90),
    SettingSpec("court_records_defaults", "The Town Court records a default, with its reason, when the person "
                "charged does not appear (never a conviction)", "bool", False, "§11",
                "§11: penalties only \"upon conviction\". Off (protects the defendant): a non-appearance is "
                "an adjournment, the case stays open. On: a default with its reason is its own outcome of "
                "an offence, on a ticket served personally or an owner summoned, with no sentence."),
    SettingSpec("ticket_due_days", "Days an officer has to issue and serve the appearance ticket for a "
                "violation observed; after them the violation shows on the officers' list \"To issue and "
                "serve\"", "int", 3, "§9",
                "§9: the officer observing a violation \"shall issue and serve an appearance ticket for such "
                "violation\". 0 lists a violation from the day it is recorded.", minimum=0, maximum=90),
    SettingSpec("period_from_received", "The holding period counts from the day the pound received the dog "
                "when that is later than the seizure", "bool", True, "§8(B)",
                "§8(B) \"excluding the day the dog is impounded\": on (the default, the owner gets the full "
                "period), the day the pound received the dog when recorded and later than the seizure; off, "
                "the day the dog was seized."),
    SettingSpec("late_entry_days", "A field entry whose event is older than this many days needs a reason "
                "and the office's confirmation", "int", 3, "§8(B), §9",
                "A violation, seizure, ticket or complaint dated further back (a slipped digit in the "
                "phone's date) waits for a clerk or the DCO to confirm it; until then a seizure's holding "
                "period counts from the day the entry reached the office.", minimum=1, maximum=36500),
    SettingSpec("copy_max_age_hours", "A scanned or typed tag shows the dog's status from the phone's copy at "
                "once, while the office's card loads, only if the copy is younger than this (hours)", "int", 24,
                "", "Older, the phone says its copy is too old to go by and waits for the office's card.",
                minimum=0, maximum=24 * 30),
    SettingSpec("session_idle_minutes", "Sign a user out after this many minutes without use", "int", 480,
                "", "An officer's shift is 8 hours (480). What waits in a phone's outbox is kept; it "
                    "is sent once the same officer signs in again.",
                minimum=5, maximum=60 * 24 * 14),  # the session cookie's own life (config.py)
    SettingSpec("repeat_dog_calls", "Calls about the same dog (or the same address) that make it a repeat, "
                "within the days below", "int", 3, "",
                "A repeat dog's card says so at the roadside; the clerk's charts list repeat dogs and addresses.",
                minimum=2, maximum=100),
    SettingSpec("repeat_call_days", "Days counted back for repeat calls", "int", 30, "", "",
                minimum=1, maximum=366),
    SettingSpec("tell_callers", "When a call is closed, the caller who asked is told its outcome (by email "
                "or a letter, never the owner's name or address)", "bool", True, "",
                "Off: the office tells callers itself, by telephone."),
    SettingSpec("public_call_reports", "Citizens may report a dog problem on the public found-dog page "
                "(marked unverified, rate-limited)", "bool", True, ""),
    SettingSpec("mail_server", "Outbound mail server (host:port); empty = no notifications", "server", ""),
    SettingSpec("mail_from", "Outbound mail sender address", "email", ""),
]
# The settings an amount is computed from: each kept with the day it applies from (the rest, a
# phone number or a court time, simply holds from when it is saved).
PRICED = frozenset({s.key for s in SETTINGS if s.kind == "money"}
                   | {"fee_per_year", "vet_statement_surcharge_as_altered"})
MONEY_MAX = Decimal("9999.99")
# Fees and amounts the Town Board sets: none negative, none past what a fee of a dog law could be.
SETTINGS = [replace(spec, minimum=Decimal("0.00"), maximum=MONEY_MAX) if spec.kind == "money" else spec
            for spec in SETTINGS]
SPECS = {s.key: s for s in SETTINGS}

# The settings that are columns of the town's record (models/town.py), by setting key.
TOWN_FIELDS = {
    "town_name": "name", "town_county": "county", "town_state": "state", "town_zip": "zip_code",
    "town_law": "law", "town_time_zone": "time_zone",
    "clerk_address": "clerk_address", "clerk_phone": "clerk_phone", "clerk_hours": "clerk_hours",
    "court_name": "court_name", "court_address": "court_address",
    "court_session_weekday": "court_session_weekday", "court_session_time": "court_session_time",
    "dco_phone": "contact_phone", "contact_email": "contact_email",
}
# The settings on the admin's settings page; the town's own are on its page "The town".
BOARD_SETTINGS = [s for s in SETTINGS if s.key not in TOWN_FIELDS]

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


def stored_form(spec: SettingSpec, value):
    """JSON-safe form of a typed value."""
    if spec.kind == "money":
        return str(value)
    if spec.kind == "dates":
        return [d.isoformat() for d in value]
    return value


def _history() -> dict:
    """{key: ((effective_on, typed value), ...)} in the order recorded, read once a request."""
    cache = g.get("_setting_history") if has_app_context() else None
    if cache is None:
        cache = {}
        for row in db.session.execute(db.select(SettingChange).where(SettingChange.town_id == first_town_id())
                                      .order_by(SettingChange.id)).scalars():
            if row.key in SPECS:
                cache.setdefault(row.key, []).append((row.effective_on, read_value(SPECS[row.key], row.value)))
        cache = {key: tuple(rows) for key, rows in cache.items()}
        if has_app_context():
            g._setting_history = cache
    return cache


def _all_values() -> dict:
    cache = g.get("_settings") if has_app_context() else None
    if cache is None:
        # One statement: the town's record and its settings' rows.
        rows = db.session.execute(db.select(Town, Setting.key, Setting.value)
                                  .outerjoin(Setting, Setting.town_id == Town.id)
                                  .where(Town.id == first_town_id())).all()
        stored = {key: value for _, key, value in rows if key is not None}
        if rows:
            stored.update({key: getattr(rows[0][0], column) for key, column in TOWN_FIELDS.items()})
        cache = {s.key: read_value(s, stored.get(s.key, s.default)) for s in SETTINGS}
        if has_app_context():
            g._settings = cache
    return cache


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
