"""After the seizure (§8(B), §8(E)): how a held dog's case ended, in detail, and the daily care
log of a dog held. The impoundment itself (and its DL-18 fields) is models/enforcement.py."""
from ..extensions import db
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class ImpoundmentDisposition(TownOwned, db.Model):
    """§8(E) the disposition of a seized dog with what the DL-18 (AML §113(4)) asks of it:
    adopted (the adopter, the fee's receipt, the referral to the clerk for the license),
    euthanized (where, by whom, on whose authority), transferred (to whom), died in care (cause).
    One per impoundment; `Impoundment.status` / `ended_on` say the outcome and the day."""
    id = db.Column(db.Integer, primary_key=True)
    impoundment_id = db.Column(db.Integer, db.ForeignKey("impoundment.id"), nullable=False, unique=True)
    outcome = db.Column(db.String(12), nullable=False)  # adopted|euthanized|transferred|died
    on = db.Column(db.Date, nullable=False)
    # adopted: the adopter (the owner of record once the clerk licenses the dog, §5(A)(2))
    adopter_first_name = db.Column(db.String(80), nullable=False, default="")
    adopter_last_name = db.Column(db.String(80), nullable=False, default="")
    adopter_address = db.Column(db.String(200), nullable=False, default="")
    adopter_town = db.Column(db.String(80), nullable=False, default="")
    adopter_state = db.Column(db.String(2), nullable=False, default="")
    adopter_zip = db.Column(db.String(10), nullable=False, default="")
    adopter_phone = db.Column(db.String(32), nullable=False, default="")
    receipt_id = db.Column(db.Integer, db.ForeignKey("receipt.id"))  # the adoption fee
    license_id = db.Column(db.Integer, db.ForeignKey("license.id"))  # set when the clerk licenses
    adopter_owner_id = db.Column(db.Integer, db.ForeignKey("owner.id"))
    # euthanized
    place = db.Column(db.String(200), nullable=False, default="")
    performed_by = db.Column(db.String(120), nullable=False, default="")
    authority = db.Column(db.String(200), nullable=False, default="")
    # transferred
    transferred_to = db.Column(db.String(200), nullable=False, default="")
    # died in care
    cause = db.Column(db.String(300), nullable=False, default="")
    recorded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    impoundment = db.relationship("Impoundment", backref=db.backref("disposition", uselist=False))
    receipt = db.relationship("Receipt")
    license = db.relationship("License")
    adopter_owner = db.relationship("Owner")
    recorded_by = db.relationship("User")

    @property
    def adopter_name(self) -> str:
        return f"{self.adopter_first_name} {self.adopter_last_name}".strip()

    @property
    def adopter_full_address(self) -> str:
        town = " ".join(p for p in (self.adopter_state, self.adopter_zip) if p)
        return ", ".join(p for p in (self.adopter_address, self.adopter_town, town) if p)


class CareCheck(TownOwned, db.Model):
    """§8(B) "properly cared for, sheltered, fed and watered": one short check of a dog held."""
    id = db.Column(db.Integer, primary_key=True)
    impoundment_id = db.Column(db.Integer, db.ForeignKey("impoundment.id"), nullable=False, index=True)
    checked_at = db.Column(UTCDateTime, nullable=False)
    fed = db.Column(db.Boolean, nullable=False, default=False)
    watered = db.Column(db.Boolean, nullable=False, default=False)
    cleaned = db.Column(db.Boolean, nullable=False, default=False)
    health_note = db.Column(db.String(500), nullable=False, default="")
    # The photo, if any, is a Photo row under this UUID (models/enforcement.py, services/photos.py).
    photo_entry_id = db.Column(db.String(36), nullable=False, unique=True)
    by_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    impoundment = db.relationship("Impoundment", backref=db.backref(
        "care_checks", order_by="CareCheck.checked_at", cascade="all, delete-orphan"))
    by = db.relationship("User")


class ImpoundmentMove(TownOwned, db.Model):
    """§8(B), §8(E): a held dog boarded elsewhere during its redemption period (another kennel, the
    SPCA). The case stays open and the owner may still redeem it; `Impoundment.held_at` says where
    the dog is now."""
    id = db.Column(db.Integer, primary_key=True)
    impoundment_id = db.Column(db.Integer, db.ForeignKey("impoundment.id"), nullable=False, index=True)
    moved_on = db.Column(db.Date, nullable=False)
    from_where = db.Column(db.String(200), nullable=False, default="")
    to_where = db.Column(db.String(200), nullable=False)
    note = db.Column(db.String(300), nullable=False, default="")
    by_id = db.Column(db.Integer, db.ForeignKey("user.id"), nullable=False)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    impoundment = db.relationship("Impoundment", backref=db.backref(
        "moves", order_by="ImpoundmentMove.moved_on", cascade="all, delete-orphan"))
    by = db.relationship("User")
