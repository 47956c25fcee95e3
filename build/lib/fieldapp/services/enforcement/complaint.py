"""§10(A) sworn complaint: "Any person who observes a dog in violation of this Local Law may
file a complaint under oath with the dog control officer or constable specifying the
nature of the violation, the date thereof, a description of the dog and the name and residence,
if known, of the owner"; the officer forwards it to the Town Justice."""
from dataclasses import dataclass
from datetime import date

from ...extensions import db
from ...law.laws import ALL_OFFENCES as VIOLATIONS  # a record's codes, whatever law judged it
from ...law.restrictions import minor_owner_refusal
from ...models import Dog, record_event
from ...models.enforcement import SwornComplaint
from ...timeutil import local_today
from .checks import same_name, standing_loss
from .payload import PayloadReader

# Where the violation happened: the summons and the Justice's case page name it.
PLACE_OF_VIOLATION_NEEDED = "Say where it happened (address, or road and landmark)."


@dataclass(frozen=True)
class ComplaintInput:
    complainant_name: str
    complainant_residence: str
    complainant_phone: str
    codes: list[str]
    nature: str
    violation_on: date
    dog: Dog | None
    dog_description: str
    owner_name: str
    owner_residence: str
    forward_now: bool
    violation_place: str = ""


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
    phone = r.text("complainant_phone", 40)
    place = r.text("violation_place", 300, PLACE_OF_VIOLATION_NEEDED)
    violation_on = r.day("violation_on", "date of the violation", event=True)
    if violation_on and violation_on > local_today():
        r.error("violation_on", "The date of the violation is in the future.")
    dog, description = r.dog()
    owner_name, owner_residence = r.text("owner_name", 120), r.text("owner_residence", 300)
    named, named_residence = owner_named(dog, violation_on or local_today())
    if owner_name and dog is not None:
        minor = next((o for o in dog.owners if o.minor_on(violation_on or local_today())
                      and same_name(o.full_name, owner_name)), None)
        if minor is not None:
            r.error("owner_name", minor_owner_refusal(minor.full_name, minor.guardian_name)
                    + " Name the guardian or head of household as the owner.")
    r.done()
    return ComplaintInput(name, residence, phone, codes, nature or "; ".join(VIOLATIONS[c].title for c in codes),
                          violation_on, dog, description, owner_name or named, owner_residence or named_residence,
                          r.flag("forward_now"), place)


def owner_named(dog, on: date) -> tuple[str, str]:
    """§4(I) the owner a complaint names from the dog's record: the owner of record, or for a minor
    owner the legal guardian or head of household (at the minor's residence); for a dog lost,
    reported to the DCO and searched for, nobody from the license (who has it, if known)."""
    if dog is None:
        return "", ""
    if (loss := standing_loss(dog)) is not None:
        return (loss.now_with or ""), ""
    owner = dog.primary_owner
    if owner is None:
        return "", ""
    if owner.minor_on(on):
        guardian = owner.guardian
        who = guardian.full_name if guardian else (owner.guardian_name or "")
        return (f"{who}, guardian or head of household of {owner.full_name}, a minor (§4(I))" if who else "",
                guardian.full_address if guardian else owner.full_address)
    return owner.full_name, owner.full_address


def apply_complaint(clean: ComplaintInput, entry, user) -> dict:
    c = SwornComplaint(entry_id=entry.id, complainant_name=clean.complainant_name,
                       complainant_residence=clean.complainant_residence, sworn=True,
                       complainant_phone=clean.complainant_phone, violation_place=clean.violation_place,
                       sworn_before_id=user.id, codes=clean.codes, nature=clean.nature,
                       violation_on=clean.violation_on, dog=clean.dog,
                       dog_description=clean.dog_description, owner_name=clean.owner_name,
                       owner_residence=clean.owner_residence)
    db.session.add(c)
    db.session.flush()
    record_event("complaint.sworn", c, actor=user, entry_id=entry.id)
    if clean.forward_now:
        forward_complaint(c, user)
    return {"complaint_id": c.id, "status": c.status}


def forward_complaint(complaint: SwornComplaint, user) -> None:
    """§10(A): "The dog control officer or constable shall forward said complaint to the Town
    Justice." Flushes nothing and never commits: the caller (the view) does."""
    if complaint.status == "forwarded":
        return
    complaint.status = "forwarded"
    complaint.forwarded_on = local_today()
    complaint.forwarded_by_id = user.id
    record_event("complaint.forwarded", complaint, actor=user, forwarded_on=complaint.forwarded_on.isoformat())
