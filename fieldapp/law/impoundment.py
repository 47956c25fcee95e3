"""§8 Seizure, impoundment, redemption and adoption."""
import math
from datetime import date
from decimal import Decimal

from .calendar import add_business_days

HOLDING_PERIOD_BUSINESS_DAYS = 5  # §8(B)
OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS = 9  # §8(B)
DANGEROUS_DOG_DAILY_FEE = Decimal("30.00")  # §8(C)(2)


def redemption_deadline(impounded_on: date, owner_known: bool, closed_days=()) -> date:
    """§8(B): the last day of the holding period — five business days, or nine if
    the owner is known, "excluding the day the dog is impounded". After it the dog
    may be adopted out or euthanized (§8(E)).

    Business days skip weekends, New York holidays and the town's ``closed_days``
    (see ``fieldapp.law.calendar``).
    """
    days = OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS if owner_known else HOLDING_PERIOD_BUSINESS_DAYS
    return add_business_days(impounded_on, days, closed_days)


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


def deadline_table(start: date, days: int, closed_days=()) -> dict:
    """§8(B) redemption deadlines for impoundments made on each of `days` dates from `start`,
    for the phone to show with no signal:
    {"YYYY-MM-DD": {"owner_known": "YYYY-MM-DD", "owner_unknown": "YYYY-MM-DD"}}."""
    from datetime import timedelta
    closed = list(closed_days)
    table = {}
    for i in range(days):
        d = start + timedelta(days=i)
        table[d.isoformat()] = {
            "owner_known": redemption_deadline(d, True, closed).isoformat(),
            "owner_unknown": redemption_deadline(d, False, closed).isoformat(),
        }
    return table
