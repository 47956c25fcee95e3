"""The town's settings: fees set by resolution of the Town Board, phone numbers, the court."""
from ..extensions import db
from .types import UTCDateTime, now_utc


class Setting(db.Model):
    """A setting's value for a town (`fieldapp/settings.py` reads those of `current_town()`)."""
    town_id = db.Column(db.Integer, db.ForeignKey("town.id"), primary_key=True)
    key = db.Column(db.String(60), primary_key=True)
    value = db.Column(db.JSON, nullable=False)
    # Where the value comes from, e.g. "Town Board resolution 2026-14 of 2026-01-12".
    authority = db.Column(db.String(200))
    updated_at = db.Column(UTCDateTime, nullable=False, default=now_utc, onupdate=now_utc)
    updated_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))


class SettingChange(db.Model):
    """A setting's value from a day on: the Town Board's fees apply from their date, never back
    (§5(D), §5(G)(2), §5(K), §8(C)(1) "set from time to time by resolution of the Town Board").
    The value in force on a day is the last one recorded with `effective_on` on or before it."""
    id = db.Column(db.Integer, primary_key=True)
    town_id = db.Column(db.Integer, db.ForeignKey("town.id"), nullable=False, index=True)
    key = db.Column(db.String(60), nullable=False, index=True)
    value = db.Column(db.JSON, nullable=False)
    effective_on = db.Column(db.Date, nullable=False)
    authority = db.Column(db.String(200))
    recorded_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    recorded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
