"""The demo town: dated from today, so it always has valid, expiring and expired licenses,
and one case of each rule of the law on the clerk's and the officers' screens (demo only)."""
import random
from datetime import timedelta
from decimal import Decimal

from dateutil.relativedelta import relativedelta
from sqlalchemy import func, insert

from .extensions import db
from .law.words import say_date
from .models import Dog, DogOwner, License, Owner, RabiesCertificate, Sequence, User
from .timeutil import local_today

DEMO_PASSWORD = "sandycreek"
DEMO_USERS = [
    ("clerk", "Tammy Miller", "clerk"),
    ("dco", "Dale Crofoot", "dco"),
    ("constable", "Rita Hollenbeck", "constable"),
    ("police", "Ofc. Dana Pratt", "police"),  # a police officer under contract to the town (§9)
    ("justice", "Hon. Paul Weaver", "justice"),
    ("admin", "Town Supervisor", "admin"),
]

STREETS = ["Harwood Dr", "Lake Rd", "Salisbury St", "Ridge Rd", "County Route 15", "Railroad St",
           "Lindsey Rd", "Sandy Creek Rd", "Pierrepont Manor Rd", "Wart Rd", "Anderson Rd",
           "Fox Rd", "Bonney Rd", "Tryon Rd", "Seber Shores Rd", "Cook Rd"]
FIRST = ["Mary", "John", "Linda", "James", "Karen", "Robert", "Susan", "Michael", "Donna", "David",
         "Patricia", "William", "Barbara", "Richard", "Nancy", "Thomas", "Sharon", "Mark", "Amy", "Kevin"]
LAST = ["Miller", "Stevens", "Hollis", "Ackley", "Wart", "Salisbury", "Crandall", "Soper", "Hadley",
        "Ladd", "Tryon", "Gates", "Bonney", "Seymour", "Fuller", "Ramsey", "Cook", "Lindsey", "Weaver", "Bice"]
DOG_NAMES = ["Max", "Bella", "Charlie", "Luna", "Cooper", "Daisy", "Tucker", "Sadie", "Bear", "Molly",
             "Duke", "Maggie", "Buddy", "Rosie", "Jake", "Lucy", "Rocky", "Penny", "Zeus", "Ginger"]
BREEDS = [("Labrador Retriever", "yellow"), ("German Shepherd", "black and tan"), ("Beagle", "tricolor"),
          ("Golden Retriever", "golden"), ("Border Collie", "black and white"), ("Mixed breed", "brindle"),
          ("Boxer", "fawn"), ("Siberian Husky", "grey and white"), ("Dachshund", "red"),
          ("Australian Shepherd", "blue merle"), ("Pit Bull Terrier mix", "white with brown patches"),
          ("Coonhound", "black and tan")]
VETS = ["Sandy Creek Veterinary Clinic", "Pulaski Animal Hospital", "Lacona Vet Services"]


def seed_demo(n_dogs=None, rng_seed=2011, today=None, history_years=5) -> str:
    """The demo town. Used by the CLI and by tests (on a schema made with create_all).
    A bulk town (`n_dogs`) gets `history_years` of past (fieldapp/demo_history/; 0: none)."""
    today = today or local_today()
    rng = random.Random(rng_seed)
    for number, (username, name, role) in enumerate(DEMO_USERS, 1):
        user = User(username=username, full_name=name, role=role, badge_number=f"SC-{number:02d}")
        user.set_password(DEMO_PASSWORD)
        db.session.add(user)
    db.session.flush()
    clerk = db.session.execute(db.select(User).filter_by(username="clerk")).scalar_one()
    if n_dogs is None:
        dog_ids = _seed_storybook_town(today, clerk)
    else:
        dog_ids = _seed_bulk(n_dogs, today, rng, clerk)
        if history_years:
            from .demo_history import seed_history
            seed_history(dog_ids, today, rng, clerk, years=history_years)
    tag_note = _seed_tags(dog_ids, today)
    if n_dogs is None:
        _seed_law_cases(today, clerk)
        dog_ids = dog_ids + [_seed_minor_owner_case(today, clerk)]
        _seed_rabies_terms(today, clerk)
    db.session.commit()
    if n_dogs is not None and db.engine.dialect.name == "postgresql":
        # After a bulk load PostgreSQL plans from no statistics until autovacuum gets round to
        # them: the search's `LIKE` then looked common, and a rare word read the whole table.
        db.session.execute(db.text("ANALYZE"))
        db.session.commit()
    return f"Demo town seeded: {len(dog_ids)} dogs." + (f"\n{tag_note}" if tag_note else "")


