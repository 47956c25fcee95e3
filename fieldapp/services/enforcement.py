"""The officer's entries at the roadside, applied to the letter of the law.

Kinds registered with the one write path (services/entries.py) when this module is imported:

- "violation"      §5(A)(1), §5(B)(1), §6(A): one or more offences, exceptions ruled out
                   (§6(B), §6(A)(1) hunting, ...), where and when, narrative, witness; may carry
                   a §5(B)(1) rabies vaccination request; a correction is a new version.
- "seizure"        §8(A),(B): the dog impounded; holding period end from redemption_deadline.
- "ticket"         §9: an appearance ticket served (owner, person in charge, or a minor's
                   guardian per §4(I)), court and appearance date from the town's settings.
- "complaint"      §10(A): a sworn complaint taken by the DCO or a constable.
- "rabies_request" §5(B)(1): a request to vaccinate within ten days.

Payloads are flat objects of form fields by name (as `form_to_payload` builds them); a
later entry made offline refers to an earlier one by its client UUID (`violation_entry_id`).
"""
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from sqlalchemy import Date, String, bindparam, literal_column, null, type_coerce, union_all

from ..auth import OFFICERS
from ..extensions import db
from ..law import (
    PRESUMPTIVE_EVIDENCE_NOTE,  # noqa: F401  (re-exported for the forms)
    VIOLATIONS,
    is_business_day,
    rabies_vaccination_due,
    redemption_deadline,
)
from ..models import Dog, FieldEntry, record_event
from ..models.enforcement import (AppearanceTicket, Impoundment, RabiesRequest, SwornComplaint,
                                  Violation)
from ..settings import get_setting
from ..timeutil import TOWN_TZ, local_today, to_local, utcnow
from .entries import EntryErrors, as_list, register_kind
from .status import flag_source

# How far ahead of the server's clock a phone's clock may be before a time is "in the future".
CLOCK_SKEW = timedelta(minutes=15)
SERVED_CAPACITIES = {
    "owner": "Owner of the dog",
    "in_charge": "Person in charge of the dog (harboring or in custody or control, §4(I))",
    "guardian": "Parent or guardian / head of household of a minor owner (§4(I))",
}
IMPOUNDMENT_STATUSES = ("held", "redeemed", "adopted", "euthanized")


def violation_title(code: str) -> str:
    r = VIOLATIONS.get(code)
    return f"{r.title} ({r.section})" if r else code


# --- reading a payload -------------------------------------------------------------------

