"""Five years of past for the bulk demo town, so the county-scale benchmarks (issue #16) measure
the status card and `/api/tags/<token>` on dogs "with five years of licenses and events".

`seed_history(dog_ids, today, rng, clerk, years=5)` takes the dogs `_seed_bulk` made (each with
one license and one rabies certificate, or none) and gives them what a town keeps over `years`
years, every row shaped as the app's own services write it:

- §5 licenses: per dog the licenses before its current one (`issue_license`): terms of 1-3 years
  as its rabies certificate allows (§5(A)(4), the town's rule), renewed in the weeks before
  expiry or after a lapse, each earlier one "superseded"; a dog `_seed_bulk` left unlicensed
  either never was or has a lapsed license still "active" (expired). Numbers `YYYY-NNNNN` from
  the year's counter, in order of issue. Each license has its rabies certificate (a 3-year
  vaccination presented again at renewals while it lasts) and its fee on a receipt
  (`record_receipt`: the fee lines as typed Payment lines). The certificate `_seed_bulk` filed
  stays the one presented last (the card shows the latest id): see `write_certificates`.
- §6 / §5(A)(1) violations, each exception ruled out, a few corrected (a new version); §9
  appearance tickets (numbers used from blocks reserved per officer, a few voided), served in
  person, at the residence or by mail; §11 dispositions and fines received.
- §8 seizures of dogs on file, redeemed at the counter with the §8(C) fees paid (a few waived),
  the owner notified; a few held now. Strays not on file: adopted, transferred, euthanized or
  died in care, with the §8(E) details (DL-18).
- §5(B)(1) rabies vaccination requests (a few unanswered: a failure to vaccinate follows).
- §10 sworn complaints about a dog that harassed a person or killed an animal: summons,
  hearing, an order of the Town Justice (some lifted later), disposition.

Each roadside record has the `FieldEntry` it came from (payload, hash, result). What is left
out: the audit `Event`s and `Change`s (as `_seed_bulk` writes none), care checks, photos.

Core bulk inserts: 50,000 dogs get their history in about 25 s on SQLite (55 s on PostgreSQL),
500,000 in about 5 minutes; the rows per 1,000 dogs are in the counts `seed_history` returns.
Events happen up to the day before `today`.
"""
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from dateutil.relativedelta import relativedelta
from sqlalchemy import bindparam, func, insert, select, update

from .demo import BREEDS, FIRST, LAST, STREETS, VETS, _demo_fee, _reserve
from .extensions import db
from .law import (
    VIOLATIONS,
    holding_period,
    license_expiry,
    owner_known,
    penalty_section,
    rabies_vaccination_due,
    state_rule_latest_expiry,
    validate_sentence,
)
from .law.calendar import last_day_of_month
from .law.court import first_court_session
from .law.dl18 import dl18_record_number
from .law.impoundment import days_held, impoundment_fees, impoundments_in_twelve_months
from .law.orders import exceptions_for, order_terms
from .models import Dog, DogOwner, FieldEntry, License, Owner, Payment, RabiesCertificate, Receipt, User
from .models.court import CourtOrder, Disposition, Hearing, Summons
from .models.enforcement import (
    AppearanceTicket,
    Impoundment,
    ImpoundmentNotice,
    RabiesRequest,
    SwornComplaint,
    Violation,
)
from .models.kennel_care import ImpoundmentDisposition
from .models.tickets import TicketBlock, TicketNumberUse
from .settings import get_setting
from .timeutil import TOWN_TZ, to_local

# --- how often things happen (over the whole history, or per event) ---------------------------
NEVER_LICENSED = 0.5  # of the dogs _seed_bulk left unlicensed: never licensed (the others lapsed)
RENEWED_ON_TIME = 0.72  # renewed in the six weeks before the license ran out
SHORT_LAPSE = 0.20  # renewed within four months after; the rest up to two years after
TERM_WEIGHTS = {1: 5, 2: 3, 3: 2}  # among the terms the rabies certificate allows (§5(A)(4))
NEUTERED_LATER = 0.25  # of altered dogs: altered during the years (earlier licenses unaltered)
VIOLATION_DOGS = 0.08  # dogs with at least one violation
REPEATS = ((1, 62), (2, 22), (3, 10), (4, 4), (5, 2))  # violations of such a dog
CORRECTED = 0.03  # violations corrected by a new version
TICKETED_RECENT = 0.5  # violations of the last two weeks with a ticket already (older: all)
AT_THE_ROADSIDE = 0.7  # tickets handed over when the violation was recorded
SEIZED = 0.18  # violations of a dog at large that end in a seizure
AT_LARGE = {"5A1", "6A1", "6A4", "6A9", "6A10", "6A11"}
FEES_WAIVED = 0.05  # seizures whose fees the clerk waived
STRAYS = 0.006  # per dog: dogs not on file seized (never redeemed)
RABIES_REQUEST_DOGS = 0.012
COMPLAINED = 0.3  # violations of 6A4 / 6A11 also sworn to before the DCO or constable (§10(A))
ORDERED = 0.6  # complaints heard that end in an order of the Town Justice
LIFTED = 0.3  # orders lifted one or two years later
CONVICTED = 0.7  # tickets and complaints disposed of: convicted (else dismissed)
FINE_PAID = 0.9
CODE_WEIGHTS = {"6A1": 40, "6A2": 12, "6A4": 6, "6A3": 5, "6A5": 5, "6A7": 4, "6A10": 3, "6A9": 3,
                "6A11": 2.5, "6A6": 2, "6A12": 1, "6A8": 1}
FINES = (Decimal("25.00"), Decimal("50.00"), Decimal("50.00"), Decimal("75.00"), Decimal("100.00"),
         Decimal("150.00"), Decimal("250.00"))
NARRATIVES = {
    "5A1": "No license on file and no tag on the collar.",
    "5B1": "Not vaccinated within ten days of the request; no certificate filed.",
    "6A1": "Loose on the road with no one in sight; owner not home.",
    "6A2": "Neighbours report barking for hours every night; barking on arrival.",
    "6A3": "Dug up the neighbour's vegetable garden.",
    "6A4": "Chased a jogger and jumped on her; no bite.",
    "6A5": "Chased cars and the school bus along the road.",
    "6A6": "Digging holes in the town park lawn.",
    "6A7": "Walked on without picking up after the dog.",
    "6A8": "Female in heat loose in an open yard, no leash.",
    "6A9": "Loose on the school playground during recess.",
    "6A10": "Roaming with two other dogs as a pack.",
    "6A11": "Killed two of a neighbour's chickens.",
    "6A12": "Chained outside with no water or shelter in the heat.",
}
OTHER_REMEDY = "To complete an obedience course within 90 days and file the certificate with the Town Clerk."
SHELTERS = ("Oswego County Humane Society", "SPCA of Jefferson County", "Sandy Creek Animal Rescue")
COLLARS = ("no collar", "red collar, no tag", "blue collar, no tag", "chain collar, a rabies tag from another county")
IDENTIFICATION = ("NY driver license", "NY non-driver ID", "US passport")
CHUNK = 20_000  # rows an INSERT batch


def _cumulative(weights) -> list:
    out, total = [], 0
    for w in weights:
        total += w
        out.append(total)
    return out


_REPEAT_COUNTS = [k for k, _ in REPEATS]
_REPEAT_CUM = _cumulative(w for _, w in REPEATS)
# The behaviour codes to draw from, with §6(A)(8) only for an unspayed female: [unspayed female] -> (codes, cum)
_CODES = {female: (codes, _cumulative(CODE_WEIGHTS[c] for c in codes)) for female, codes in (
    (True, list(CODE_WEIGHTS)), (False, [c for c in CODE_WEIGHTS if c != "6A8"]))}