# A small town with a story for each dog, dated from today. Columns:
# name, sex, breed, color, markings, age (years), altered, purebred, exemption,
# license (days until expiry; None = never licensed), rabies (days until it ends; None = vet exemption),
# status, owner index.
STORY = [
    ("Max", "M", "Labrador Retriever", "yellow", "white blaze on chest", 5, True, False, None, 400, 700, "active", 0),
    ("Bella", "F", "Beagle", "tricolor", "notched left ear", 3, True, False, None, 20, 300, "active", 1),
    ("Duke", "M", "German Shepherd", "black and tan", "", 7, False, False, None, -40, 200, "active", 2),
    ("Luna", "F", "Siberian Husky", "grey and white", "blue eyes", 2, False, False, None, 700, 800, "active", 3),
    ("Rocky", "M", "Pit Bull Terrier mix", "white with brown patches", "scar on muzzle", 4, False, False, None,
     150, -10, "active", 4),
    ("Sadie", "F", "Golden Retriever", "golden", "", 9, True, False, "service", 500, 600, "active", 5),
    ("Tucker", "M", "Border Collie", "black and white", "white tail tip", 6, True, False, None, None, 300, "active", 6),
    ("Daisy", "F", "Dachshund", "red", "", 14, True, False, None, 250, None, "active", 7),
    ("Zeus", "M", "Boxer", "fawn", "black mask", 3, False, True, None, 200, 400, "active", 8),
    ("Hera", "F", "Boxer", "fawn", "white socks", 2, False, True, None, 200, 400, "active", 8),
    ("Penny", "F", "Coonhound", "black and tan", "long ears, grey muzzle", 8, True, False, None, 90, 120, "lost", 9),
    ("Bear", "M", "Mixed breed", "brindle", "one brown, one blue eye", 4, True, False, None, 5, 500, "active", 10),
    ("Molly", "F", "Australian Shepherd", "blue merle", "", 1, True, False, None, 330, 360, "active", 11),
    ("Buddy", "M", "Labrador Retriever", "black", "grey chin", 11, True, False, None, -400, -200, "active", 12),
    ("Ginger", "F", "Mixed breed", "red", "curly tail", 6, True, False, None, 600, 900, "active", 13),
]


def _seed_storybook_town(today, clerk) -> list[int]:
    owners = []
    for i in range(14):
        owner = Owner(first_name=FIRST[i], last_name=LAST[i],
                      address=f"{100 + 37 * i} {STREETS[i % len(STREETS)]}",
                      phone=f"(315) 387-{2100 + 13 * i:04d}",
                      email=f"{FIRST[i].lower()}.{LAST[i].lower()}@example.net" if i % 3 else None,
                      show_phone_publicly=i in (0, 5),
                      phone_optin_on=today - timedelta(days=200) if i in (0, 5) else None)
        db.session.add(owner)
        owners.append(owner)
    # Bella's household has two owners of record (§5(E)(1) "each owner").
    co_owner = Owner(first_name="Gary", last_name=LAST[1], address=owners[1].address, phone="(315) 387-2999")
    db.session.add(co_owner)
    db.session.flush()
    ids = []
    for (name, sex, breed, color, markings, age, altered, purebred, exemption, lic_days, rab_days,
         status, owner_i) in STORY:
        dog = Dog(name=name, sex=sex, breed=breed, color=color, markings=markings,
                  born_on=today - relativedelta(years=age, months=3), altered=altered,
                  altered_proof="on_file" if altered else None, purebred=purebred, exemption=exemption,
                  exemption_certificate="ADA service dog training certificate #SD-2291" if exemption else None,
                  status=status, status_on=today - timedelta(days=3) if status != "active" else None)
        db.session.add(dog)
        db.session.flush()
        links = [owners[owner_i]] + ([co_owner] if name == "Bella" else [])
        for owner in links:
            db.session.add(DogOwner(dog_id=dog.id, owner_id=owner.id, since=today - relativedelta(years=age)))
        rabies = _demo_rabies(dog, today, rab_days)
        if lic_days is not None:
            _demo_license(dog, today, lic_days, rabies, clerk)
        ids.append(dog.id)
    return ids


