"""The steps of a case as the court's tests take them: Brutus, the dog each test's case is
about, a sworn complaint forwarded to the Justice, the summons, the hearing, the verdicts."""
import re
import uuid

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, User
from fieldapp.models.enforcement import AppearanceTicket, SwornComplaint
from fieldapp.timeutil import local_today, utcnow

from ..factories import make_licensed_dog

EVERY_PERSON_EXCEPTION = ["4C-totality"]


@pytest.fixture(autouse=True)
def brutus_made(app):
    """The dog these cases are about, made for each test: Brutus, licensed, with his tag."""
    with app.app_context():
        make_licensed_dog(name="Brutus")
        db.session.commit()


def dog_id(app, name):
    with app.app_context():
        return db.session.execute(db.select(Dog.id).filter_by(name=name)).scalar_one()


def errors_of(response):
    html = response.get_data(as_text=True)
    return dict(re.findall(r'<p class="error" id="([\w-]+)-error">([^<]*)</p>', html))


def forwarded_complaint(client, auth, app, dog="Brutus"):
    """A constable takes a sworn complaint about `dog` and forwards it; returns its id."""
    auth.login("constable")
    entry_id = str(uuid.uuid4())
    r = client.post("/field/complaints/new", data={
        "entry_id": entry_id, "complainant_name": "Linda Ackley", "complainant_residence": "211 Salisbury St", "violation_place": "Fox Rd at the mailbox",
        "sworn": "y", "codes": "6A4", "nature": "Bit my son on the arm at the mailbox.",
        "violation_on": local_today().isoformat(), "dog_id": str(dog_id(app, dog)), "forward_now": "y"})
    assert r.status_code == 201
    with app.app_context():
        c = db.session.execute(db.select(SwornComplaint).filter_by(entry_id=entry_id)).scalar_one()
        assert c.status == "forwarded"
        cid = c.id
    auth.logout()
    return cid


def summon(client, cid, on=None):
    """§10(B): the Justice summons the alleged owner (to appear today unless `on`)."""
    return client.post(f"/court/complaints/{cid}/summons", data={
        "name": "Gary Plumb", "address": "300 Fox Rd", "appear_on": (on or local_today()).isoformat(),
        "appear_time": "18:00"})


def hearing(client, cid, summoned=True, **over):
    """The hearing, after the summons (§10(B)) unless `summoned` is False."""
    if summoned:
        summon(client, cid)
    data = {"held_on": local_today().isoformat(), "complainant_appeared": "y", "owner_appeared": "y",
            "owner_counsel": "J. Barrister", "evidence": "Photos of the bite; ER record."}
    data.update(over)
    return client.post(f"/court/complaints/{cid}/hearings", data=data)


def verdicts(**by_code):
    """§11 per offence: the disposition form's fields of each offence (`plea_6A1`, ...)."""
    data = {}
    for code, fields in by_code.items():
        data.update({f"{name}_{code}": value for name, value in fields.items()})
    return data


def declare_dangerous(client, cid, **over):
    data = {"kind": "dangerous", "ordered_on": local_today().isoformat(), "victim": "person",
            "ruled_out": EVERY_PERSON_EXCEPTION}
    data.update(over)
    return client.post(f"/court/complaints/{cid}/orders", data=data)


def make_ticket(app, codes=("6A1",), served=True):
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        t = AppearanceTicket(entry_id=str(uuid.uuid4()), number=f"T{uuid.uuid4().hex[:8]}",
                             dog_id=db.session.execute(db.select(Dog.id).filter_by(name="Brutus")).scalar_one(),
                             codes=list(codes), served_capacity="owner", served_name="Gary Plumb",
                             served_address="300 Fox Rd", served_at=utcnow() if served else None,
                             served_how="personal" if served else "", court_name="Sandy Creek Town Court",
                             court_address="1992 Harwood Dr", appear_on=local_today(), appear_time="18:00",
                             officer_id=dco.id, officer_name="Dog Officer")
        db.session.add(t)
        db.session.commit()
        return t.number