def _plus_months(day: date, months: int) -> date:
    """`day` and `months` later (the last day of a shorter month), as relativedelta does, faster."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    try:
        return day.replace(year=year, month=month)
    except ValueError:
        return last_day_of_month(year, month)


class _Row(dict):
    """A row to insert; a value that is a _Row is that row's id once it is written."""
    __slots__ = ()


@dataclass(slots=True)
class _Cert:
    dog_id: int
    vet_name: str
    vaccinated_on: date
    valid_until: date
    certificate_number: str
    created_at: datetime | None
    id: int | None = None


@dataclass(slots=True)
class _License:
    dog: "_Dog"
    issued_on: date
    term: int
    expires_on: date
    altered: bool
    cert: _Cert
    created_at: datetime
    status: str = "superseded"
    number: str = ""
    id: int | None = None


@dataclass(slots=True)
class _Receipt:
    """One receipt: its lines are a license's fee lines (`license`), or `lines` (dicts)."""
    received_on: date
    created_at: datetime
    payer_name: str
    received_by_id: int
    method: str
    reference: str
    license: _License | None = None
    lines: list | None = None
    number: str = ""
    id: int | None = None


@dataclass(slots=True)
class _Dog:
    id: int
    name: str
    sex: str
    altered: bool
    born_on: date
    description: str
    owner_name: str
    owner_address: str
    link_id: int | None
    since: date | None
    current_license_id: int | None
    current: tuple | None  # (issued_on, expires_on) of the license _seed_bulk made
    cert: _Cert  # the certificate _seed_bulk filed: always the one presented last
    cert_row_id: int
    certs: list = field(default_factory=list)  # history certificates, oldest first
    licenses: list = field(default_factory=list)  # history licenses, oldest first
    windows: list = field(default_factory=list)  # (issued_on, expires_on) of every license, by issue
    impounded: list = field(default_factory=list)  # days impounded
    free_from: date | None = None  # not held (no new seizure) before this day
    orders: list = field(default_factory=list)  # [kind, ordered_on, lifted_on or None]
    earliest: date | None = None  # the first day of its history
    old_enough: date | None = None  # four months old (§5(A)(1)): licensed, charged with 5A1

    def __post_init__(self):
        self.old_enough = _plus_months(self.born_on, 4)

    def licensed_on(self, day: date) -> bool:
        return any(i <= day <= e for i, e in self.windows)

    def licensed_between(self, after: date, until: date) -> date | None:
        """The first day in (after, until] a license was issued on, if any."""
        return next((i for i, _ in self.windows if after < i <= until), None)

    def vaccinated(self, day: date) -> bool:
        return any(c.vaccinated_on <= day <= c.valid_until for c in self.certs + [self.cert])

    def next_vaccination(self, after: date) -> date | None:
        return min((c.vaccinated_on for c in self.certs + [self.cert] if c.vaccinated_on > after), default=None)

    def first_licensed(self) -> date | None:
        return self.windows[0][0] if self.windows else None

    def dangerous_on(self, day: date, since: date) -> bool:
        """§8(C)(2): a dangerous or vicious order in force on `day`, made by `since`."""
        return any(k in ("dangerous", "vicious") and on <= since and (lift is None or lift > day)
                   for k, on, lift in self.orders)

    def seen(self, day: date) -> None:
        self.earliest = day if self.earliest is None else min(self.earliest, day)


def seed_history(dog_ids, today: date, rng, clerk, years: int = 5) -> dict[str, int]:
    """Give the bulk town's dogs `years` years of past (see the module's docstring); flushes,
    never commits. Returns the rows written per table."""
    town = _Town(dog_ids, today, rng, clerk, years)
    for dog in town.dogs:
        town.license_history(dog)
    for dog in town.dogs:
        town.enforcement(dog)
    town.strays()
    town.number()
    return town.write()


