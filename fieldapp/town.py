"""The town this deployment serves, as data: its record (`models/town.py: Town`: name, county,
state, ZIP code, law, time zone, the Town Clerk's office, the Town Court, the public contact for
finders) an administrator keeps on the admin's page "The town" (`services/towns.py`), never
literals in code or templates. Pages read it as the template global `town`; code calls
`current_town()`, or `get_setting("court_name")` and the like, which read the same record
(fieldapp/settings.py: TOWN_FIELDS). One town today: the deployment's first row."""
import re
from dataclasses import dataclass

from .extensions import db
from .models.town import Town as TownRecord

STATE_NAMES = {"NY": "New York"}


@dataclass(frozen=True)
class Town:
    name: str  # "Sandy Creek"
    county: str  # "Oswego"
    state: str  # "NY"
    zip_code: str
    local_law: str  # the name of the town's law (`current_law().name`): the sections the app cites are that law's
    law: str = ""  # the key of the town's law (fieldapp/law/laws: LAWS)
    time_zone: str = ""  # IANA name
    clerk_address: str = ""
    clerk_phone: str = ""
    clerk_hours: str = ""
    court_name: str = ""
    court_address: str = ""
    court_session_weekday: int = 0  # 0 = Monday
    court_session_time: str = ""  # "18:00"
    contact_phone: str = ""  # a finder's call (the dog control officer)
    contact_email: str = ""

    @property
    def title(self) -> str:
        """"Town of Sandy Creek": the town as its papers name it."""
        return f"Town of {self.name}"

    @property
    def heading(self) -> str:
        """The line at the top of the town's certificates, notices and receipts."""
        state = STATE_NAMES.get(self.state, self.state)
        return f"{self.title} · {self.county} County · {state}"

    @property
    def place(self) -> str:
        """§4(H): "the name of the town and state" as a tag shows it ("Sandy Creek NY")."""
        return f"{self.name} {self.state}"


def first_town_id():
    """The deployment's only town (its first row), as a subquery for the settings' statements."""
    return db.select(db.func.min(TownRecord.id)).scalar_subquery()


def town_row() -> "TownRecord | None":
    """The deployment's town record (its first row), or None before one is made."""
    return db.session.execute(db.select(TownRecord).order_by(TownRecord.id).limit(1)).scalar_one_or_none()


def town_for_write(user=None) -> TownRecord:
    """The town record, made from the settings' defaults when the database has none yet (a new
    deployment's first write)."""
    from .settings import SPECS, TOWN_FIELDS, parse_value, stored_form
    town = town_row()
    if town is None:
        town = TownRecord(**{column: stored_form(SPECS[key], parse_value(SPECS[key], SPECS[key].default))
                             for key, column in TOWN_FIELDS.items()}, updated_by_id=getattr(user, "id", None))
        db.session.add(town)
        db.session.flush()
    return town


def current_town() -> Town:
    """The town's record as the pages read it (the settings' defaults before a record exists, and
    on the "database unavailable" page)."""
    from sqlalchemy.exc import DBAPIError

    from .settings import SPECS, TOWN_FIELDS, get_setting
    try:
        read = get_setting
        read("town_name")
    except DBAPIError:  # the "database unavailable" page: the defaults, not a second failure
        def read(key):
            return SPECS[key].default
    fields = {column: read(key) for key, column in TOWN_FIELDS.items()}
    fields["local_law"] = _law_of(read).name
    return Town(**fields)


def _law_of(read):
    from .law.laws import DEFAULT_LAW, law_named
    try:
        return law_named(read("town_law"))
    except KeyError:  # a key no longer shipped: the default law, not an error page
        return law_named(DEFAULT_LAW)


def current_law():
    """The town's dog law (`fieldapp.law.laws.Law`), the one its record's `law` names (the
    setting `town_law` reads it): every violation, seizure and ticket is judged by it, every paper
    cites it. One function, so that where the town keeps its law can change here alone."""
    from flask import has_app_context
    from sqlalchemy.exc import DBAPIError

    from .settings import SPECS, get_setting
    default = _law_of(lambda key: SPECS[key].default)
    if not has_app_context():  # a script or test with no app: the default law
        return default
    try:
        return _law_of(get_setting)
    except DBAPIError:  # the "database unavailable" page: the default law
        return default


def slug(text: str) -> str:
    """"Sandy Creek" -> "sandy-creek": a town's name in a file name."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "town"