def _seed_law_cases(today, clerk) -> None:
    """One case of each rule of the clerk's counter, on the storybook dogs (no new dogs):
    §5(H) Zeus and Hera on one purebred license for their owner's premises; §5(J)(2) Buddy died
    (license closed, tag retired); §5(J)(1) Penny's loss reported late; §5(J)(3) Molly's owner a
    new resident, licensed late; §5(B)(2) Daisy's vet statement dated; §5(C) Ginger's vet says
    spaying would endanger her ($3 population fee); §5(K) an enumeration open by Town Board
    resolution that identified Tucker as unlicensed."""
    from .law import purebred_license_fee
    from .models import (
        DogNotice,
        EnumerationExpense,
        EnumerationIdentification,
        EnumerationResolution,
        PurebredLicense,
        Tag,
        next_in_sequence,
    )

    def dog(name):
        return db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()

    # §5(H): one license for the premises, priced by the purebreds harbored there, not per dog.
    zeus, hera = dog("Zeus"), dog("Hera")
    owner = zeus.primary_owner
    lic = zeus.current_license
    fee = purebred_license_fee(2, lic.term_years)
    premises = PurebredLicense(
        number=f"P{lic.issued_on.year}-{next_in_sequence(f'purebred_license_{lic.issued_on.year}'):04d}",
        owner=owner, premises=owner.full_address, dogs_on_premises=2,
        issued_on=lic.issued_on, term_years=lic.term_years, expires_on=lic.expires_on, fee_total=fee.total,
        fee_lines=[{"kind": ln.kind, "label": ln.label, "amount": str(ln.amount), "section": ln.section}
                   for ln in fee.lines], issued_by_id=clerk.id)
    db.session.add(premises)
    for d in (zeus, hera):
        d_lic = d.current_license
        d_lic.purebred_license = premises
        surcharge = [ln for ln in d_lic.fee_lines if ln["kind"] == "population_surcharge"]
        own = premises.fee_lines if d is zeus else [{
            "kind": "purebred_fee", "amount": "0.00", "section": "§5(H)",
            "label": f"Covered by purebred license {premises.number} for the premises"}]
        d_lic.fee_lines = own + surcharge
        d_lic.fee_total = sum((Decimal(ln["amount"]) for ln in d_lic.fee_lines), Decimal("0.00"))

    # §5(J)(2): a death notice closed Buddy's license and retired his tag.
    buddy = dog("Buddy")
    died = today - timedelta(days=12)
    buddy.status, buddy.status_on = "dead", died
    for b_lic in buddy.licenses:
        if b_lic.status == "active":
            b_lic.status = "dog_died"
    tag = db.session.execute(db.select(Tag).filter_by(dog_id=buddy.id, status="active")).scalar_one_or_none()
    if tag is not None:
        tag.status, tag.retired_on, tag.retired_reason = "retired", today - timedelta(days=10), "dog died"
    db.session.add(DogNotice(dog=buddy, kind="death", occurred_on=died, filed_on=today - timedelta(days=10),
                             details={"previous_status": "active", "licenses_closed": [
                                 b.number for b in buddy.licenses], "tag_retired": tag.serial if tag else None},
                             recorded_by_id=clerk.id))

    # §5(J)(1): Penny's loss was reported 14 days after it was discovered (4 days late).
    penny = dog("Penny")
    lost_on = penny.status_on - timedelta(days=14)
    penny.status_on = lost_on
    db.session.add(DogNotice(dog=penny, kind="lost", occurred_on=lost_on, filed_on=today - timedelta(days=3),
                             details={"previous_status": "active", "due_on": (lost_on + timedelta(days=10)).isoformat(),
                                      "days_late": 4, "late_note": f"Filed 4 days late (due by "
                                      f"{say_date(lost_on + timedelta(days=10))}). (§5(J)(1))"},
                             recorded_by_id=clerk.id))

    # §5(J)(3): Molly's owner moved into the town 40 days before licensing her (10 days late).
    molly = dog("Molly")
    molly.residence_began_on = molly.licenses[0].issued_on - timedelta(days=40)

    # §5(B)(2): Daisy's vet statement in lieu of a rabies certificate, dated the day she was licensed.
    daisy = dog("Daisy")
    daisy.current_rabies.statement_on = daisy.licenses[0].issued_on

    # §5(C)/(D): Ginger's vet says spaying would endanger her: altered fee, $3 population fee.
    ginger = dog("Ginger")
    ginger.altered, ginger.altered_proof = False, "vet_statement"
    g_lic = ginger.current_license
    from .law import license_fee
    from .settings import SPECS
    quote = license_fee(False, Decimal(SPECS["fee_altered"].default), Decimal(SPECS["fee_unaltered"].default),
                        g_lic.term_years, vet_statement_against_altering=True)
    g_lic.altered = True
    g_lic.fee_lines = [{"kind": ln.kind, "label": ln.label, "amount": str(ln.amount), "section": ln.section}
                       for ln in quote.lines]
    g_lic.fee_total = quote.total

    # §5(K): an enumeration open by Town Board resolution; it found Tucker unlicensed.
    enum = EnumerationResolution(resolution="Resolution 2026-7 (demo)", adopted_on=today - timedelta(days=45),
                                 opens_on=today - timedelta(days=30), surcharge=Decimal("5.00"),
                                 recorded_by_id=clerk.id)
    db.session.add(enum)
    tucker = dog("Tucker")
    tucker.enumeration_identified_on = today - timedelta(days=9)
    db.session.add(EnumerationIdentification(enumeration=enum, dog=tucker, identified_on=today - timedelta(days=9),
                                             where="Door-to-door census (demo)", identified_by_id=clerk.id))
    db.session.add(EnumerationExpense(enumeration=enum, spent_on=today - timedelta(days=28),
                                      description="Printing the census cards (demo)", amount=Decimal("36.00"),
                                      paid_by="Town Clerk's office", recorded_by_id=clerk.id))
    db.session.flush()


