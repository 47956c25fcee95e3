"""The demo's second town, "Example Town": an invented town under the state law alone (Agriculture
and Markets Law Article 7, no local dog law), in the first town's county, so the demo shows one
deployment serving two towns (demo only). Its name, offices and phones are made up on purpose:
no real town is said to keep a law it may not keep.

It has its own clerk, Town Justice and administrator (`EXAMPLE_TOWN_USERS`, the demo password);
the demo's dog control officer and police officer serve both towns (AML §113(2): towns may share
an officer), and pick the town they act for on their start page. A few owners and dogs, licensed
through the clerk's own services while acting for the town, so every number (identification,
license, receipt, tag) comes from the same counters as the first town's and none clashes.

Seeded after everything of the first town, so none of the first town's rows or numbers change."""
from datetime import timedelta

from dateutil.relativedelta import relativedelta

from ..extensions import db
from ..law.laws.aml_article7 import KEY as STATE_LAW_ALONE
from ..models import Town, User
from .people import DEMO_PASSWORD, add_to_town, town_address

EXAMPLE_TOWN = "Example Town"
# The town's own users (the demo password); the first town's DCO and police officer serve it too.
EXAMPLE_TOWN_USERS = [
    ("clerk2", "Erin Example (Town Clerk)", "clerk"),
    ("justice2", "Hon. Sam Sample", "justice"),
    ("admin2", "Example Town Supervisor", "admin"),
]
SHARED_OFFICERS = ("dco", "police")

# Owner, their dog, days until the license ends (None: never licensed), rabies days left.
DOGS = [
    (("Avery", "Sample", "10 Example Rd"),
     ("Scout", "M", "Labrador Retriever", "black", "white patch on chest", 4), 300, 700),
    (("Jordan", "Placeholder", "22 Demo Ln"),
     ("Willow", "F", "Border Collie", "black and white", "half white face", 2), 25, 400),
    (("Casey", "Fictional", "5 Sample St"),
     ("Biscuit", "M", "Beagle", "tricolor", "", 7), -20, 250),
    (("Riley", "Madeup", "48 Example Rd"),
     ("Juniper", "F", "Mixed breed", "brindle", "one ear up", 3), None, 500),
]


def seed_example_town(today) -> str:
    """The second town's record, users and dogs; flushes. Returns a line for the CLI."""
    first = db.session.scalars(db.select(Town).order_by(Town.id)).first()
    town = Town(**{c.name: getattr(first, c.name) for c in Town.__table__.columns
                   if c.name not in ("id", "created_at", "updated_at", "updated_by_id")})
    town.name, town.law = EXAMPLE_TOWN, STATE_LAW_ALONE
    town.clerk_address = "1 Example Rd, Example Town NY"
    town.clerk_phone = town.contact_phone = "(315) 555-0100"
    town.contact_email = "dogs@example.org"
    town.court_name, town.court_address = "Example Town Court", "1 Example Rd, Example Town NY"
    db.session.add(town)
    db.session.flush()
    from ..services.towns import start_settings
    start_settings(town)  # its own ticket letters, "ET"

    for number, (username, name, role) in enumerate(EXAMPLE_TOWN_USERS, 1):
        user = User(username=username, full_name=name, role=role, badge_number=f"EX-{number:02d}")
        user.set_password(DEMO_PASSWORD)
        db.session.add(user)
    db.session.flush()
    add_to_town([u for u, _, _ in EXAMPLE_TOWN_USERS] + list(SHARED_OFFICERS), town.id)
    clerk = db.session.execute(db.select(User).filter_by(username="clerk2")).scalar_one()

    from ..town import acting_for
    with acting_for(town.id):
        licensed = _seed_dogs(today, clerk)
    return (f"{EXAMPLE_TOWN} (the state law alone, a made-up town): {len(DOGS)} dogs, {licensed} licensed; "
            f"its users: " + ", ".join(u for u, _, _ in EXAMPLE_TOWN_USERS)
            + "; dco and police serve both towns (pick the town on the start page).")


def _seed_dogs(today, clerk) -> int:
    """The town's owners and dogs through the clerk's counter services (acting for the town)."""
    from ..services.licensing import Application, RabiesEvidence, create_dog, create_owner, issue_license
    licensed = 0
    for i, ((first, last, address), (name, sex, breed, color, markings, age), lic_days, rab_days) in enumerate(DOGS):
        owner = create_owner({**town_address(), "first_name": first, "last_name": last, "address": address,
                              "phone": f"(315) 555-{110 + i:04d}", "email": None, "is_minor": False,
                              "guardian_name": None, "show_phone_publicly": False, "phone_optin_on": None},
                             today, clerk)
        dog = create_dog({"name": name, "sex": sex, "born_on": today - relativedelta(years=age, months=1),
                          "breed": breed, "color": color, "markings": markings}, [owner], today, clerk)
        if lic_days is None:
            continue
        # Licensed for a year on the day that makes it end about `lic_days` from today.
        issued = today + timedelta(days=lic_days) - relativedelta(years=1)
        valid_until = today + timedelta(days=rab_days)
        rabies = RabiesEvidence(vet_name="Example Veterinary Clinic", valid_until=valid_until,
                                vaccinated_on=valid_until - relativedelta(years=3), certificate_number=f"RV-EX-{i + 1}")
        issue_license(dog, Application(rabies=rabies, term_years=1, altered_proof="certificate"), issued, clerk)
        licensed += 1
    return licensed
