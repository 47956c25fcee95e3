"""§5 licenses before each dog's current one, with their rabies certificates and fee receipts."""
from datetime import date, timedelta

from ...law import license_expiry, state_rule_latest_expiry
from ..people import VETS
from .town import BulkDog, Cert, LicenseRecord, ReceiptRecord, Town, cumulative, plus_months

NEVER_LICENSED = 0.5  # of the dogs seed_bulk left unlicensed: never licensed (the others lapsed)
RENEWED_ON_TIME = 0.72  # renewed in the six weeks before the license ran out
SHORT_LAPSE = 0.20  # renewed within four months after; the rest up to two years after
TERM_WEIGHTS = {1: 5, 2: 3, 3: 2}  # among the terms the rabies certificate allows (§5(A)(4))
NEUTERED_LATER = 0.25  # of altered dogs: altered during the years (earlier licenses unaltered)


def license_history(town: Town, dog: BulkDog) -> None:
    """The licenses before the dog's current one, oldest first (see the package docstring)."""
    rng = town.rng
    if dog.current is None:
        if rng.random() < NEVER_LICENSED:
            return
        end, latest_expiry = town.today, town.today - timedelta(days=rng.randint(1, 700))
    else:
        end, latest_expiry = dog.current[0], dog.current[0] + timedelta(days=45)
    old_enough = dog.old_enough  # §5(A)(1)
    if old_enough <= town.start:  # licensed before the years began: its renewal falls in them
        day = town.start + timedelta(days=rng.randint(0, 540))
    else:
        day = old_enough + timedelta(days=rng.randint(0, 150))
    altered_from = day + timedelta(days=rng.randint(0, 900)) if dog.altered and rng.random() < NEUTERED_LATER \
        else None
    cert = None
    while day < end:
        cert = certificate(town, dog, day, cert)
        if cert is None:
            break
        limit = min(term_limit(town, cert.valid_until), latest_expiry)
        terms = [t for t in (1, 2, 3) if license_expiry(day, t) <= limit]
        if not terms:
            break
        term = rng.choices(terms, cum_weights=cumulative([TERM_WEIGHTS[t] for t in terms]))[0]
        expires = license_expiry(day, term)
        altered = dog.altered and (altered_from is None or day >= altered_from)
        created = town.at(day, rng.randint(9, 16))
        lic = LicenseRecord(dog, day, term, expires, altered, cert, created)
        dog.licenses.append(lic)
        town.licenses.append(lic)
        town.receipts.append(ReceiptRecord(day, created, dog.owner_name, town.clerk.id, *town.method(), license=lic))
        r = rng.random()
        if r < RENEWED_ON_TIME:
            day = expires - timedelta(days=rng.randint(0, 40))
        elif r < RENEWED_ON_TIME + SHORT_LAPSE:
            day = expires + timedelta(days=rng.randint(1, 120))
        else:
            day = expires + timedelta(days=rng.randint(121, 700))
    if not dog.licenses:
        return
    if dog.current is None:
        dog.licenses[-1].status = "active"  # lapsed, never renewed: the card says expired
    dog.windows[:0] = [(lic.issued_on, lic.expires_on) for lic in dog.licenses]
    dog.seen(dog.licenses[0].issued_on)

def term_limit(town: Town, valid_until: date) -> date:
    """§5(A)(4): a license never runs past the vaccination; AML §109(1)(a) by the town's setting."""
    return state_rule_latest_expiry(valid_until) if town.state_rule else valid_until

def certificate(town: Town, dog: BulkDog, day: date, cert: Cert | None) -> Cert | None:
    """The rabies certificate presented for a license issued on `day` (§5(B)): the one
    `seed_bulk` filed once it exists (it is the latest), the last one while it still allows
    a one-year license, else a new vaccination shortly before. NY's first vaccination is good
    for a year, later ones for three; a one-year certificate allows no license at all under
    §5(A)(4) (a license runs to a month's end past the anniversary), so it is only presented
    under the state rule."""
    latest = dog.cert
    if latest.vaccinated_on <= day:
        return latest if latest.valid_until >= day else None
    if cert is not None and license_expiry(day, 1) <= term_limit(town, cert.valid_until):
        return cert
    rng = town.rng
    vaccinated = max(day - timedelta(days=rng.randint(0, 40)), plus_months(dog.born_on, 3))
    first_shot = vaccinated < plus_months(dog.born_on, 12)
    years = 1 if first_shot and town.state_rule else 3
    new = Cert(dog.id, dog.cert.vet_name if rng.random() < 0.8 else rng.choice(VETS), vaccinated,
                plus_months(vaccinated, 12 * years), f"RV-{dog.id}-{vaccinated:%y%m}",
                town.at(day, rng.randint(9, 16)))
    dog.certs.append(new)
    return new
