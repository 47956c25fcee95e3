"""The audit trail, append-only: who did what, when. Corrections are new writes, never edits.

An `Event` says what happened in the law's words ("license.issued"); a `Change` says which
columns of which record that wrote, old and new. Both are written in the request's one
transaction. The Change rows are made by the flush hook of `fieldapp/services/audit.py` for every
model it declares audited, never by a service; nothing updates or deletes a Change (the hook
refuses it)."""
from ..extensions import db
from .types import UTCDateTime, now_utc


class Event(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    at = db.Column(UTCDateTime, nullable=False, default=now_utc, index=True)
    actor_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    kind = db.Column(db.String(40), nullable=False)  # e.g. license.issued, tag.replaced
    subject_type = db.Column(db.String(30))
    subject_id = db.Column(db.Integer)
    data = db.Column(db.JSON, nullable=False, default=dict)
    actor = db.relationship("User")


def record_event(kind: str, subject, *, actor, **data) -> Event:
    """Log `kind` about `subject` (a model, or None) done by `actor`: the signed-in user a view
    passes down, or None for the public (a finder) and the command line."""
    ev = Event(kind=kind, actor_id=getattr(actor, "id", None), data=data,
               subject_type=type(subject).__name__ if subject is not None else None,
               subject_id=getattr(subject, "id", None))
    db.session.add(ev)
    return ev


class Change(db.Model):
    """Which columns of which record one write changed, old and new, who and when."""
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