def _seed_minor_owner_case(today, clerk) -> int:
    """§4(I) a minor's dog: Pepper's owner of record, Lily Renwick, is 15; her mother Ruth, the
    head of the household at the same address, is the person charged and summoned (linked as
    her guardian). A new owner, guardian and dog, made after every other demo row (licensed,
    tagged), so no existing row or number changes."""
    from .models import Tag
    from .services.tags.tokens import new_token
    guardian = Owner(first_name="Ruth", last_name="Renwick", address="12 Orchard Ln", phone="(315) 387-3310")
    lily = Owner(first_name="Lily", last_name="Renwick", address="12 Orchard Ln", phone="(315) 387-3310",
                 is_minor=True, date_of_birth=today - relativedelta(years=15, months=4),
                 guardian_name="Ruth Renwick", guardian=guardian)
    pepper = Dog(name="Pepper", sex="F", breed="Cocker Spaniel", color="buff", markings="white star on chest",
                 born_on=today - relativedelta(years=3, months=2), altered=True, altered_proof="on_file",
                 status="active")
    db.session.add_all([guardian, lily, pepper])
    db.session.flush()
    db.session.add(DogOwner(dog_id=pepper.id, owner_id=lily.id, since=today - relativedelta(years=2)))
    _demo_license(pepper, today, 480, _demo_rabies(pepper, today, 800), clerk)
    db.session.flush()
    db.session.add(Tag(token=new_token(), dog_id=pepper.id, status="active", serial=_reserve("tag_serial", 1),
                       bound_on=pepper.licenses[0].issued_on))
    db.session.flush()
    return pepper.id


