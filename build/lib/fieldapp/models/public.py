"""Public side: what finders tell the town (FoundReport) and when a tag was scanned (TagScan).

Neither holds a full client address: only coarse client info (user-agent family, first two
octets of the IP), enough for an owner or officer to see "scanned Tuesday, Android phone".
"""
from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class FoundReport(TownOwned, db.Model):
    """A finder's message: about a tagged dog (dog_id/tag_id set) or a dog without a tag (both None)."""
    id = db.Column(db.Integer, primary_key=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    tag_id = db.Column(db.Integer, db.ForeignKey("tag.id"))
    finder_name = db.Column(db.String(120), nullable=False, default="")
    finder_phone = db.Column(db.String(40), nullable=False, default="")
    finder_email = db.Column(db.String(120), nullable=False, default="")
    location = db.Column(db.String(300), nullable=False)  # where the dog is now / was seen
    description = db.Column(db.String(300), nullable=False, default="")  # untagged dogs: what it looks like
    note = db.Column(db.Text, nullable=False, default="")
    photo = db.Column(db.LargeBinary)  # JPEG, resized, metadata stripped
    client_info = db.Column(db.String(80), nullable=False, default="")
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc, index=True)
    owner_notified_at = db.Column(UTCDateTime)  # an email went to the owner(s)
    owner_notified_count = db.Column(db.Integer, nullable=False, default=0)
    handled_at = db.Column(UTCDateTime, index=True)
    handled_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    handled_note = db.Column(db.Text, nullable=False, default="")

    dog = db.relationship("Dog", backref=db.backref("found_reports", order_by="FoundReport.created_at.desc()"))
    tag = db.relationship("Tag")
    handled_by = db.relationship("User")

    @property
    def is_handled(self) -> bool:
        return self.handled_at is not None


class TagScan(TownOwned, db.Model):
    """A public view of a tag's page (officers' scans are not logged here)."""
    id = db.Column(db.Integer, primary_key=True)
    tag_id = db.Column(db.Integer, db.ForeignKey("tag.id"), nullable=False)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False)
    at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    client_info = db.Column(db.String(80), nullable=False, default="")  # "Android · Chrome · 203.0.x.x"
    tag = db.relationship("Tag")

    __table_args__ = (db.Index("ix_tag_scan_dog_at", "dog_id", "at"),)
