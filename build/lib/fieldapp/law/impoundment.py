"""§8 Seizure, impoundment, redemption and adoption."""
import math
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from .calendar import business_days_after
from .words import say_date, say_money

HOLDING_PERIOD_BUSINESS_DAYS = 5  # §8(B)
OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS = 9  # §8(B)
DANGEROUS_DOG_DAILY_FEE = Decimal("30.00")  # §8(C)(2)


@dataclass(frozen=True)
class HoldingPeriod:
    """§8(B): the holding period's last day, how many business days it counts, and the
    days it skipped on the way as ((date, reason), ...), e.g. (date(2026, 11, 26),
    "Thanksgiving day (GCL §24)"), for the officer's screen to say why."""
    deadline: date
    business_days: int
    skipped: tuple[tuple[date, str], ...] = ()
    counted_from: date | None = None  # the day excluded as "the day the dog is impounded"
    counted_from_reason: str = ""  # which day that is, in words (see `day_impounded`)


def holding_period(impounded_on: date, owner_known: bool, closed_days=(), open_days=()) -> HoldingPeriod:
    """§8(B): five business days, or nine if the owner is known, "excluding the day the
    dog is impounded". After it the dog may be adopted out or euthanized (§8(E)).

    Business days skip weekends, GCL §24 public holidays (unless listed in the town's
    ``open_days``) and the town's ``closed_days`` (dates, or {date: reason}); see
    ``fieldapp.law.calendar``.
    """
    days = OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS if owner_known else HOLDING_PERIOD_BUSINESS_DAYS
    deadline, skipped = business_days_after(impounded_on, days, closed_days, open_days)
    return HoldingPeriod(deadline, days, tuple(skipped), impounded_on)


IN_PERSON_NOTICE = "in_person"  # AML §117(6) "notice given personally": the app's notice method


def holding_period_under(law, impounded_on: date, owner_known: bool, closed_days=(), open_days=(),
                         notice: tuple[date, str] | None = None) -> HoldingPeriod:
    """The holding period under the town's law (`law.holding`, a `laws.Law`). Business days (the
    local law, §8(B)): `holding_period`. Calendar days (the state law alone): AML §117(4) five
    days from the day seized when the dog is not identified; AML §117(6) when it is, seven days
    after notice given personally or nine from the date of mailing, counted from the first
    notice (`notice`: (day, method)) or, before any, from the day seized. A notice whose method is
    not personal, or is not known, gives the longer period: it protects the owner."""
    h = law.holding
    if h.business_days:
        return holding_period(impounded_on, owner_known, closed_days, open_days)
    if not owner_known:
        return HoldingPeriod(impounded_on + timedelta(days=h.unidentified_days), h.unidentified_days, (),
                             impounded_on)
    start, method = notice if notice is not None else (impounded_on, None)
    start = max(start, impounded_on)
    days = h.notified_in_person_days if method == IN_PERSON_NOTICE and h.notified_in_person_days else \
        h.owner_known_days
    return HoldingPeriod(start + timedelta(days=days), days, (), start)


# §8(B) "excluding the day the dog is impounded": which day that is, when the pound received the
# dog later than it was seized (a town setting, "impounded_day").
IMPOUNDED_DAY_RULES = ("received", "seized")


def day_impounded(seized_on: date, received_on: date | None = None, rule: str = "received",
                  entry_reached_office_on: date | None = None) -> tuple[date, str]:
    """§8(B): the day the holding period counts from ("excluding the day the dog is impounded"),
    and why, in words.

    - ``rule="received"`` (the default, the reading that gives the owner the full period): the day
      the pound received the dog when that is recorded and later than the seizure;
      ``rule="seized"``: the day the dog was seized.
    - ``entry_reached_office_on``: for a seizure entered late and not yet confirmed by the office
      (or whose deadline from the typed date had already passed when it reached the office), the
      day the entry reached the office when that is later: no deadline rests on a date typed
      days earlier (a wrong year on the phone must not make a deadline already past).
    """
    if rule not in IMPOUNDED_DAY_RULES:
        raise ValueError(f"Unknown rule {rule!r}; use one of {IMPOUNDED_DAY_RULES}.")
    day, reason = seized_on, "the day the dog was seized"
    if rule == "received" and received_on is not None and received_on > seized_on:
        day, reason = received_on, "the day the pound received the dog"
    if entry_reached_office_on is not None and entry_reached_office_on > day:
        day, reason = (entry_reached_office_on,
                       "the day the entry reached the office (its typed date awaits the office's confirmation)")
    return day, reason


