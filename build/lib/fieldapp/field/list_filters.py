"""Filters of the violations list and the kennel board: a date range, an officer and a dog, from
the query string (kept in the URL: a filtered list can be bookmarked, shared and reloaded), as
SQL conditions. A date that is not one is said next to its field and not applied."""
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from flask import request
from sqlalchemy import func, or_

from ..extensions import db
from ..models import Dog, User
from ..parsing import parse_date
from ..timeutil import town_tz

OFFICER_ROLES = ("dco", "constable", "police")


@dataclass
class ListFilters:
    start: date | None = None
    end: date | None = None
    officer_id: int | None = None
    dog: str = ""
    errors: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)  # what was typed, shown again

    @property
    def active(self) -> bool:
        return bool(self.start or self.end or self.officer_id or self.dog)

    def conditions(self, model, day_column, instant: bool):
        """SQL conditions on `model` (a Violation or an Impoundment): its day (`day_column`; an
        instant compared by the town's local days when `instant`), its officer and its dog."""
        out = []
        if self.start:
            out.append(day_column >= (_utc_start(self.start) if instant else self.start))
        if self.end:
            out.append(day_column < _utc_start(self.end + timedelta(days=1)) if instant else day_column <= self.end)
        if self.officer_id:
            out.append(model.officer_id == self.officer_id)
        if self.dog:
            words = self.dog.lower()
            by_name = func.lower(Dog.name).contains(words, autoescape=True)
            # The ID number is a number: compared as one (PostgreSQL has no lower() of an integer).
            dogs = db.select(Dog.id).where(or_(by_name, Dog.id_number == int(words)) if words.isdigit() and
                                           len(words) < 10 else by_name)
            out.append(or_(model.dog_id.in_(dogs), func.lower(model.dog_description).contains(words, autoescape=True)))
        return out


def _utc_start(day: date) -> datetime:
    return datetime.combine(day, time.min, town_tz())


def read_filters() -> ListFilters:
    args = request.args
    f = ListFilters(values={k: (args.get(k) or "").strip()[:80] for k in ("from", "to", "officer", "dog")})
    for key, attr in (("from", "start"), ("to", "end")):
        raw = f.values[key]
        if raw:
            day = parse_date(raw)
            if day is None:
                f.errors[key] = "Give the date like 2026-10-19."
            setattr(f, attr, day)
    if f.start and f.end and f.end < f.start:
        f.errors["to"] = "The last day is before the first."
        f.end = None
    if f.values["officer"].isdigit():
        f.officer_id = int(f.values["officer"])
    f.dog = f.values["dog"]
    return f


def officers() -> list:
    """The officers to choose from (dog control officers, constables, police), by name."""
    return db.session.scalars(db.select(User).where(User.role.in_(OFFICER_ROLES)).order_by(User.full_name)).all()
