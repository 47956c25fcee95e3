"""What the clerk's charts count, from plain values: no Flask, no database.

Each function takes the rows as plain values (dates, codes, kinds and amounts) and returns a
`Series`: the bars in the order shown, each with its label and value, and the total. Months are
calendar months of the town's local dates (the law counts in local dates)."""
from collections import Counter
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from ..law.words import MONTHS


@dataclass(frozen=True)
class Bar:
    key: str  # "2026-03", a violation code, a fee kind
    label: str  # "Mar 2026", "§6(A)(1) Running at large", "Town license fee"
    value: int | Decimal


@dataclass(frozen=True)
class Series:
    title: str
    unit: str  # "licenses", "seizures", "$"
    bars: tuple[Bar, ...]

    @property
    def total(self):
        return sum((b.value for b in self.bars), Decimal("0.00") if self.unit == "$" else 0)

    @property
    def largest(self) -> Bar | None:
        """The first of the largest bars (None when every bar is 0)."""
        top = max(self.bars, key=lambda b: b.value, default=None)
        return top if top is not None and top.value else None


def add_months(first: date, n: int) -> date:
    """The first day of the month `n` months after `first`'s month."""
    index = first.year * 12 + first.month - 1 + n
    return date(index // 12, index % 12 + 1, 1)


def month_starts(first: date, count: int) -> list[date]:
    """`count` consecutive months from `first`'s month (each as its first day)."""
    start = first.replace(day=1)
    return [add_months(start, i) for i in range(count)]


def month_label(month: date) -> str:
    return f"{MONTHS[month.month - 1]} {month.year}"


def _by_month(dates, months: list[date]) -> tuple[Bar, ...]:
    counts = Counter((d.year, d.month) for d in dates)
    return tuple(Bar(f"{m:%Y-%m}", month_label(m), counts.get((m.year, m.month), 0)) for m in months)


def licenses_issued_by_month(issued_on, today: date, months: int = 12) -> Series:
    """Licenses issued in each of the last `months` months, this month last (dates outside: left out)."""
    window = month_starts(add_months(today.replace(day=1), -(months - 1)), months)
    return Series("Licenses issued by month", "licenses", _by_month(issued_on, window))


def renewals_due_by_month(expires_on, today: date, months: int = 12) -> Series:
    """Licenses in force that expire in each of the next `months` months, this month first.

    A license expires on the last day of a month (§5(A)(4)); this month's count includes those
    still to expire this month. Licenses expired before this month are not due "ahead"."""
    window = month_starts(today, months)
    return Series("Renewals due by month", "licenses", _by_month(expires_on, window))


def seizures_by_reason(reason_codes, labels: dict[str, str]) -> Series:
    """Seizures counted by each reason (violation code) recorded; a seizure for two reasons counts
    under both. Largest first, then by code."""
    counts = Counter(code for codes in reason_codes for code in dict.fromkeys(codes or ()))
    bars = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return Series("Seizures by reason", "seizures",
                  tuple(Bar(code, labels.get(code, code), n) for code, n in bars))


def money_by_fee_type(lines, labels: dict[str, str]) -> Series:
    """The money received per fee kind, from the payment lines (kind, amount): largest first.
    Waived lines ($0.00) count nothing."""
    totals: dict[str, Decimal] = {}
    for kind, amount in lines:
        totals[kind] = totals.get(kind, Decimal("0.00")) + Decimal(amount)
    bars = sorted(((k, v) for k, v in totals.items() if v), key=lambda kv: (-kv[1], kv[0]))
    return Series("Money by fee type", "$", tuple(Bar(k, labels.get(k, k.replace("_", " ").capitalize()), v)
                                                  for k, v in bars))


# Calls for service (services/calls.py) -------------------------------------------------------

def calls_by_day(days_received, today: date, days: int = 30) -> Series:
    """Calls received on each of the last `days` local days, today last."""
    from datetime import timedelta
    counts = Counter(days_received)
    window = [today - timedelta(days=i) for i in range(days - 1, -1, -1)]
    return Series(f"Calls by day (the last {days} days)", "calls",
                  tuple(Bar(d.isoformat(), f"{d:%a} {d.day} {MONTHS[d.month - 1]}", counts.get(d, 0))
                        for d in window))


def calls_by_kind(kinds, labels: dict[str, str]) -> Series:
    """Calls counted by what they were about: largest first, then in the table's order."""
    order = list(labels)
    counts = Counter(kinds)
    bars = sorted(counts.items(), key=lambda kv: (-kv[1], order.index(kv[0]) if kv[0] in order else 99))
    return Series("Calls by kind", "calls", tuple(Bar(k, labels.get(k, k), n) for k, n in bars))


def median_minutes_by_kind(pairs, labels: dict[str, str], title: str) -> Series:
    """The median of (kind, minutes) pairs per kind (calls with no such time left out)."""
    from statistics import median
    by_kind: dict[str, list] = {}
    for kind, minutes in pairs:
        if minutes is not None and minutes >= 0:
            by_kind.setdefault(kind, []).append(minutes)
    bars = sorted(((k, round(median(v))) for k, v in by_kind.items()), key=lambda kv: (-kv[1], kv[0]))
    return Series(title, "minutes (median)", tuple(Bar(k, labels.get(k, k), v) for k, v in bars))


def repeats(keys, at_least: int, title: str) -> Series:
    """Keys (an address, a dog) called about `at_least` times or more: most first."""
    counts = Counter(k for k in keys if k)
    bars = sorted(((k, n) for k, n in counts.items() if n >= at_least), key=lambda kv: (-kv[1], kv[0]))
    return Series(title, "calls", tuple(Bar(k, k, n) for k, n in bars))