class _Reader:
    """Reads payload fields, collecting a message per field instead of stopping at the first."""

    def __init__(self, payload: dict):
        self.payload = payload
        self.errors: dict[str, str] = {}

    def error(self, name, message):
        self.errors.setdefault(name, message)

    def text(self, name, max_len=300, required=None) -> str:
        value = self.payload.get(name)
        if isinstance(value, list):
            value = value[0] if value else ""
        value = str(value or "").strip()
        if required and not value:
            self.error(name, required)
        if len(value) > max_len:
            self.error(name, f"Keep this under {max_len} characters.")
            value = value[:max_len]
        return value

    def flag(self, name) -> bool:
        return str(self.payload.get(name) or "").lower() in ("y", "yes", "on", "true", "1")

    def number(self, name, low, high):
        raw = self.text(name, 40)
        if not raw:
            return None
        try:
            value = float(raw)
        except ValueError:
            self.error(name, "This is not a number.")
            return None
        if not low <= value <= high:
            self.error(name, f"This must be between {low} and {high}.")
            return None
        return value

    def instant(self, name, label) -> datetime:
        """A time as typed on the phone (local "YYYY-MM-DDTHH:MM", or ISO with a zone) in UTC."""
        raw = self.text(name, 40)
        if not raw:
            return utcnow()  # not given: now
        try:
            when = datetime.fromisoformat(raw.replace("Z", "+00:00"))
        except ValueError:
            self.error(name, f"The {label} is not a date and time like 2026-12-04 14:30.")
            return utcnow()
        if when.tzinfo is None:
            when = when.replace(tzinfo=TOWN_TZ)
        when = when.astimezone(timezone.utc)
        if when > utcnow() + CLOCK_SKEW:
            self.error(name, f"The {label} is in the future.")
        return when

    def day(self, name, label, required=True) -> date | None:
        raw = self.text(name, 20)
        if not raw:
            if required:
                self.error(name, f"Give the {label}.")
            return None
        try:
            return date.fromisoformat(raw)
        except ValueError:
            self.error(name, f"The {label} is not a date like 2026-12-04.")
            return None

    def codes(self, name, required=None) -> list[str]:
        codes = [str(c) for c in as_list(self.payload.get(name))]
        unknown = [c for c in codes if c not in VIOLATIONS]
        if unknown:
            self.error(name, f"Unknown offence: {', '.join(unknown)}.")
        codes = [c for c in VIOLATIONS if c in codes]  # the law's order, no repeats
        if required and not codes:
            self.error(name, required)
        return codes

    def dog(self, required_description=True) -> tuple[Dog | None, str]:
        """The dog by id, or a description of a dog with no tag."""
        dog = None
        raw = self.text("dog_id", 20)
        if raw:
            try:
                dog = db.session.get(Dog, int(raw))
            except ValueError:
                dog = None
            if dog is None:
                self.error("dog_id", "That dog is not on file. Describe the dog instead.")
        description = self.text("dog_description", 300)
        if dog is None and not description and required_description:
            self.error("dog_description", "Scan the dog's tag, or describe the dog "
                                          "(colour, breed, size, collar).")
        return dog, description or (dog.description if dog else "")

    def location(self) -> dict:
        lat = self.number("latitude", -90, 90)
        lon = self.number("longitude", -180, 180)
        if (lat is None) != (lon is None):
            self.error("latitude", "The GPS position is incomplete. Type the address instead.")
            lat = lon = None
        accuracy = self.number("accuracy", 0, 100000)
        text = self.text("location_text", 300)
        if lat is None and not text:
            self.error("location_text", "Use GPS or type where it happened (address or road and landmark).")
        return {"latitude": lat, "longitude": lon, "accuracy_m": accuracy, "location_text": text}

    def done(self):
        if self.errors:
            raise EntryErrors(self.errors)


def resolve_violation(entry_uuid: str) -> Violation | None:
    """The violation recorded by the field entry `entry_uuid` (offline there is no server id yet)."""
    if not entry_uuid:
        return None
    entry = db.session.get(FieldEntry, str(entry_uuid))
    if entry is None or entry.kind != "violation":
        return None
    return db.session.execute(db.select(Violation).filter_by(entry_id=entry.id)).scalar_one_or_none()


def _owner_name(dog) -> str:
    owner = dog.primary_owner if dog else None
    return owner.full_name if owner else ""


# --- violation ---------------------------------------------------------------------------

def validate_violation(payload, user) -> dict:
    r = _Reader(payload)
    codes = r.codes("codes", "Choose at least one violation.")
    ruled_out = [str(c) for c in as_list(payload.get("ruled_out"))]
    # §6(A) "Except as provided in Section 6(B)", §6(A)(1) hunting, §5(A)(1), §5(H), §5(B)(2):
    # an offence stands only when each exception that could apply has been ruled out.
    missing = []
    for code in codes:
        for exc in VIOLATIONS[code].exceptions:
            if exc.code not in ruled_out:
                missing.append(f"{VIOLATIONS[code].title}: rule out “{exc.title}” ({exc.section})")
    if missing:
        r.error("ruled_out", "; ".join(missing) + ". If it may apply, untick that violation.")
    applicable = {e.code for c in codes for e in VIOLATIONS[c].exceptions}
    dog, description = r.dog()
    clean = {
        "codes": codes,
        "ruled_out": [c for c in ruled_out if c in applicable],
        "dog": dog,
        "dog_description": description,
        "owner_description": r.text("owner_description", 300),
        "occurred_at": r.instant("occurred_at", "time of the violation"),
        **r.location(),
        "narrative": r.text("narrative", 5000),
        "witness": r.text("witness", 300),
        "rabies_request": r.flag("rabies_request"),
        "supersedes": None,
    }
    if clean["rabies_request"] and dog is None and not clean["owner_description"]:
        r.error("owner_description", "Whom did you ask to have the dog vaccinated? Give their name.")
    old_uuid = r.text("supersedes_entry_id", 36)
    if old_uuid:
        old = resolve_violation(old_uuid)
        if old is None:
            r.error("supersedes_entry_id", "The violation being corrected is not on file.")
        elif old.superseded_by is not None:
            r.error("supersedes_entry_id", "This violation was already corrected. Correct the latest version.")
        clean["supersedes"] = old
    r.done()
    return clean


