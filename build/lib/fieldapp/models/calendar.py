"""The town's calendar (§8(B) business days): the days the town offices are closed, year by
year, and the GCL §24 public holidays on which they stay open.

A year is pre-filled from New York's public holidays as General Construction Law §24 lists
them (`fieldapp.law.public_holidays`, source "gcl24"); the clerk adds closures (a snow day,
a day appointed by the Governor: source "town") and opens a listed day (`open`). Read by
`services/calendar.py`, which hands the law core its closed and open days.
"""
from ..extensions import db
from .types import UTCDateTime, now_utc


class TownDay(db.Model):
    """One day of the town's calendar that is not an ordinary weekday."""
    __tablename__ = "town_day"
    __table_args__ = (db.UniqueConstraint("town_id", "day", name="uq_town_day_town_id_day"),)
    id = db.Column(db.Integer, primary_key=True)
    town_id = db.Column(db.Integer, db.ForeignKey("town.id"), nullable=False)  # the town's calendar
    day = db.Column(db.Date, nullable=False)
    reason = db.Column(db.String(200), nullable=False)  # "Thanksgiving day", "Snow day"
    source = db.Column(db.String(10), nullable=False, default="town")  # gcl24 | town
    # True: a GCL §24 holiday on which the town offices stay open (a business day).
    open = db.Column(db.Boolean, nullable=False, default=False)
    updated_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    updated_at = db.Column(UTCDateTime, nullable=False, default=now_utc, onupdate=now_utc)

    updated_by = db.relationship("User")
