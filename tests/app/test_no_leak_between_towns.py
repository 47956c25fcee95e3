"""A person of one town sees nothing of another town's records (models/town_owned.py:
`only_towns_seen`). The demo's records are all moved to a second town; then every person of the
first town walks every route of the app, with the ids, numbers and tokens of the second town's
records in its URL, and finds none of them: no page names an owner of the other town, and no
file (a tag's QR code, a certificate, a letter) of the other town is made for them."""
import re

import pytest
import sqlalchemy as sa

from fieldapp.demo import DEMO_PASSWORD
from fieldapp.extensions import db
from fieldapp.models import Dog, FieldEntry, License, MailApplication, Owner, Receipt, Tag, User, UserTown
from fieldapp.models.calls import Call
from fieldapp.models.court import Summons
from fieldapp.models.enforcement import AppearanceTicket, Impoundment, Photo, SwornComplaint, Violation
from fieldapp.models.licensing import EnumerationResolution
from fieldapp.models.public import FoundReport
from fieldapp.models.town import Town
from fieldapp.models.town_owned import TownOwned

from ..factories import make_town

ROLES_OF_THE_FIRST_TOWN = ("clerk", "dco", "constable", "police", "justice", "admin", "county_admin")
# A URL's part -> the records of the other town whose keys fill it.
KEYS = {
    "dog_id": (Dog.id,), "owner_id": (Owner.id,), "license_id": (License.id,), "tag_id": (Tag.id,),
    "token": (Tag.token,), "impoundment_id": (Impoundment.id,), "violation_id": (Violation.id,),
    "complaint_id": (SwornComplaint.id,), "call_id": (Call.id,), "summons_id": (Summons.id,),
    "mail_id": (MailApplication.id,), "enum_id": (EnumerationResolution.id,), "photo_id": (Photo.id,),
    "report_id": (FoundReport.id,), "entry_id": (FieldEntry.id,),
    "number": (AppearanceTicket.number, Receipt.number),
}
FIXED = {"kind": "violation", "index": 0, "filename": "css/app.css"}
FILE_TYPES = ("image/", "application/pdf", "text/csv", "application/zip", "text/calendar")


@pytest.fixture
def other_town(app):
    """Every record of the demo, with its roadside, court and calls cases (seizures, violations,
    tickets, complaints, summonses, calls), made the second town's; the demo's people serve the
    first (the county administrator none)."""
    from fieldapp.demo import seed_cases
    from fieldapp.timeutil import local_today
    with app.app_context():
        seed_cases(local_today())
        first = db.session.scalars(sa.select(Town).order_by(Town.id)).first()
        second = make_town("Elm Hollow")
        for table in db.metadata.sorted_tables:
            if "town_id" in table.c and any(m.local_table is table for m in _town_owned_mappers()):
                db.session.execute(table.update().values(town_id=second.id))
        db.session.execute(sa.delete(UserTown))
        for user in db.session.scalars(sa.select(User).where(User.role != "county_admin")):
            db.session.add(UserTown(user_id=user.id, town_id=first.id))
        keys = {}  # the first two records of each kind, so that every run walks the same URLs
        for part, columns in KEYS.items():
            values = []
            for column in columns:
                values += db.session.scalars(sa.select(column).order_by(*column.table.primary_key).limit(2)
                                             .execution_options(all_towns=True)).all()
            keys[part] = [str(v) for v in values if v is not None]
        owners = db.session.execute(sa.select(Owner.first_name, Owner.last_name, Owner.address, Owner.phone,
                                              Owner.email).execution_options(all_towns=True)).all()
        # A town's own numbers (its clerk, its officer) are on its pages by right, whoever shares them;
        # so is an owner's phone the owner chose to show a finder on the tag's public page.
        public = {n for t in db.session.scalars(sa.select(Town)) for n in (t.clerk_phone, t.contact_phone)}
        public |= set(db.session.scalars(sa.select(Owner.phone).where(Owner.show_phone_publicly)
                                         .execution_options(all_towns=True)))
        chips = db.session.scalars(sa.select(Dog.microchip).where(Dog.microchip.is_not(None))
                                   .execution_options(all_towns=True)).all()
        db.session.commit()
    names = [f"{o.first_name} {o.last_name}" for o in owners] + [o.address for o in owners] \
        + [o.email for o in owners if o.email] + [o.phone for o in owners if o.phone and o.phone not in public] \
        + list(chips)
    return {"keys": keys, "names": [n for n in names if n and len(n) > 6]}