def apply_violation(clean, entry, user) -> dict:
    dog = clean["dog"]
    v = Violation(entry_id=entry.id, dog=dog, dog_description=clean["dog_description"],
                  owner_description=clean["owner_description"] or _owner_name(dog),
                  codes=clean["codes"], ruled_out=clean["ruled_out"], occurred_at=clean["occurred_at"],
                  location_text=clean["location_text"], latitude=clean["latitude"],
                  longitude=clean["longitude"], accuracy_m=clean["accuracy_m"],
                  narrative=clean["narrative"], witness=clean["witness"], officer_id=user.id,
                  supersedes=clean["supersedes"])
    db.session.add(v)
    db.session.flush()
    record_event("violation.corrected" if v.supersedes else "violation.recorded", v, actor=user,
                 entry_id=entry.id, codes=v.codes, supersedes_id=v.supersedes_id)
    result = {"violation_id": v.id, "codes": v.codes, "dog_id": v.dog_id,
              "url": f"/field/violations/{v.id}"}
    if clean["rabies_request"]:
        req = _rabies_request(entry, user, dog, clean["dog_description"],
                              clean["owner_description"] or _owner_name(dog),
                              to_local(clean["occurred_at"]).date(), violation=v)
        result["rabies_due_on"] = req.due_on.isoformat()
    return result


# --- §5(B)(1) rabies vaccination request -------------------------------------------------

def _rabies_request(entry, user, dog, description, requested_of, requested_on, violation=None):
    req = RabiesRequest(entry_id=entry.id, dog=dog, dog_description=description,
                        requested_of=requested_of, requested_on=requested_on,
                        due_on=rabies_vaccination_due(requested_on), violation=violation,
                        officer_id=user.id)
    db.session.add(req)
    db.session.flush()
    record_event("rabies_request.made", req, actor=user, entry_id=entry.id,
                 due_on=req.due_on.isoformat())
    return req


def validate_rabies_request(payload, user) -> dict:
    r = _Reader(payload)
    dog, description = r.dog()
    requested_of = r.text("requested_of", 120) or _owner_name(dog)
    if not requested_of:
        r.error("requested_of", "Whom did you ask to have the dog vaccinated? Give their name.")
    requested_on = r.day("requested_on", "date of the request", required=False) or local_today()
    if requested_on > local_today() + timedelta(days=1):
        r.error("requested_on", "The date of the request is in the future.")
    r.done()
    return {"dog": dog, "dog_description": description, "requested_of": requested_of,
            "requested_on": requested_on}


def apply_rabies_request(clean, entry, user) -> dict:
    req = _rabies_request(entry, user, clean["dog"], clean["dog_description"], clean["requested_of"],
                          clean["requested_on"])
    url = f"/field/dogs/{req.dog_id}" if req.dog_id else "/field/scan"
    return {"rabies_request_id": req.id, "due_on": req.due_on.isoformat(), "url": url}


# --- §8 seizure --------------------------------------------------------------------------

def closed_days() -> list[date]:
    return get_setting("town_closed_days")


def deadline_table(start: date, days: int, closed_days=()) -> dict:
    """§8(B) redemption deadlines for impoundments made on each of `days` dates from `start`,
    for the phone to show with no signal: {"YYYY-MM-DD": {"owner_known": ..., "owner_unknown": ...}}."""
    closed = list(closed_days)
    table = {}
    for i in range(days):
        d = start + timedelta(days=i)
        table[d.isoformat()] = {
            "owner_known": redemption_deadline(d, True, closed).isoformat(),
            "owner_unknown": redemption_deadline(d, False, closed).isoformat(),
        }
    return table


