"""Enforcement records (§5(B)(1), §6, §8, §9, §10) written from the roadside.

Every record comes from one field entry (services/entries.py) and carries that entry's
client-made UUID in `entry_id`, so a replay finds it and a later entry made offline can
refer to it before it has a server id. Records are never edited in place: a correction
is a new Violation with `supersedes_id` (§ audit rule of the house), status changes are
recorded as events.
"""
from sqlalchemy import UniqueConstraint

from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class Violation(TownOwned, db.Model):
    """A violation of §5 or §6 observed by an officer (codes of fieldapp.law.VIOLATIONS)."""
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), unique=True, nullable=False)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    dog_description = db.Column(db.String(300), nullable=False, default="")  # a dog with no tag
    owner_description = db.Column(db.String(300), nullable=False, default="")
    codes = db.Column(db.JSON, nullable=False)  # ["6A1", "5A1"]
    ruled_out = db.Column(db.JSON, nullable=False, default=list)  # exception codes ruled out (§6(B) ...)
    occurred_at = db.Column(UTCDateTime, nullable=False)
    location_text = db.Column(db.String(300), nullable=False, default="")
    latitude = db.Column(db.Float)
    longitude = db.Column(db.Float)
    accuracy_m = db.Column(db.Float)
    narrative = db.Column(db.Text, nullable=False, default="")
    witness = db.Column(db.String(300), nullable=False, default="")
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    # A correction is a new version pointing at the one it replaces.
    supersedes_id = db.Column(db.Integer, db.ForeignKey("violation.id"), unique=True)
    # §10(B)(4): the order of the Town Justice violated (code 10B4), models/court.py.
    court_order_id = db.Column(db.Integer, db.ForeignKey("court_order.id", use_alter=True,
                                                         name="fk_violation_court_order"), index=True)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    dog = db.relationship("Dog", backref=db.backref("violations", order_by="Violation.occurred_at.desc()"))
    officer = db.relationship("User")
    court_order = db.relationship("CourtOrder", backref="violations")
    supersedes = db.relationship("Violation", remote_side=[id], backref=db.backref("superseded_by", uselist=False))


class Impoundment(TownOwned, db.Model):
    """A dog seized and impounded (§8(A)), held until `redemption_deadline` (§8(B))."""
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), unique=True, nullable=False)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    dog_description = db.Column(db.String(300), nullable=False, default="")
    violation_entry_id = db.Column(db.String(36), index=True)  # the entry it was made from (maybe offline)
    violation_id = db.Column(db.Integer, db.ForeignKey("violation.id"), index=True)
    reason_codes = db.Column(db.JSON, nullable=False)
    seized_at = db.Column(UTCDateTime, nullable=False)
    impounded_on = db.Column(db.Date, nullable=False)  # local date; the holding period excludes it
    owner_known = db.Column(db.Boolean, nullable=False)  # §8(B), decided from the record
    owner_known_reason = db.Column(db.String(300), nullable=False, default="")
    owner_named = db.Column(db.String(120), nullable=False, default="")  # named by the officer
    redemption_deadline = db.Column(db.Date, nullable=False)
    # §8(B) "excluding the day the dog is impounded": the day the period counted from and which
    # day that is (seized, received by the pound, or the entry reached the office), shown with it.
    period_from = db.Column(db.Date)
    period_from_reason = db.Column(db.String(120), nullable=False, default="")
    # The days the holding period skipped: [["YYYY-MM-DD", "Thanksgiving day (GCL §24)"], ...]
    deadline_skipped = db.Column(db.JSON, nullable=False, default=list)
    location_text = db.Column(db.String(300), nullable=False, default="")
    latitude = db.Column(db.Float)
    longitude = db.Column(db.Float)
    accuracy_m = db.Column(db.Float)
    held_at = db.Column(db.String(200), nullable=False, default="")  # kennel / shelter
    notes = db.Column(db.Text, nullable=False, default="")
    # §8(E): held | redeemed | adopted | euthanized | transferred | died (in care)
    status = db.Column(db.String(12), nullable=False, default="held")
    ended_on = db.Column(db.Date)  # the day it ended (not held any more)
    ended_at = db.Column(UTCDateTime)  # the instant it ended: §8(C)(2) counts hours held
    ended_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    end_note = db.Column(db.String(300), nullable=False, default="")  # to whom, how
    # §8(C)/(D) what the case cost when it closed, [[kind, label, amount, section], ...]: a fee
    # changed later by resolution never re-bills it (services/impoundment/fees.py `close_fees`).
    fees_closed = db.Column(db.JSON)
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    # DL-18 (AML §113(4)): the record number (a yearly sequence, 2026-0012), the day the shelter
    # received the dog, and the description of a dog not on file as the officer gave it (a dog
    # on file is described from its record: services/impoundment/dl18.py dl18_row).
    record_number = db.Column(db.String(12))  # one of each in a town
    received_on = db.Column(db.Date)
    dog_breed = db.Column(db.String(80), nullable=False, default="")
    dog_sex = db.Column(db.String(1), nullable=False, default="")  # "M" / "F" / "" unknown
    dog_color = db.Column(db.String(80), nullable=False, default="")
    dog_age = db.Column(db.String(40), nullable=False, default="")  # approximate, as seen
    dog_id_number = db.Column(db.String(20), nullable=False, default="")  # on a tag from elsewhere
    dog_tag = db.Column(db.String(80), nullable=False, default="")  # tag worn: rabies, other town

    dog = db.relationship("Dog", backref=db.backref("impoundments", order_by="Impoundment.seized_at.desc()"))
    violation = db.relationship("Violation", backref="impoundments")
    officer = db.relationship("User", foreign_keys=[officer_id])
    ended_by = db.relationship("User", foreign_keys=[ended_by_id])
    __table_args__ = (UniqueConstraint("record_number", "town_id", name="uq_impoundment_record_number_town_id"),)