class _Town:
    def __init__(self, dog_ids, today, rng, clerk, years):
        self.today, self.rng, self.clerk = today, rng, clerk
        self.start = today - relativedelta(years=years)
        self.last_day = today - timedelta(days=1)
        users = {u.username: u for u in db.session.scalars(db.select(User))}
        self.dco, self.police, self.constable = users["dco"], users["police"], users["constable"]
        self.justice = users["justice"]
        self.state_rule = get_setting("license_term_state_rule")
        self.kennel = get_setting("kennel_name")
        self.court = {"name": get_setting("court_name"), "address": get_setting("court_address"),
                      "weekday": get_setting("court_session_weekday"), "time": get_setting("court_session_time"),
                      "days": get_setting("court_min_days_ahead")}
        self.fees = {"fee_first": get_setting("fee_impoundment_first"),
                     "fee_second": get_setting("fee_impoundment_second"),
                     "fee_third_and_later": get_setting("fee_impoundment_third"),
                     "boarding_per_day": get_setting("fee_boarding_daily")}
        self.adoption_fee = get_setting("fee_adoption")
        from .services.calendar import closed_days, open_days
        self.closed, self.open = closed_days(), open_days()
        self.license_fees = {}
        self.dogs = self._load(dog_ids)
        self.licenses, self.receipts, self.entries = [], [], []
        self.violations, self.corrections, self.tickets, self.dispositions = [], [], [], []
        self.impoundments, self.notices, self.kennel_dispositions, self.rabies_requests = [], [], [], []
        self.complaints, self.summonses, self.hearings, self.orders, self.lifts = [], [], [], [], []
        self.blocks, self.number_uses, self.waived = [], [], []

    def _load(self, dog_ids) -> list[_Dog]:
        wanted = set(dog_ids)
        lo, hi = min(wanted), max(wanted)
        d, o, lnk = Dog.__table__.c, Owner.__table__.c, DogOwner.__table__.c
        owners = {}
        for r in db.session.execute(
                db.select(lnk.dog_id, lnk.id, lnk.since, o.first_name, o.last_name, o.address, o.town, o.state,
                          o.zip_code).join(Owner.__table__, o.id == lnk.owner_id)
                .where(lnk.dog_id.between(lo, hi), lnk.until.is_(None)).order_by(lnk.id)):
            owners.setdefault(r.dog_id, r)
        lic = License.__table__.c
        current = {r.dog_id: r for r in db.session.execute(
            db.select(lic.id, lic.dog_id, lic.issued_on, lic.expires_on)
            .where(lic.dog_id.between(lo, hi), lic.status == "active"))}
        c = RabiesCertificate.__table__.c
        certs = {}
        for r in db.session.execute(db.select(c.id, c.dog_id, c.vet_name, c.vaccinated_on, c.valid_until,
                                              c.certificate_number, c.created_at)
                                    .where(c.dog_id.between(lo, hi)).order_by(c.id)):
            certs[r.dog_id] = r  # the latest presented
        dogs = []
        for r in db.session.execute(db.select(d.id, d.name, d.sex, d.altered, d.born_on, d.breed, d.color, d.markings)
                                    .where(d.id.between(lo, hi)).order_by(d.id)):
            cert = certs.get(r.id)
            if r.id not in wanted or cert is None or cert.valid_until is None or r.born_on is None:
                continue  # only what _seed_bulk makes: a dated certificate for every dog
            owner, cur = owners.get(r.id), current.get(r.id)
            dog = _Dog(r.id, r.name, r.sex, r.altered, r.born_on, Dog.description.fget(r),
                       Owner.full_name.fget(owner) if owner else "", Owner.full_address.fget(owner) if owner else "",
                       owner.id if owner else None, owner.since if owner else None,
                       cur.id if cur else None, (cur.issued_on, cur.expires_on) if cur else None,
                       _Cert(r.id, cert.vet_name, cert.vaccinated_on, cert.valid_until, cert.certificate_number,
                             cert.created_at), cert.id)
            if cur:
                dog.windows.append(dog.current)
            dogs.append(dog)
        return dogs

    # --- helpers ----------------------------------------------------------------------------

    def at(self, day: date, hour: int, minute: int | None = None) -> datetime:
        """An instant on `day` at `hour` (town time), in UTC."""
        minute = self.rng.randint(0, 59) if minute is None else minute
        return datetime.combine(day, time(hour, minute), TOWN_TZ).astimezone(UTC)

    def day_between(self, first: date, last: date) -> date | None:
        if last < first:
            return None
        return first + timedelta(days=self.rng.randint(0, (last - first).days))

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def person(self) -> tuple[str, str]:
        rng = self.rng
        return (f"{rng.choice(FIRST)} {rng.choice(LAST)}", f"{rng.randint(1, 9999)} {rng.choice(STREETS)}, "
                                                           "Sandy Creek, NY 13145")

    def method(self) -> tuple[str, str]:
        r = self.rng.random()
        if r < 0.5:
            return "cash", ""
        if r < 0.9:
            return "check", str(self.rng.randint(1001, 9999))
        return "money_order", str(self.rng.randint(10_000_000, 99_999_999))

    def officer(self, power="enforce") -> User:
        r = self.rng.random()
        if power == "issue_ticket":
            return self.dco if r < 0.8 else self.police
        if power == "take_sworn_complaint":
            return self.dco if r < 0.8 else self.constable
        return self.dco if r < 0.75 else self.police if r < 0.9 else self.constable

    def place(self) -> dict:
        """Where, as the phone sends it: GPS and/or an address (one of them at least)."""
        rng = self.rng
        out = {}
        if rng.random() < 0.6:
            out = {"latitude": round(43.645 + rng.uniform(-0.06, 0.06), 6),
                   "longitude": round(-76.085 + rng.uniform(-0.08, 0.08), 6),
                   "accuracy_m": float(rng.choice((5, 8, 12, 20, 35)))}
        if not out or rng.random() < 0.7:
            out["location_text"] = f"{rng.randint(1, 9999)} {rng.choice(STREETS)}"
        return out

    def entry(self, kind, entry_id, officer, payload, recorded, result) -> None:
        """The FieldEntry a roadside record came from; `result()` once the records have ids."""
        late = timedelta(seconds=self.rng.randint(2, 40)) if self.rng.random() < 0.9 else \
            timedelta(minutes=self.rng.randint(10, 300))  # sent when the phone had signal again
        self.entries.append((entry_id, kind, officer.id, payload, recorded, recorded + late, result))

    def fee(self, altered: bool, term: int):
        key = (altered, term)
        if key not in self.license_fees:
            quote = _demo_fee(altered, term)
            self.license_fees[key] = ([{"kind": ln.kind, "label": ln.label, "amount": str(ln.amount),
                                        "section": ln.section} for ln in quote.lines], quote.total)
        return self.license_fees[key]

    # --- §5 licenses and rabies certificates --------------------------------------------------

    def license_history(self, dog: _Dog) -> None:
        """The licenses before the dog's current one, oldest first (see the module docstring)."""
        rng = self.rng
        if dog.current is None:
            if rng.random() < NEVER_LICENSED:
                return
            end, latest_expiry = self.today, self.today - timedelta(days=rng.randint(1, 700))
        else:
            end, latest_expiry = dog.current[0], dog.current[0] + timedelta(days=45)
        old_enough = dog.old_enough  # §5(A)(1)
        if old_enough <= self.start:  # licensed before the years began: its renewal falls in them
            day = self.start + timedelta(days=rng.randint(0, 540))
        else:
            day = old_enough + timedelta(days=rng.randint(0, 150))
        altered_from = day + timedelta(days=rng.randint(0, 900)) if dog.altered and rng.random() < NEUTERED_LATER \
            else None
        cert = None
        while day < end:
            cert = self.certificate(dog, day, cert)
            if cert is None:
                break
            limit = min(self.term_limit(cert.valid_until), latest_expiry)
            terms = [t for t in (1, 2, 3) if license_expiry(day, t) <= limit]
            if not terms:
                break
            term = rng.choices(terms, cum_weights=_cumulative([TERM_WEIGHTS[t] for t in terms]))[0]
            expires = license_expiry(day, term)
            altered = dog.altered and (altered_from is None or day >= altered_from)
            created = self.at(day, rng.randint(9, 16))
            lic = _License(dog, day, term, expires, altered, cert, created)
            dog.licenses.append(lic)
            self.licenses.append(lic)
            self.receipts.append(_Receipt(day, created, dog.owner_name, self.clerk.id, *self.method(), license=lic))
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

    def term_limit(self, valid_until: date) -> date:
        """§5(A)(4): a license never runs past the vaccination; AML §109(1)(a) by the town's setting."""
        return state_rule_latest_expiry(valid_until) if self.state_rule else valid_until

    def certificate(self, dog: _Dog, day: date, cert: _Cert | None) -> _Cert | None:
        """The rabies certificate presented for a license issued on `day` (§5(B)): the one
        `_seed_bulk` filed once it exists (it is the latest), the last one while it still allows
        a one-year license, else a new vaccination shortly before. NY's first vaccination is good
        for a year, later ones for three; a one-year certificate allows no license at all under
        §5(A)(4) (a license runs to a month's end past the anniversary), so it is only presented
        under the state rule."""
        latest = dog.cert
        if latest.vaccinated_on <= day:
            return latest if latest.valid_until >= day else None
        if cert is not None and license_expiry(day, 1) <= self.term_limit(cert.valid_until):
            return cert
        rng = self.rng
        vaccinated = max(day - timedelta(days=rng.randint(0, 40)), _plus_months(dog.born_on, 3))
        first_shot = vaccinated < _plus_months(dog.born_on, 12)
        years = 1 if first_shot and self.state_rule else 3
        new = _Cert(dog.id, dog.cert.vet_name if rng.random() < 0.8 else rng.choice(VETS), vaccinated,
                    _plus_months(vaccinated, 12 * years), f"RV-{dog.id}-{vaccinated:%y%m}",
                    self.at(day, rng.randint(9, 16)))
        dog.certs.append(new)
        return new

    # --- enforcement --------------------------------------------------------------------------

    def enforcement(self, dog: _Dog) -> None:
        rng = self.rng
        if rng.random() < RABIES_REQUEST_DOGS:
            self.rabies_request(dog)
        if rng.random() >= VIOLATION_DOGS:
            return
        first = max(self.start, dog.old_enough)
        n = rng.choices(_REPEAT_COUNTS, cum_weights=_REPEAT_CUM)[0]
        days = sorted({d for d in (self.day_between(first, self.last_day) for _ in range(n)) if d})
        for day in days:
            self.violation(dog, day)

    def violation(self, dog: _Dog, day: date, codes=None) -> None:
        rng = self.rng
        if dog.impounded and dog.impounded[-1] <= day < dog.free_from:
            return  # in the town's kennel that day
        if codes is None:
            codes = []
            licensed = dog.licensed_on(day)
            if not licensed and rng.random() < 0.9:
                codes.append("5A1")  # §5(A)(1): unlicensed (or no tag) when found
            if not codes or rng.random() < 0.75:
                codes.append(rng.choices(*_CODES[dog.sex == "F" and not dog.altered])[0])  # §6(A)(8)
        codes = [c for c in VIOLATIONS if c in codes]  # the law's order
        ruled_out = list(dict.fromkeys(e.code for c in codes for e in VIOLATIONS[c].exceptions))
        officer = self.officer()
        occurred = self.at(day, rng.randint(7, 19))
        where = self.place()
        narrative = " ".join(NARRATIVES[c] for c in codes)
        witness = f"{rng.choice(FIRST)} {rng.choice(LAST)}, neighbour" if rng.random() < 0.3 else ""
        v = _Row(entry_id=self.uuid(), dog_id=dog.id, dog_description=dog.description,
                 owner_description=dog.owner_name, codes=codes, ruled_out=ruled_out, occurred_at=occurred,
                 location_text=where.get("location_text", ""), latitude=where.get("latitude"),
                 longitude=where.get("longitude"), accuracy_m=where.get("accuracy_m"), narrative=narrative,
                 witness=witness, officer_id=officer.id, supersedes_id=None,
                 created_at=occurred + timedelta(minutes=rng.randint(1, 30)))
        self.violations.append(v)
        # §5(B)(1): the dog's vaccination ran out: the officer asks for it with the violation.
        ask = codes != ["5B1"] and not dog.vaccinated(day) and rng.random() < 0.8
        self.violation_entry(v, officer, where, rabies=ask)
        dog.seen(day)
        if ask:
            self.rabies_request(dog, day, officer, v)
        latest = v
        if rng.random() < CORRECTED:  # a correction: a new version pointing at this one
            latest = _Row(v, entry_id=self.uuid(), supersedes_id=v, narrative=narrative + " The owner came out.",
                          created_at=v["created_at"] + timedelta(minutes=rng.randint(10, 240)))
            self.corrections.append(latest)
            self.violation_entry(latest, officer, where, supersedes=v)
        if codes != ["5B1"] and AT_LARGE & set(codes) and rng.random() < SEIZED:
            self.seizure(dog, v, officer)
        if (self.today - day).days > 14 or rng.random() < TICKETED_RECENT:
            self.ticket(dog, latest, officer)
        if {"6A4", "6A11"} & set(codes) and rng.random() < COMPLAINED:
            self.complaint(dog, v, day)

    def violation_entry(self, v: _Row, officer, where, supersedes=None, rabies=False) -> None:
        local = to_local(v["occurred_at"])
        payload = {"dog_id": str(v["dog_id"]), "codes": v["codes"], "ruled_out": v["ruled_out"],
                   "occurred_at": local.strftime("%Y-%m-%dT%H:%M"), "narrative": v["narrative"]}
        payload.update({k if k != "accuracy_m" else "accuracy": str(val) for k, val in where.items()})
        if v["witness"]:
            payload["witness"] = v["witness"]
        if supersedes is not None:
            payload["supersedes_entry_id"] = supersedes["entry_id"]
        if rabies:
            payload["rabies_request"] = "y"
        due = rabies_vaccination_due(local.date()).isoformat()
        self.entry("violation", v["entry_id"], officer, payload, v["created_at"],
                   lambda: {"violation_id": v["id"], "codes": v["codes"], "dog_id": v["dog_id"],
                            "url": f"/field/violations/{v['id']}", **({"rabies_due_on": due} if rabies else {})})

    def ticket(self, dog: _Dog, v: _Row, officer) -> None:
        """§9: written at the roadside and handed over, or written later and left at the
        residence or mailed (the last few days: some not served yet)."""
        rng = self.rng
        roadside = officer is not self.constable and rng.random() < AT_THE_ROADSIDE
        if officer is self.constable:  # §9 names the DCO and police officers: one of them writes it later
            officer = self.officer("issue_ticket")
        occurred = v["occurred_at"]
        if roadside:
            issued, how, note = occurred + timedelta(minutes=rng.randint(5, 40)), "personal", ""
        else:
            day = to_local(occurred).date() + timedelta(days=rng.randint(1, 3))
            if day > self.last_day:
                return
            issued = self.at(day, rng.randint(9, 17))
            r = rng.random()
            how, note = (("residence", "Left with an adult at the door") if r < 0.5 else
                         ("mail", "Mailed first class to the address above") if r < 0.8 else ("personal", ""))
            if (self.today - day).days <= 6 and rng.random() < 0.4:
                how, note = "", ""  # written, not served yet ("To issue and serve"); its day still ahead
        capacity, name, address = "owner", dog.owner_name, dog.owner_address
        if how == "personal" and rng.random() < 0.15:
            capacity, (name, address) = "in_charge", self.person()
        court = self.court
        issued_on = to_local(issued).date()
        t = _Row(entry_id=self.uuid(), number=None, violation_entry_id=v["entry_id"], violation_id=v,
                 dog_id=dog.id, dog_description=dog.description, codes=v["codes"], served_capacity=capacity,
                 served_name=name, served_address=address, minor_owner_name="",
                 served_at=issued if how else None, served_how=how, service_note=note, issued_at=issued,
                 court_name=court["name"], court_address=court["address"],
                 appear_on=first_court_session(issued_on, court["weekday"], court["days"], self.closed),
                 appear_time=court["time"], officer_id=officer.id, officer_name=officer.full_name,
                 officer_badge=officer.badge_number or "", created_at=issued)
        self.tickets.append(t)
        payload = {"violation_entry_id": v["entry_id"], "dog_id": str(dog.id), "served_capacity": capacity,
                   "served_name": name, "served_address": address, "served_how": how or "later",
                   "served_at": to_local(issued).strftime("%Y-%m-%dT%H:%M")}
        if note:
            payload["service_note"] = note
        t["_payload"] = payload  # the ticket number is added when the numbers are given out
        self.entry("ticket", t["entry_id"], officer, payload, issued,
                   lambda: {"ticket_id": t["id"], "ticket_number": t["number"],
                            "appear_on": t["appear_on"].isoformat(), "appear_time": t["appear_time"],
                            "url": f"/field/tickets/{t['number']}"})
        if how and t["appear_on"] < self.today:
            self.court_outcome(t, "ticket", dog, t["codes"], t["appear_on"])

    def court_outcome(self, case: _Row, kind: str, dog: _Dog, codes, day: date, adjourn=True) -> None:
        """§11 on the return day: adjourned first now and then, then dismissed or convicted
        with a fine (§11(A) or §11(B)), most fines paid within a month."""
        rng = self.rng
        court = self.court
        if adjourn and rng.random() < 0.15:
            later = first_court_session(day, court["weekday"], 14, self.closed)
            self.dispositions.append(_Row(_case(kind, case), decided_on=day, appeared=rng.random() < 0.7,
                                          plea="", outcome="adjourned", adjourned_to=later, fine=Decimal("0"),
                                          imprisonment_days=0, section="", notes="Adjourned at the owner's request.",
                                          decided_by_id=self.justice.id, created_at=self.at(day, 20)))
            if later >= self.today:
                return
            day = later
        licensed_since = "5A1" in codes and dog.licensed_on(day)
        if rng.random() < (0.5 if licensed_since else 1 - CONVICTED):
            self.dispositions.append(_Row(
                _case(kind, case), decided_on=day, appeared=True, plea="not_guilty", outcome="dismissed",
                adjourned_to=None, fine=Decimal("0"), imprisonment_days=0, section="",
                notes="Dismissed: proof of license shown." if licensed_since else "Dismissed.",
                decided_by_id=self.justice.id, created_at=self.at(day, 20)))
            return
        fine, section = rng.choice(FINES), penalty_section(codes)
        validate_sentence(fine, 0, section=section)  # §11
        d = _Row(_case(kind, case), decided_on=day, appeared=True, plea="guilty", outcome="convicted",
                 adjourned_to=None, fine=fine, imprisonment_days=0, section=section, notes="",
                 decided_by_id=self.justice.id, created_at=self.at(day, 20))
        self.dispositions.append(d)
        paid = day + timedelta(days=rng.randint(0, 30))
        if paid <= self.last_day and rng.random() < FINE_PAID:
            title = "Appearance ticket {} (§9)" if kind == "ticket" else "Sworn complaint no. {} (§10)"

            def memo(case=case, kind=kind, title=title, section=section):
                return f"Fine ({section}), " + title.format(case["number"] if kind == "ticket" else case["id"])
            self.receipts.append(_Receipt(paid, self.at(paid, rng.randint(9, 16)), dog.owner_name, self.justice.id,
                                          *self.method(), lines=[_Row(kind="fine", amount=fine, dog_id=dog.id,
                                                                      disposition_id=d, memo=memo)]))

    def seizure(self, dog: _Dog, v: _Row, officer) -> None:
        """§8(A) after the violation; §8(C) redeemed at the counter with a current license (the
        clerk licenses the dog first when it has none: a license issued that day) and the fees
        paid on one receipt, or held now."""
        rng = self.rng
        seized = v["occurred_at"] + timedelta(minutes=rng.randint(5, 60))
        day = to_local(seized).date()
        if dog.free_from is not None and day < dog.free_from:
            return  # held now (§8: not seized again)
        first = dog.first_licensed()
        on_file = first is not None and first <= day
        known = owner_known(license_on_file=on_file, tag_on_file=on_file, owner_of_record=dog.owner_name)
        period = holding_period(day, known.known, self.closed, self.open)
        redeemed_on = day + timedelta(days=rng.choice((0, 1, 1, 2, 2, 3, 4)))
        if not dog.licensed_on(redeemed_on):
            redeemed_on = dog.licensed_between(day, period.deadline)  # §8(C): licensed at the counter first
            if redeemed_on is None:
                return  # this owner would not have got the dog back: no seizure in this history
        imp = _Row(entry_id=self.uuid(), record_number=None, dog_id=dog.id, dog_description=dog.description,
                   violation_entry_id=v["entry_id"], violation_id=v, reason_codes=v["codes"], seized_at=seized,
                   impounded_on=day, owner_known=known.known, owner_known_reason=known.reason, owner_named="",
                   redemption_deadline=period.deadline,
                   deadline_skipped=[[d.isoformat(), why] for d, why in period.skipped],
                   location_text=v["location_text"], latitude=v["latitude"], longitude=v["longitude"],
                   accuracy_m=v["accuracy_m"], held_at=self.kennel, notes="", status="held", ended_on=None,
                   ended_at=None, ended_by_id=None, end_note="", officer_id=officer.id, created_at=seized,
                   received_on=day, dog_breed="", dog_sex="", dog_color="", dog_age="", dog_id_number="", dog_tag="")
        self.impoundments.append(imp)
        self.seizure_entry(imp, officer, {"violation_entry_id": v["entry_id"], "dog_id": str(dog.id)})
        if known.known:
            notified = seized + timedelta(minutes=rng.randint(30, 180))
            self.notices.append(_Row(impoundment_id=imp, method="phone" if rng.random() < 0.8 else "in_person",
                                     notified_at=notified, to_whom=dog.owner_name, note="", by_id=officer.id,
                                     created_at=notified))
        earlier = list(dog.impounded)
        dog.impounded.append(day)
        if redeemed_on > self.last_day:
            dog.free_from = date.max  # still held today
            return
        dog.free_from = redeemed_on + timedelta(days=1)
        ended = max(self.at(redeemed_on, rng.randint(9, 16)), seized + timedelta(minutes=30))
        fees = impoundment_fees(
            impoundments_in_twelve_months(day, earlier), days_held(day, redeemed_on),
            (ended - seized).total_seconds() / 3600, dog.dangerous_on(redeemed_on, day), **self.fees)
        identification = rng.choice(IDENTIFICATION)
        imp.update(status="redeemed", ended_on=redeemed_on, ended_at=ended, ended_by_id=self.clerk.id)
        if rng.random() < FEES_WAIVED:  # §8(D): waived by the clerk with a reason, then redeemed
            reason = "Waived by the Town Supervisor: the dog got out when a storm took down the fence."
            for ln in fees.lines:
                self.waived.append(_Row(kind=ln.kind, amount=Decimal("0.00"), dog_id=dog.id, impoundment_id=imp,
                                        received_on=redeemed_on, received_by_id=self.clerk.id, waived_reason=reason,
                                        created_at=ended, memo=lambda ln=ln, imp=imp: (
                                            f"{ln.label} {ln.section} — ${ln.amount:.2f} waived — "
                                            f"impoundment no. {imp['id']}")[:200]))
            imp["end_note"] = f"{dog.owner_name}, {identification}"
            return
        receipt = _Receipt(redeemed_on, ended, dog.owner_name, self.clerk.id, *self.method(), lines=[
            _Row(kind=ln.kind, amount=ln.amount, dog_id=dog.id, impoundment_id=imp,
                 memo=lambda ln=ln, imp=imp: f"{ln.label} {ln.section} — impoundment no. {imp['id']}")
            for ln in fees.lines])
        self.receipts.append(receipt)
        imp["_receipt"] = (receipt, identification)  # the end note names the receipt's number

    def seizure_entry(self, imp: _Row, officer, payload: dict) -> None:
        payload = {**payload, "seized_at": to_local(imp["seized_at"]).strftime("%Y-%m-%dT%H:%M"),
                   "held_at": imp["held_at"]}
        if imp["location_text"]:
            payload["location_text"] = imp["location_text"]
        self.entry("seizure", imp["entry_id"], officer, payload, imp["created_at"],
                   lambda: {"impoundment_id": imp["id"], "record_number": imp["record_number"],
                            "redemption_deadline": imp["redemption_deadline"].isoformat(),
                            "owner_known": imp["owner_known"], "owner_known_reason": imp["owner_known_reason"],
                            "skipped": imp["deadline_skipped"], "impounded_on": imp["impounded_on"].isoformat(),
                            "url": f"/field/impoundments/{imp['id']}"})

    def strays(self) -> None:
        """§8 dogs not on file, seized for §5(A)(1) (and running at large): never redeemed (a
        dog with no record is licensed first, §8(C)); adopted out or euthanized after the holding
        period (§8(E)), transferred or died in care, or held now."""
        from .services.kennel_care import Adopter, DispositionInput, _end_note
        rng = self.rng
        for _ in range(round(len(self.dogs) * STRAYS)):
            day = self.day_between(self.start, self.last_day)
            seized = self.at(day, rng.randint(7, 19))
            breed, color = rng.choice(BREEDS)
            sex, age = rng.choice("MF"), f"about {rng.randint(1, 9)} years"
            collar = rng.choice(COLLARS)
            codes = ["5A1"] + (["6A1"] if rng.random() < 0.7 else [])
            known = owner_known()
            period = holding_period(day, known.known, self.closed, self.open)
            where = self.place()
            officer = self.officer()
            imp = _Row(entry_id=self.uuid(), record_number=None, dog_id=None,
                       dog_description=f"{color} {breed.lower()}, {collar}", violation_entry_id=None,
                       violation_id=None, reason_codes=codes, seized_at=seized, impounded_on=day,
                       owner_known=False, owner_known_reason=known.reason, owner_named="",
                       redemption_deadline=period.deadline,
                       deadline_skipped=[[d.isoformat(), why] for d, why in period.skipped],
                       location_text=where.get("location_text", ""), latitude=where.get("latitude"),
                       longitude=where.get("longitude"), accuracy_m=where.get("accuracy_m"), held_at=self.kennel,
                       notes="", status="held", ended_on=None, ended_at=None, ended_by_id=None, end_note="",
                       officer_id=officer.id, created_at=seized, received_on=day, dog_breed=breed, dog_sex=sex,
                       dog_color=color, dog_age=age, dog_id_number="",
                       dog_tag="Rabies tag from another county" if "rabies tag" in collar else "")
            self.impoundments.append(imp)
            payload = {"dog_description": imp["dog_description"], "dog_breed": breed, "dog_sex": sex,
                       "dog_color": color, "dog_age": age, "codes": codes,
                       "ruled_out": list(dict.fromkeys(e.code for c in codes for e in VIOLATIONS[c].exceptions))}
            payload.update({k if k != "accuracy_m" else "accuracy": str(val) for k, val in where.items()
                            if k != "location_text"})
            self.seizure_entry(imp, officer, payload)
            outcome = rng.choices(("adopted", "transferred", "euthanized", "died"), (55, 27, 14, 4))[0]
            if outcome in ("adopted", "euthanized"):  # §8(E): only after the holding period
                on = period.deadline + timedelta(days=rng.randint(1, 25))
            else:
                on = day + timedelta(days=rng.randint(1, max(1, (period.deadline - day).days)))
            if on > self.last_day:
                continue  # held now (past its deadline: available for adoption on the kennel board)
            adopter = None
            if outcome == "adopted":
                adopter = Adopter(rng.choice(FIRST), rng.choice(LAST), f"{rng.randint(1, 9999)} {rng.choice(STREETS)}",
                                  f"(315) {rng.randint(200, 999)}-{rng.randint(0, 9999):04d}")
            d = DispositionInput(outcome, on, adopter=adopter, place="Pulaski Animal Hospital",
                                 performed_by="Dr. Anne Hadley, DVM",
                                 authority="The dog control officer, after the holding period (§8(E))",
                                 transferred_to=rng.choice(SHELTERS), cause="Parvovirus")
            ended = self.at(on, rng.randint(9, 16))
            imp.update(status=outcome, ended_on=on, ended_at=ended, ended_by_id=self.dco.id, end_note=_end_note(d))
            disp = _Row(impoundment_id=imp, outcome=outcome, on=on, recorded_by_id=self.dco.id, created_at=ended,
                        place=d.place if outcome == "euthanized" else "",
                        performed_by=d.performed_by if outcome == "euthanized" else "",
                        authority=d.authority if outcome == "euthanized" else "",
                        transferred_to=d.transferred_to if outcome == "transferred" else "",
                        cause=d.cause if outcome == "died" else "", receipt_id=None)
            if adopter is not None:
                disp.update(adopter_first_name=adopter.first_name, adopter_last_name=adopter.last_name,
                            adopter_address=adopter.address, adopter_town=adopter.town, adopter_state=adopter.state,
                            adopter_zip=adopter.zip_code, adopter_phone=adopter.phone)
                if self.adoption_fee > 0:
                    receipt = _Receipt(on, ended, f"{adopter.first_name} {adopter.last_name}", self.dco.id,
                                       *self.method(), lines=[_Row(
                                           kind="adoption", amount=self.adoption_fee, dog_id=None,
                                           memo=lambda imp=imp: (f"Adoption of {imp['dog_description']} "
                                                                 f"(DL-18 {imp['record_number']})"))])
                    self.receipts.append(receipt)
                    disp["receipt_id"] = receipt
            self.kennel_dispositions.append(disp)

    def rabies_request(self, dog: _Dog, day: date | None = None, officer=None, violation: _Row | None = None):
        """§5(B)(1) while the dog's vaccination had run out, on its own or with a violation: most
        answered within ten days by the next vaccination, some not (a failure to vaccinate
        recorded after the ten days)."""
        rng = self.rng
        if day is None:  # met on a day its vaccination had run out (a few tries)
            first = max(self.start, dog.old_enough)
            day = next((d for d in (self.day_between(first, self.last_day) for _ in range(3))
                        if d is not None and not dog.vaccinated(d)), None)
            if day is None:
                return
        officer = officer or self.officer()
        asked = violation["occurred_at"] if violation else self.at(day, rng.randint(8, 18))
        req = _Row(entry_id=violation["entry_id"] if violation else self.uuid(), dog_id=dog.id,
                   dog_description=dog.description, requested_of=dog.owner_name, requested_on=day,
                   due_on=rabies_vaccination_due(day), violation_id=violation, officer_id=officer.id,
                   created_at=violation["created_at"] if violation else asked)
        self.rabies_requests.append(req)
        dog.seen(day)
        if violation is None:
            self.entry("rabies_request", req["entry_id"], officer,
                       {"dog_id": str(dog.id), "requested_of": dog.owner_name, "requested_on": day.isoformat()},
                       asked, lambda: {"rabies_request_id": req["id"], "due_on": req["due_on"].isoformat(),
                                       "url": f"/field/dogs/{dog.id}"})
        vaccinated = dog.next_vaccination(day) or self.today
        late = self.day_between(req["due_on"] + timedelta(days=1), min(vaccinated - timedelta(days=1), self.last_day))
        if late is not None and rng.random() < 0.5:
            self.violation(dog, late, codes=["5B1"])  # §5(B)(1): ten days passed, no certificate

    def complaint(self, dog: _Dog, v: _Row, day: date) -> None:
        """§10(A) sworn and forwarded; §10(B) summons, hearing, maybe an order (some lifted
        later); §11 the disposition."""
        rng = self.rng
        court = self.court
        officer = self.officer("take_sworn_complaint")
        name, residence = self.person()
        sworn = self.at(day, rng.randint(9, 18))
        forward_now = rng.random() < 0.7
        forwarded_on = day if forward_now else day + timedelta(days=rng.randint(1, 2))
        codes = [c for c in v["codes"] if c != "5A1"]
        c = _Row(entry_id=self.uuid(), complainant_name=name, complainant_residence=residence, sworn=True,
                 sworn_before_id=officer.id, codes=codes, nature="; ".join(VIOLATIONS[x].title for x in codes),
                 violation_on=day, dog_id=dog.id, dog_description=dog.description, owner_name=dog.owner_name,
                 owner_residence=dog.owner_address, status="received", forwarded_on=None, forwarded_by_id=None,
                 created_at=sworn)
        self.complaints.append(c)
        payload = {"complainant_name": name, "complainant_residence": residence, "sworn": "y", "codes": codes,
                   "violation_on": day.isoformat(), "dog_id": str(dog.id)}
        if forward_now:
            payload["forward_now"] = "y"
        self.entry("complaint", c["entry_id"], officer, payload, sworn,
                   lambda: {"complaint_id": c["id"], "status": "forwarded" if forward_now else "received",
                            "url": f"/field/complaints/{c['id']}"})
        if forwarded_on > self.last_day:
            return
        c.update(status="forwarded", forwarded_on=forwarded_on, forwarded_by_id=officer.id)
        issued = forwarded_on + timedelta(days=rng.randint(1, 7))
        if issued > self.last_day:
            return
        appear = first_court_session(issued, court["weekday"], court["days"], self.closed)
        self.summonses.append(_Row(complaint_id=c, summoned_name=dog.owner_name, summoned_address=dog.owner_address,
                                   appear_on=appear, appear_time=court["time"], court_name=court["name"],
                                   court_address=court["address"], issued_on=issued, issued_by_id=self.justice.id,
                                   created_at=self.at(issued, rng.randint(9, 16))))
        if appear >= self.today:
            return
        hearing = _Row(complaint_id=c, ticket_id=None, held_on=appear, complainant_appeared=True,
                       owner_appeared=rng.random() < 0.9, appearances="The dog control officer",
                       complainant_counsel="", owner_counsel="Atty. J. Bice" if rng.random() < 0.25 else "",
                       evidence="The complainant's testimony and photographs; the officer's report.",
                       adjourned_to=None, recorded_by_id=self.justice.id, created_at=self.at(appear, 20))
        self.hearings.append(hearing)
        if rng.random() < ORDERED:
            victim = "person" if "6A4" in codes else rng.choice(("dog_or_cat", "domestic_animal"))
            kind = rng.choices(("confined", "dangerous", "order"), (50, 35, 15))[0]
            findings = ({"victim": victim, "ruled_out": sorted(x.code for x in exceptions_for(victim))}
                        if kind == "dangerous" else {})
            order = _Row(dog_id=dog.id, complaint_id=c, hearing_id=hearing, kind=kind, ordered_on=appear,
                         terms=order_terms(kind, OTHER_REMEDY if kind == "order" else ""), findings=findings,
                         supersedes_id=None, ordered_by_id=self.justice.id, created_at=self.at(appear, 20, 30))
            self.orders.append(order)
            kept = [kind, appear, None]
            dog.orders.append(kept)
            lifted = appear + timedelta(days=rng.randint(300, 700))
            if lifted <= self.last_day and rng.random() < LIFTED:
                kept[2] = lifted
                self.lifts.append(_Row(dog_id=dog.id, complaint_id=c, hearing_id=hearing, kind="lifted",
                                       ordered_on=lifted, terms=f"The order of {appear:%-d %B %Y} is lifted.",
                                       findings={}, supersedes_id=order, ordered_by_id=self.justice.id,
                                       created_at=self.at(lifted, 20)))
        self.court_outcome(c, "complaint", dog, codes, appear, adjourn=False)

    # --- numbers ------------------------------------------------------------------------------

    def number(self) -> None:
        """Numbers as the counters give them out, in order of time: licenses and receipts per
        year, DL-18 record numbers per year, ticket numbers from each officer's blocks."""
        self.licenses.sort(key=lambda lic: (lic.issued_on, lic.created_at))
        for year, group in _by_year(self.licenses, lambda lic: lic.issued_on.year):
            first = _reserve(f"license_number_{year}", len(group))
            for i, lic in enumerate(group):
                lic.number = f"{year}-{first + i:05d}"
        self.receipts.sort(key=lambda r: (r.received_on, r.created_at))
        for year, group in _by_year(self.receipts, lambda r: r.received_on.year):
            first = _reserve(f"receipt-{year}", len(group))
            for i, r in enumerate(group):
                r.number = f"R-{year}-{first + i:05d}"
        self.impoundments.sort(key=lambda imp: imp["seized_at"])
        for year, group in _by_year(self.impoundments, lambda imp: imp["impounded_on"].year):
            first = _reserve(f"dl18-{year}", len(group))
            for i, imp in enumerate(group):
                imp["record_number"] = dl18_record_number(year, first + i)
        for imp in self.impoundments:
            receipt, identification = imp.pop("_receipt", (None, None))
            if receipt is not None:
                imp["end_note"] = f"{receipt.payer_name}, {identification}; receipt {receipt.number}"
        self.number_tickets()

    def number_tickets(self) -> None:
        """§9: each officer's phone holds a block of 25 numbers reserved from the counter when
        it needs one; a number is used once, now and then one is voided (spoiled)."""
        from .services.ticket_numbers import BLOCK_SIZE, format_number
        rng = self.rng
        self.tickets.sort(key=lambda t: t["issued_at"])
        layout, held, devices = [], {}, {}  # the blocks in order; each officer's [block, next number]; phones
        for t in self.tickets:
            officer = t["officer_id"]
            devices.setdefault(officer, self.uuid())
            while True:
                block = held.get(officer)
                if block is None or block[1] > block[0]["_last"]:
                    first = len(layout) * BLOCK_SIZE
                    block = [_Row(officer_id=officer, device_id=devices[officer], first=first,
                                  last=first + BLOCK_SIZE - 1, issued_at=t["issued_at"] - timedelta(
                                      days=rng.randint(1, 20)), _last=first + BLOCK_SIZE - 1), first]
                    layout.append(block[0])
                    held[officer] = block
                n = block[1]
                block[1] += 1
                if rng.random() < 0.015:  # spoiled: voided from the phone (a "ticket_void" entry)
                    use = _Row(number=n, block_id=block[0], officer_id=officer, status="void",
                               reason="Spoiled: torn", entry_id=self.uuid(), at=t["issued_at"] - timedelta(minutes=1))
                    self.number_uses.append(use)
                    continue
                self.number_uses.append(_Row(number=n, block_id=block[0], officer_id=officer, status="used",
                                             reason=None, entry_id=t["entry_id"], at=t["issued_at"]))
                t["number"] = n
                break
        base = _reserve("ticket_number", len(layout) * BLOCK_SIZE) if layout else 0
        for block in layout:
            block.pop("_last")
            block.update(first=base + block["first"], last=base + block["last"])
        users = {u.id: u for u in (self.dco, self.police, self.constable)}
        for use in self.number_uses:
            use["number"] = format_number(base + use["number"])
            if use["status"] == "void":
                self.entry("ticket_void", use["entry_id"], users[use["officer_id"]],
                           {"ticket_number": use["number"], "reason": use["reason"]}, use["at"],
                           lambda use=use: {"ticket_number": use["number"], "status": "void", "reason": use["reason"]})
        for t in self.tickets:
            t["number"] = format_number(base + t["number"])
            t.pop("_payload")["ticket_number"] = t["number"]
        self.blocks = layout

    # --- writing ------------------------------------------------------------------------------

    def write(self) -> dict[str, int]:
        counts = {}

        def put(model, rows, key=None):
            if rows:
                _insert(model, rows, key)
            counts[model.__tablename__] = counts.get(model.__tablename__, 0) + len(rows)

        counts["rabies_certificate"] = self.write_certificates()
        fee = self.fee
        counts["license"] = _insert_objects(License, self.licenses, lambda lic: dict(
            number=lic.number, dog_id=lic.dog.id, kind="individual", issued_on=lic.issued_on, term_years=lic.term,
            expires_on=lic.expires_on, altered=lic.altered, rabies_certificate_id=lic.cert.id,
            fee_total=fee(lic.altered, lic.term)[1], fee_lines=fee(lic.altered, lic.term)[0], status=lic.status,
            issued_by_id=self.clerk.id, created_at=lic.created_at), key=("number",))
        entry = ("entry_id",)
        put(SwornComplaint, self.complaints, entry)
        put(Summons, self.summonses)
        put(Hearing, self.hearings, ("complaint_id",))
        put(CourtOrder, self.orders, ("complaint_id",))
        put(CourtOrder, self.lifts)
        put(Violation, self.violations, entry)
        put(Violation, self.corrections, entry)
        put(TicketBlock, self.blocks, ("first",))
        put(AppearanceTicket, self.tickets, entry)
        put(TicketNumberUse, self.number_uses)
        put(Disposition, self.dispositions, ("ticket_id", "complaint_id", "decided_on"))
        put(Impoundment, self.impoundments, entry)
        put(ImpoundmentNotice, self.notices)
        put(RabiesRequest, self.rabies_requests, entry)
        counts["receipt"] = _insert_objects(Receipt, self.receipts, lambda r: dict(
            number=r.number, method=r.method, reference=r.reference, payer_name=r.payer_name,
            received_on=r.received_on, received_by_id=r.received_by_id, created_at=r.created_at), key=("number",))
        put(Payment, [_payment(**{k: v for k, v in row.items() if k != "memo"}, memo=row["memo"]())
                      for row in self.waived])
        counts["payment"] += self.write_payments()
        for disp in self.kennel_dispositions:
            if isinstance(disp["receipt_id"], _Receipt):
                disp["receipt_id"] = disp["receipt_id"].id
        put(ImpoundmentDisposition, self.kennel_dispositions)
        put(FieldEntry, self.entry_rows())
        counts["dog_owner (since updated)"] = self.write_owner_since()
        return {k: v for k, v in counts.items() if v}

    def write_certificates(self) -> int:
        """The history's certificates, with the one `_seed_bulk` filed still presented last (the
        card reads the highest id): a dog's oldest history certificate takes over that row
        (its id is lower than any new row's), the others are inserted in the order presented,
        then the dog's current certificate again, which its current license now names."""
        c, lic = RabiesCertificate.__table__, License.__table__
        takeover, new = [], []
        for dog in self.dogs:
            if not dog.certs:
                dog.cert.id = dog.cert_row_id
                continue
            first = dog.certs[0]
            first.id = dog.cert_row_id
            takeover.append({"b_id": first.id, "vet_name": first.vet_name, "vaccinated_on": first.vaccinated_on,
                             "valid_until": first.valid_until, "certificate_number": first.certificate_number,
                             "created_at": first.created_at})
            new += dog.certs[1:]
        new.sort(key=lambda cert: cert.created_at)
        new += [dog.cert for dog in self.dogs if dog.certs]
        for start in range(0, len(takeover), CHUNK):
            db.session.execute(update(c).where(c.c.id == bindparam("b_id")), takeover[start:start + CHUNK])
        _insert_objects(RabiesCertificate, new, lambda x: dict(
            dog_id=x.dog_id, vet_name=x.vet_name, vaccinated_on=x.vaccinated_on, valid_until=x.valid_until,
            certificate_number=x.certificate_number, exempt_statement=False, created_at=x.created_at),
            key=("dog_id", "vaccinated_on"))
        moved = [{"b_id": dog.current_license_id, "rabies_certificate_id": dog.cert.id} for dog in self.dogs
                 if dog.certs and dog.current_license_id is not None]
        for start in range(0, len(moved), CHUNK):
            db.session.execute(update(lic).where(lic.c.id == bindparam("b_id")), moved[start:start + CHUNK])
        return len(new)

    def write_payments(self) -> int:
        """Each receipt's lines (`record_receipt`): a license's fee lines, or its own lines."""
        table, n, batch = Payment.__table__, 0, []
        for r in self.receipts:
            common = {"receipt_id": r.id, "received_on": r.received_on, "received_by_id": r.received_by_id,
                      "created_at": r.created_at}
            if r.license is not None:
                lic = r.license
                batch += [_payment(kind=ln["kind"], amount=Decimal(ln["amount"]), dog_id=lic.dog.id, license_id=lic.id,
                                   memo=f"License {lic.number}: {ln['label']}", **common)
                          for ln in self.fee(lic.altered, lic.term)[0] if Decimal(ln["amount"]) > 0]
            else:
                batch += [_payment(**{k: v["id"] if isinstance(v, _Row) else v for k, v in ln.items() if k != "memo"},
                                   memo=ln["memo"]() if callable(ln["memo"]) else ln["memo"], **common)
                          for ln in r.lines]
            if len(batch) >= CHUNK:
                db.session.execute(insert(table), batch)
                n, batch = n + len(batch), []
        if batch:
            db.session.execute(insert(table), batch)
        return n + len(batch)

    def entry_rows(self) -> list[dict]:
        from .services.entries import payload_hash
        return [{"id": entry_id, "kind": kind, "officer_id": officer_id, "payload": payload,
                 "payload_hash": payload_hash(kind, payload), "device_recorded_at": recorded,
                 "server_received_at": received, "result": result()}
                for entry_id, kind, officer_id, payload, recorded, received, result in self.entries]

    def write_owner_since(self) -> int:
        """The owner of record since the dog's first record (its first license or event), not
        since the day `_seed_bulk` put down for every dog."""
        lnk = DogOwner.__table__
        moved = []
        for dog in self.dogs:
            if dog.link_id is None or dog.earliest is None or dog.since is None:
                continue
            since = max(dog.born_on + timedelta(days=56), dog.earliest - timedelta(days=self.rng.randint(0, 60)))
            if since < dog.since:
                moved.append({"b_id": dog.link_id, "since": since})
        if moved:
            db.session.execute(update(lnk).where(lnk.c.id == bindparam("b_id")), moved)
        return len(moved)