def validate_seizure(payload, user) -> dict:
    r = _Reader(payload)
    violation = None
    violation_uuid = r.text("violation_entry_id", 36)
    if violation_uuid:
        violation = resolve_violation(violation_uuid)
    codes = r.codes("codes")
    if not codes and violation is not None:
        codes = list(violation.codes)
    if not codes:
        # §8(A): only a dog found in violation of §5 or §6 may be seized.
        r.error("codes", "Choose the violation the dog is seized for (§8(A): a violation of §5 or §6).")
    dog, description = r.dog(required_description=violation is None)
    if dog is None and violation is not None:
        dog, description = violation.dog, description or violation.dog_description
    known = str(payload.get("owner_known") or "").lower()
    if known not in ("yes", "no"):
        r.error("owner_known", "Say whether the owner is known: it sets the holding period (§8(B)).")
    seized_at = r.instant("seized_at", "time of the seizure")
    loc = r.location()
    if "location_text" in r.errors and violation is not None:
        r.errors.pop("location_text")  # where the violation was recorded
        loc = {"latitude": violation.latitude, "longitude": violation.longitude,
               "accuracy_m": violation.accuracy_m, "location_text": violation.location_text}
    r.done()
    return {"violation": violation, "violation_entry_id": violation_uuid or None, "codes": codes,
            "dog": dog, "dog_description": description, "owner_known": known == "yes",
            "seized_at": seized_at, **loc, "held_at": r.text("held_at", 200),
            "notes": r.text("notes", 5000)}


def apply_seizure(clean, entry, user) -> dict:
    impounded_on = to_local(clean["seized_at"]).date()
    # §8(B): five business days, nine if the owner is known, excluding the day impounded.
    deadline = redemption_deadline(impounded_on, clean["owner_known"], closed_days())
    imp = Impoundment(entry_id=entry.id, dog=clean["dog"], dog_description=clean["dog_description"],
                      violation=clean["violation"], violation_entry_id=clean["violation_entry_id"],
                      reason_codes=clean["codes"], seized_at=clean["seized_at"], impounded_on=impounded_on,
                      owner_known=clean["owner_known"], redemption_deadline=deadline,
                      location_text=clean["location_text"] or "", latitude=clean["latitude"],
                      longitude=clean["longitude"], accuracy_m=clean["accuracy_m"],
                      held_at=clean["held_at"], notes=clean["notes"], officer_id=user.id)
    db.session.add(imp)
    db.session.flush()
    record_event("dog.seized", imp, actor=user, entry_id=entry.id, codes=imp.reason_codes,
                 owner_known=imp.owner_known, redemption_deadline=deadline.isoformat())
    return {"impoundment_id": imp.id, "redemption_deadline": deadline.isoformat(),
            "owner_known": imp.owner_known, "impounded_on": impounded_on.isoformat(),
            "url": f"/field/impoundments/{imp.id}"}


# --- §9 appearance ticket ----------------------------------------------------------------

def court_settings() -> dict:
    return {"name": get_setting("court_name"), "address": get_setting("court_address"),
            "weekday": get_setting("court_session_weekday"), "time": get_setting("court_session_time"),
            "min_days_ahead": get_setting("court_min_days_ahead")}


def first_court_session(served_on: date, court=None, closed=None) -> date:
    """The Town Court's first session day at least `court_min_days_ahead` days after the
    ticket is served (§9), skipping New York holidays and days the town is closed."""
    court = court or court_settings()
    closed = closed_days() if closed is None else closed
    d = served_on + timedelta(days=court["min_days_ahead"])
    while d.weekday() != court["weekday"] or not is_business_day(d, closed):
        d += timedelta(days=1)
    return d