def fees_run_until(outcome: str, ended_on: date | None, deadline: date) -> date | None:
    """§8(D) "the owner ... shall be liable for the fees provided in Section 8(C)": an owner who
    does not redeem the dog owes the fees of the redemption period, not boarding for every day
    until the dog is adopted out, transferred or dies. The day the fees run to (the day after the
    deadline: the deadline is a full day held), or None when they run to the end of the case
    (redeemed, or still held: the owner redeeming pays to the day of redemption, §8(C))."""
    if outcome in ("held", "redeemed") or ended_on is None:
        return None
    return min(ended_on, deadline + timedelta(days=1))


def redemption_deadline(impounded_on: date, owner_known: bool, closed_days=(), open_days=()) -> date:
    """§8(B): the last day of the holding period (``holding_period(...).deadline``)."""
    return holding_period(impounded_on, owner_known, closed_days, open_days).deadline


@dataclass(frozen=True)
class OwnerKnown:
    """§8(B) "In the event the owner of a seized dog is known": the answer and why."""
    known: bool
    reason: str

    def __bool__(self) -> bool:
        return self.known


def owner_known(license_on_file: bool = False, tag_on_file: bool = False,
                owner_named_by_officer: str = "", owner_of_record: str = "") -> OwnerKnown:
    """§8(B): whether the owner of a seized dog is known, decided from the record, not a
    checkbox: a license on file for the dog (§5(F) "a record of its issuance retained"),
    its identification tag on file (§5(G), the tag leads to the owner of record), or an
    owner the officer names (e.g. the owner was there), or an owner of record for the dog
    (``owner_of_record``: the name on the town's records). Known: nine business days.
    """
    reasons = []
    if (owner_of_record or "").strip():
        reasons.append(f"the dog's owner of record is {owner_of_record.strip()}")
    if license_on_file:
        reasons.append("a license for the dog is on file")
    if tag_on_file:
        reasons.append("the dog's tag is on file")
    if (owner_named_by_officer or "").strip():
        reasons.append(f"the officer named the owner ({owner_named_by_officer.strip()})")
    if reasons:
        return OwnerKnown(True, "Owner known: " + "; ".join(reasons) + " (§8(B)).")
    return OwnerKnown(False, "Owner not known: no license or tag on file and no owner named "
                             "by the officer (§8(B)).")


def dangerous_dog_extra_fee(hours_held: float) -> Decimal:
    """§8(C)(2): dangerous dogs pay the impoundment fees "plus $30 for each
    additional 24-hour period or part thereof" — that is, after the first 24 hours.

    24h or less: $0; 24.01h: $30; 48h: $30; 48.5h: $60.
    """
    if isinstance(hours_held, bool) or not isinstance(hours_held, (int, float, Decimal)):
        raise ValueError(f"Hours held must be a number, not {hours_held!r}.")
    hours = Decimal(str(hours_held))  # the hours as written, without float noise
    if not hours.is_finite() or hours < 0:
        raise ValueError(f"Hours held must be 0 or more, not {hours_held!r}.")
    if hours <= 24:
        return Decimal("0.00")
    periods = math.ceil((hours - 24) / 24)
    return DANGEROUS_DOG_DAILY_FEE * periods


IMPOUNDMENT_FEE_KINDS = ("impound", "boarding", "dangerous_dog")  # the Payment kinds of §8(C)


@dataclass(frozen=True)
class ImpoundmentFeeLine:
    kind: str  # one of IMPOUNDMENT_FEE_KINDS, the Payment line's kind
    label: str
    amount: Decimal
    section: str

    def __post_init__(self):
        if self.kind not in IMPOUNDMENT_FEE_KINDS:
            raise ValueError(f"Unknown impoundment fee kind {self.kind!r}; use one of {IMPOUNDMENT_FEE_KINDS}.")


