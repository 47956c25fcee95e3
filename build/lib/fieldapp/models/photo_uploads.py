"""Photos arriving in pieces over a weak signal (services/photo_uploads.py).

A phone sends a photo in chunks, each with its byte offset and the photo's whole size; each
chunk received is one row here until the last byte arrives, then the photo is checked and kept
once as a `Photo` and these rows go. A link cut mid-photo costs only the chunk it cut.
"""
from sqlalchemy import UniqueConstraint

from ..extensions import db
from .types import UTCDateTime, now_utc


class PhotoUploadPart(db.Model):
    """One chunk of a photo not yet whole: photo `index` of field entry `entry_id` (the client
    UUID, as `Photo` keeps it), bytes [offset, offset + size) of `total`. The chunks of one photo
    are contiguous from 0 (the server takes a chunk only at the offset it holds), so what it
    holds is the end of the last one; the unique key makes a chunk sent twice at once one row."""
    __table_args__ = (UniqueConstraint("entry_id", "index", "offset", name="uq_photo_part_offset"),)
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), nullable=False, index=True)
    index = db.Column(db.Integer, nullable=False)
    offset = db.Column(db.Integer, nullable=False)
    size = db.Column(db.Integer, nullable=False)
    total = db.Column(db.Integer, nullable=False)
    content_type = db.Column(db.String(30), nullable=False, default="image/jpeg")
    data = db.Column(db.LargeBinary, nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
