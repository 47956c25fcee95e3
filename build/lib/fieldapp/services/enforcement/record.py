"""A dog's enforcement history (violations, impoundments, rabies requests, the Town Justice's
orders) as plain rows, and the status-card flag sources read from it (impounded, prior
violations, rabies request due, orders in force).

The flag sources are listed in `services/registry.py: FLAG_SOURCES`. Like every flag source
they read only `today` and the dog's own data (services/status.py); the history is kept on
the dog until its data_version changes.
"""
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import Date, String, bindparam, cast, literal_column, null, union_all

from ...extensions import db
from ...law.laws import ALL_OFFENCES as VIOLATIONS  # a record's codes, whatever law judged it
from ...law.orders import CONFINED_TERMS, LEASH_TERMS, ORDER_KINDS, ROADSIDE_KINDS, order_short
from ...law.words import say_date
from ...models.calls import Call
from ...models.court import CourtOrder
from ...models.enforcement import Impoundment, RabiesRequest, Violation
from ...timeutil import to_local


def latest_violations_query():
    """Violations not replaced by a correction (lists show the latest version)."""
    newer = db.aliased(Violation)
    return db.select(Violation).where(~db.select(newer.id).where(newer.supersedes_id == Violation.id).exists())


@dataclass(frozen=True)
class EnforcementRecord:
    """One row of a dog's enforcement history as the status card needs it (no ORM object)."""
    kind: str  # violation | impoundment | rabies_request | court_order | call
    id: int
    supersedes_id: int | None  # violation: the version it corrects; order: the order it changes
    at: datetime  # occurred / seized / requested / ordered (created)
    codes: list | None  # violation: its codes; impoundment: the days its deadline skipped
    day1: date | None  # impounded_on | requested_on | ordered_on
    day2: date | None  # redemption_deadline | due_on
    status: str | None  # impoundment's status | the order's kind | the call's kind
    text: str | None  # held_at | requested_of | the order's terms | the call's place


_ENFORCEMENT_SELECT = None
WEEKEND = ("Saturday", "Sunday")  # law/calendar.py's reasons for a weekend day
_ONE_ENFORCEMENT_SELECT = None


def _enforcement_select():
    """The five tables in one UNION ALL (typed by the first SELECT): one query per card.
    Built once: making the statement and its cache key each time cost more than running it."""
    global _ENFORCEMENT_SELECT
    if _ENFORCEMENT_SELECT is None:
        _ENFORCEMENT_SELECT = _build_enforcement_select(bindparam("dog_ids", expanding=True))
    return _ENFORCEMENT_SELECT


def _one_enforcement_select():
    """The same for one dog (the status card): a plain parameter, as expanding one costs a
    re-rendering of the SQL on every execution."""
    global _ONE_ENFORCEMENT_SELECT
    if _ONE_ENFORCEMENT_SELECT is None:
        _ONE_ENFORCEMENT_SELECT = _build_enforcement_select([bindparam("dog_id")])
    return _ONE_ENFORCEMENT_SELECT


def _build_enforcement_select(dog_ids):
    return union_all(*enforcement_selects(dog_ids))


def enforcement_selects(dog_ids):
    """The five SELECTs of the history (calls for service the fifth), columns as EnforcementRecord's
    then dog_id (the status card unions them with the dog's other records: one query for all it shows)."""
    nodate = cast(null(), Date)  # typed NULLs (CAST): PostgreSQL types a UNION's column from every SELECT
    v = db.select(literal_column("'violation'", String).label("kind"), Violation.id, Violation.supersedes_id,
                  Violation.occurred_at.label("at"), Violation.codes.label("codes"), nodate.label("day1"),
                  nodate.label("day2"), cast(null(), String).label("status"),
                  cast(null(), String).label("text"), Violation.dog_id
                  ).where(Violation.dog_id.in_(dog_ids))
    i = db.select(literal_column("'impoundment'"), Impoundment.id, null(), Impoundment.seized_at,
                  Impoundment.deadline_skipped,
                  Impoundment.impounded_on, Impoundment.redemption_deadline, Impoundment.status,
                  Impoundment.held_at, Impoundment.dog_id).where(Impoundment.dog_id.in_(dog_ids))
    r = db.select(literal_column("'rabies_request'"), RabiesRequest.id, null(), RabiesRequest.created_at, null(),
                  RabiesRequest.requested_on, RabiesRequest.due_on, null(), RabiesRequest.requested_of,
                  RabiesRequest.dog_id).where(RabiesRequest.dog_id.in_(dog_ids))
    o = db.select(literal_column("'court_order'"), CourtOrder.id, CourtOrder.supersedes_id, CourtOrder.created_at,
                  null(), CourtOrder.ordered_on, nodate, CourtOrder.kind, CourtOrder.terms,
                  CourtOrder.dog_id).where(CourtOrder.dog_id.in_(dog_ids))
    # Calls for service about the dog (services/calls.py: the repeat-dog flag).
    c = db.select(literal_column("'call'"), Call.id, null(), Call.received_at, null(), nodate, nodate,
                  Call.kind, Call.location_text, Call.dog_id).where(Call.dog_id.in_(dog_ids))
    return [v, i, r, o, c]


