"""One-time keys of the money-taking forms (see fieldapp/once.py)."""
from ..extensions import db
from .types import UTCDateTime, now_utc


class FormOnce(db.Model):
    """A form sent with its one-time key: claimed before anything is written, so a second
    request with the same key (a double tap, a retry after a lost answer) waits for the first
    and is shown its result (`result_url`) instead of doing it again."""
    key = db.Column(db.String(36), primary_key=True)  # the UUID the page rendered into the form
    form = db.Column(db.String(40), nullable=False)  # which form, e.g. "license"
    user_id = db.Column(db.Integer, db.ForeignKey("user.id"), index=True)
    result_url = db.Column(db.String(500), nullable=False, default="")
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
