"""The clerk's month on paper: renewal notices sent (§5(J)(2)) and applications by mail (§5(A)(3))."""
from ..extensions import db
from ..law.words import say_money
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class RenewalNotice(TownOwned, db.Model):
    """A renewal notice sent to the owner of record for one license (a letter in the month's
    batch, or an email). §5(J)(2): a death reported "upon receipt of a renewal notice" links
    here (`DogNotice.details["renewal_notice_id"]`)."""
    id = db.Column(db.Integer, primary_key=True)
    license_id = db.Column(db.Integer, db.ForeignKey("license.id"), nullable=False, index=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False, index=True)
    owner_id = db.Column(db.Integer, db.ForeignKey("owner.id"), index=True)
    sent_on = db.Column(db.Date, nullable=False)
    channel = db.Column(db.String(10), nullable=False, default="letter")  # letter|email
    needs_rabies = db.Column(db.Boolean, nullable=False, default=False)  # asked for a new certificate
    fee_quoted = db.Column(db.Numeric(10, 2))  # the 1-year fee the notice quoted
    sent_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    license = db.relationship("License", backref=db.backref("renewal_notices", order_by="RenewalNotice.id"))
    dog = db.relationship("Dog")
    owner = db.relationship("Owner")


# §5(A)(3), §5(B), §5(C), §5(E), §5(I): what a mail-in application may lack.
MAIL_MISSING = {
    "rabies_certificate": "A current rabies certificate (§5(B)), or a veterinarian's statement in lieu (§5(B)(2))",
    "altering_proof": "Proof of spaying or neutering: a veterinarian's certificate or your signed affidavit (§5(C))",
    "application_form": "The completed and signed application form (§5(E))",
    "fee": "The full fee (§5(D)): the payment enclosed is short or missing",
    "exemption_certificate": "The certificate that the dog was trained as a service or working dog (§5(I))",
}


class MailApplication(TownOwned, db.Model):
    """§5(A)(3) "by regular mail ... the appropriate fee must accompany the licensing forms": an
    application received by mail, with the payment enclosed (check or money order number). With
    documents missing it is on hold ("on_hold", a letter says what is missing); complete it is
    "ready"; once the license is issued with the counter's own service, "issued", and the date
    the license and tag were mailed back is kept (`mailed_on`)."""
    id = db.Column(db.Integer, primary_key=True)
    # None: a dog not yet on file; the applicant and the dog as written, until the license is issued
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), index=True)
    applicant_name = db.Column(db.String(120), nullable=False, default="")
    applicant_address = db.Column(db.String(300), nullable=False, default="")
    dog_name = db.Column(db.String(80), nullable=False, default="")
    received_on = db.Column(db.Date, nullable=False)
    method = db.Column(db.String(12), nullable=False, default="check")  # PAYMENT_METHODS
    reference = db.Column(db.String(40), nullable=False, default="")
    amount = db.Column(db.Numeric(10, 2))  # the amount enclosed
    fee_due = db.Column(db.Numeric(10, 2))  # §5(A)(3): the fee, when the amount enclosed fell short of it
    payer_name = db.Column(db.String(120), nullable=False, default="")
    missing = db.Column(db.JSON, nullable=False, default=list)  # MAIL_MISSING keys
    notes = db.Column(db.String(300), nullable=False, default="")
    status = db.Column(db.String(10), nullable=False, default="on_hold")  # on_hold|ready|issued
    license_id = db.Column(db.Integer, db.ForeignKey("license.id"))
    hold_letter_on = db.Column(db.Date)  # the last "what is missing" letter printed
    mailed_on = db.Column(db.Date)  # the license and tag mailed to the owner
    recorded_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    dog = db.relationship("Dog")
    license = db.relationship("License")

    @property
    def missing_labels(self) -> list[str]:
        labels = [MAIL_MISSING.get(k, k) for k in self.missing or []]
        if self.shortfall:  # §5(A)(3): say how much is missing
            labels = [f"The rest of the fee: {say_money(self.shortfall)} (the fee is {say_money(self.fee_due)}; "
                      f"{say_money(self.amount or 0)} came with the application, §5(A)(3))" if k == "fee" else label
                      for k, label in zip(self.missing or [], labels, strict=True)]
        from ..law.laws.cites import cite_in_town_law  # written to the local law: the town's law's sections
        return [cite_in_town_law(label) for label in labels]

    @property
    def shortfall(self):
        """How much the amount enclosed is short of the fee (None: not known short)."""
        if self.fee_due is None or "fee" not in (self.missing or []):
            return None
        short = self.fee_due - (self.amount or 0)
        return short if short > 0 else None

    @property
    def who(self) -> str:
        """The applicant: the dog's owner of record, else the name on the application."""
        owner = self.dog.primary_owner if self.dog is not None else None
        return owner.full_name if owner is not None else (self.applicant_name or self.payer_name)
