"""Roadside demo cases for `flask seed-demo` (dated from today), made through the same entry
services as the phone, so the DCO's screens show each rule at work:

- the town's calendar for this year and next, pre-filled from GCL §24, with a snow day (§8(B));
- Duke (licensed, owner of record) held nine business days whatever the form said (§8(B));
- a dog with no tag seized, its owner identified later: the deadline recomputed (§8(B));
- Ginger seized and redeemed (§8(C)): license shown, fees paid on a receipt; no longer flagged
  impounded on her card;
- a stray husky seized three weeks ago, never claimed: past its deadline, available for adoption
  or euthanasia (§8(E)) on the kennel board;
- Daisy seized by an officer who typed her tag number (no scan): the tag names a licensed dog
  with an owner of record, so her owner is known and she is held nine business days (§8(B));
- a stray hound held, boarded at the Oswego County SPCA during the hold because the town kennel
  was full: the case stays open and the owner may still redeem it (§8(B), §8(E));
- Rocky asked to be vaccinated fifteen days ago, no certificate since: overdue on the
  officer's start page, one tap from a §5(B)(1) violation or ticket.
§6(A)(8) shows on the violation form: ticked for Max (male) or Bella (spayed) it is refused;
for Luna (unspayed female) it stands.
"""
from datetime import timedelta

from ..extensions import db
from ..models.enforcement import Impoundment
from ..services import calendar as cal
from ..services.enforcement import identify_owner
from ..services.impoundment.board import move_held_dog
from ..services.impoundment.redemption import redeem
from .entries import dog, ruled_out, send, user


def seed_roadside_cases(today) -> str:
    dco, clerk = user("dco"), user("clerk")
    for year in (today.year, today.year + 1):
        cal.fill_year(year, clerk)
    seized_on = today - timedelta(days=4)
    snow = seized_on + timedelta(days=1)  # a weekday in the holding period: not counted
    while snow.weekday() >= 5:
        snow += timedelta(days=1)
    cal.add_closure(snow, "Snow day: town offices closed", clerk)
    db.session.commit()
    at = f"{seized_on.isoformat()}T09:00"
    send(dco, "seizure", dog_id=str(dog("Duke").id), codes=["6A1"], ruled_out=ruled_out("6A1"),
           owner_known="no", seized_at=at, location_text="Salisbury St at Harwood Dr",
           held_at="Town kennel")
    _, stray = send(dco, "seizure", dog_description="Tan terrier mix, red collar, no tag", codes=["5A1"],
                   ruled_out=ruled_out("5A1"), seized_at=at,
                   location_text="Route 3 by the fairgrounds", held_at="Town kennel")
    identify_owner(db.session.get(Impoundment, stray["impoundment_id"]), "Kyle Ferris (called the office)", clerk)
    _, ginger = send(dco, "seizure", dog_id=str(dog("Ginger").id), codes=["6A1"], ruled_out=ruled_out("6A1"),
                    seized_at=at, location_text="Lake Rd", held_at="Town kennel")
    # §8(E): unredeemed past its holding period (five business days, no owner known).
    send(dco, "seizure", dog_description="Grey and white husky, blue eyes, no collar", dog_breed="Husky",
           dog_color="Grey and white", dog_sex="F", codes=["5A1"], ruled_out=ruled_out("5A1"),
           seized_at=f"{(today - timedelta(days=21)).isoformat()}T15:30", location_text="County Route 15 at Pierce Rd",
           held_at="Town kennel")
    g_dog = dog("Ginger")  # §8(C): license current, identification shown, the fees paid on a receipt
    redeem(db.session.get(Impoundment, ginger["impoundment_id"]), identification="NY driver license",
           method="cash", payer_name=g_dog.primary_owner.full_name, user=clerk, today=today)
    # §8(B): the tag typed, not scanned, names Daisy, licensed, with an owner of record: nine days.
    daisy = dog("Daisy")
    send(dco, "seizure", dog_description="Red dachshund, old, collar with a town tag", dog_breed="Dachshund",
           dog_color="Red", dog_tag=str(daisy.active_tag.serial), codes=["6A1"], ruled_out=ruled_out("6A1"),
           seized_at=f"{(today - timedelta(days=2)).isoformat()}T08:40", location_text="Harwood Dr by the school",
           held_at="Town kennel")
    # §8(B), §8(E): boarded at the SPCA during the hold (the town kennel full); the case stays open.
    _, hound = send(dco, "seizure", dog_description="Black and tan hound, no collar", dog_breed="Coonhound mix",
                   dog_color="Black and tan", dog_sex="M", codes=["5A1"],
                   ruled_out=ruled_out("5A1"),
                   seized_at=f"{(today - timedelta(days=3)).isoformat()}T17:15",
                   location_text="Pierce Rd at the creek", held_at="Town kennel")
    move_held_dog(db.session.get(Impoundment, hound["impoundment_id"]), "Oswego County SPCA, Fulton", dco,
                  on=today - timedelta(days=2), note="Town kennel full; the owner may still redeem the dog")
    db.session.commit()
    rocky = dog("Rocky")
    for c in rocky.rabies_certificates:  # filed long ago: the request below is unanswered
        c.created_at = c.created_at - timedelta(days=400)
    db.session.commit()
    send(dco, "rabies_request", dog_id=str(rocky.id), requested_on=(today - timedelta(days=15)).isoformat())
    db.session.commit()
    return ("Roadside cases: 6 seizures (one redeemed, one past its deadline, one owner known from a typed tag, "
            "one boarded at the SPCA during the hold), an overdue rabies request, the town calendar.")
