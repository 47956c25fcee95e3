"""Append-only event log: who did what, when. Corrections are new events, never edits."""
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