def _seed_rabies_terms(today, clerk) -> None:
    """§5(A)(4) at the counter, two dogs licensed today through the counter's own services:
    Clover, vaccinated today with a three-year certificate, licensed for three years (to the end
    of the month her vaccination ends); Hazel, whose one-year certificate has seven months left,
    licensed for one year within AML §109(1)(a)'s limit, as the town's setting allows. Their
    renewal forms (/clerk/dogs/<id>/renew) say which rule decided the terms."""
    from .services.licensing import Application, RabiesEvidence, create_dog, create_owner, issue_license
    cases = [
        ({"first_name": "Cora", "last_name": "Whitlock", "address": "318 Fox Rd", "phone": "(315) 387-2481"},
         {"name": "Clover", "sex": "F", "born_on": today - relativedelta(years=2, months=2),
          "breed": "Labrador Retriever", "color": "chocolate", "markings": "white star on chest"},
         today, today + relativedelta(years=3), 3),
        ({"first_name": "Walt", "last_name": "Pruitt", "address": "77 Tryon Rd", "phone": "(315) 387-2493"},
         {"name": "Hazel", "sex": "F", "born_on": today - relativedelta(years=6, months=1),
          "breed": "Beagle mix", "color": "lemon and white", "markings": "freckled muzzle"},
         today - relativedelta(months=5), today + relativedelta(months=7), 1),
    ]
    for owner_data, dog_data, vaccinated_on, valid_until, term in cases:
        owner = create_owner({"town": "Sandy Creek", "state": "NY", "zip_code": "13145", "email": None,
                              "is_minor": False, "guardian_name": None, "show_phone_publicly": False,
                              "phone_optin_on": None, **owner_data}, today, clerk)
        dog = create_dog(dog_data, [owner], today, clerk)
        rabies = RabiesEvidence(vet_name=VETS[1], vaccinated_on=vaccinated_on, valid_until=valid_until,
                                certificate_number=f"RV-{dog_data['name'].upper()}-1")
        issue_license(dog, Application(rabies=rabies, term_years=term, altered_proof="certificate"), today, clerk)


def _demo_rabies(dog, today, days_left):
    if days_left is None:  # §5(B)(2): vet's statement in lieu of vaccination (old age)
        cert = RabiesCertificate(dog_id=dog.id, vet_name=VETS[0], exempt_statement=True,
                                 exempt_reason="Old age: vaccination would endanger the dog's life")
    else:
        valid_until = today + timedelta(days=days_left)
        cert = RabiesCertificate(dog_id=dog.id, vet_name=VETS[dog.id % len(VETS)],
                                 vaccinated_on=valid_until - relativedelta(years=3),
                                 valid_until=valid_until, certificate_number=f"RV-{40000 + dog.id}")
    db.session.add(cert)
    db.session.flush()
    return cert


