"""The clerk's month on paper: renewal notices sent (§5(J)(2)) and applications by mail (§5(A)(3))."""
from ..extensions import db
from .types import UTCDateTime, now_utc


class RenewalNotice(db.Model):
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


class MailApplication(db.Model):
    """§5(A)(3) "by regular mail ... the appropriate fee must accompany the licensing forms": an
    application received by mail, with the payment enclosed (check or money order number). With
    documents missing it is on hold ("on_hold", a letter says what is missing); complete it is
    "ready"; once the license is issued with the counter's own service, "issued", and the date
    the license and tag were mailed back is kept (`mailed_on`)."""
    id = db.Column(db.Integer, primary_key=True)
    dog_id = db.Column(db.Integer, db.ForeignKey("dog.id"), nullable=False, index=True)
    received_on = db.Column(db.Date, nullable=False)
    method = db.Column(db.String(12), nullable=False, default="check")  # PAYMENT_METHODS
    reference = db.Column(db.String(40), nullable=False, default="")
    amount = db.Column(db.Numeric(10, 2))  # the amount enclosed
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
        return [MAIL_MISSING.get(k, k) for k in self.missing or []]
