"""The Town Justice's records (§9, §10(B), §11): summonses, hearings, orders, dispositions.

A case is a sworn complaint forwarded to the Justice (§10(A)) or an appearance ticket (§9);
each record names the one it belongs to (`complaint_id` or `ticket_id`). Nothing is edited in
place: an order is lifted or changed by a later order (`supersedes_id`), a case adjourned and
then decided has a disposition for each step, the latest one standing.
"""
from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc

HEARING_SIDES = ("complainant", "owner")
PLEAS = {"": "No plea", "not_guilty": "Not guilty", "guilty": "Guilty"}
OUTCOMES = {"adjourned": "Adjourned", "acd": "Adjourned in contemplation of dismissal", "dismissed": "Dismissed",
            "convicted": "Convicted", "default": "Default: did not appear"}
# "default" only where the town's court records one (setting court_records_defaults): never final.


class Summons(TownOwned, db.Model):
    """§10(B): the alleged owner summoned to appear in person before the Town Justice.
    What was printed is frozen here (court name and address from the settings then)."""
    id = db.Column(db.Integer, primary_key=True)
    complaint_id = db.Column(db.Integer, db.ForeignKey("sworn_complaint.id"), nullable=False, index=True)
    summoned_name = db.Column(db.String(120), nullable=False)
    summoned_address = db.Column(db.String(300), nullable=False, default="")
    appear_on = db.Column(db.Date, nullable=False, index=True)
    appear_time = db.Column(db.String(5), nullable=False)  # HH:MM local
    court_name = db.Column(db.String(120), nullable=False)
    court_address = db.Column(db.String(300), nullable=False)
    issued_on = db.Column(db.Date, nullable=False)
    issued_by_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    complaint = db.relationship("SwornComplaint", backref=db.backref("summonses", order_by="Summons.id"))
    issued_by = db.relationship("User")


class Hearing(TownOwned, db.Model):
    """A hearing (§10(B)) or a court appearance on a ticket (§9): who appeared, counsel for
    either side ("an opportunity to be represented by counsel and to present evidence"), the
    evidence noted, and an adjournment to a later day."""
    id = db.Column(db.Integer, primary_key=True)
    complaint_id = db.Column(db.Integer, db.ForeignKey("sworn_complaint.id"), index=True)
    ticket_id = db.Column(db.Integer, db.ForeignKey("appearance_ticket.id"), index=True)
    held_on = db.Column(db.Date, nullable=False)
    complainant_appeared = db.Column(db.Boolean, nullable=False, default=False)
    owner_appeared = db.Column(db.Boolean, nullable=False, default=False)
    # §10(B): heard without a summons (or, on a ticket, before it was served) only because the
    # owner came of their own accord, recorded as such.
    owner_came_of_own_accord = db.Column(db.Boolean, nullable=False, default=False)
    appearances = db.Column(db.String(300), nullable=False, default="")  # who else, in words
    complainant_counsel = db.Column(db.String(120), nullable=False, default="")
    owner_counsel = db.Column(db.String(120), nullable=False, default="")
    evidence = db.Column(db.Text, nullable=False, default="")
    adjourned_to = db.Column(db.Date)
    recorded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    complaint = db.relationship("SwornComplaint", backref=db.backref("hearings", order_by="Hearing.id"))
    ticket = db.relationship("AppearanceTicket", backref=db.backref("hearings", order_by="Hearing.id"))
    recorded_by = db.relationship("User")


class CourtOrder(TownOwned, db.Model):
    """An order of the Town Justice after a hearing (§10(B)(1)-(3)) about one dog: its kind
    (law/orders.py ORDER_KINDS), date and terms, and the findings behind it (the §4(C)
    exceptions considered and ruled out, the §4(O) grounds). A later order that lifts or
    changes it points at it with `supersedes_id`; an order is in force until then."""
    id = db.Column(db.Integer, primary_key=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False, index=True)
    complaint_id = db.Column(db.Integer, db.ForeignKey("sworn_complaint.id"), index=True)
    hearing_id = db.Column(db.Integer, db.ForeignKey("hearing.id"))
    kind = db.Column(db.String(12), nullable=False)  # dangerous|vicious|confined|order|lifted
    ordered_on = db.Column(db.Date, nullable=False)
    terms = db.Column(db.Text, nullable=False)
    findings = db.Column(db.JSON, nullable=False, default=dict)  # victim, ruled_out, grounds
    supersedes_id = db.Column(db.Integer, db.ForeignKey("court_order.id"), unique=True)
    ordered_by_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    dog = db.relationship("Dog", backref=db.backref("court_orders", order_by="CourtOrder.id"))
    complaint = db.relationship("SwornComplaint", backref=db.backref("orders", order_by="CourtOrder.id"))
    hearing = db.relationship("Hearing")
    ordered_by = db.relationship("User")
    supersedes = db.relationship("CourtOrder", remote_side=[id],
                                 backref=db.backref("superseded_by", uselist=False))

    @property
    def in_force(self) -> bool:
        return self.kind != "lifted" and self.superseded_by is None


class Disposition(TownOwned, db.Model):
    """§11: what became of one offence (`code`) of a ticket or a complaint on a court day:
    appeared or not, the plea, and adjourned, adjourned in contemplation of dismissal, dismissed,
    or convicted with a fine and/or days of imprisonment (within §11(A) or §11(B), `section`,
    named on the record). Each offence charged has its own; "" is a complaint's offence charged
    only in words."""
    id = db.Column(db.Integer, primary_key=True)
    complaint_id = db.Column(db.Integer, db.ForeignKey("sworn_complaint.id"), index=True)
    ticket_id = db.Column(db.Integer, db.ForeignKey("appearance_ticket.id"), index=True)
    code = db.Column(db.String(20), nullable=False, default="")  # the offence (law VIOLATIONS)
    decided_on = db.Column(db.Date, nullable=False)
    appeared = db.Column(db.Boolean, nullable=False)
    plea = db.Column(db.String(12), nullable=False, default="")  # PLEAS
    outcome = db.Column(db.String(12), nullable=False)  # OUTCOMES
    adjourned_to = db.Column(db.Date)  # adjourned to; in contemplation of dismissal: until
    fine = db.Column(db.Numeric(10, 2), nullable=False, default=0)
    imprisonment_days = db.Column(db.Integer, nullable=False, default=0)
    section = db.Column(db.String(20), nullable=False, default="")  # §11(A) | §11(B)
    notes = db.Column(db.Text, nullable=False, default="")
    decided_by_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    complaint = db.relationship("SwornComplaint", backref=db.backref("dispositions", order_by="Disposition.id"))
    ticket = db.relationship("AppearanceTicket", backref=db.backref("dispositions", order_by="Disposition.id"))
    decided_by = db.relationship("User")
    payments = db.relationship("Payment", order_by="Payment.id")