def _demo_license(dog, today, days_left, rabies, clerk):
    from .law import LICENSE_EXEMPTIONS, license_expiry
    from .services.numbers import assign_id_number, next_license_number
    assign_id_number(dog)
    # Pick an issue date so that the license ends about `days_left` from today.
    term = 1 if days_left < 300 else (2 if days_left < 650 else 3)
    issued = today + timedelta(days=days_left) - relativedelta(years=term)
    issued = issued.replace(day=1)
    expires = license_expiry(issued, term)
    quote = _demo_fee(dog.altered, term, dog.exemption)
    fee = quote.total
    db.session.add(License(
        number=next_license_number(issued.year), dog_id=dog.id, issued_on=issued, term_years=term,
        expires_on=expires, altered=dog.altered, rabies_certificate_id=rabies.id, fee_total=fee,
        kind="purebred" if dog.purebred else "individual",
        purebred_dogs_on_premises=2 if dog.purebred else None,
        exemption_marking=LICENSE_EXEMPTIONS[dog.exemption].marking if dog.exemption else None,
        fee_lines=[{"kind": line.kind, "label": line.label, "amount": str(line.amount), "section": line.section}
                   for line in quote.lines], issued_by_id=clerk.id))


def _demo_fee(altered, term, exemption=None):
    """The fee the default town settings would charge (§5(D), §5(I))."""
    from .law import license_fee
    from .settings import SPECS
    return license_fee(altered, Decimal(SPECS["fee_altered"].default), Decimal(SPECS["fee_unaltered"].default),
                       term, exemption=exemption)


