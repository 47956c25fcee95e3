"""Field entries as received: the idempotency record of the one write path (see services/entries.py)."""
from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class FieldEntry(TownOwned, db.Model):
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


class LateEntry(TownOwned, db.Model):
    """A field entry whose event time (the violation, the seizure, the serving of a ticket, the
    complained-of violation) was typed more than the setting `late_entry_days` before the entry
    reached the office: it needs a reason (`late_reason`) and waits for a clerk or the DCO to
    confirm the date (services/enforcement/payload.py: the stale-date gate). Until then a
    seizure's holding period counts from the day the entry reached the office."""
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), db.ForeignKey("field_entry.id"), unique=True, nullable=False)
    kind = db.Column(db.String(30), nullable=False)
    field = db.Column(db.String(30), nullable=False)  # the payload's field holding the event time
    typed_on = db.Column(db.Date, nullable=False)  # the event's local date as typed
    received_at = db.Column(UTCDateTime, nullable=False)  # when the entry reached the office
    late_reason = db.Column(db.String(300), nullable=False)
    confirmed_at = db.Column(UTCDateTime)  # None: awaiting office confirmation
    confirmed_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    confirm_note = db.Column(db.String(300), nullable=False, default="")

    entry = db.relationship("FieldEntry", backref=db.backref("late", uselist=False))
    confirmed_by = db.relationship("User", foreign_keys=[confirmed_by_id])

    @property
    def awaiting(self) -> bool:
        return self.confirmed_at is None