IMPOUNDMENT_NOTICE_METHODS = {"phone": "By telephone", "in_person": "In person", "letter": "By letter",
                              "email": "By email", "text": "By text message"}


class ImpoundmentNotice(TownOwned, db.Model):
    """The owner told that the dog is held (DL-18: whether, when and how the owner was notified)."""
    id = db.Column(db.Integer, primary_key=True)
    impoundment_id = db.Column(db.Integer, db.ForeignKey("impoundment.id"), nullable=False, index=True)
    method = db.Column(db.String(12), nullable=False)  # IMPOUNDMENT_NOTICE_METHODS
    notified_at = db.Column(UTCDateTime, nullable=False)
    to_whom = db.Column(db.String(120), nullable=False, default="")
    note = db.Column(db.String(300), nullable=False, default="")
    by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    impoundment = db.relationship("Impoundment", backref=db.backref(
        "notices", order_by="ImpoundmentNotice.notified_at", cascade="all, delete-orphan"))
    by = db.relationship("User")


class AppearanceTicket(TownOwned, db.Model):
    """An appearance ticket (§9) served on the owner, the person in charge, or a minor
    owner's guardian / head of household (§4(I)). What was printed is frozen here.

    §9 "issue and serve": `issued_at` is when it was written (the date of issuance, CPL
    §150.40(1)); `served_how` ("personal", CPL §150.40(2): the one way a ticket is served) and
    `served_at` when it was handed to the person charged, both empty ("" / None) for a ticket
    written and not served yet, marked served later (an event). Tries that are not service
    (left at the residence, mailed) are `ServiceAttempt` rows, notes on the ticket."""
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), unique=True, nullable=False)
    number = db.Column(db.String(20), unique=True, nullable=False)
    violation_entry_id = db.Column(db.String(36), index=True)
    violation_id = db.Column(db.Integer, db.ForeignKey("violation.id"), index=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    dog_description = db.Column(db.String(300), nullable=False, default="")
    codes = db.Column(db.JSON, nullable=False)
    served_capacity = db.Column(db.String(12), nullable=False)  # owner|in_charge|guardian
    served_name = db.Column(db.String(120), nullable=False)
    served_address = db.Column(db.String(300), nullable=False)
    minor_owner_name = db.Column(db.String(120), nullable=False, default="")
    served_at = db.Column(UTCDateTime)  # None: not served yet
    served_how = db.Column(db.String(12), nullable=False, default="personal")  # "" not served yet
    service_note = db.Column(db.String(300), nullable=False, default="")  # with whom left, how mailed
    issued_at = db.Column(UTCDateTime, nullable=False, default=now_utc, index=True)
    # When and where the offence happened (the Justice asks; every paper ticket book has them).
    # Tickets from before these were kept have none (None / "").
    offence_at = db.Column(UTCDateTime)
    offence_place = db.Column(db.String(300), nullable=False, default="")
    offence_latitude = db.Column(db.Float)
    offence_longitude = db.Column(db.Float)
    served_email = db.Column(db.String(254), nullable=False, default="")  # a copy sent there, if given
    court_name = db.Column(db.String(120), nullable=False)
    court_address = db.Column(db.String(300), nullable=False)
    appear_on = db.Column(db.Date, nullable=False)
    appear_time = db.Column(db.String(5), nullable=False)  # HH:MM local
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    officer_name = db.Column(db.String(120), nullable=False)
    officer_badge = db.Column(db.String(32), nullable=False, default="")
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    dog = db.relationship("Dog", backref=db.backref("tickets", order_by="AppearanceTicket.issued_at.desc()"))
    violation = db.relationship("Violation", backref="tickets")
    officer = db.relationship("User")

    @property
    def served(self) -> bool:
        """CPL §150.40(2): served personally on the person charged."""
        return self.served_how == "personal" and self.served_at is not None

    @property
    def offence_day(self):
        """The town's day of the offence, else of the writing (a ticket from before the offence's
        time was kept)."""
        from ..timeutil import to_local
        return to_local(self.offence_at or self.issued_at).date()


class ServiceAttempt(TownOwned, db.Model):
    """A try at serving an appearance ticket that is not service (CPL §150.40(2) "must be served
    personally"): left at the residence, mailed, the person not found. A note on the ticket,
    which stays not served until it is handed to the person charged."""
    id = db.Column(db.Integer, primary_key=True)
    ticket_id = db.Column(db.Integer, db.ForeignKey("appearance_ticket.id"), nullable=False, index=True)
    how = db.Column(db.String(12), nullable=False)  # law/court.py ATTEMPT_METHODS
    attempted_at = db.Column(UTCDateTime, nullable=False)
    note = db.Column(db.String(300), nullable=False, default="")
    by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    ticket = db.relationship("AppearanceTicket", backref=db.backref(
        "service_attempts", order_by="ServiceAttempt.attempted_at"))
    by = db.relationship("User")


class SwornComplaint(TownOwned, db.Model):
    """A complaint under oath filed with the DCO or a constable (§10(A)), forwarded to the Town Justice."""
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), unique=True, nullable=False)
    complainant_name = db.Column(db.String(120), nullable=False)
    complainant_residence = db.Column(db.String(300), nullable=False)
    complainant_phone = db.Column(db.String(40), nullable=False, default="")  # to reach them for the hearing
    sworn = db.Column(db.Boolean, nullable=False)
    sworn_before_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    codes = db.Column(db.JSON, nullable=False, default=list)
    nature = db.Column(db.Text, nullable=False)
    violation_on = db.Column(db.Date, nullable=False)
    violation_place = db.Column(db.String(300), nullable=False, default="")  # "" on complaints before it was asked
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    dog_description = db.Column(db.String(300), nullable=False)
    owner_name = db.Column(db.String(120), nullable=False, default="")
    owner_residence = db.Column(db.String(300), nullable=False, default="")
    status = db.Column(db.String(12), nullable=False, default="received")  # received|forwarded
    forwarded_on = db.Column(db.Date)
    forwarded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    dog = db.relationship("Dog", backref=db.backref("complaints", order_by="SwornComplaint.violation_on.desc()"))
    sworn_before = db.relationship("User", foreign_keys=[sworn_before_id])
    forwarded_by = db.relationship("User", foreign_keys=[forwarded_by_id])