def _seed_bulk(n_dogs, today, rng, clerk) -> list[int]:
    """Many dogs fast (50,000 in well under a minute): core bulk inserts, no ORM objects."""
    from .law import license_expiry
    from .services.search import DOG_FIELDS, OWNER_FIELDS, search_text
    n_owners = max(1, n_dogs * 2 // 3)
    owners = [
        {"first_name": rng.choice(FIRST), "last_name": rng.choice(LAST),
         "address": f"{rng.randint(1, 9999)} {rng.choice(STREETS)}", "town": "Sandy Creek", "state": "NY",
         "zip_code": "13145", "phone": f"(315) {rng.randint(200, 999)}-{rng.randint(0, 9999):04d}",
         "is_minor": False, "show_phone_publicly": False, "guardian_name": None}
        for _ in range(n_owners)]
    db.session.execute(insert(Owner), owners)
    first_owner = db.session.execute(db.select(func.min(Owner.id))).scalar()
    id_base = _reserve("dog_id_number", n_dogs, start=1001)
    dogs, owner_of = [], []
    for i in range(n_dogs):
        breed, color = rng.choice(BREEDS)
        owner_of.append(rng.randrange(n_owners))
        dog = {"id_number": id_base + i, "name": rng.choice(DOG_NAMES), "sex": rng.choice("MF"),
               "born_on": today - timedelta(days=rng.randint(200, 5000)), "breed": breed,
               "color": color, "markings": "", "altered": rng.random() < 0.7, "purebred": False,
               "status": "active", "data_version": i + 1}
        # Core inserts pass the ORM's flush by: the search index's text is written here.
        dog["search_text"] = search_text([dog[f] for f in DOG_FIELDS],
                                         [[owners[owner_of[-1]][f] for f in OWNER_FIELDS]])
        dogs.append(dog)
    db.session.execute(insert(Dog), dogs)
    first_dog = db.session.execute(db.select(func.min(Dog.id))).scalar()
    dog_ids = list(range(first_dog, first_dog + n_dogs))
    db.session.execute(insert(DogOwner), [
        {"dog_id": d, "owner_id": first_owner + owner_of[i], "since": today - timedelta(days=400)}
        for i, d in enumerate(dog_ids)])
    rabies = []
    for d in dog_ids:
        until = today + timedelta(days=rng.randint(-200, 1000))
        rabies.append({"dog_id": d, "vet_name": rng.choice(VETS), "vaccinated_on": until - relativedelta(years=3),
                       "valid_until": until, "certificate_number": f"RV-{d}", "exempt_statement": False})
    db.session.execute(insert(RabiesCertificate), rabies)
    first_rab = db.session.execute(db.select(func.min(RabiesCertificate.id))).scalar()
    lic_base = _reserve(f"license_number_{today.year}", n_dogs)
    licenses = []
    for i, d in enumerate(dog_ids):
        if rng.random() < 0.08:
            continue  # some dogs were never licensed
        issued = today - timedelta(days=rng.randint(0, 1100))
        term = rng.choice((1, 2, 3))
        altered = dogs[i]["altered"]
        fee = _demo_fee(altered, term).total
        licenses.append({"number": f"{today.year}-{lic_base + i:05d}", "dog_id": d, "kind": "individual",
                         "issued_on": issued, "term_years": term, "expires_on": license_expiry(issued, term),
                         "altered": altered, "rabies_certificate_id": first_rab + i, "fee_total": fee,
                         "fee_lines": [], "status": "active", "issued_by_id": clerk.id})
    db.session.execute(insert(License), licenses)
    _reserve("field_data", n_dogs)
    return dog_ids


def _reserve(name, count, start=1) -> int:
    """Take `count` numbers from a counter at once; returns the first."""
    row = db.session.get(Sequence, name) or Sequence(name=name, value=start - 1)
    db.session.add(row)
    first = row.value + 1
    row.value += count
    db.session.flush()
    return first


def _seed_tags(dog_ids, today) -> str:
    """Every licensed demo dog gets an active tag (§5(G)), bound on its first license's date;
    10 blank pre-printed tags wait at the desk; one dog lost its tag and has a replacement
    (§5(G)(2): the old tag is retired, the fee paid). Core bulk inserts: fast at 50,000 dogs.
    Returns a line for the seed-demo output with tokens a person can open at /t/<token>."""
    from .models import Payment, Tag
    from .services.tags.tokens import new_token
    from .settings import get_setting
    first_licensed = dict(db.session.execute(
        db.select(License.dog_id, func.min(License.issued_on))
        .where(License.dog_id.in_(dog_ids) if len(dog_ids) < 900 else License.dog_id.isnot(None))
        .group_by(License.dog_id)).all())
    licensed = [d for d in dog_ids if d in first_licensed]
    if not licensed:
        return ""
    replaced_dog = licensed[1] if len(licensed) > 1 else licensed[0]
    rows = [{"token": new_token(), "dog_id": d, "status": "active", "bound_on": first_licensed[d]}
            for d in licensed]
    # The replaced tag (retired, on the same dog) and 10 blanks, made last so they are easy to find.
    rows.append({"token": new_token(), "dog_id": replaced_dog, "status": "retired",
                 "bound_on": first_licensed[replaced_dog], "retired_on": today - timedelta(days=30),
                 "retired_reason": "replaced"})
    rows += [{"token": new_token(), "dog_id": None, "status": "blank"} for _ in range(10)]
    first_serial = _reserve("tag_serial", len(rows), start=1)
    for i, row in enumerate(rows):
        row["serial"] = first_serial + i
    db.session.execute(insert(Tag), rows)
    # The replaced dog's active tag is its replacement, issued when the old one was retired.
    new_tag = db.session.execute(db.select(Tag).filter_by(dog_id=replaced_dog, status="active")).scalar_one()
    old_tag = db.session.execute(db.select(Tag).filter_by(dog_id=replaced_dog, status="retired")).scalar_one()
    new_tag.bound_on = old_tag.retired_on
    old_tag.replaced_by_id = new_tag.id
    db.session.add(Payment(kind="replacement_tag", amount=get_setting("fee_replacement_tag"),
                           dog_id=replaced_dog, received_on=old_tag.retired_on,
                           memo=f"Replacement tag {new_tag.serial} for tag {old_tag.serial}"))
    db.session.flush()
    first = db.session.execute(db.select(Tag).filter_by(dog_id=licensed[0], status="active")).scalar_one()
    blank = db.session.execute(db.select(Tag).filter_by(status="blank").order_by(Tag.serial)).scalars().first()
    return (f"Tags: {len(licensed)} active, 10 blank (numbers {blank.serial} to {blank.serial + 9}), 1 replaced. "
            f"Try /t/{first.token} (dog {first.dog.name}), /t/{old_tag.token} (replaced, not valid).")
