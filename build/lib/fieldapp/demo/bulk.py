"""The bulk town (`seed-demo --dogs N`, the benchmarks' county): many dogs fast (50,000 in well
under a minute), core bulk inserts, no ORM objects; every number from the town's counters and
every fee from the settings, through the services' own helpers, a whole run at once."""
from datetime import timedelta

from dateutil.relativedelta import relativedelta
from sqlalchemy import func, insert

from ..extensions import db
from ..models import Dog, DogOwner, License, Owner, RabiesCertificate
from .dogs import BREEDS, DOG_NAMES, LicenseFees
from .people import FIRST, LAST, STREETS, VETS, town_address


def seed_bulk(n_dogs, today, rng, clerk, fees: LicenseFees) -> list[int]:
    """`n_dogs` dogs of about 2/3 as many owners, each with a rabies certificate and (most) a
    license; returns the dogs' ids."""
    from ..law import license_expiry
    from ..services.field_data import reserve_data_versions
    from ..services.numbers import id_numbers, license_numbers
    from ..services.search import DOG_FIELDS, OWNER_FIELDS, search_text
    n_owners = max(1, n_dogs * 2 // 3)
    place = town_address()
    owners = [
        {"first_name": rng.choice(FIRST), "last_name": rng.choice(LAST),
         "address": f"{rng.randint(1, 9999)} {rng.choice(STREETS)}", **place,
         "phone": f"(315) {rng.randint(200, 999)}-{rng.randint(0, 9999):04d}",
         "is_minor": False, "show_phone_publicly": False, "guardian_name": None}
        for _ in range(n_owners)]
    db.session.execute(insert(Owner), owners)
    first_owner = db.session.execute(db.select(func.min(Owner.id))).scalar()
    ids = id_numbers(n_dogs)
    dogs, owner_of = [], []
    for i in range(n_dogs):
        breed, color = rng.choice(BREEDS)
        owner_of.append(rng.randrange(n_owners))
        dog = {"id_number": ids[i], "name": rng.choice(DOG_NAMES), "sex": rng.choice("MF"),
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
    numbers = license_numbers(today.year, n_dogs)  # one a dog, in the dogs' order; the unlicensed leave a gap
    licenses = []
    for i, d in enumerate(dog_ids):
        if rng.random() < 0.08:
            continue  # some dogs were never licensed
        issued = today - timedelta(days=rng.randint(0, 1100))
        term = rng.choice((1, 2, 3))
        altered = dogs[i]["altered"]
        licenses.append({"number": numbers[i], "dog_id": d, "kind": "individual",
                         "issued_on": issued, "term_years": term, "expires_on": license_expiry(issued, term),
                         "altered": altered, "rabies_certificate_id": first_rab + i,
                         "fee_total": fees.stored(altered, term)[1],
                         "fee_lines": [], "status": "active", "issued_by_id": clerk.id})
    db.session.execute(insert(License), licenses)
    reserve_data_versions(n_dogs)
    return dog_ids