def _case(kind: str, case: _Row) -> dict:
    """The court record's case: a ticket (§9) or a sworn complaint (§10), the other one None."""
    return {"ticket_id": case if kind == "ticket" else None, "complaint_id": case if kind == "complaint" else None}


def _by_year(items, year_of):
    """(year, items of that year) for items sorted by date."""
    out = {}
    for item in items:
        out.setdefault(year_of(item), []).append(item)
    return sorted(out.items())


def _payment(*, kind, amount, dog_id=None, license_id=None, disposition_id=None, impoundment_id=None,
             receipt_id=None, received_on, received_by_id, memo, waived_reason=None, created_at) -> dict:
    """A Payment row with every column the ledger's lines may fill (one shape for executemany)."""
    if isinstance(impoundment_id, _Row):
        impoundment_id = impoundment_id["id"]
    return {"kind": kind, "amount": amount, "dog_id": dog_id, "license_id": license_id,
            "disposition_id": disposition_id, "impoundment_id": impoundment_id, "receipt_id": receipt_id,
            "received_on": received_on, "received_by_id": received_by_id, "memo": (memo or "")[:200] or None,
            "waived_reason": waived_reason, "created_at": created_at}


def _insert(model, rows: list, key: tuple | None = None) -> None:
    """Core bulk INSERTs of `rows`, a batch at a time: a value that is a _Row is that row's id,
    keys that are not columns are left out, rows with other columns go in their own statement
    (an executemany takes one shape). With `key` (columns unique among the rows), each row gets
    its new id, found by its key in what the INSERT returns."""
    table = model.__table__
    columns = set(table.c.keys())
    for start in range(0, len(rows), CHUNK):
        shapes = {}
        for row in rows[start:start + CHUNK]:
            clean = {k: (v["id"] if isinstance(v, _Row) else v) for k, v in row.items() if k in columns}
            originals, cleaned = shapes.setdefault(frozenset(clean), ([], []))
            originals.append(row)
            cleaned.append(clean)
        for originals, cleaned in shapes.values():
            ids = _execute(table, cleaned, key)
            if key:
                for row, clean in zip(originals, cleaned, strict=True):
                    row["id"] = ids[tuple(clean[k] for k in key)]