@dataclass(frozen=True)
class ImpoundmentFees:
    """§8(C): the fees of one impoundment, one typed line each (only lines with something due)."""
    lines: tuple[ImpoundmentFeeLine, ...]

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), Decimal("0.00"))

    def by_kind(self) -> dict[str, Decimal]:
        out: dict[str, Decimal] = {}
        for line in self.lines:
            out[line.kind] = out.get(line.kind, Decimal("0.00")) + line.amount
        return out


def days_held(impounded_on: date, until: date) -> int:
    """Days a dog was kept, for the boarding fee (§8(C)(1)): the days from the day impounded to
    ``until`` (the day it left, or today while held), the day it left not counted, and at least
    one (a dog redeemed the day it was seized was still kept that day)."""
    if until < impounded_on:
        raise ValueError("The end is before the day the dog was impounded.")
    return max(1, (until - impounded_on).days)


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second"}.get(n, "third or later")


def impoundment_fees(impoundment_number: int, days: int, hours_held, dangerous: bool, *,
                     fee_first: Decimal, fee_second: Decimal, fee_third_and_later: Decimal,
                     boarding_per_day, law=None) -> ImpoundmentFees:
    """§8(C): what the owner pays to redeem a seized dog, and §8(D) what a known owner owes
    whether or not the dog is redeemed.

    - §8(C)(1) the impoundment fee "set from time to time by resolution of the Town Board" (the
      settings): the first, second, or third and later impoundment of this dog in twelve months
      (``impoundment_number``, from ``impoundments_in_twelve_months``);
    - §8(C)(1) the Town Board's boarding fee for each day held (``days``, from ``days_held``):
      one rate, or ``((rate, days), ...)`` runs of the rate in force on each day (law/schedule.py);
    - §8(C)(2) a dangerous dog: $30 for each 24-hour period after the first, or part of one
      (``dangerous_dog_extra_fee(hours_held)``).
    ``law``: the town's law (`laws.Law`; None or a local law: §8(C)). Under the state law alone the
    fees are the town's settings (AML §117(4); their amounts in the statute were not read) and
    there is no dangerous dog's daily fee.
    """
    section = "§8(C)(1)" if law is None or law.local else law.impoundment_fees.section
    dangerous = dangerous and (law is None or law.impoundment_fees.dangerous_dog_daily is not None)
    if impoundment_number < 1:
        raise ValueError("The impoundment number counts this impoundment: 1 or more.")
    if days < 0:
        raise ValueError("Days held must be 0 or more.")
    fee = fee_first if impoundment_number == 1 else fee_second if impoundment_number == 2 else fee_third_and_later
    lines = [ImpoundmentFeeLine("impound", f"Impoundment fee, {_ordinal(impoundment_number)} impoundment "
                                           f"in twelve months", Decimal(fee).quantize(Decimal("0.01")), section)]
    # A fee changed by resolution applies from its date (law/schedule.py `daily_rates`): each
    # run of days at the rate in force on them, e.g. 3 days at $5.00 and 1 day at $7.50.
    runs = (tuple((Decimal(rate), n) for rate, n in boarding_per_day) if isinstance(boarding_per_day, (tuple, list))
            else ((Decimal(boarding_per_day), days),))
    if sum(n for _, n in runs) != days:
        raise ValueError("The boarding rates must cover each day held.")
    boarding = sum((rate * n for rate, n in runs), Decimal("0")).quantize(Decimal("0.01"))
    if boarding:
        lines.append(ImpoundmentFeeLine(
            "boarding", "Boarding, " + " and ".join(f"{n} day{'s' if n != 1 else ''} at {say_money(rate)}"
                                                   for rate, n in runs if n), boarding, section))
    if dangerous:
        extra = dangerous_dog_extra_fee(hours_held)
        if extra:
            periods = int(extra / DANGEROUS_DOG_DAILY_FEE)
            lines.append(ImpoundmentFeeLine(
                "dangerous_dog", f"Dangerous dog, {periods} further 24-hour period{'s' if periods != 1 else ''} "
                                 f"at {say_money(DANGEROUS_DOG_DAILY_FEE)}", extra, "§8(C)(2)"))
    return ImpoundmentFees(tuple(lines))