class RabiesRequest(TownOwned, db.Model):
    """An officer's request to have a dog vaccinated against rabies within ten days (§5(B)(1))."""
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), unique=True, nullable=False)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    dog_description = db.Column(db.String(300), nullable=False, default="")
    requested_of = db.Column(db.String(120), nullable=False, default="")  # the person told
    requested_on = db.Column(db.Date, nullable=False)
    due_on = db.Column(db.Date, nullable=False)
    violation_id = db.Column(db.Integer, db.ForeignKey("violation.id"))
    officer_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    dog = db.relationship("Dog", backref=db.backref("rabies_requests", order_by="RabiesRequest.requested_on.desc()"))
    violation = db.relationship("Violation")
    officer = db.relationship("User")


class Photo(TownOwned, db.Model):
    """A photo taken with a field entry: resized, metadata (EXIF/GPS) stripped, JPEG.

    `entry_id` is the client UUID without a foreign key: over a weak signal a photo may
    arrive before or after its entry.
    """
    __table_args__ = (UniqueConstraint("entry_id", "index", name="uq_photo_entry_index"),)
    id = db.Column(db.Integer, primary_key=True)
    entry_id = db.Column(db.String(36), nullable=False, index=True)
    index = db.Column(db.Integer, nullable=False)
    data = db.Column(db.LargeBinary, nullable=False)
    content_type = db.Column(db.String(30), nullable=False, default="image/jpeg")
    width = db.Column(db.Integer, nullable=False)
    height = db.Column(db.Integer, nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
