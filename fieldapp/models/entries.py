"""Field entries as received: the idempotency record of the one write path (see services/entries.py)."""
from ..extensions import db
from .types import UTCDateTime, now_utc


class FieldEntry(db.Model):
    # The client-made UUID: a replay of the same entry finds this row and gets the same result.
    id = db.Column(db.String(36), primary_key=True)
    kind = db.Column(db.String(30), nullable=False)
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False, index=True)
    payload = db.Column(db.JSON, nullable=False)
    payload_hash = db.Column(db.String(64), nullable=False)
    device_recorded_at = db.Column(UTCDateTime, nullable=False)  # the phone's clock
    server_received_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    result = db.Column(db.JSON, nullable=False, default=dict)
    officer = db.relationship("User")