def validate_ticket(payload, user) -> dict:
    r = _Reader(payload)
    violation = resolve_violation(r.text("violation_entry_id", 36))
    codes = r.codes("codes")
    if not codes and violation is not None:
        codes = list(violation.codes)
    if not codes:
        r.error("codes", "Choose the offence the ticket is for.")
    dog, description = r.dog(required_description=False)
    if dog is None and violation is not None:
        dog, description = violation.dog, description or violation.dog_description
    capacity = r.text("served_capacity", 12)
    if capacity not in SERVED_CAPACITIES:
        r.error("served_capacity", "Say who is served: the owner, the person in charge, or a minor "
                                   "owner's parent or guardian.")
    served_name = r.text("served_name", 120, "Give the full name of the person served.")
    served_address = r.text("served_address", 300, "Give the address of the person served.")
    minor = r.text("minor_owner_name", 120)
    if capacity == "guardian" and not minor:
        # §4(I): a minor's dog: the guardian or head of household answers for it.
        r.error("minor_owner_name", "Give the name of the minor who owns the dog.")
    served_at = r.instant("served_at", "time the ticket was served")
    court = court_settings()
    earliest = first_court_session(to_local(served_at).date(), court)
    appear_on = r.day("appear_on", "appearance date", required=False)
    if appear_on is not None and (appear_on < earliest or appear_on.weekday() != court["weekday"]):
        r.error("appear_on", f"The first court session you may give is {earliest:%A %-d %B %Y}; "
                             f"the court sits on {earliest:%A}s.")
    number = r.text("ticket_number", 20)
    r.done()
    return {"violation": violation, "violation_entry_id": (violation.entry_id if violation else
                                                          r.text("violation_entry_id", 36) or None),
            "codes": codes, "dog": dog, "dog_description": description, "served_capacity": capacity,
            "served_name": served_name, "served_address": served_address, "minor_owner_name": minor,
            "served_at": served_at, "appear_on": appear_on or earliest, "court": court,
            "ticket_number": number}


def apply_ticket(clean, entry, user) -> dict:
    from .ticket_numbers import allocate_number, claim_number
    if clean["ticket_number"]:
        number = claim_number(user, clean["ticket_number"], entry_id=entry.id)
    else:
        number = allocate_number(user, entry_id=entry.id)  # posted without a device block
    court = clean["court"]
    t = AppearanceTicket(entry_id=entry.id, number=number, violation=clean["violation"],
                         violation_entry_id=clean["violation_entry_id"], dog=clean["dog"],
                         dog_description=clean["dog_description"], codes=clean["codes"],
                         served_capacity=clean["served_capacity"], served_name=clean["served_name"],
                         served_address=clean["served_address"], minor_owner_name=clean["minor_owner_name"],
                         served_at=clean["served_at"], court_name=court["name"],
                         court_address=court["address"], appear_on=clean["appear_on"],
                         appear_time=court["time"], officer_id=user.id, officer_name=user.full_name,
                         officer_badge=user.badge_number or "")
    db.session.add(t)
    db.session.flush()
    record_event("ticket.issued", t, actor=user, entry_id=entry.id, number=number, codes=t.codes,
                 appear_on=t.appear_on.isoformat())
    return {"ticket_id": t.id, "ticket_number": number, "appear_on": t.appear_on.isoformat(),
            "appear_time": t.appear_time, "url": f"/field/tickets/{number}"}


# --- §10(A) sworn complaint --------------------------------------------------------------

def validate_complaint(payload, user) -> dict:
    r = _Reader(payload)
    name = r.text("complainant_name", 120, "Give the complainant's full name.")
    residence = r.text("complainant_residence", 300, "Give where the complainant lives.")
    if not r.flag("sworn"):
        r.error("sworn", "§10(A): the complaint must be made under oath before you. "
                         "Swear the complainant, then tick the box.")
    codes = r.codes("codes")
    nature = r.text("nature", 5000)
    if not nature and not codes:
        r.error("nature", "Say what the dog did (the nature of the violation).")
    violation_on = r.day("violation_on", "date of the violation")
    if violation_on and violation_on > local_today():
        r.error("violation_on", "The date of the violation is in the future.")
    dog, description = r.dog()
    r.done()
    if not nature:
        nature = "; ".join(VIOLATIONS[c].title for c in codes)
    owner = dog.primary_owner if dog else None
    return {"complainant_name": name, "complainant_residence": residence, "codes": codes,
            "nature": nature, "violation_on": violation_on, "dog": dog, "dog_description": description,
            "owner_name": r.text("owner_name", 120) or (owner.full_name if owner else ""),
            "owner_residence": r.text("owner_residence", 300) or (owner.full_address if owner else ""),
            "forward_now": r.flag("forward_now")}