# §8(E): how an impoundment ends. "Any dog unredeemed at the expiration of the appropriate
# redemption period shall be made available for adoption or euthanized"; §8(C) redeemed.
IMPOUNDMENT_OUTCOMES = {
    "redeemed": "Redeemed by the owner (§8(C))",
    "adopted": "Adopted out (§8(E))",
    "euthanized": "Euthanized (§8(E))",
    "transferred": "Transferred to another shelter or rescue (§8(E))",
    "died": "Died in care",
}
# Only once the holding period is over (§8(E) "unredeemed at the expiration"): a transfer ends the
# case as an adoption does, so during the period a held dog is only moved (boarded elsewhere, the
# case open and the owner still able to redeem it, `services/impoundment/board.py: move_held_dog`). Death in
# care may be recorded any time.
AFTER_HOLDING_PERIOD_ONLY = ("adopted", "euthanized", "transferred")


def impoundment_end_refusal(outcome: str, on: date, deadline: date, status: str = "held") -> str | None:
    """§8(E): why an impoundment may not end as ``outcome`` on ``on``, or None when it may.

    A dog is redeemed (§8(C)) or dies in care at any time while it is held; it is adopted out,
    euthanized or transferred (the case ends) only after the end of its redemption deadline
    (§8(B), §8(E)); during the period it may be boarded elsewhere, the case staying open.
    """
    if outcome not in IMPOUNDMENT_OUTCOMES:
        return f"Unknown outcome: {outcome}."
    if status != "held":
        return f"The impoundment already ended ({status}); the dog is not held."
    if outcome in AFTER_HOLDING_PERIOD_ONLY and on <= deadline:
        word = {"adopted": "adopted out", "euthanized": "euthanized"}.get(
            outcome, "transferred (the case would end)")
        extra = (" During the period it may be boarded at another kennel or shelter with the case open: "
                 "record where it is (\"Boarded elsewhere during the hold\")." if outcome == "transferred" else "")
        return (f"The dog may not be {word} until {say_date(deadline + timedelta(days=1))}: it must be "
                f"held until the end of {say_date(deadline)}, its redemption deadline (§8(B), §8(E))." + extra)
    return None


def impoundments_in_twelve_months(seized_on: date, earlier_seizures) -> int:
    """How many times this dog has been impounded in the twelve months up to ``seized_on``,
    this impoundment included (1 = a first impoundment). ``earlier_seizures`` are the dates
    of the dog's other impoundments. The DL-18 report asks for it, and the Town Board's
    impoundment fees may rise with it (§8(C)(1): "set ... by resolution of the Town Board").
    """
    try:
        year_before = seized_on.replace(year=seized_on.year - 1)
    except ValueError:  # 29 February
        year_before = seized_on.replace(year=seized_on.year - 1, day=28)
    return 1 + sum(1 for d in earlier_seizures if year_before < d <= seized_on)


def deadline_table(start: date, days: int, closed_days=(), open_days=(), law=None) -> dict:
    """§8(B) redemption deadlines for impoundments made on each of `days` dates from `start`,
    for the phone to show with no signal:
    {"YYYY-MM-DD": {"owner_known": "YYYY-MM-DD", "owner_unknown": "YYYY-MM-DD"}}.
    `law`: the town's law (None: the local law's §8(B)); under the state law alone the owner
    known row is the longer period, nine days (AML §117(6)), before any notice is recorded."""
    if law is not None and not law.holding.business_days:
        return {(start + timedelta(days=i)).isoformat(): {
            known: holding_period_under(law, start + timedelta(days=i), known == "owner_known").deadline.isoformat()
            for known in ("owner_known", "owner_unknown")} for i in range(days)}
    closed = closed_days if isinstance(closed_days, dict) else list(closed_days)
    opened = frozenset(open_days)
    table = {}
    for i in range(days):
        d = start + timedelta(days=i)
        table[d.isoformat()] = {
            "owner_known": redemption_deadline(d, True, closed, opened).isoformat(),
            "owner_unknown": redemption_deadline(d, False, closed, opened).isoformat(),
        }
    return table
