"""Licensing records of §5: licenses, rabies certificates, payments, owners' notices."""
from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class RabiesCertificate(TownOwned, db.Model):
    """§5(B): a current rabies certificate, or a vet's statement in lieu (§5(B)(2))."""
    id = db.Column(db.Integer, primary_key=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False, index=True)
    vet_name = db.Column(db.String(120), nullable=False)
    vaccinated_on = db.Column(db.Date)
    valid_until = db.Column(db.Date)  # None for a vet's exemption statement
    certificate_number = db.Column(db.String(60))
    exempt_statement = db.Column(db.Boolean, nullable=False, default=False)
    exempt_reason = db.Column(db.String(200))
    statement_on = db.Column(db.Date)  # §5(B)(2): the vet's statement's date (its license: one year)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    dog = db.relationship("Dog", back_populates="rabies_certificates")


class License(TownOwned, db.Model):
    """A dog license (§5(A)(4), §5(F)); the record the Commissioner may ask for."""
    id = db.Column(db.Integer, primary_key=True)
    number = db.Column(db.String(20), nullable=False)  # one of each in a town
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False, index=True)
    kind = db.Column(db.String(12), nullable=False, default="individual")  # individual|purebred
    issued_on = db.Column(db.Date, nullable=False)
    term_years = db.Column(db.Integer, nullable=False)
    expires_on = db.Column(db.Date, nullable=False, index=True)
    altered = db.Column(db.Boolean, nullable=False)
    exemption_marking = db.Column(db.String(40))  # §5(I) "Service Dog" etc.
    purebred_dogs_on_premises = db.Column(db.Integer)  # §5(H)
    # §5(H): a purebred dog's license is covered by its owner's premises license (one fee).
    purebred_license_id = db.Column(db.Integer, db.ForeignKey("purebred_license.id"), index=True)
    rabies_certificate_id = db.Column(db.Integer, db.ForeignKey("rabies_certificate.id"))
    fee_total = db.Column(db.Numeric(10, 2), nullable=False)
    fee_lines = db.Column(db.JSON, nullable=False, default=list)  # itemized, as shown to the clerk
    # active|superseded|transferred|dog_died (§5(J)(2): closed by a death notice)|void
    status = db.Column(db.String(12), nullable=False, default="active")
    issued_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    dog = db.relationship("Dog", back_populates="licenses")
    purebred_license = db.relationship("PurebredLicense", back_populates="licenses")
    rabies_certificate = db.relationship("RabiesCertificate")
    issued_by = db.relationship("User")
    payments = db.relationship("Payment", viewonly=True, order_by="Payment.id")
    # The clerk's search compares lower(number) (services/search.py): an index, not a scan.
    # The number first in the unique index: it also finds a license by number alone.
    __table_args__ = (db.Index("ix_license_number_lower", db.func.lower(number)),
                      db.UniqueConstraint("number", "town_id", name="uq_license_number_town_id"))

    @property
    def receipt(self):
        """The receipt its fee was taken in on (None: no fee line, or issued before receipts)."""
        return next((p.receipt for p in self.payments if p.receipt is not None), None)


PAYMENT_METHODS = {"cash": "Cash", "check": "Check", "money_order": "Money order", "card": "Card"}


class Receipt(TownOwned, db.Model):
    """One receipt handed over the counter (or mailed): how the money came and who paid.

    Its payment lines are the ledger; the receipt only groups them. `number` is from the
    sequence "receipt-YYYY" (R-2026-00042), never reused."""
    id = db.Column(db.Integer, primary_key=True)
    number = db.Column(db.String(20), nullable=False)  # one of each in a town
    method = db.Column(db.String(12), nullable=False, default="cash")  # PAYMENT_METHODS
    reference = db.Column(db.String(40), nullable=False, default="")  # check or money order number
    payer_name = db.Column(db.String(120), nullable=False, default="")
    # What actually came (a check by mail may be for more than the fee); None: the lines' total
    amount_received = db.Column(db.Numeric(10, 2))
    received_on = db.Column(db.Date, nullable=False)
    received_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    lines = db.relationship("Payment", back_populates="receipt", order_by="Payment.id")
    received_by = db.relationship("User")
    # The number first: its index also finds a receipt by number alone.
    __table_args__ = (db.UniqueConstraint("number", "town_id", name="uq_receipt_number_town_id"),)

    @property
    def total(self):
        return sum((line.amount for line in self.lines), start=0)


class Payment(TownOwned, db.Model):
    """Money received, one typed line each: a ledger, never a running total (§5(D), §5(G)(2), §8(C))."""
    id = db.Column(db.Integer, primary_key=True)
    # license_fee|population_surcharge|replacement_tag|purebred_fee|enumeration|impound|boarding|
    # dangerous_dog|fine
    kind = db.Column(db.String(30), nullable=False)
    amount = db.Column(db.Numeric(10, 2), nullable=False)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    license_id = db.Column(db.Integer, db.ForeignKey("license.id"))
    disposition_id = db.Column(db.Integer, db.ForeignKey("disposition.id"))  # kind "fine" (§11)
    # kinds "impound", "boarding", "dangerous_dog" (§8(C), §8(D)): the impoundment they pay for
    impoundment_id = db.Column(db.Integer, db.ForeignKey("impoundment.id"), index=True)
    receipt_id = db.Column(db.Integer, db.ForeignKey("receipt.id"), index=True)
    received_on = db.Column(db.Date, nullable=False)
    received_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    memo = db.Column(db.String(200))
    # §5(G)(2): a fee the clerk waived is a $0.00 line of its kind with the clerk's reason.
    waived_reason = db.Column(db.String(200))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    receipt = db.relationship("Receipt", back_populates="lines")


