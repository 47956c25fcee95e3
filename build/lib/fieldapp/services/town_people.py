"""Who serves which town (`models/people.py: UserTown`): a town's administrator manages the users
of their own town only, and the county administrator says which towns each dog control officer
and police officer serves (towns share an officer by contract or joint appointment).

A user with no row of their own is of a deployment made before towns were kept per user: they
serve the first town (fieldapp/auth: serve_towns), and are counted with it here too. A change of
a user's towns ends their sessions, so it holds at their next request, not their next sign-in.
Nothing here commits: the request does.
"""
from ..auth import end_sessions
from ..extensions import db
from ..law.authority import ROLE_LABELS
from ..models import Town, User, UserTown, record_event
from ..town import first_town_id, town_for_write
from .errors import ServiceError

# An office of one town: its clerk, its justice, its administrator.
ONE_TOWN_ROLES = ("clerk", "justice", "admin")
# The officers the county administrator assigns, each to one town or several (AML §113(2)).
SHARED_OFFICER_ROLES = ("dco", "police")


def town_id_for_write(user=None) -> int:
    """The town acted for as a number, for a new `UserTown` row: the request's own (a user who
    serves a town), else the deployment's first, made from the defaults if there is none yet."""
    from flask import g
    town_id = g.get("town_id")
    if isinstance(town_id, int):
        return town_id
    town_id = db.session.scalar(db.select(first_town_id()))
    return town_id if town_id is not None else town_for_write(user).id


def serves(town_id: int):
    """A WHERE clause on `User`: serves `town_id` (a row for it; or no row at all, and the town
    is the first: the users of a deployment of one town). A county administrator serves none."""
    has_row = db.exists().where(UserTown.user_id == User.id, UserTown.town_id == town_id)
    no_row = ~db.exists().where(UserTown.user_id == User.id)
    is_first = db.literal(town_id) == first_town_id()
    return db.and_(User.role != "county_admin", db.or_(has_row, db.and_(no_row, is_first)))


SHARED = ("{name} also serves other towns: the county administrator first takes them off those "
          "towns (\"Officers\" on the county's pages); until then their account is not one town's to change.")


def serves_other_towns(user, town_id: int) -> bool:
    """Whether `user` serves a town besides `town_id` (an officer shared by contract or joint
    appointment): one town's administrator may not deactivate them or change their role."""
    return db.session.scalar(db.select(db.exists().where(UserTown.user_id == user.id,
                                                         UserTown.town_id != town_id))) or False


def users_of_town(town_id: int) -> list[User]:
    """The town's users, the active first, by name."""
    return db.session.scalars(db.select(User).where(serves(town_id))
                              .order_by(User.active.desc(), User.full_name)).all()


def user_of_town(user_id: int, town_id: int) -> User | None:
    """The user, if they serve `town_id` (another town's user is not found: a 404 to the page)."""
    return db.session.scalars(db.select(User).where(User.id == user_id, serves(town_id))).first()


def towns_served_by(users) -> dict[int, set[int]]:
    """{user id: the towns they serve} for `users` (no row of their own: the first town), in two
    statements whatever their number."""
    served = {u.id: set() for u in users}
    for user_id, town_id in db.session.execute(db.select(UserTown.user_id, UserTown.town_id)
                                               .where(UserTown.user_id.in_(list(served)))):
        served[user_id].add(town_id)
    first = db.session.scalar(db.select(first_town_id()))
    for user in users:
        if not served[user.id] and user.role != "county_admin" and first is not None:
            served[user.id] = {first}
    return served


def give_town(user, town_id: int) -> None:
    """A new user serves the town of the administrator who made them."""
    db.session.add(UserTown(user_id=user.id, town_id=town_id))
    db.session.flush()


def keep_one_town(user, town_id: int) -> None:
    """After a town's administrator made `user` a clerk, justice or administrator: they serve
    that town alone (an officer shared with other towns leaves them)."""
    if user.role not in ONE_TOWN_ROLES:
        return
    db.session.execute(db.delete(UserTown).where(UserTown.user_id == user.id, UserTown.town_id != town_id))
    if not db.session.get(UserTown, (user.id, town_id)):
        db.session.add(UserTown(user_id=user.id, town_id=town_id))
    db.session.flush()


