"""Reading an entry's payload: one message per field, and what the readers look up.

Payloads are flat objects of form fields by name (as `services.entries.form_to_payload` builds
them); checkboxes may give one value or a list. A later entry made offline refers to an
earlier one by its client UUID (`violation_entry_id`), as offline there is no server id yet.
"""
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from ...extensions import db
from ...law import VIOLATIONS
from ...models import Dog, FieldEntry
from ...models.enforcement import Violation
from ...timeutil import TOWN_TZ, utcnow
from ..errors import ServiceError

# How far ahead of the server's clock a phone's clock may be before a time is "in the future".
CLOCK_SKEW = timedelta(minutes=15)

# The messages a refused entry shows, in plain words (no field names, no codes). The phone checks
# the same ones before it queues an entry (`rules.entry_rules`, served as data).
DOG_NEEDED = "Scan the dog's tag, or describe the dog (colour, breed, size, collar)."
PLACE_NEEDED = "Use GPS or type where it happened (address or road and landmark)."
UNKNOWN_OFFENCE = "An offence ticked is not in the Local Law's list: untick it and tick the right one."
EXCEPTIONS_ADVICE = ". If one of them may apply, untick that offence."
# "Ruled out: ..." words for each exception an officer must exclude before an offence stands.
RULED_OUT_WORDS = {
    "6B": "not on the owner's own property",
    "6A1-hunting": "not a hunting dog under command",
    "5A1-under-4-months": "not a puppy under four months kept from running at large",
    "5H-dog-show": "not at a dog show, licensed in the town where it lives",
    "5B2": "no vet's statement that vaccination would endanger the dog",
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
            self.error(name, UNKNOWN_OFFENCE)
        codes = [c for c in VIOLATIONS if c in codes]  # the law's order, no repeats
        if required and not codes:
            self.error(name, required)
        return codes

    def ruled_out(self, codes, carried=(), name="ruled_out") -> list[str]:
        """The exceptions ruled out for `codes` (ticked here, or `carried` over from the
        violation the entry follows). An offence stands only when each exception that could
        apply has been ruled out: §6(A) "Except as provided in Section 6(B)", the §6(A)(1)
        hunting proviso, §5(A)(1) under four months, §5(H) dog show, §5(B)(2) vet's statement.
        The one check for violations (§6, §5), seizures (§8(A)) and tickets (§9)."""
        ruled_out = {str(c) for c in as_list(self.payload.get(name))} | set(carried or ())
        missing = [exception_missing(VIOLATIONS[code], exc)
                   for code in codes for exc in VIOLATIONS[code].exceptions if exc.code not in ruled_out]
        if missing:
            self.error(name, "; ".join(missing) + EXCEPTIONS_ADVICE)
        applicable = [e.code for c in codes for e in VIOLATIONS[c].exceptions]
        return [c for c in dict.fromkeys(applicable) if c in ruled_out]

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
    r = VIOLATIONS.get(code)
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

