"""Appearance ticket numbers (§9): blocks reserved per officer's device, each number used once.

A phone with no signal still writes tickets, so it holds a block of numbers reserved in
advance. Every number ever issued is in exactly one block; each ends either used (on a
ticket) or void (spoiled, with a reason). Numbers in neither state are the clerk's gaps.
"""
from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class TicketBlock(TownOwned, db.Model):
    """A run of ticket numbers [first, last] held by one officer's device (or the server)."""
    id = db.Column(db.Integer, primary_key=True)
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False, index=True)
    # The phone's own id (kept in its IndexedDB), or "server" for forms posted without JS.
    device_id = db.Column(db.String(64), nullable=False)
    first = db.Column(db.Integer, nullable=False, unique=True)
    last = db.Column(db.Integer, nullable=False, unique=True)
    issued_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    officer = db.relationship("User")


class TicketNumberUse(TownOwned, db.Model):
    """What became of one ticket number: used on a ticket, or void. Unique: never twice."""
    id = db.Column(db.Integer, primary_key=True)
    number = db.Column(db.String(20), nullable=False, unique=True)
    block_id = db.Column(db.Integer, db.ForeignKey("ticket_block.id"), nullable=False, index=True)
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False, index=True)
    status = db.Column(db.String(8), nullable=False)  # used | void
    reason = db.Column(db.String(200))
    entry_id = db.Column(db.String(36))  # the FieldEntry that used or voided it
    at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    block = db.relationship("TicketBlock")
    officer = db.relationship("User")