def apply_complaint(clean, entry, user) -> dict:
    c = SwornComplaint(entry_id=entry.id, complainant_name=clean["complainant_name"],
                       complainant_residence=clean["complainant_residence"], sworn=True,
                       sworn_before_id=user.id, codes=clean["codes"], nature=clean["nature"],
                       violation_on=clean["violation_on"], dog=clean["dog"],
                       dog_description=clean["dog_description"], owner_name=clean["owner_name"],
                       owner_residence=clean["owner_residence"])
    db.session.add(c)
    db.session.flush()
    record_event("complaint.sworn", c, actor=user, entry_id=entry.id)
    if clean["forward_now"]:
        forward_complaint(c, user)
    return {"complaint_id": c.id, "status": c.status, "url": f"/field/complaints/{c.id}"}


def forward_complaint(complaint: SwornComplaint, user) -> None:
    """§10(A): "The dog control officer or constable shall forward said complaint to the Town Justice."""
    if complaint.status == "forwarded":
        return
    complaint.status = "forwarded"
    complaint.forwarded_on = local_today()
    complaint.forwarded_by_id = user.id
    record_event("complaint.forwarded", complaint, actor=user, forwarded_on=complaint.forwarded_on.isoformat())


register_kind("violation", OFFICERS, validate_violation, apply_violation)
register_kind("seizure", OFFICERS, validate_seizure, apply_seizure)
register_kind("ticket", OFFICERS, validate_ticket, apply_ticket)
register_kind("complaint", OFFICERS, validate_complaint, apply_complaint)
register_kind("rabies_request", OFFICERS, validate_rabies_request, apply_rabies_request)


# --- reading: latest versions, flags on the status card ----------------------------------

def latest_violations_query():
    """Violations not replaced by a correction (lists show the latest version)."""
    newer = db.aliased(Violation)
    return db.select(Violation).where(~db.select(newer.id).where(newer.supersedes_id == Violation.id).exists())


@dataclass(frozen=True)
class EnforcementRecord:
    """One row of a dog's enforcement history as the status card needs it (no ORM object)."""
    kind: str  # violation | impoundment | rabies_request
    id: int
    supersedes_id: int | None
    at: datetime  # occurred / seized / requested (created)
    codes: list | None
    day1: date | None  # impounded_on | requested_on
    day2: date | None  # redemption_deadline | due_on
    status: str | None
    text: str | None  # held_at | requested_of


_HISTORY_SELECT = None
_ONE_HISTORY_SELECT = None


def _history_select():
    """The three tables in one UNION ALL (typed by the first SELECT): one query per card.
    Built once: making the statement and its cache key each time cost more than running it."""
    global _HISTORY_SELECT
    if _HISTORY_SELECT is None:
        _HISTORY_SELECT = _build_history_select(bindparam("dog_ids", expanding=True))
    return _HISTORY_SELECT


def _one_history_select():
    """The same for one dog (the status card): a plain parameter, as expanding one costs a
    re-rendering of the SQL on every execution."""
    global _ONE_HISTORY_SELECT
    if _ONE_HISTORY_SELECT is None:
        _ONE_HISTORY_SELECT = _build_history_select([bindparam("dog_id")])
    return _ONE_HISTORY_SELECT


def _build_history_select(dog_ids):
    return union_all(*history_selects(dog_ids))


def history_selects(dog_ids):
    """The three SELECTs of the history, columns as EnforcementRecord's then dog_id (the status
    card unions them with the dog's other records: one query for all it shows)."""
    nodate = type_coerce(null(), Date)
    v = db.select(literal_column("'violation'", String).label("kind"), Violation.id, Violation.supersedes_id,
                  Violation.occurred_at.label("at"), Violation.codes.label("codes"), nodate.label("day1"),
                  nodate.label("day2"), type_coerce(null(), String).label("status"),
                  type_coerce(null(), String).label("text"), Violation.dog_id
                  ).where(Violation.dog_id.in_(dog_ids))
    i = db.select(literal_column("'impoundment'"), Impoundment.id, null(), Impoundment.seized_at, Impoundment.reason_codes,
                  Impoundment.impounded_on, Impoundment.redemption_deadline, Impoundment.status,
                  Impoundment.held_at, Impoundment.dog_id).where(Impoundment.dog_id.in_(dog_ids))
    r = db.select(literal_column("'rabies_request'"), RabiesRequest.id, null(), RabiesRequest.created_at, null(),
                  RabiesRequest.requested_on, RabiesRequest.due_on, null(), RabiesRequest.requested_of,
                  RabiesRequest.dog_id).where(RabiesRequest.dog_id.in_(dog_ids))
    return [v, i, r]