def _town_owned_mappers():
    return [m for m in db.Model.registry.mappers if issubclass(m.class_, TownOwned)]


def _urls(app, keys):
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        choices = [keys.get(a) or [FIXED.get(a)] for a in rule.arguments]
        if not rule.arguments:
            yield rule.rule
            continue
        if any(c == [None] or not c for c in choices):
            continue  # no record of this kind in the demo
        for n in range(max(len(c) for c in choices)):
            yield _filled(rule.rule, {a: c[min(n, len(c) - 1)] for a, c in zip(rule.arguments, choices, strict=True)})


def url_rule_of(app, url):
    adapter = app.url_map.bind("localhost")
    endpoint, _ = adapter.match(url, method="GET")
    return next(r.rule for r in app.url_map.iter_rules(endpoint))


@pytest.mark.parametrize("role", ROLES_OF_THE_FIRST_TOWN)
def test_nothing_of_another_town_reaches_a_person_of_this_town(app, client, other_town, role):
    response = client.post("/login", data={"username": role, "password": DEMO_PASSWORD})
    assert response.status_code == 302, role
    leaks = []
    for url in sorted(set(_urls(app, other_town["keys"]))):
        if url in ("/logout",):
            continue
        response = client.get(url)
        kind = response.headers.get("Content-Type", "")
        is_file = kind.startswith(FILE_TYPES)
        if response.status_code == 200 and is_file and "<" in url_rule_of(app, url):
            leaks.append(f"{url}: a file ({kind}) of the other town's record")
            continue
        body = response.get_data(as_text=True) if not is_file or kind.startswith("text/csv") else ""
        named = [n for n in other_town["names"] if n in body]
        if named:
            leaks.append(f"{url} ({response.status_code}): {named[:2]}")
    assert not leaks, "\n".join(leaks)


def test_the_walk_would_see_the_other_towns_records_if_the_person_served_it(app, client, other_town):
    """The walk above is not empty: it has the other town's roadside, court and calls records to
    ask for, and the clerk, once serving the other town, finds its owner."""
    for kind in ("impoundment_id", "violation_id", "complaint_id", "summons_id", "call_id", "number", "entry_id"):
        assert other_town["keys"][kind], kind
    with app.app_context():
        clerk = db.session.scalars(sa.select(User).filter_by(username="clerk")).one()
        second = db.session.scalar(sa.select(sa.func.max(Town.id)))
        db.session.execute(sa.update(UserTown).where(UserTown.user_id == clerk.id).values(town_id=second))
        db.session.commit()
    client.post("/login", data={"username": "clerk", "password": DEMO_PASSWORD})
    owner = other_town["keys"]["owner_id"][0]
    body = client.get(f"/clerk/owners/{owner}").get_data(as_text=True)
    assert any(name in body for name in other_town["names"])


@pytest.mark.parametrize("role", ROLES_OF_THE_FIRST_TOWN)
def test_no_form_of_this_town_writes_to_another_towns_record(app, client, other_town, role):
    """Every form posted with the other town's keys in its URL is answered as for no record."""
    client.post("/login", data={"username": role, "password": DEMO_PASSWORD})
    with app.app_context():
        before = db.session.scalar(sa.select(sa.func.count()).select_from(sa.table("change")))
    answered = {}
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods or not any(a in other_town["keys"] for a in rule.arguments):
            continue
        url = next(u for u in _urls_of(rule, other_town["keys"]))
        if "None" in url:
            continue  # no record of this kind in the demo
        if url.startswith("/api/"):
            response = client.post(url, json={}, headers={"Origin": "http://localhost"})
        else:
            response = client.post(url, data={})
        body = response.get_data(as_text=True)
        answered[url] = (response.status_code, [n for n in other_town["names"] if n in body])
    with app.app_context():
        after = db.session.scalar(sa.select(sa.func.count()).select_from(sa.table("change")))
    assert after == before
    # Refused (a form refused for what it lacks may say so, 422, but names nothing of the record).
    found = {url: said for url, said in answered.items() if said[0] < 400 or said[1]}
    assert answered and not found


def _urls_of(rule, keys):
    yield _filled(rule.rule, {a: (keys.get(a) or [FIXED.get(a)])[0] for a in rule.arguments})


def _filled(rule: str, values: dict) -> str:
    """"/clerk/dogs/<int:dog_id>" with its parts' values."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", lambda m: str(values[m.group(1)]), rule)
