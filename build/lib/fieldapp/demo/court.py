"""Court demo cases for `flask seed-demo` (dated from today), made through the same services as
the officers' phones and the Justice's pages, so `make run` shows a working docket:

- §9: Bear ticketed today for running at large, returnable at the next session the ticket may name;
- §10(A)-(B): a sworn complaint that Luna chased a jogger, the owner summoned, the hearing held
  with counsel, Luna confined to the owner's premises (§10(B)(2)) and the case adjourned to the
  next session; the order shows on her card and on the ticket and violation forms;
- §11: Bella ticketed a month ago for habitual barking, convicted on her owner's plea of guilty,
  fined $75.00 under §11(B), the fine paid (a `fine` line of the ledger);
- §9 "issue and serve": a violation by Molly five days ago with no ticket yet, and a ticket to
  Tucker's owner written two days ago and not served yet, both on the officers' "To issue and serve";
- §10(B): a sworn complaint that Sadie dug up a neighbour's garden, her owner summoned, the hearing held
  and the owner did not appear (recorded as such), adjourned to the next session;
- §11 per offence: Buddy's owner ticketed for two offences, running at large and no license:
  convicted of the one on a plea of guilty and fined $100.00 under §11(A), the other adjourned
  to the next session on a plea of not guilty.

Entries dated in the past are sent as on their day (the day they reached the office, `_as_of`):
a ticket's return date is never already past when it reaches the office (CPL §150.10(1)).
"""
from contextlib import contextmanager
from datetime import datetime, time, timedelta

from flask import current_app

from ..extensions import db
from ..models.enforcement import AppearanceTicket, SwornComplaint
from ..services import court
from ..timeutil import town_tz, utcnow
from .entries import dog, ruled_out, send, user


@contextmanager
def _as_of(day):
    """Entries made as on `day`: the town's today pinned (timeutil.local_today) while they are sent."""
    before = current_app.config.get("FIXED_TODAY")
    current_app.config["FIXED_TODAY"] = day
    try:
        yield
    finally:
        current_app.config["FIXED_TODAY"] = before


def _at(day, hour, minute=0) -> str:
    """The time on `day`; one not yet come (seeding before 8 am) moves back before now, the
    morning's order kept, so an event is never in the future."""
    at = datetime.combine(day, time(hour, minute), town_tz())
    eight = datetime.combine(day, time(8), town_tz())
    now = utcnow().astimezone(town_tz()) - timedelta(minutes=5)
    if hour < 8 and eight > now:
        at = now - (eight - at)
    return at.strftime("%Y-%m-%dT%H:%M")


def _offence(code) -> dict:
    """The offence with each of its exceptions ruled out (as the officer ticks them)."""
    return {"codes": [code], "ruled_out": ruled_out(code)}


def _served_on(dog) -> dict:
    owner = dog.primary_owner
    return {"served_capacity": "owner", "served_name": owner.full_name, "served_address": owner.full_address}


