"""History: which columns of which record changed, old and new, who and when. Append-only.

An `Event` (models/audit.py) says what happened in the law's words ("license.issued"); a
`Change` says which columns that wrote. Both are written in the request's one transaction. The
rows are made by the flush hook of `fieldapp/services/history.py` for every model it declares
audited, never by a service; nothing updates or deletes a Change (the hook refuses it)."""
from ..extensions import db
from .types import UTCDateTime, now_utc


class Change(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    at = db.Column(UTCDateTime, nullable=False, default=now_utc, index=True)
    actor_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    # Where it came from when there is no signed-in user: web (the public), command line, system.
    source = db.Column(db.String(16), nullable=False, default="system")
    subject_type = db.Column(db.String(40), nullable=False)  # the model's name: Dog, Owner, License
    subject_key = db.Column(db.String(80), nullable=False)  # its primary key as text
    action = db.Column(db.String(8), nullable=False)  # created | changed | deleted
    # {column: [old, new]} in plain JSON values (dates as ISO text, money as text).
    changes = db.Column(db.JSON, nullable=False, default=dict)
    # The dog and the owner the record belongs to, so each one's History finds it.
    dog_id = db.Column(db.Integer, index=True)
    owner_id = db.Column(db.Integer, index=True)
    event_id = db.Column(db.Integer, db.ForeignKey("event.id"))  # the Event of the same write, if any
    actor = db.relationship("User")
    event = db.relationship("Event")

    __table_args__ = (db.Index("ix_change_subject", "subject_type", "subject_key"),)