def enforcement_histories(dog_ids) -> dict[int, list[EnforcementRecord]]:
    """Enforcement history of many dogs in one query (the offline dataset, lists)."""
    histories = {d: [] for d in dog_ids}
    if not histories:
        return histories
    if len(histories) == 1:
        rows = db.session.execute(_one_enforcement_select(), {"dog_id": next(iter(histories))})
    else:
        rows = db.session.execute(_enforcement_select(), {"dog_ids": list(histories)})
    return _by_dog(rows, histories)


def enforcement_histories_of(dog_ids) -> dict[int, list[EnforcementRecord]]:
    """The same for every dog a SELECT of dog ids names (the offline copy: one subquery, not
    50,000 parameters); a dog with no history has no key."""
    return _by_dog(db.session.execute(union_all(*enforcement_selects(dog_ids))), defaultdict(list))


def _by_dog(rows, histories):
    for row in rows:
        histories[row.dog_id].append(EnforcementRecord(*row[:9]))
    return histories


def attach_enforcement(dogs) -> None:
    """Load the history of `dogs` in one query and keep it on each for the flag sources."""
    histories = enforcement_histories([d.id for d in dogs])
    for dog in dogs:
        keep_enforcement(dog, histories[dog.id])


def keep_enforcement(dog, records: list[EnforcementRecord]) -> None:
    """Keep `records` on the dog for the flag sources, until its data_version changes."""
    dog._enforcement_kept = (dog.data_version, records)


def enforcement_history(dog) -> list[EnforcementRecord]:
    """The dog's history, from what attach_enforcement kept (if the dog has not changed since)."""
    kept = getattr(dog, "_enforcement_kept", None)
    if kept is None or kept[0] != dog.data_version:
        attach_enforcement([dog])
        kept = dog._enforcement_kept
    return kept[1]


def current_violations(dog) -> list[EnforcementRecord]:
    """The dog's violations, latest version of each, newest first."""
    violations = [r for r in enforcement_history(dog) if r.kind == "violation"]
    replaced = {v.supersedes_id for v in violations if v.supersedes_id}
    return sorted((v for v in violations if v.id not in replaced), key=lambda v: v.at, reverse=True)


def open_rabies_requests(dog, today) -> list[EnforcementRecord]:
    """§5(B)(1) requests with no rabies certificate (or vet's statement) filed since."""
    def answered(req):
        return any((c.vaccinated_on and c.vaccinated_on >= req.day1)
                   or (c.created_at and req.at and c.created_at > req.at)
                   for c in dog.rabies_certificates)
    requests = [r for r in enforcement_history(dog) if r.kind == "rabies_request"]
    return [req for req in requests if not answered(req)]


def impounded(dog, today):
    """§8: the dog is in the pound now (until its impoundment ends, §8(E)); redemption deadline
    per §8(B), with the days the holding period did not count."""
    flags = []
    for imp in enforcement_history(dog):
        if imp.kind != "impoundment" or imp.status != "held":
            continue
        # Weekends go without saying; holidays and closures are named.
        skipped = [f"{say_date(date.fromisoformat(d))} ({why})" for d, why in (imp.codes or [])
                   if why not in WEEKEND]
        flags.append({"code": "impounded", "label": "Currently IMPOUNDED", "level": "bad",
                      "since": imp.day1.isoformat(), "redemption_deadline": imp.day2.isoformat(),
                      "skipped": [d for d, why in (imp.codes or []) if why not in WEEKEND],
                      "detail": f"Held until {say_date(imp.day2)} (§8(B))"
                                + (f"; not counted: {', '.join(skipped)}" if skipped else "")
                                + (f" · {imp.text}" if imp.text else "")})
    return flags