def enforcement_histories(dog_ids) -> dict[int, list[EnforcementRecord]]:
    """Enforcement history of many dogs in one query (the offline dataset, lists)."""
    histories = {d: [] for d in dog_ids}
    if not histories:
        return histories
    if len(histories) == 1:
        rows = db.session.execute(_one_history_select(), {"dog_id": next(iter(histories))})
    else:
        rows = db.session.execute(_history_select(), {"dog_ids": list(histories)})
    for row in rows:
        histories[row.dog_id].append(EnforcementRecord(*row[:9]))
    return histories


def attach_enforcement(dogs) -> None:
    """Load the history of `dogs` in one query and keep it on each for the flag sources."""
    histories = enforcement_histories([d.id for d in dogs])
    for dog in dogs:
        keep_history(dog, histories[dog.id])


def keep_history(dog, records: list[EnforcementRecord]) -> None:
    """Keep `records` on the dog for the flag sources, until its data_version changes."""
    dog._field_history = (dog.data_version, records)


def enforcement_history(dog) -> list[EnforcementRecord]:
    """The dog's history, from what attach_enforcement kept (if the dog has not changed since)."""
    kept = getattr(dog, "_field_history", None)
    if kept is None or kept[0] != dog.data_version:
        attach_enforcement([dog])
        kept = dog._field_history
    return kept[1]


def current_violations(dog) -> list[EnforcementRecord]:
    """The dog's violations, latest version of each, newest first."""
    violations = [r for r in enforcement_history(dog) if r.kind == "violation"]
    replaced = {v.supersedes_id for v in violations if v.supersedes_id}
    return sorted((v for v in violations if v.id not in replaced), key=lambda v: v.at, reverse=True)


def open_rabies_requests(dog, today) -> list[EnforcementRecord]:
    """§5(B)(1) requests with no rabies certificate (or vet's statement) filed since."""
    def answered(req):
        return any((c.vaccinated_on and c.vaccinated_on >= req.day1)
                   or (c.created_at and req.at and c.created_at > req.at)
                   for c in dog.rabies_certificates)
    requests = [r for r in enforcement_history(dog) if r.kind == "rabies_request"]
    return [req for req in requests if not answered(req)]


@flag_source
def _impounded(dog, today):
    """§8: the dog is in the pound now; redemption deadline per §8(B)."""
    return [{"code": "impounded", "label": "Currently IMPOUNDED", "level": "bad",
             "since": imp.day1.isoformat(), "redemption_deadline": imp.day2.isoformat(),
             "detail": f"Held until {imp.day2:%a %-d %b %Y} (§8(B))" + (f" · {imp.text}" if imp.text else "")}
            for imp in enforcement_history(dog) if imp.kind == "impoundment" and imp.status == "held"]


@flag_source
def _prior_violations(dog, today):
    """Violations on file (latest versions), with their dates."""
    violations = current_violations(dog)
    if not violations:
        return []
    history = [{"date": to_local(v.at).date().isoformat(),
                "text": ", ".join(VIOLATIONS[c].title for c in v.codes if c in VIOLATIONS)}
               for v in violations]
    n = len(violations)
    return [{"code": "violations", "level": "warn", "since": None,
             "label": f"{n} prior violation{'s' if n > 1 else ''}", "history": history[:5]}]


@flag_source
def _rabies_requested(dog, today):
    """§5(B)(1): vaccination requested, due within ten days, until a certificate is on file."""
    flags = []
    for req in open_rabies_requests(dog, today):
        due = req.day2
        overdue = today > due
        flags.append({"code": "rabies_requested", "level": "bad" if overdue else "warn",
                      "since": req.day1.isoformat(), "due_on": due.isoformat(),
                      "label": (f"Rabies vaccination OVERDUE: was due {due:%a %-d %b %Y} (§5(B)(1))"
                                if overdue else
                                f"Rabies vaccination requested: due {due:%a %-d %b %Y} (§5(B)(1))")})
    return flags