def all_towns() -> list[Town]:
    """The deployment's towns, by name (the town record is not a town's own row: never narrowed)."""
    return db.session.scalars(db.select(Town).order_by(Town.name, Town.id)).all()


def shared_officers() -> list[User]:
    """The dog control officers and police officers, the active first, by name."""
    return db.session.scalars(db.select(User).where(User.role.in_(SHARED_OFFICER_ROLES))
                              .order_by(User.active.desc(), User.full_name, User.id)).all()


def assign_towns(choices: dict[int, set[int]], actor) -> list[User]:
    """Write the towns each officer serves (`choices`: officer's id -> the towns ticked). Every
    officer keeps at least one town (none at all would read as the first town's). Returns the
    officers whose towns changed: their sessions are ended, each change is logged. Raises
    ServiceError ({"officer-<id>": message}) and writes nothing when one is refused."""
    officers = {u.id: u for u in shared_officers()}
    names = {t.id: t.name for t in all_towns()}
    town_ids = set(names)
    errors = {}
    for user_id, chosen in choices.items():
        user = officers.get(user_id)
        if user is None:
            errors[f"officer-{user_id}"] = "Only dog control officers and police officers are assigned here."
        elif not chosen:
            errors[f"officer-{user_id}"] = f"Tick at least one town {user.full_name} serves."
        elif chosen - town_ids:
            errors[f"officer-{user_id}"] = "Tick towns of the list only."
    if errors:
        raise ServiceError(errors)
    changed = []
    served = towns_served_by([officers[user_id] for user_id in choices])
    for user_id, chosen in choices.items():
        user = officers[user_id]
        before = served[user_id]
        if chosen == before:
            continue
        db.session.execute(db.delete(UserTown).where(UserTown.user_id == user_id))
        db.session.add_all(UserTown(user_id=user_id, town_id=t) for t in sorted(chosen))
        ended = end_sessions(user)  # the change holds at once, on every device
        record_event("user.towns_changed", user, actor=actor, username=user.username,
                     role=ROLE_LABELS.get(user.role, user.role),
                     old=", ".join(names.get(t, str(t)) for t in sorted(before)),
                     new=", ".join(names[t] for t in sorted(chosen)), town_ids=sorted(chosen),
                     sessions_ended=ended)
        changed.append(user)
    db.session.flush()
    return changed


# What the county administrator's form and `flask create-user` both require of a password.
PASSWORD_MIN = 10


def add_town_admin(town_id: int, username: str, full_name: str, password: str, actor) -> User:
    """The county administrator starts a town's people: its administrator (role "admin", serving
    that town alone), who then makes its clerk and Justice on their own admin pages. Raises
    ServiceError, a message per field, when refused; a username taken anywhere is refused without
    saying whose it is (another town's users are not the county administrator's to read)."""
    town = db.session.get(Town, town_id)
    username = (username or "").strip().lower()
    full_name = (full_name or "").strip()
    errors = {}
    if town is None:
        errors["town"] = "That town is not one of the towns."
    if db.session.scalar(db.select(db.func.count(User.id)).where(db.func.lower(User.username) == username)):
        errors["username"] = f"The username “{username}” is taken. Choose another."
    if len(password or "") < PASSWORD_MIN:
        errors["password"] = f"Use at least {PASSWORD_MIN} characters."
    if errors:
        raise ServiceError(errors)
    user = User(username=username, full_name=full_name, role="admin")
    user.set_password(password)
    db.session.add(user)
    db.session.flush()
    keep_one_town(user, town.id)
    record_event("user.created", user, actor=actor, username=user.username, role=user.role,
                 town=town.name, town_ids=[town.id])
    return user


def admins_of_town(town_id: int) -> list[User]:
    """The town's administrators (the county administrator's list of towns says who they are)."""
    return [u for u in users_of_town(town_id) if u.role == "admin"]


def admins_by_town() -> dict[int, list[User]]:
    """{town id: its administrators} for the list of towns, in three statements whatever the
    number of towns."""
    admins = db.session.scalars(db.select(User).where(User.role == "admin")
                                .order_by(User.active.desc(), User.full_name, User.id)).all()
    served = towns_served_by(admins)
    out: dict[int, list[User]] = {}
    for user in admins:  # in the order read: the active first, by name
        for town_id in served[user.id]:
            out.setdefault(town_id, []).append(user)
    return out
