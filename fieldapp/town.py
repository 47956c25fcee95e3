"""The town this deployment serves, as data: its name, county, state and ZIP code are settings an
administrator keeps (the admin page, "The town"), never literals in code or templates; its local
law is the law core's. Pages read it as the template global `town`; code calls `current_town()`."""
import re
from dataclasses import dataclass

STATE_NAMES = {"NY": "New York"}


@dataclass(frozen=True)
class Town:
    name: str  # "Sandy Creek"
    county: str  # "Oswego"
    state: str  # "NY"
    zip_code: str
    local_law: str  # the name of the town's law (`current_law().name`): the sections the app cites are that law's

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


def current_town() -> Town:
    from sqlalchemy.exc import DBAPIError

    from .settings import SPECS, get_setting
    try:
        read = get_setting
        read("town_name")
    except DBAPIError:  # the "database unavailable" page: the defaults, not a second failure
        def read(key):
            return SPECS[key].default
    return Town(name=read("town_name"), county=read("town_county"), state=read("town_state"),
                zip_code=read("town_zip"), local_law=_law_of(read).name)


def _law_of(read):
    from .law.laws import DEFAULT_LAW, law_named
    try:
        return law_named(read("town_law"))
    except KeyError:  # a key no longer shipped: the default law, not an error page
        return law_named(DEFAULT_LAW)


def current_law():
    """The town's dog law (`fieldapp.law.laws.Law`), the one its setting `town_law` names: every
    violation, seizure and ticket is judged by it, every paper cites it. One function, so that where
    the town keeps its law can change here alone."""
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
