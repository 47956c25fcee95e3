"""Renewals (§5(A)(4), §5(B), §5(D)): which licenses are due, and what the owner must bring.

Pure functions over plain values (no Flask, no database). A license runs to the last day of a
month (§5(A)(4)); the clerk writes to owners 30, 60 or 90 days ahead, and to those whose license
already ran out. A renewal is issued only with a current rabies certificate (§5(B)) and "In no
event shall a dog license be issued for longer than the duration of the rabies vaccination"
(§5(A)(4)): the letter asks for a new certificate only when the one on file allows no renewal
issued the day after the license expires, by the same rule as the counter (`licensing.license_terms`:
to the end of the vaccination's month; with less than a year left, the town's setting).
"""
from dataclasses import dataclass
from datetime import date, timedelta

from .licensing import RABIES_RULE_LOCAL, allowed_terms

WINDOWS = (30, 60, 90)  # days ahead the clerk's lists look


def renewal_window(expires_on: date, today: date) -> str | None:
    """Which list a license falls on: "expired" (ran out before today), "30" / "60" / "90"
    (expires within that many days from today, the smallest that fits), or None (later)."""
    if expires_on < today:
        return "expired"
    days = (expires_on - today).days
    for window in WINDOWS:
        if days <= window:
            return str(window)
    return None


def renewal_issued_on(expires_on: date, today: date) -> date:
    """The first day a renewal could be issued: the day after the license ends, or today
    when that day has passed (an expired license renewed now)."""
    return max(expires_on + timedelta(days=1), today)


def needs_new_rabies_certificate(expires_on: date, today: date, rabies_valid_until: date | None,
                                 vet_statement_on: date | None = None, rule: str = RABIES_RULE_LOCAL) -> bool:
    """§5(B), §5(A)(4): the owner must bring (or enclose) a new rabies certificate when the one
    on file would not allow even a one-year renewal issued the first day it could be
    (`renewal_issued_on`), by the counter's rule (`licensing.allowed_terms`): to the end of the
    month the vaccination ends; with less than a year left, the one-year license within AML
    §109(1)(a)'s limit (``rule="local"``, the default) or none (``rule="revaccinate"``);
    ``rule="state"``: up to the end of the 11th month after it. No certificate on file: a new one too. §5(B)(2) a
    veterinarian's statement: its license ran one year from the statement, so a renewal needs a
    new statement (True)."""
    if vet_statement_on is not None or rabies_valid_until is None:
        return True
    return not allowed_terms(renewal_issued_on(expires_on, today), rabies_valid_until, rule=rule)


@dataclass(frozen=True)
class RenewalDue:
    """One license on a renewal list (plain values; the service fills them)."""
    license_id: int
    expires_on: date
    window: str  # "expired" | "30" | "60" | "90"
    needs_rabies: bool


def renewals_due(licenses, today: date, within: int = 90, expired: bool = True,
                 rule: str = RABIES_RULE_LOCAL) -> list[RenewalDue]:
    """The licenses to write to: `licenses` are (license_id, expires_on, rabies_valid_until,
    vet_statement_on) tuples of licenses in force (not superseded, transferred or closed);
    those expiring within `within` days (30, 60 or 90) and, with `expired`, those already
    expired; soonest first."""
    if within not in WINDOWS:
        raise ValueError(f"Look {', '.join(map(str, WINDOWS))} days ahead, not {within!r}.")
    out = []
    for license_id, expires_on, valid_until, statement_on in licenses:
        window = renewal_window(expires_on, today)
        if window is None or (window == "expired" and not expired):
            continue
        if window != "expired" and int(window) > within:
            continue
        out.append(RenewalDue(license_id, expires_on, window,
                              needs_new_rabies_certificate(expires_on, today, valid_until, statement_on, rule)))
    return sorted(out, key=lambda r: (r.expires_on, r.license_id))


def expired_over(expires_on: date, today: date, days: int = 30) -> bool:
    """A license that ran out more than `days` days before today (the follow-up list)."""
    return (today - expires_on).days > days
