"""The town's settings: fees set by resolution of the Town Board, phone numbers, the court."""
from ..extensions import db
from .types import UTCDateTime, now_utc


class Setting(db.Model):
    key = db.Column(db.String(60), primary_key=True)
    value = db.Column(db.JSON, nullable=False)
    # Where the value comes from, e.g. "Town Board resolution 2026-14 of 2026-01-12".
    authority = db.Column(db.String(200))
    updated_at = db.Column(UTCDateTime, nullable=False, default=now_utc, onupdate=now_utc)
    updated_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
