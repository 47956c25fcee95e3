"""The storybook town: a few owners and dogs dated from today, each with a story, so the clerk's
and the officers' screens show valid, expiring and expired licenses and one case of each rule of
the clerk's counter (demo only)."""
from datetime import timedelta
from decimal import Decimal

from dateutil.relativedelta import relativedelta

from ..extensions import db
from ..law.words import say_date
from ..models import Dog, DogOwner, Owner
from .dogs import LicenseFees, license_dog, rabies_certificate
from .people import FIRST, LAST, STREETS, VETS, town_address

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


def seed_storybook_town(today, clerk, fees: LicenseFees) -> list[int]:
    """The STORY dogs and their owners, licensed and vaccinated as each story says; their ids."""
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
        rabies = rabies_certificate(dog, today, rab_days)
        if lic_days is not None:
            license_dog(dog, today, lic_days, rabies, clerk, fees)
        ids.append(dog.id)
    return ids


def seed_law_cases(today, clerk, fees: LicenseFees) -> None:
    """One case of each rule of the clerk's counter, on the storybook dogs (no new dogs):
    §5(H) Zeus and Hera on one purebred license for their owner's premises; §5(J)(2) Buddy died
    (license closed, tag retired); §5(J)(1) Penny's loss reported late; §5(J)(3) Molly's owner a
    new resident, licensed late; §5(B)(2) Daisy's vet statement dated; §5(C) Ginger's vet says
    spaying would endanger her ($3 population fee); §5(K) an enumeration open by Town Board
    resolution that identified Tucker as unlicensed."""
    from ..models import (
        DogNotice,
        EnumerationExpense,
        EnumerationIdentification,
        EnumerationResolution,
        PurebredLicense,
        Tag,
    )
    from ..services.numbers import next_purebred_license_number

    def dog(name):
        return db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()

    # §5(H): one license for the premises, priced by the purebreds harbored there, not per dog.
    zeus, hera = dog("Zeus"), dog("Hera")
    owner = zeus.primary_owner
    lic = zeus.current_license
    purebred = [ln for ln in fees.lines(None, lic.term_years, purebred_dogs=2) if ln.kind == "purebred_fee"]
    premises = PurebredLicense(
        number=next_purebred_license_number(lic.issued_on.year),
        owner=owner, premises=owner.full_address, dogs_on_premises=2,
        issued_on=lic.issued_on, term_years=lic.term_years, expires_on=lic.expires_on,
        fee_total=sum((ln.amount for ln in purebred), Decimal("0.00")),
        fee_lines=[ln.stored() for ln in purebred], issued_by_id=clerk.id)
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
    quote = fees.lines("vet_statement", g_lic.term_years)
    g_lic.altered = True
    g_lic.fee_lines = [ln.stored() for ln in quote]
    g_lic.fee_total = sum((ln.amount for ln in quote), Decimal("0.00"))

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


def seed_minor_owner_case(today, clerk, fees: LicenseFees) -> int:
    """§4(I) a minor's dog: Pepper's owner of record, Lily Renwick, is 15; her mother Ruth, the
    head of the household at the same address, is the person charged and summoned (linked as
    her guardian). A new owner, guardian and dog, made after every other demo row (licensed,
    tagged), so no existing row or number changes."""
    from ..models import Tag
    from ..services.tags import serials
    from ..services.tags.tokens import new_token
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
    license_dog(pepper, today, 480, rabies_certificate(pepper, today, 800), clerk, fees)
    db.session.flush()
    db.session.add(Tag(token=new_token(), dog_id=pepper.id, status="active", serial=serials(1)[0],
                       bound_on=pepper.licenses[0].issued_on))
    db.session.flush()
    return pepper.id


def seed_rabies_terms(today, clerk) -> None:
    """§5(A)(4) at the counter, two dogs licensed today through the counter's own services:
    Clover, vaccinated today with a three-year certificate, licensed for three years (to the end
    of the month her vaccination ends); Hazel, whose one-year certificate has seven months left,
    licensed for one year within AML §109(1)(a)'s limit, as the town's setting allows. Their
    renewal forms (/clerk/dogs/<id>/renew) say which rule decided the terms."""
    from ..services.licensing import Application, RabiesEvidence, create_dog, create_owner, issue_license
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
        owner = create_owner({**town_address(), "email": None,
                              "is_minor": False, "guardian_name": None, "show_phone_publicly": False,
                              "phone_optin_on": None, **owner_data}, today, clerk)
        dog = create_dog(dog_data, [owner], today, clerk)
        rabies = RabiesEvidence(vet_name=VETS[1], vaccinated_on=vaccinated_on, valid_until=valid_until,
                                certificate_number=f"RV-{dog_data['name'].upper()}-1")
        issue_license(dog, Application(rabies=rabies, term_years=term, altered_proof="certificate"), today, clerk)
