"""Reading an entry's payload: one message per field, and what the readers look up.

Payloads are flat objects of form fields by name (as `services.entries.form_to_payload` builds
them); checkboxes may give one value or a list. A later entry made offline refers to an
earlier one by its client UUID (`violation_entry_id`), as offline there is no server id yet.

Bad input never reaches the database: `check_document` (document.py) checks the shape of every JSON body the
API receives (depth, size, text that is text, numbers the database can hold) before anything
reads it, and `PayloadReader` checks each field's type and range as it reads it. Both refuse
with a `ServiceError` (422, a message per field), never a 500.
"""
import math
from dataclasses import dataclass
from datetime import UTC, date, datetime

from ...extensions import db
from ...law.laws import ALL_OFFENCES, law_of_offence
from ...law.words import say_date
from ...models import Dog, FieldEntry
from ...models.enforcement import Violation
from ...timeutil import local_today, to_local, town_tz, utcnow
from ...town import current_law, current_town, towns_served
from ..errors import ServiceError

# Read from here by the entries, the API, the views and the demo: the document's limits and check
# (document.py) and the stale-date gate (late.py).
from .document import (  # noqa: F401
    CLOCK_SKEW,
    FIRST_YEAR,
    LAST_YEAR,
    MAX_ID,
    MAX_INT,
    _problem,
    check_document,
)
from .late import (  # noqa: F401
    EVENT_FIELDS,
    LATE_REASON,
    LATE_REASON_NEEDED,
    LateEvent,
    entered_at_the_time,
    hold_late_entry,
    is_late,
    late_entry_days,
)

# The messages a refused entry shows, in plain words (no field names, no codes). The phone checks
# the same ones before it queues an entry (`rules.entry_rules`, served as data).
DOG_NEEDED = "Scan the dog's tag, or describe the dog (colour, breed, size, collar)."
PLACE_NEEDED = "Use GPS or type where it happened (address or road and landmark)."
UNKNOWN_OFFENCE = "An offence ticked is not in the {law}'s list: untick it and tick the right one."
# Offences of another town's law, on an entry said to have happened in this town (an officer of
# several towns, AML §113(2)): the form listed another town's offences (a form sent without
# JavaScript, or an entry queued before its town was picked).
OTHER_LAWS_OFFENCE = ("The offences ticked are of the {other}, but {town} is under the {law}: tick {town}'s "
                      "offences instead (with {town} picked as the town where it happened, the form lists them).")
EXCEPTIONS_ADVICE = ". If one of them may apply, untick that offence."
# The one confirmation box over the listed exceptions: ticked, each exception of the ticked
# offences is ruled out (the page lists each one beside it, and ticks them all with JavaScript).
NONE_APPLIES = "none_applies"
# "Ruled out: ..." words for each exception an officer must exclude before an offence stands.
RULED_OUT_WORDS = {
    "6B": "not on the owner's own property",
    "6A1-hunting": "not a hunting dog under command",
    "6A1-leash": "not restrained by an adequate leash",
    "6A1-accompanied": "not with its owner or a responsible person able to control it by command",
    "5A1-under-4-months": "not a puppy under four months kept from running at large",
    "5H-dog-show": "not at a dog show, licensed in the town where it lives",
    # AML §109(1)(a), §111(1): the state law's exceptions (a town under the state law alone).
    "AML109-under-4-months": "not a puppy under four months kept from being at large",
    "AML109-shelter": "not residing in a pound or shelter",
    "AML111-dog-show": "not taking part in a dog show the town exempts",
    "5B2": "no vet's statement that vaccination would endanger the dog",
    # §6(A): each offence's own "unless", "without the consent", "except" words.
    "6A3-consent": "the property owner did not consent or approve",
    "6A5-owners-property": "not on the owner's or harborer's property, no consent of the property owner",
    "6A6-consent": "public property, or private property without the owner's consent",
    "6A7-removed": "the feces were not removed at once by the owner or a responsible person",
    "6A8-contained": "outside a building or fenced enclosure and not on a leash",
    "6A11-rats-mice": "the animals killed were not rats or mice",
}


