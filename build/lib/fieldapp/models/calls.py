"""Calls for service (fieldapp/law/calls.py): a neighbour's report, and what came of it.

A call is recorded by one field entry (the clerk's at the counter, the officer's on the phone) or
by the public form (`source` "public", `verified` False), so it carries a client UUID like the
records made at the roadside: an entry made offline ("record a violation from this call", "close
it") names the call by it before the phone knows the call's server id. Its timeline, taken,
arrived, a record made from it, closed, caller told, is `CallUpdate` rows; the call's own columns
keep the current state for the queue.
"""
from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class Call(TownOwned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), unique=True, nullable=False)
    received_at = db.Column(UTCDateTime, nullable=False, index=True)
    source = db.Column(db.String(10), nullable=False, default="phone")  # phone | counter | officer | public
    verified = db.Column(db.Boolean, nullable=False, default=True)  # False: a citizen's report from the public form
    recorded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))  # None: the public form
    caller_name = db.Column(db.String(120), nullable=False, default="")
    caller_phone = db.Column(db.String(40), nullable=False, default="")
    caller_email = db.Column(db.String(120), nullable=False, default="")
    caller_address = db.Column(db.String(300), nullable=False, default="")  # for a letter
    tell_caller = db.Column(db.String(6), nullable=False, default="")  # "" | email | letter
    kind = db.Column(db.String(12), nullable=False, index=True)  # law/calls.py CALL_KINDS
    urgency = db.Column(db.String(8), nullable=False, default="today")
    location_text = db.Column(db.String(300), nullable=False, default="")  # an address
    place_description = db.Column(db.String(300), nullable=False, default="")  # "I don't know the address"
    latitude = db.Column(db.Float)
    longitude = db.Column(db.Float)
    accuracy_m = db.Column(db.Float)
    description = db.Column(db.Text, nullable=False, default="")
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    dog_description = db.Column(db.String(300), nullable=False, default="")
    status = db.Column(db.String(8), nullable=False, default="open", index=True)
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"))  # who took it (the last to)
    taken_at = db.Column(UTCDateTime)
    arrived_at = db.Column(UTCDateTime)
    arrival_latitude = db.Column(db.Float)
    arrival_longitude = db.Column(db.Float)
    closed_at = db.Column(UTCDateTime)
    closed_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    outcome = db.Column(db.String(10), nullable=False, default="")  # law/calls.py OUTCOMES
    outcome_note = db.Column(db.String(500), nullable=False, default="")
    referred_to = db.Column(db.String(200), nullable=False, default="")
    caller_told_at = db.Column(UTCDateTime)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    dog = db.relationship("Dog", backref=db.backref("calls", order_by="Call.received_at.desc()"))
    officer = db.relationship("User", foreign_keys=[officer_id])
    recorded_by = db.relationship("User", foreign_keys=[recorded_by_id])
    closed_by = db.relationship("User", foreign_keys=[closed_by_id])
    updates = db.relationship("CallUpdate", back_populates="call", order_by="CallUpdate.id")

    @property
    def is_open(self) -> bool:
        return self.status != "closed"

    @property
    def place(self) -> str:
        return self.location_text or self.place_description or (
            f"GPS {self.latitude:.5f}, {self.longitude:.5f}" if self.latitude is not None else "")


class CallUpdate(TownOwned, db.Model):
    """One step of a call: taken, arrived, note, record (a violation, seizure, ticket or sworn
    complaint made from it: `record_kind`, `record_id`), closed, told (the caller)."""
    id = db.Column(db.Integer, primary_key=True)
    call_id = db.Column(db.Integer, db.ForeignKey("call.id"), nullable=False, index=True)
    entry_id = db.Column(db.String(36), index=True)  # the field entry that made it (None: office)
    kind = db.Column(db.String(10), nullable=False)
    at = db.Column(UTCDateTime, nullable=False)
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    note = db.Column(db.String(500), nullable=False, default="")
    record_kind = db.Column(db.String(10), nullable=False, default="")
    record_id = db.Column(db.Integer)
    latitude = db.Column(db.Float)
    longitude = db.Column(db.Float)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    call = db.relationship("Call", back_populates="updates")
    officer = db.relationship("User")

    __table_args__ = (db.Index("ix_call_update_record", "record_kind", "record_id"),)