def prior_violations(dog, today):
    """Violations on file (latest versions), with their dates."""
    violations = current_violations(dog)
    if not violations:
        return []
    history = [{"date": to_local(v.at).date().isoformat(),
                "text": ", ".join(VIOLATIONS[c].title for c in v.codes if c in VIOLATIONS)}
               for v in violations]
    n = len(violations)
    return [{"code": "violations", "level": "warn", "since": None,
             "label": f"{n} prior violation{'s' if n > 1 else ''}", "history": history[:5]}]


def rabies_requested(dog, today):
    """§5(B)(1): vaccination requested, due within ten days, until a certificate is on file."""
    flags = []
    for req in open_rabies_requests(dog, today):
        due = req.day2
        overdue = today > due
        flags.append({"code": "rabies_requested", "level": "bad" if overdue else "warn",
                      "since": req.day1.isoformat(), "due_on": due.isoformat(),
                      "label": (f"Rabies vaccination OVERDUE: was due {say_date(due)} (§5(B)(1))"
                                if overdue else
                                f"Rabies vaccination requested: due {say_date(due)} (§5(B)(1))")})
    return flags


def orders_in_force(dog) -> list[EnforcementRecord]:
    """§10(B): the Town Justice's orders about the dog not lifted or changed by a later order,
    oldest first (the orders are the one source of what the Justice declared)."""
    orders = [r for r in enforcement_history(dog) if r.kind == "court_order"]
    replaced = {o.supersedes_id for o in orders if o.supersedes_id}
    return sorted((o for o in orders if o.id not in replaced and o.status in ROADSIDE_KINDS),
                  key=lambda o: (o.day1, o.id))


_ORDER_LABELS = {"dangerous": "Declared DANGEROUS by the Town Justice",
                 "vicious": "Declared VICIOUS by the Town Justice",
                 "confined": "CONFINED to the owner's premises by order of the Town Justice",
                 "order": "Order of the Town Justice"}


_ORDER_WORDS = {"dangerous": "DANGEROUS", "vicious": "VICIOUS", "confined": "CONFINED", "order": "COURT ORDER"}
_GIST_MAX = 70  # characters: one line of the card at 360 px, or two at most


def order_gist(kind: str, terms: str | None) -> str:
    """§10(B)(1)-(3): the order in one line for the card ("CONFINED: inside 9 pm-7 am"): what the
    Justice added to the law's standard terms (collar and leash, §4(B) confinement), else the
    order in a few words; the terms themselves are a tap away."""
    terms = (terms or "").strip()
    own = terms
    for base in (LEASH_TERMS, CONFINED_TERMS):
        if own.startswith(base):
            own = own[len(base):].strip()
    said = own or order_short(kind, terms)
    if len(said) > _GIST_MAX:
        said = said[:_GIST_MAX - 1].rsplit(" ", 1)[0] + "…"
    return f"{_ORDER_WORDS[kind]}: {said}" if said else _ORDER_WORDS[kind]


def court_orders(dog, today):
    """§10(B)(1)-(3): each order in force, with its kind, date and terms (vicious first), and the
    order in a few words (`short`) for the ticket and violation forms, online and offline."""
    rank = {k: n for n, k in enumerate(("vicious", "dangerous", "confined", "order"))}
    return [{"code": o.status, "kind": o.status, "level": "bad", "label": _ORDER_LABELS[o.status],
             "since": o.day1.isoformat(), "date": o.day1.isoformat(), "terms": o.text,
             "section": ORDER_KINDS[o.status][0], "order_id": o.id, "detail": o.text,
             "short": order_short(o.status, o.text), "gist": order_gist(o.status, o.text)}
            for o in sorted(orders_in_force(dog), key=lambda o: rank[o.status])]