def ruled_out_words(exc) -> str:
    return RULED_OUT_WORDS.get(exc.code, "does not apply: " + exc.title)


def exception_missing(restriction, exc) -> str:
    """What to do about one exception not ruled out: §6(B), §6(A)(1), §5(A)(1), §5(I), §5(B)(2)."""
    return f"{restriction.title}: tick “Ruled out: {ruled_out_words(exc)}” ({exc.section})"


def as_list(value) -> list:
    """A payload field that may hold one value or many (checkboxes) as a list."""
    if value is None or value == "":
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


@dataclass(frozen=True)
class Location:
    latitude: float | None
    longitude: float | None
    accuracy_m: float | None
    location_text: str

    @classmethod
    def of(cls, record) -> "Location":
        """Where an earlier record (a violation) was made."""
        return cls(record.latitude, record.longitude, record.accuracy_m, record.location_text or "")


class PayloadReader:
    """Reads payload fields, collecting a message per field instead of stopping at the first;
    `done()` raises them all as one ServiceError."""

    def __init__(self, payload: dict):
        self.payload = payload
        self.errors: dict[str, str] = {}
        self.late: LateEvent | None = None  # the stale-date gate's finding (`event=True` reads)

    def error(self, name, message):
        self.errors.setdefault(name, message)

    def _raw(self, name, numbers=False) -> str:
        """The field as text ("" when absent); a list, object or boolean, or a number where
        text is expected (`numbers` allows one), is an error, read as ""."""
        value = self.payload.get(name)
        if value is None:
            return ""
        if isinstance(value, str):
            if _problem(value):
                self.error(name, _problem(value))
                return ""
            return value
        if numbers and isinstance(value, (int, float)) and not isinstance(value, bool):
            if _problem(value):
                self.error(name, _problem(value))
                return ""
            return str(value)
        kind = ("a list" if isinstance(value, list) else "true/false" if isinstance(value, bool)
                else "a number" if isinstance(value, (int, float)) else "an object")
        self.error(name, f"This must be text, and it is {kind}. Fill in the field again.")
        return ""

    def text(self, name, max_len=300, required=None) -> str:
        value = self._raw(name).strip()
        if required and not value and name not in self.errors:
            self.error(name, required)
        if len(value) > max_len:
            self.error(name, f"Keep this under {max_len} characters.")
            value = value[:max_len]
        return value

    def flag(self, name) -> bool:
        value = self.payload.get(name)
        if value is None or isinstance(value, bool):
            return bool(value)
        return self._raw(name, numbers=True).strip().lower() in ("y", "yes", "on", "true", "1")

    def number(self, name, low, high):
        raw = self._raw(name, numbers=True).strip()
        if len(raw) > 40:
            self.error(name, "This is not a number.")
            return None
        if not raw:
            return None
        try:
            value = float(raw)
        except ValueError:
            self.error(name, "This is not a number.")
            return None
        if not math.isfinite(value) or not low <= value <= high:
            self.error(name, f"This must be between {low} and {high}.")
            return None
        return value

    def instant(self, name, label, event=False) -> datetime:
        """A time as typed on the phone (local "YYYY-MM-DDTHH:MM", or ISO with a zone) in UTC.
        `event`: the entry's event time, passed through the stale-date gate (`late_gate`)."""
        raw = self.text(name, 40)
        if not raw:
            return utcnow()  # not given: now
        try:
            when = datetime.fromisoformat(raw.replace("Z", "+00:00"))
            if not FIRST_YEAR <= when.year <= LAST_YEAR:
                raise ValueError(when.year)
            if when.tzinfo is None:
                when = when.replace(tzinfo=town_tz())
            when = when.astimezone(UTC)
        except (ValueError, OverflowError):
            self.error(name, f"The {label} is not a date and time like 2026-12-04 14:30.")
            return utcnow()
        if when > utcnow() + CLOCK_SKEW:
            self.error(name, f"The {label} is in the future.")
        elif event and raw:
            self.late_gate(name, label, to_local(when).date())
        return when

    def day(self, name, label, required=True, event=False) -> date | None:
        raw = self.text(name, 20)
        if not raw:
            if required:
                self.error(name, f"Give the {label}.")
            return None
        try:
            day = date.fromisoformat(raw)
        except ValueError:
            day = None
        if day is None or not FIRST_YEAR <= day.year <= LAST_YEAR:
            self.error(name, f"The {label} is not a date like 2026-12-04.")
            return None
        if event:
            self.late_gate(name, label, day)
        return day

    def counting_day(self, day: date) -> date:
        """The day a period (a court date, a deadline) counts from: `day`, or the day the entry
        reaches the office when the gate found the event late (never a period already past)."""
        return max(day, local_today()) if self.late is not None else day

    def late_gate(self, name, label, typed_on: date) -> None:
        """The stale-date gate: an event dated more than `late_entry_days` (a setting) before the
        entry reaches the office needs a reason (`late_reason`), and then waits for the office's
        confirmation (`hold_late_entry`). A slipped digit in the phone's date (2016 for 2026)
        must never make a §8(B) deadline or a court date that is already past."""
        reached = local_today()
        if not is_late(typed_on, reached):
            return
        reason = self.text(LATE_REASON, 300)
        self.late = LateEvent(name, typed_on, reason)
        if not reason:
            days = (reached - typed_on).days
            self.error(name, f"The {label} is {days} days ago ({say_date(typed_on)}). "
                             "Check the date, the year too. If it is right, say why it is entered only now: "
                             "the office confirms it before it counts.")
            self.error(LATE_REASON, LATE_REASON_NEEDED)

    def choices(self, name) -> list[str]:
        """A checkbox field: one text value or a list of them; anything else is an error."""
        values = as_list(self.payload.get(name))
        if not all(isinstance(v, str) for v in values) or len(values) > 100:
            self.error(name, "Tick the boxes again: this is not a list of choices.")
            return []
        return values

    def codes(self, name, required=None) -> list[str]:
        codes = self.choices(name)
        offences = current_law().offences  # judged by the law of the town where it happened
        unknown = [c for c in codes if c not in offences]
        if unknown:
            law = current_law()  # the town's law: its "Local Law", or the state law alone
            others = {law_of_offence(c) for c in unknown}
            if None not in others and len(others) == 1 and len(towns_served()) > 1:
                self.error(name, OTHER_LAWS_OFFENCE.format(other=others.pop().name, law=law.name,
                                                           town=current_town().name))
            else:
                self.error(name, UNKNOWN_OFFENCE.format(law="Local Law" if law.local else "state law"))
        codes = [c for c in offences if c in codes]  # the law's order, no repeats
        if required and not codes:
            self.error(name, required)
        return codes

    def ruled_out(self, codes, carried=(), name="ruled_out") -> list[str]:
        """The exceptions ruled out for `codes` (ticked here, or `carried` over from the
        violation the entry follows). An offence stands only when each exception that could
        apply has been ruled out: §6(A) "Except as provided in Section 6(B)", the §6(A)(1)
        hunting proviso, §5(A)(1) under four months, §5(H) dog show, §5(B)(2) vet's statement.
        The one check for violations (§6, §5), seizures (§8(A)) and tickets (§9)."""
        ruled_out = set(self.choices(name)) | set(carried or ())
        offences = current_law().offences  # the law the codes were read by (`codes`)
        if self.flag(NONE_APPLIES):  # "None of these applies", each exception listed beside it
            ruled_out |= {e.code for c in codes for e in offences[c].exceptions}
        missing = [exception_missing(offences[code], exc)
                   for code in codes for exc in offences[code].exceptions if exc.code not in ruled_out]
        if missing:
            self.error(name, "; ".join(missing) + EXCEPTIONS_ADVICE)
        applicable = [e.code for c in codes for e in offences[c].exceptions]
        return [c for c in dict.fromkeys(applicable) if c in ruled_out]

    def dog(self, required_description=True) -> tuple[Dog | None, str]:
        """The dog by id, or a description of a dog with no tag."""
        dog = None
        raw = self._raw("dog_id", numbers=True).strip()
        if raw and "dog_id" not in self.errors:
            # ASCII: "²" is a digit int() refuses; past MAX_ID no row can have that id.
            if raw.isascii() and raw.isdigit() and len(raw) <= 19 and 0 < int(raw) <= MAX_ID:
                dog = db.session.get(Dog, int(raw))
            if dog is None:
                self.error("dog_id", "That dog is not on file. Describe the dog instead.")
        description = self.text("dog_description", 300)
        if dog is None and not description and required_description:
            self.error("dog_description", DOG_NEEDED)
        return dog, description or (dog.description if dog else "")

    def location(self) -> Location:
        lat = self.number("latitude", -90, 90)
        lon = self.number("longitude", -180, 180)
        if (lat is None) != (lon is None):
            self.error("latitude", "The GPS position is incomplete. Type the address instead.")
            lat = lon = None
        accuracy = self.number("accuracy", 0, 100000)
        text = self.text("location_text", 300)
        if lat is None and not text:
            self.error("location_text", PLACE_NEEDED)
        return Location(lat, lon, accuracy, text)

    def done(self):
        if self.errors:
            raise ServiceError(self.errors)


