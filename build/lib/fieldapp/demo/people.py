"""The demo town's people and places: its users (one of each role), and the names, streets and
vets the storybook and bulk towns draw from (demo only)."""
from ..extensions import db
from ..models import User

DEMO_PASSWORD = "sandycreek"
DEMO_USERS = [
    ("clerk", "Tammy Miller", "clerk"),
    ("dco", "Dale Crofoot", "dco"),
    ("constable", "Rita Hollenbeck", "constable"),
    ("police", "Ofc. Dana Pratt", "police"),  # a police officer under contract to the town (§9)
    ("justice", "Hon. Paul Weaver", "justice"),
    ("admin", "Town Supervisor", "admin"),
    # The deployment's, not the town's: adds towns and assigns officers (serves no town).
    ("county_admin", "County Administrator", "county_admin"),
]

STREETS = ["Harwood Dr", "Lake Rd", "Salisbury St", "Ridge Rd", "County Route 15", "Railroad St",
           "Lindsey Rd", "Sandy Creek Rd", "Pierrepont Manor Rd", "Wart Rd", "Anderson Rd",
           "Fox Rd", "Bonney Rd", "Tryon Rd", "Seber Shores Rd", "Cook Rd"]
FIRST = ["Mary", "John", "Linda", "James", "Karen", "Robert", "Susan", "Michael", "Donna", "David",
         "Patricia", "William", "Barbara", "Richard", "Nancy", "Thomas", "Sharon", "Mark", "Amy", "Kevin"]
LAST = ["Miller", "Stevens", "Hollis", "Ackley", "Wart", "Salisbury", "Crandall", "Soper", "Hadley",
        "Ladd", "Tryon", "Gates", "Bonney", "Seymour", "Fuller", "Ramsey", "Cook", "Lindsey", "Weaver", "Bice"]
VETS = ["Sandy Creek Veterinary Clinic", "Pulaski Animal Hospital", "Lacona Vet Services"]


def seed_users() -> User:
    """The demo users, password DEMO_PASSWORD; returns the clerk (who issues the demo's licenses)."""
    for number, (username, name, role) in enumerate(DEMO_USERS, 1):
        user = User(username=username, full_name=name, role=role, badge_number=f"SC-{number:02d}")
        user.set_password(DEMO_PASSWORD)
        db.session.add(user)
    db.session.flush()
    return db.session.execute(db.select(User).filter_by(username="clerk")).scalar_one()


def add_to_town(usernames, town_id: int) -> None:
    """The users named serve the town (`UserTown`): each demo user their own town, the shared
    officers both (fieldapp/auth: the towns a user serves are read with the user)."""
    from ..models import UserTown
    ids = db.session.scalars(db.select(User.id).where(User.username.in_(usernames))).all()
    db.session.add_all(UserTown(user_id=user_id, town_id=town_id) for user_id in ids)
    db.session.flush()


def town_address() -> dict:
    """The town, state and ZIP code an owner's address has: the town's settings (the town is data)."""
    from ..town import current_town
    town = current_town()
    return {"town": town.name, "state": town.state, "zip_code": town.zip_code}
