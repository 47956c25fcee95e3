"""Calls for service for `flask seed-demo`, made through the same entry kinds as the clerk's
counter and the officer's phone (services/calls.py):

- open: a dog bite at the school (urgent, just in); barking all night on Lake Road about Bella,
  taken by the DCO (her third call in a month: a repeat dog, on her card); a citizen's report from
  the public page of a dog loose on Ridge Road (unverified);
- closed: Max running at large, a violation recorded from the call and the call closed with it;
  a loose dog gone on arrival; a thin dog chained outside, referred to the SPCA; two earlier calls
  about Bella's barking (a warning, unfounded).

Every time is counted back from the moment of seeding (never a clock hour of today), so nothing
is in the future whatever the hour the demo is seeded.
"""
import uuid
from datetime import timedelta

from ..extensions import db
from ..models import Dog
from ..services.calls import report_from_public
from ..timeutil import to_local, utcnow
from .entries import ruled_out, send, user


def _local(at) -> str:
    return to_local(at).strftime("%Y-%m-%dT%H:%M")


def _call(clerk, at, **payload) -> str:
    return send(clerk, "call", at, received_at=_local(at), **payload)[0]


def seed_calls() -> str:
    now = utcnow()
    clerk, dco = user("clerk"), user("dco")
    dog = {name: str(db.session.execute(db.select(Dog.id).filter_by(name=name)).scalar_one())
           for name in ("Max", "Bella")}
    ago = lambda **kw: now - timedelta(**kw)  # noqa: E731

    # Closed: Max loose on Harwood Drive, a violation recorded from the call.
    max_call = _call(clerk, ago(days=6, hours=3), about="6A1", location_text="Harwood Dr by the school",
                     caller_name="Pat Holler", caller_phone="315 555 0142", dog_id=dog["Max"],
                     description="Big dog loose by the school bus stop.", urgency="today", source="phone")
    send(dco, "call_take", ago(days=6, hours=2, minutes=50), call_entry_id=max_call)
    send(dco, "call_update", ago(days=6, hours=2, minutes=30), call_entry_id=max_call, what="arrived")
    send(dco, "violation", ago(days=6, hours=2, minutes=20), call_entry_id=max_call, dog_id=dog["Max"],
           codes=["6A1"], ruled_out=ruled_out("6A1"), occurred_at=_local(ago(days=6, hours=2, minutes=25)),
           location_text="Harwood Dr by the school", narrative="Dog loose by the bus stop, owner not with it.")
    send(dco, "call_close", ago(days=6, hours=2), call_entry_id=max_call, outcome="violation",
           note="Owner came for the dog.")
    # Closed: gone on arrival; referred to the SPCA.
    gone = _call(clerk, ago(days=4, hours=5), about="6A1", place_description="Ridge Rd past the grange hall",
                 caller_name="Lou Ames", description="Black lab running along the road.", source="phone")
    send(dco, "call_take", ago(days=4, hours=4, minutes=55), call_entry_id=gone)
    send(dco, "call_close", ago(days=4, hours=4, minutes=20), call_entry_id=gone, outcome="gone")
    thin = _call(clerk, ago(days=3, hours=6), about="cruelty", location_text="88 Pierce Rd",
                 caller_name="Anonymous", description="Thin dog chained outside with no shelter.", source="counter")
    send(dco, "call_close", ago(days=3, hours=1), call_entry_id=thin, outcome="referred",
           referred_to="Oswego County SPCA", note="Humane law officer to visit.")
    # Bella barking: two earlier calls closed, a third open and taken: a repeat dog.
    for days, outcome in ((20, "warning"), (9, "unfounded")):
        earlier = _call(clerk, ago(days=days, hours=14), about="6A2", location_text="21 Lake Rd",
                        caller_name="Jo Neary", caller_phone="315 555 0170", dog_id=dog["Bella"],
                        description="Barking all night again.", urgency="routine", source="phone")
        send(dco, "call_close", ago(days=days, hours=2), call_entry_id=earlier, outcome=outcome)
    bella = _call(clerk, ago(hours=9), about="6A2", location_text="21 Lake Rd", caller_name="Jo Neary",
                  caller_phone="315 555 0170", caller_email="jo.neary@example.org", tell_caller="email",
                  dog_id=dog["Bella"], description="Barking since 10 last night.", urgency="routine",
                  source="phone")
    send(dco, "call_take", ago(hours=8), call_entry_id=bella)
    # Open: a bite at the school, just in; a citizen's report, unverified.
    _call(clerk, ago(minutes=25), about="bite", location_text="Central School, Harwood Dr",
          caller_name="School nurse", caller_phone="315 555 0100",
          description="A child bitten on the hand by a small white dog at the playground; dog ran off north.",
          dog_description="Small white terrier, no collar", urgency="now", source="phone")
    report_from_public({"about": "6A1", "location_text": "Ridge Rd near the creek bridge",
                        "description": "Two dogs loose chasing cars.", "caller_name": "A neighbour",
                        "latitude": "43.6459", "longitude": "-76.0752"},
                       str(uuid.uuid4()))
    db.session.commit()
    return ("Calls for service: 3 open (a bite just in, Bella's barking taken by the DCO, a public report), "
            "5 closed (one with its violation).")