def resolve_violation(entry_uuid: str) -> Violation | None:
    """The violation recorded by the field entry `entry_uuid` (offline there is no server id yet)."""
    if not entry_uuid:
        return None
    entry = db.session.get(FieldEntry, str(entry_uuid))
    if entry is None or entry.kind != "violation":
        return None
    return db.session.execute(db.select(Violation).filter_by(entry_id=entry.id)).scalar_one_or_none()


def owner_name(dog) -> str:
    owner = dog.primary_owner if dog else None
    return owner.full_name if owner else ""


def closed_days() -> dict[date, str]:
    """Days the town's offices are closed, {date: reason}, from the town's calendar
    (services/calendar.py): not business days (§8(B), §9)."""
    from ..calendar import closed_days as calendar_closed_days
    return calendar_closed_days()


def open_days() -> frozenset:
    """GCL §24 holidays on which the town's offices stay open (the town's calendar, §8(B))."""
    from ..calendar import open_days as calendar_open_days
    return calendar_open_days()


def violation_title(code: str) -> str:
    r = ALL_OFFENCES.get(code)
    return f"{r.title} ({r.section})" if r else code


@dataclass(frozen=True)
class FollowedViolation:
    """What a seizure (§8(A)) or a ticket (§9) takes from the violation it follows, named by
    its client UUID: its codes, its ruled-out exceptions and its dog, unless the entry gives
    its own."""
    violation: Violation | None
    violation_uuid: str
    codes: list
    ruled_out: list
    dog: Dog | None
    dog_description: str


def read_followed_violation(r: PayloadReader, no_codes: str, describe_dog: bool) -> FollowedViolation:
    """The offence and the dog of a seizure or ticket, from the payload or the violation it
    follows; each exception to the offence ruled out exactly as for the violation itself.
    `no_codes`: the message when there is no offence; `describe_dog`: a dog with no tag must be
    described when there is no violation to take it from."""
    violation_uuid = r.text("violation_entry_id", 36)
    violation = resolve_violation(violation_uuid)
    codes = r.codes("codes") or (list(violation.codes) if violation else [])
    if not codes:
        r.error("codes", no_codes)
    ruled_out = r.ruled_out(codes, carried=violation.ruled_out if violation else ())
    dog, description = r.dog(required_description=describe_dog and violation is None)
    if dog is None and violation is not None:
        dog, description = violation.dog, description or violation.dog_description
    return FollowedViolation(violation, violation_uuid, codes, ruled_out, dog, description)