def seed_court_cases(today) -> str:
    dco, constable, justice = user("dco"), user("constable"), user("justice")
    settings = court.court_settings()

    # §9: Bear, at large this morning; the ticket handed to his owner, returnable next session.
    bear = dog("Bear")
    violation, _ = send(dco, "violation", dog_id=str(bear.id), occurred_at=_at(today, 7, 10),
                          location_text="Lake Rd at the boat launch", narrative="Running loose, no one with him.",
                          **_offence("6A1"))
    send(dco, "ticket", dog_id=str(bear.id), violation_entry_id=violation, served_how="personal",
           served_at=_at(today, 7, 25), **_offence("6A1"), **_served_on(bear))

    # §10(A)-(B): a sworn complaint about Luna, the hearing, confinement, adjourned.
    luna = dog("Luna")
    sworn_on = today - timedelta(days=24)
    complaint_entry, _ = send(constable, "complaint", dog_id=str(luna.id), complainant_name="Karen Crandall",
                                complainant_residence="48 Ridge Rd, Sandy Creek", sworn="y", codes="6A4",
                                complainant_phone="315-555-0148", violation_place="Ridge Rd near no. 52",
                                nature="The husky chased me and knocked me down while I was jogging on Ridge Rd.",
                                violation_on=(sworn_on - timedelta(days=1)).isoformat(), forward_now="y",
                                owner_name=luna.primary_owner.full_name,
                                owner_residence=luna.primary_owner.full_address)
    complaint = db.session.execute(db.select(SwornComplaint).filter_by(entry_id=complaint_entry)).scalar_one()
    heard_on = settings.first_session(sworn_on)
    court.summon(complaint, name=complaint.owner_name, address=complaint.owner_residence, appear_on=heard_on,
                 appear_time=settings.time, user=justice, today=sworn_on)
    case = court.Case(complaint)
    court.record_hearing(case, held_on=heard_on, complainant_appeared=True, owner_appeared=True,
                         appearances="Karen Crandall; the owner", complainant_counsel="",
                         owner_counsel="R. Hadley, Esq.", evidence="Photos of the complainant's injuries; "
                         "a neighbour saw the dog loose on Ridge Rd.", adjourned_to=settings.first_session(today),
                         user=justice)
    court.make_order(complaint, kind="confined", ordered_on=heard_on, words="Until the fence is repaired.",
                     user=justice)

    # §11: Bella, habitual barking; convicted, fined $75.00 (§11(B)), the fine paid.
    bella = dog("Bella")
    barked_on = today - timedelta(days=30)
    with _as_of(barked_on):
        _, result = send(dco, "ticket", dog_id=str(bella.id), served_how="personal",
                           served_at=_at(barked_on, 21, 40), occurred_at=_at(barked_on, 21, 30),
                           location_text="Outside the owner's house, heard from the road", **_offence("6A2"),
                           **_served_on(bella))
    ticket = db.session.get(AppearanceTicket, result["ticket_id"])
    [disposition] = court.record_court_disposition(
        court.Case(ticket), decided_on=ticket.appear_on, appeared=True, adjourned_to=None, notes="First offence.",
        verdicts={"6A2": court.Verdict(plea="guilty", outcome="convicted", fine="75.00")}, user=justice)
    court.receive_fine(disposition, amount="75.00", received_on=ticket.appear_on, user=justice)

    # §9 "issue and serve": Molly's violation waits for its ticket; Tucker's ticket is not served yet.
    molly = dog("Molly")
    send(dco, "violation", dog_id=str(molly.id), occurred_at=_at(today - timedelta(days=5), 16, 5),
           location_text="Sandy Creek Rd, the school's playing field", narrative="Loose on the school field.",
           **_offence("6A9"))
    tucker = dog("Tucker")
    send(dco, "ticket", dog_id=str(tucker.id), served_how="later", served_at=_at(today - timedelta(days=2), 10),
           location_text="Salisbury St, by the post office", **_offence("5A1"), **_served_on(tucker))

    # §10(B): Sadie's owner summoned; at the hearing the owner did not appear; adjourned.
    sadie = dog("Sadie")
    complained_on = today - timedelta(days=17)
    sadie_entry, _ = send(constable, "complaint", dog_id=str(sadie.id), complainant_name="Walter Sharpe",
                            complainant_residence="12 Pierrepont Rd, Sandy Creek", sworn="y", codes="6A3",
                            violation_place="The complainant's vegetable garden, 12 Pierrepont Rd",
                            nature="The retriever got into my yard again and dug up the vegetable garden.",
                            violation_on=(complained_on - timedelta(days=2)).isoformat(), forward_now="y",
                            owner_name=sadie.primary_owner.full_name,
                            owner_residence=sadie.primary_owner.full_address)
    sadie_complaint = db.session.execute(db.select(SwornComplaint).filter_by(entry_id=sadie_entry)).scalar_one()
    summoned_for = settings.first_session(complained_on)
    court.summon(sadie_complaint, name=sadie_complaint.owner_name, address=sadie_complaint.owner_residence,
                 appear_on=summoned_for, appear_time=settings.time, user=justice, today=complained_on)
    court.record_hearing(court.Case(sadie_complaint), held_on=summoned_for, complainant_appeared=True,
                         owner_appeared=False, appearances="Walter Sharpe", complainant_counsel="", owner_counsel="",
                         evidence="Photos of the garden; the complainant's testimony.",
                         adjourned_to=settings.first_session(today), user=justice)

    # §11 per offence: Buddy's owner ticketed for running at large and for no license; guilty of
    # the one (§11(A), $100.00), not guilty of the other, adjourned for its hearing.
    buddy = dog("Buddy")
    loose_on = today - timedelta(days=20)
    with _as_of(loose_on):
        _, result = send(dco, "ticket", dog_id=str(buddy.id), served_how="personal",
                           served_at=_at(loose_on, 8, 15), codes=["6A1", "5A1"],
                           location_text="County Route 15 near the town park",
                           ruled_out=ruled_out("6A1", "5A1"),
                           **_served_on(buddy))
    buddy_ticket = db.session.get(AppearanceTicket, result["ticket_id"])
    court.record_court_disposition(
        court.Case(buddy_ticket), decided_on=buddy_ticket.appear_on, appeared=True,
        adjourned_to=settings.first_session(today), notes="The owner contests the running at large.",
        verdicts={"5A1": court.Verdict(plea="guilty", outcome="convicted", fine="100.00"),
                  "6A1": court.Verdict(plea="not_guilty", outcome="adjourned")}, user=justice)
    db.session.commit()
    return ("Court cases: Bear's ticket returnable next session, Luna confined after a hearing (adjourned), "
            "Bella convicted and her fine paid; to issue and serve: Molly's violation, Tucker's ticket; "
            "Sadie's owner summoned and absent at the hearing (adjourned); Buddy's ticket for two offences, "
            "each with its own verdict.")
