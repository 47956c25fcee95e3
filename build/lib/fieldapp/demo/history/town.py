"""The bulk town as the history sees it: each dog with its current license and certificate (as
`seed_bulk` made them), the records made for it, and the helpers every part of the history uses."""
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from dateutil.relativedelta import relativedelta

from ...extensions import db
from ...law.calendar import last_day_of_month
from ...models import Dog, DogOwner, License, Owner, RabiesCertificate, User
from ...settings import get_setting
from ...timeutil import town_tz
from ..people import FIRST, LAST, STREETS, town_address


def cumulative(weights) -> list:
    """Running totals of `weights` (random.choices' cum_weights)."""
    out, total = [], 0
    for w in weights:
        total += w
        out.append(total)
    return out


def plus_months(day: date, months: int) -> date:
    """`day` and `months` later (the last day of a shorter month), as relativedelta does, faster."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    try:
        return day.replace(year=year, month=month)
    except ValueError:
        return last_day_of_month(year, month)


class Row(dict):
    """A row to insert; a value that is a Row is that row's id once it is written."""
    __slots__ = ()


@dataclass(slots=True)
class Cert:
    dog_id: int
    vet_name: str
    vaccinated_on: date
    valid_until: date
    certificate_number: str
    created_at: datetime | None
    id: int | None = None


@dataclass(slots=True)
class LicenseRecord:
    dog: "BulkDog"
    issued_on: date
    term: int
    expires_on: date
    altered: bool
    cert: Cert
    created_at: datetime
    status: str = "superseded"
    number: str = ""
    id: int | None = None


@dataclass(slots=True)
class ReceiptRecord:
    """One receipt: its lines are a license's fee lines (`license`), or `lines` (dicts)."""
    received_on: date
    created_at: datetime
    payer_name: str
    received_by_id: int
    method: str
    reference: str
    license: LicenseRecord | None = None
    lines: list | None = None
    number: str = ""
    id: int | None = None


@dataclass(slots=True)
class BulkDog:
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
    current: tuple | None  # (issued_on, expires_on) of the license seed_bulk made
    cert: Cert  # the certificate seed_bulk filed: always the one presented last
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
        self.old_enough = plus_months(self.born_on, 4)

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


class Town:
    """The bulk town's dogs as loaded, the records made for them (written by `writing`), and the
    helpers every part uses."""

    def __init__(self, dog_ids, today, rng, clerk, years, fees):
        self.today, self.rng, self.clerk, self.license_fees = today, rng, clerk, fees
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
        place = town_address()  # the town is data: its settings
        self.town_line = f"{place['town']}, {place['state']} {place['zip_code']}"
        from ...services.calendar import closed_days, open_days
        self.closed, self.open = closed_days(), open_days()
        self.dogs = self._load(dog_ids)
        self.licenses, self.receipts, self.entries = [], [], []
        self.violations, self.corrections, self.tickets, self.dispositions = [], [], [], []
        self.impoundments, self.notices, self.kennel_dispositions, self.rabies_requests = [], [], [], []
        self.complaints, self.summonses, self.hearings, self.orders, self.lifts = [], [], [], [], []
        self.blocks, self.number_uses, self.waived = [], [], []

    def _load(self, dog_ids) -> list[BulkDog]:
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
                continue  # only what seed_bulk makes: a dated certificate for every dog
            owner, cur = owners.get(r.id), current.get(r.id)
            dog = BulkDog(r.id, r.name, r.sex, r.altered, r.born_on, Dog.description.fget(r),
                       Owner.full_name.fget(owner) if owner else "", Owner.full_address.fget(owner) if owner else "",
                       owner.id if owner else None, owner.since if owner else None,
                       cur.id if cur else None, (cur.issued_on, cur.expires_on) if cur else None,
                       Cert(r.id, cert.vet_name, cert.vaccinated_on, cert.valid_until, cert.certificate_number,
                             cert.created_at), cert.id)
            if cur:
                dog.windows.append(dog.current)
            dogs.append(dog)
        return dogs

    # --- helpers ----------------------------------------------------------------------------

    def at(self, day: date, hour: int, minute: int | None = None) -> datetime:
        """An instant on `day` at `hour` (town time), in UTC."""
        minute = self.rng.randint(0, 59) if minute is None else minute
        return datetime.combine(day, time(hour, minute), town_tz()).astimezone(UTC)

    def day_between(self, first: date, last: date) -> date | None:
        if last < first:
            return None
        return first + timedelta(days=self.rng.randint(0, (last - first).days))

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def person(self) -> tuple[str, str]:
        rng = self.rng
        return (f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                f"{rng.randint(1, 9999)} {rng.choice(STREETS)}, {self.town_line}")

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
        """(fee lines as a license keeps them, total): the counter's, from the town's settings."""
        return self.license_fees.stored(altered, term)