class PurebredLicense(TownOwned, db.Model):
    """§5(H): one purebred license covers the owner's premises, its annual fee priced by the
    number of registered (or eligible) purebreds over four months harbored there at the time of
    the application, paid for each year of the term. Each purebred dog on it still has its own
    License row (rabies, tag, roadside status) pointing here, with no purebred fee of its own."""
    id = db.Column(db.Integer, primary_key=True)
    number = db.Column(db.String(20), nullable=False)  # one of each in a town
    owner_id = db.Column(db.Integer, db.ForeignKey("owner.id"), nullable=False, index=True)
    premises = db.Column(db.String(200), nullable=False)  # the owner's address at application
    dogs_on_premises = db.Column(db.Integer, nullable=False)
    issued_on = db.Column(db.Date, nullable=False)
    term_years = db.Column(db.Integer, nullable=False)
    expires_on = db.Column(db.Date, nullable=False)
    fee_total = db.Column(db.Numeric(10, 2), nullable=False)
    fee_lines = db.Column(db.JSON, nullable=False, default=list)
    status = db.Column(db.String(12), nullable=False, default="active")  # active|superseded
    issued_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    owner = db.relationship("Owner")
    licenses = db.relationship("License", back_populates="purebred_license", order_by="License.id")
    __table_args__ = (db.UniqueConstraint("number", "town_id", name="uq_purebred_license_number_town_id"),)


class EnumerationResolution(TownOwned, db.Model):
    """§5(K): a dog enumeration the Town Board declared by resolution: when it was adopted, the
    period it is open (closes_on None: still open) and the surcharge on each dog identified as
    unlicensed during it."""
    id = db.Column(db.Integer, primary_key=True)
    resolution = db.Column(db.String(120), nullable=False)  # "Resolution 2026-14"
    adopted_on = db.Column(db.Date, nullable=False)
    opens_on = db.Column(db.Date, nullable=False)
    closes_on = db.Column(db.Date)
    surcharge = db.Column(db.Numeric(10, 2), nullable=False)
    recorded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    identifications = db.relationship("EnumerationIdentification", back_populates="enumeration",
                                      order_by="EnumerationIdentification.identified_on.desc()")
    expenses = db.relationship("EnumerationExpense", back_populates="enumeration",
                               order_by="EnumerationExpense.spent_on")


class EnumerationIdentification(TownOwned, db.Model):
    """§5(K): a dog identified as unlicensed during an enumeration (it owes the surcharge with its
    next license); `license_id` is the license that charged it."""
    id = db.Column(db.Integer, primary_key=True)
    enumeration_id = db.Column(db.Integer, db.ForeignKey("enumeration_resolution.id"), nullable=False, index=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False, index=True)
    identified_on = db.Column(db.Date, nullable=False)
    where = db.Column(db.String(200), nullable=False, default="")  # how or where it was found
    license_id = db.Column(db.Integer, db.ForeignKey("license.id"))
    identified_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    enumeration = db.relationship("EnumerationResolution", back_populates="identifications")
    dog = db.relationship("Dog")
    license = db.relationship("License")
    identified_by = db.relationship("User")


class EnumerationExpense(TownOwned, db.Model):
    """§5(K) "the expenses incurred by the Town in conducting the enumeration": one each."""
    id = db.Column(db.Integer, primary_key=True)
    enumeration_id = db.Column(db.Integer, db.ForeignKey("enumeration_resolution.id"), nullable=False, index=True)
    spent_on = db.Column(db.Date, nullable=False)
    description = db.Column(db.String(200), nullable=False)
    amount = db.Column(db.Numeric(10, 2), nullable=False)
    paid_by = db.Column(db.String(120), nullable=False)  # by whom (the enumerator, the office)
    recorded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    enumeration = db.relationship("EnumerationResolution", back_populates="expenses")


class DogNotice(TownOwned, db.Model):
    """An owner's notice to the clerk under §5(J): transfer, lost/stolen, death, moved out."""
    id = db.Column(db.Integer, primary_key=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False, index=True)
    kind = db.Column(db.String(12), nullable=False)  # transfer|lost|stolen|found|death|moved
    occurred_on = db.Column(db.Date, nullable=False)
    filed_on = db.Column(db.Date, nullable=False)
    details = db.Column(db.JSON, nullable=False, default=dict)
    # §5(J)(1): ten days run from the discovery of the loss or theft (occurred_on when not asked).
    discovered_on = db.Column(db.Date)
    # §4(I): a lost dog's license holder is not its owner once "such loss reported to the dog
    # control officer and reasonable search has been made"; who has the dog now, if known.
    reported_to_dco_on = db.Column(db.Date)
    search_made = db.Column(db.String(300))
    now_with = db.Column(db.String(200))
    recorded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    dog = db.relationship("Dog", backref=db.backref("notices", order_by="DogNotice.occurred_on.desc()"))
