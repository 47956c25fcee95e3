"""Small factories (as CTFd's tests/helpers.py): a test states its own owner, dog, license or
impoundment in a line, with sensible defaults for the rest, and asserts on the rows it made
rather than on facts of the demo town ("Bella is spayed").

Each writes through the app's own services, so a row is what the app itself makes (its events,
numbers, tag and data version), and flushes; the caller commits (`make_impoundment` goes through
`submit_entry`, which commits itself, as every field entry does). Call them inside an app
context, e.g. the `ctx` fixture of a services test, or `with app.app_context():` around them in
a test that then makes requests. The demo town's staff (clerk, dco, ...) stay: `staff("dco")`.
They run on SQLite and PostgreSQL alike (nothing here depends on the database's kind)."""
import itertools
import uuid
from datetime import date, datetime, timedelta

from fieldapp.extensions import db
from fieldapp.models import Dog, License, Owner, Town, User, UserTown
from fieldapp.models.enforcement import Impoundment
from fieldapp.services.entries import submit_entry
from fieldapp.services.licensing import Application, RabiesEvidence, create_dog, create_owner, issue_license
from fieldapp.timeutil import DEFAULT_TZ, local_today, utcnow

# Every §6(A)(1) exception ruled out (the officer's checklist), as the roadside forms send them.
EVERY_6A1_EXCEPTION = ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"]

_n = itertools.count(1)


def make_town(name: str, **columns) -> Town:
    """Another town of the deployment: the first town's record (its law, court, clock) under a new
    name, with any column given replaced."""
    first = db.session.scalars(db.select(Town).order_by(Town.id)).first()
    same = {c.name: getattr(first, c.name) for c in Town.__table__.columns if c.name != "id"}
    town = Town(**{**same, "name": name, **columns})
    db.session.add(town)
    db.session.flush()
    return town


def make_user(username: str, role: str, towns: list[int], password: str | None = None) -> User:
    """A user serving `towns` (ids), signed in with `password` (the demo's unless given)."""
    from fieldapp.demo import DEMO_PASSWORD
    user = User(username=username, full_name=username.replace("-", " ").title(), role=role)
    user.set_password(password or DEMO_PASSWORD)
    db.session.add(user)
    db.session.flush()
    db.session.add_all([UserTown(user_id=user.id, town_id=t) for t in towns])
    db.session.flush()
    return user


def staff(username: str = "clerk") -> User:
    """A member of staff of the test town by user name: clerk, dco, constable, police, justice, admin."""
    return db.session.execute(db.select(User).filter_by(username=username)).scalar_one()


def make_owner(today: date | None = None, **kw) -> Owner:
    """An owner of record (§5(E)(1)): a name, a residence and a telephone unless given."""
    n = next(_n)
    data = {"first_name": "Pat", "last_name": f"Testowner{n}", "address": f"{n} Factory Ln",
            "phone": f"(315) 399-{n % 10000:04d}"}  # an exchange no test types
    data.update(kw)
    return create_owner(data, today or local_today())


def make_dog(owner: Owner | None = None, today: date | None = None, *, owners: list[Owner] | None = None,
             **kw) -> Dog:
    """A dog (§5(E)(2)) owned by `owner` (a new owner if none), or by each of `owners`. Any other
    column of Dog can be given (altered, microchip, status ...); an altered dog has a certificate
    of altering on file unless `altered_proof` says otherwise."""
    today = today or local_today()
    n = next(_n)
    data = {"name": f"Rex{n}", "sex": "M", "breed": "Mixed breed", "color": "brown", "markings": "",
            "born_on": today - timedelta(days=3 * 365)}
    description = {k: kw.pop(k) for k in list(kw) if k in data}
    data.update(description)
    if kw.get("altered") and "altered_proof" not in kw:
        kw["altered_proof"] = "certificate"
    dog = create_dog(data, owners if owners is not None else [owner or make_owner(today)], today)
    for key, value in kw.items():
        setattr(dog, key, value)
    db.session.flush()
    return dog


def make_license(dog: Dog, today: date | None = None, *, term_years: int = 1, rabies_until: date | None = None,
                 rabies: RabiesEvidence | None = None, user: User | None = None, **application) -> License:
    """The dog licensed at the counter (§5(F)) through `issue_license`: a current rabies
    certificate (three years from a month ago, unless `rabies_until`; or the `rabies` evidence
    given, e.g. a vet's statement), paid in cash. An altered dog pays as altered with its proof
    on file; other Application fields as keywords."""
    today = today or local_today()
    vaccinated = today - timedelta(days=30)
    rabies = rabies or RabiesEvidence(vet_name="Factory Veterinary Clinic", vaccinated_on=vaccinated,
                                      valid_until=rabies_until or vaccinated + timedelta(days=3 * 365),
                                      certificate_number=f"RV-{next(_n)}")
    application.setdefault("altered_proof", dog.altered_proof if dog.altered else None)
    return issue_license(dog, Application(rabies=rabies, term_years=term_years, **application), today, user)


def make_licensed_dog(owner: Owner | None = None, today: date | None = None, *, license: dict | None = None,
                      **kw) -> Dog:
    """A dog (as `make_dog`) licensed today (as `make_license`, with the keywords of `license`):
    its ID number and active tag."""
    dog = make_dog(owner, today, **kw)
    make_license(dog, today, **(license or {}))
    return dog


def make_impoundment(dog: Dog | None = None, *, seized_at: datetime | None = None, officer: str = "dco",
                     **payload) -> Impoundment:
    """A dog seized (§8(A)) and held, as an officer's seizure entry: running at large (§6(A)(1))
    with every exception ruled out, on Ridge Rd, seized now (or `seized_at`, in the town's time).
    `dog` None: a dog not on file, described. Other fields of the seizure form as keywords."""
    when = (seized_at or utcnow().astimezone(DEFAULT_TZ).replace(tzinfo=None)).replace(second=0, microsecond=0)
    data = {"codes": ["6A1"], "ruled_out": EVERY_6A1_EXCEPTION, "seized_at": when.strftime("%Y-%m-%dT%H:%M"),
            "location_text": "Ridge Rd"}
    if dog is not None:
        data["dog_id"] = str(dog.id)
    else:
        data["dog_description"] = "Grey husky, no collar"
    data.update(payload)
    outcome = submit_entry(staff(officer), str(uuid.uuid4()), "seizure", utcnow().isoformat(), data)
    assert outcome.status == 201, outcome.errors
    return db.session.get(Impoundment, outcome.result["impoundment_id"])


def made(app, make, *args, **kw) -> int:
    """`make(*args, **kw)` in an app context of its own, committed: the new row's id, for a test
    that goes on to make requests (e.g. `dog = made(app, make_dog, name="Biscuit")`)."""
    with app.app_context():
        row_id = make(*args, **kw).id
        db.session.commit()
    return row_id
