"""§10(A) sworn complaint: "Any person who observes a dog in violation of this Local Law may
file a complaint under oath with the dog control officer or constable specifying the
nature of the violation, the date thereof, a description of the dog and the name and residence,
if known, of the owner"; the officer forwards it to the Town Justice."""
from dataclasses import dataclass
from datetime import date

from ...extensions import db
from ...law import VIOLATIONS
from ...models import Dog, record_event
from ...models.enforcement import SwornComplaint
from ...timeutil import local_today
from .payload import PayloadReader


@dataclass(frozen=True)
class ComplaintInput:
    complainant_name: str
    complainant_residence: str
    codes: list[str]
    nature: str
    violation_on: date
    dog: Dog | None
    dog_description: str
    owner_name: str
    owner_residence: str
    forward_now: bool


def validate_complaint(payload, user) -> ComplaintInput:
    r = PayloadReader(payload)
    name = r.text("complainant_name", 120, "Give the complainant's full name.")
    residence = r.text("complainant_residence", 300, "Give where the complainant lives.")
    if not r.flag("sworn"):
        r.error("sworn", "§10(A): the complaint must be made under oath before you. "
                         "Swear the complainant, then tick the box.")
    codes = r.codes("codes")
    nature = r.text("nature", 5000)
    if not nature and not codes:
        r.error("nature", "Say what the dog did (the nature of the violation).")
    violation_on = r.day("violation_on", "date of the violation", event=True)
    if violation_on and violation_on > local_today():
        r.error("violation_on", "The date of the violation is in the future.")
    dog, description = r.dog()
    owner_name, owner_residence = r.text("owner_name", 120), r.text("owner_residence", 300)
    r.done()
    owner = dog.primary_owner if dog else None
    return ComplaintInput(name, residence, codes, nature or "; ".join(VIOLATIONS[c].title for c in codes),
                          violation_on, dog, description,
                          owner_name or (owner.full_name if owner else ""),
                          owner_residence or (owner.full_address if owner else ""),
                          r.flag("forward_now"))


def apply_complaint(clean: ComplaintInput, entry, user) -> dict:
    c = SwornComplaint(entry_id=entry.id, complainant_name=clean.complainant_name,
                       complainant_residence=clean.complainant_residence, sworn=True,
                       sworn_before_id=user.id, codes=clean.codes, nature=clean.nature,
                       violation_on=clean.violation_on, dog=clean.dog,
                       dog_description=clean.dog_description, owner_name=clean.owner_name,
                       owner_residence=clean.owner_residence)
    db.session.add(c)
    db.session.flush()
    record_event("complaint.sworn", c, actor=user, entry_id=entry.id)
    if clean.forward_now:
        forward_complaint(c, user)
    return {"complaint_id": c.id, "status": c.status, "url": f"/field/complaints/{c.id}"}


def forward_complaint(complaint: SwornComplaint, user) -> None:
    """§10(A): "The dog control officer or constable shall forward said complaint to the Town
    Justice." Flushes nothing and never commits: the caller (the view) does."""
    if complaint.status == "forwarded":
        return
    complaint.status = "forwarded"
    complaint.forwarded_on = local_today()
    complaint.forwarded_by_id = user.id
    record_event("complaint.forwarded", complaint, actor=user, forwarded_on=complaint.forwarded_on.isoformat())
