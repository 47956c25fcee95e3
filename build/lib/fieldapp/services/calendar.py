"""The town's calendar as data (§8(B) business days): closures and openings from `TownDay`.

`closed_days()` / `open_days()` are what the law core's business-day functions take
(fieldapp/law/calendar.py). A year is pre-filled from GCL §24's public holidays
(`fill_year`); the clerk adds a closure (a snow day, with its reason) or opens a listed day.
The calendar is the town's (`TownDay.town_id`): the days of `current_town()`'s record.
Nothing here commits: the request does.
"""
from datetime import date

from ..extensions import db
from ..law import public_holidays
from ..models import TownDay, record_event
from ..town import current_town_id, town_for_write
from .errors import ServiceError


def closed_days() -> dict[date, str]:
    """{date: reason} of the days the town offices are closed (listed holidays not opened)."""
    rows = db.session.execute(db.select(TownDay.day, TownDay.reason).where(TownDay.open.is_(False), _of_town()))
    return {day: reason for day, reason in rows}


def open_days() -> frozenset:
    """GCL §24 holidays on which the town offices stay open: business days (§8(B))."""
    return frozenset(db.session.execute(db.select(TownDay.day).where(TownDay.open.is_(True), _of_town())).scalars())


def _of_town():
    return TownDay.town_id == current_town_id()


def year_days(year: int) -> list[TownDay]:
    return db.session.execute(db.select(TownDay).where(TownDay.day.between(date(year, 1, 1), date(year, 12, 31)),
                                                       _of_town())
                              .order_by(TownDay.day)).scalars().all()


def year_filled(year: int) -> bool:
    return any(d.source == "gcl24" for d in year_days(year))


def fill_year(year: int, user=None) -> int:
    """Pre-fill `year` with GCL §24's public holidays (those not already listed); how many added."""
    listed = {d.day for d in year_days(year)}
    town = town_for_write(user)
    added = 0
    for day, name in public_holidays(year):
        if day not in listed:
            db.session.add(TownDay(town_id=town.id, day=day, reason=f"{name} (GCL §24)", source="gcl24",
                                      updated_by=user))
            added += 1
    db.session.flush()
    record_event("calendar.filled", None, actor=user, year=year, added=added)
    return added


def add_closure(day: date, reason: str, user) -> TownDay:
    """The town offices closed on `day` (a snow day, a day appointed by the Governor)."""
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError({"reason": "Say why the town offices are closed (e.g. Snow day)."})
    if len(reason) > 200:
        raise ServiceError({"reason": "Keep the reason under 200 characters."})
    town = town_for_write(user)
    row = db.session.execute(db.select(TownDay).filter_by(town_id=town.id, day=day)).scalar_one_or_none()
    if row is None:
        row = TownDay(town_id=town.id, day=day, source="town")
        db.session.add(row)
    row.reason, row.open, row.updated_by = reason, False, user
    db.session.flush()
    record_event("calendar.closed", row, actor=user, day=day.isoformat(), reason=reason)
    return row


def set_open(row: TownDay, is_open: bool, user) -> None:
    """Open a listed day (the offices work on it: a business day), or close it again. A day
    the town added itself is removed instead of opened."""
    if is_open and row.source == "town":
        record_event("calendar.removed", row, actor=user, day=row.day.isoformat(), reason=row.reason)
        db.session.delete(row)
        return
    row.open, row.updated_by = is_open, user
    record_event("calendar.opened" if is_open else "calendar.closed", row, actor=user,
                 day=row.day.isoformat(), reason=row.reason)
