"""The town this deployment serves, as data: its record (`models/town.py: Town`: name, county,
state, ZIP code, law, time zone, the Town Clerk's office, the Town Court, the public contact for
finders) an administrator keeps on the admin's page "The town" (`services/towns.py`), never
literals in code or templates. Pages read it as the template global `town`; code calls
`current_town()`, or `get_setting("court_name")` and the like, which read the same record
(fieldapp/settings.py: TOWN_FIELDS). One town today: the deployment's first row."""
import re
from contextlib import contextmanager
from dataclasses import dataclass

from flask import g, has_app_context

from .extensions import db
from .models.town import Town as TownRecord
from .models.town import town_title

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
        return town_title(self.name)

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
    """The deployment's first town, as a subquery (no statement of its own)."""
    return db.select(db.func.min(TownRecord.id)).scalar_subquery()


def current_town_id():
    """The town this request, command or test acts for, for a statement's WHERE or a new row's
    `town_id`: the id `acting_for` set, else the deployment's first town as a subquery (so a page
    of one town pays no statement for it). Every record's town, every setting and every law read
    goes through here, so that choosing the town (by the signed-in person, the tag, the place of
    an entry) changes one thing."""
    town_id = g.get("town_id") if has_app_context() else None
    return first_town_id() if town_id is None else town_id


def acted_for_key():
    """The request's caches' key for the town acted for (None: the first town)."""
    return g.get("town_id") if has_app_context() else None


ALL_TOWNS = "all"


def towns_seen():
    """The towns whose records this request, command or test reads: a list of ids, `ALL_TOWNS`,
    or None for the town acted for alone (`current_town_id`). Every read of a town's record is
    narrowed to them (models/town_owned.py: `only_towns_seen`): a clerk sees their town, a dog
    control officer every town they serve, a finder's tag look-up every town."""
    if not has_app_context():
        return None
    seen = g.get("towns_seen")
    if seen is None and g.get("town_id") is not None:
        return [g.town_id]
    return seen


@contextmanager
def acting_for(town_id: int):
    """Act for `town_id` inside the block (a request for a town, a demo seeding a second town, a
    service judging an entry by the town where it happened), then for whichever town before.
    Inside, only that town's records are read: its numbers, lists and look-ups are its own."""
    saved = {key: g.get(key) for key in ("town_id", "towns_seen")}
    g.town_id, g.towns_seen = town_id, [town_id]
    try:
        yield town_id
    finally:
        for key, value in saved.items():
            if value is None:
                g.pop(key, None)
            else:
                setattr(g, key, value)


@contextmanager
def seeing(town_ids):
    """Read the records of `town_ids` (a list, or `ALL_TOWNS`) inside the block: a finder's tag
    may be any town's; a county administrator's page of towns reads them all."""
    before = g.get("towns_seen")
    g.towns_seen = town_ids if town_ids == ALL_TOWNS else list(town_ids)
    try:
        yield
    finally:
        if before is None:
            g.pop("towns_seen", None)
        else:
            g.towns_seen = before


def towns_to_pick() -> list[tuple[int, str]]:
    """(id, name) of the towns the signed-in person serves, when more than one: the entry forms
    let an officer of several towns say where it happened. Read once a request."""
    seen = towns_served()
    if len(seen) < 2:
        return []
    if "towns_to_pick" not in g:
        rows = db.session.execute(db.select(TownRecord.id, TownRecord.name, TownRecord.law)
                                  .where(TownRecord.id.in_(seen)).order_by(TownRecord.name)).all()
        g.towns_to_pick = [(row.id, row.name) for row in rows]
        g.laws_of_towns = {row.id: row.law for row in rows}
    return g.towns_to_pick


def law_key_of(town_id) -> str:
    """The key of the law of a town the person may pick (`towns_to_pick`), "" for another."""
    towns_to_pick()
    return g.get("laws_of_towns", {}).get(town_id, "")


def town_label(town_id) -> str:
    """The town's name on a list's line, for an officer of several towns ("" for one of one
    town: every line is their town's)."""
    return dict(towns_to_pick()).get(town_id, "")


def record_or_404(model, record_id):
    """A town's record for its page (`db.get_or_404` among the towns seen), the page then acting
    for the record's own town: an officer of several towns reads a case judged by its town's law
    and clock, and what the page records (a receipt, a notice) is that town's."""
    return act_for_its_town(db.get_or_404(model, record_id))


def act_for_its_town(record):
    """The request acts for `record`'s town when the person serves it (see `record_or_404`)."""
    if record.town_id in towns_served():
        g.town_id = record.town_id
    return record


def serve(town_ids, chosen=None):
    """The signed-in person's towns for this request (fieldapp/auth: the user loader): every
    town they serve is read, and they act for `chosen` (the town picked on the phone) if they
    serve it, else for the first. No towns (a county administrator): the records of none."""
    town_ids = sorted(town_ids)
    g.towns_seen = g.towns_served = town_ids
    if town_ids:
        g.town_id = chosen if chosen in town_ids else town_ids[0]


def each_town(compute) -> dict:
    """What a roadside form shows that is each town's own (its court's sessions, its §8(B)
    deadlines), for every town the person may say an entry happened in: {"": for the town acted
    for, "<id>": acting for that town, ...}; only "" when they see one town. The phone picks by
    the form's "Town where it happened" (static/js/town-tables.js)."""
    out = {"": compute()}
    seen = towns_seen()
    if isinstance(seen, list) and len(seen) > 1:
        for town_id in seen:
            with acting_for(town_id):
                out[str(town_id)] = compute()
    return out


def towns_served() -> list[int]:
    """The ids of the towns the signed-in person serves (`serve`), for the start page's choice of
    town; [] for one of a deployment of one town, and outside a request."""
    return g.get("towns_served") or [] if has_app_context() else []


def town_row() -> "TownRecord | None":
    """The record of the town acted for (`current_town_id`), or None before one is made."""
    from flask import g, has_app_context
    town_id = g.get("town_id") if has_app_context() else None
    if town_id is not None:
        return db.session.get(TownRecord, town_id)
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


def law_of_town(town_id):
    """The dog law of any town of the deployment, by its id (a list of several towns' records, the
    phone's copy of an officer's towns: each record cites its own town's law). One read of every
    town's law a request; the default law outside one."""
    from flask import has_app_context

    from .law.laws import DEFAULT_LAW, LAWS, law_named
    if not has_app_context():
        return law_named(DEFAULT_LAW)
    known = g.setdefault("laws_by_town", {})  # settings.py adds the town whose settings it read
    if town_id not in known:  # the town acted for, most often: its settings, which the request reads anyway
        current_law()
    if town_id not in known:
        known.update(db.session.execute(db.select(TownRecord.id, TownRecord.law)).all())
    return LAWS.get(known.get(town_id), None) or current_law()


def slug(text: str) -> str:
    """"Sandy Creek" -> "sandy-creek": a town's name in a file name."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "town"
