"""Follow-up lists for the clerk: dogs the town knows of (a complaint, a seizure, a violation or
ticket, a finder's report, the §5(K) enumeration) that were never licensed (§5(A)(1)), and
licenses expired more than 30 days ago and not renewed (§5(A)(4)); each with a letter to the
owner of record, one tap away."""
from dataclasses import dataclass
from datetime import date
from types import SimpleNamespace

from sqlalchemy.orm import subqueryload

from ..extensions import db
from ..law.laws import law_cite
from ..law.words import say_money
from ..models import Dog, DogOwner
from ..models.enforcement import AppearanceTicket, Impoundment, SwornComplaint, Violation
from ..models.public import FoundReport
from ..settings import get_setting
from ..timeutil import to_local
from ..town import current_law, current_town
from .licensing import fee_total, say_date
from .renewals import OwnerLetter, RenewalItem, expired_over_30, renewal_fee, what_to_bring

# Where the town came to know of a dog, in the letter's words.
_SOURCES = ((SwornComplaint, "a sworn complaint"), (Impoundment, "a seizure by the dog control officer"),
            (Violation, "a violation recorded by an officer"), (AppearanceTicket, "an appearance ticket"),
            (FoundReport, "a finder's report"))


@dataclass
class KnownUnlicensed:
    dog: Dog
    sources: list[tuple[date, str]]  # (when, how the town knows of it), earliest first


def never_licensed(today: date, dog_id: int | None = None, dog_ids=None) -> list[KnownUnlicensed]:
    """§5(A)(1): living dogs with no license ever, known from the town's own records (`dog_id`:
    only that dog, for its letter; `dog_ids`: those, a page of the list). The same
    few queries for 10 dogs or 50,000: the dogs with their owners (`subqueryload`, one
    query), then one query per kind of record, each over the same dogs (a subquery, not a list
    of ids)."""
    unlicensed = db.select(Dog.id).where(~Dog.licenses.any(), Dog.status.in_(("active", "lost", "stolen")))
    if dog_id is not None:
        unlicensed = unlicensed.where(Dog.id == dog_id)
    if dog_ids is not None:
        unlicensed = unlicensed.where(Dog.id.in_(dog_ids))
    dogs = db.session.scalars(
        db.select(Dog).where(Dog.id.in_(unlicensed))
        .options(subqueryload(Dog.owner_links).joinedload(DogOwner.owner)).order_by(Dog.name, Dog.id)).all()
    by_id = {d.id: KnownUnlicensed(d, []) for d in dogs}
    if not by_id:
        return []
    for model, words in _SOURCES:
        for dog_id, created in db.session.execute(
                db.select(model.dog_id, model.created_at).where(model.dog_id.in_(unlicensed))):
            if dog_id not in by_id:  # a dog written between the two reads
                continue
            by_id[dog_id].sources.append((to_local(created).date(), words))
    for d in dogs:
        if d.enumeration_identified_on:
            by_id[d.id].sources.append((d.enumeration_identified_on, "the dog enumeration (§5(K))"))
    out = [k for k in by_id.values() if k.sources]
    for k in out:
        k.sources.sort()
    return out


def _fine(law) -> str:
    """What failing to license may bring, in the town's law: §11(A), or AML §118(2)."""
    if law.local:
        return "a fine of up to $500.00 (§11(A))"
    return law.penalties.words(get_setting("state_law_prosecution"))


def never_licensed_letter(known: KnownUnlicensed, today: date) -> bytes:
    """The letter: the dog must be licensed (§5(A)(1)); how the town knows; what to bring."""
    from .letters import letter_pdf
    dog = known.dog
    first_on, how = known.sources[0]
    first = SimpleNamespace(kind="purebred" if dog.purebred else "individual", purebred_dogs_on_premises=None)
    lines = renewal_fee(dog, first, today)
    total = fee_total(lines)
    town, law = current_town(), current_law()
    letter = OwnerLetter(dog.primary_owner, [RenewalItem(first, dog, "expired", True, lines, total)])
    return letter_pdf(
        dog.primary_owner, f"{dog.name} must be licensed",
        [f"Our records show that {dog.name} ({dog.description}) came to the town's attention through "
         f"{how} on {say_date(first_on)}, and that no license was ever issued for the dog.",
         f"Every dog four months of age or over in the {town.title} must have a valid license and wear "
         f"its identification tag ({law_cite(law, '§5(A)(1)', 'AML §109(1)(a), §111(1)')}). Failing to license a "
         f"dog is an offense punishable by {_fine(law)}.",
         f"A one-year license costs {say_money(total)}. You may license the dog at the Town Clerk's office or by mail "
         "(§5(A)(3))."],
        what_to_bring(letter), today, items_heading="Please bring or enclose:")


def expired_letter(item: RenewalItem, today: date) -> bytes:
    """The letter for a license expired over 30 days: renew now, with the fee and what to bring."""
    from .letters import letter_pdf
    dog, lic = item.dog, item.license
    law = current_law()
    letter = OwnerLetter(dog.primary_owner, [item])
    return letter_pdf(
        dog.primary_owner, f"{dog.name}'s dog license has expired",
        [f"License {lic.number} for {dog.name} ({dog.description}) expired on {say_date(lic.expires_on)} and "
         f"has not been renewed. A dog four months of age or over must have a valid license "
         f"({'§5(A)(1), §5(A)(4)' if law.local else law.license.section}); failing to license a dog is an "
         f"offense punishable by {_fine(law)}.",
         f"A one-year renewal costs {say_money(item.fee_total)}. If the dog has died or no longer lives in the "
         "town, please tell the Town Clerk (§5(J))."],
        what_to_bring(letter), today, items_heading="Please bring or enclose:")


__all__ = ["KnownUnlicensed", "never_licensed", "never_licensed_letter", "expired_over_30", "expired_letter"]