def _insert_objects(model, objects: list, to_row, key: tuple) -> int:
    """Core bulk INSERTs of `objects` as `to_row(obj)`, a batch at a time; each object gets its
    id, found by `key` (columns unique among the rows) in what the INSERT returns."""
    table = model.__table__
    for start in range(0, len(objects), CHUNK):
        batch = objects[start:start + CHUNK]
        rows = [to_row(obj) for obj in batch]
        ids = _execute(table, rows, key)
        for obj, row in zip(batch, rows, strict=True):
            obj.id = ids[tuple(row[k] for k in key)]
    return len(objects)


def _execute(table, rows: list[dict], key: tuple | None) -> dict:
    """One executemany INSERT; with `key`, {key values: new id} of the rows it wrote, read back
    by one SELECT of the ids past the largest before it (a RETURNING costs more: in the rows'
    order twice as much on SQLite, and psycopg parses each many-row INSERT ... RETURNING anew)."""
    if not key:
        db.session.execute(insert(table), rows)
        return {}
    before = db.session.execute(select(func.max(table.c.id))).scalar() or 0
    db.session.execute(insert(table), rows)
    ids = {tuple(r[1:]): r[0] for r in db.session.execute(
        select(table.c.id, *(table.c[k] for k in key)).where(table.c.id > before))}
    if len(ids) != len(rows):
        raise ValueError(f"{table.name}: the key {key} is not unique among the rows")
    return ids
