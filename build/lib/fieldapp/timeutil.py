"""Time: the law counts in local dates, on the clock of the town acted for (its record's time
zone, the setting `town_time_zone`); instants are stored in UTC.

Every "today", every "now" as a person reads it and every conversion of a stored instant goes
through `town_tz()`, so that a deployment serving towns in several zones counts each town's days
in its own. Outside an app context (a script, a pure test), and before a town record exists, the
town's clock is the deployment's default, `Config.TIMEZONE` (`DEFAULT_TZ`)."""
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from flask import has_app_context
from sqlalchemy.exc import DBAPIError

from .config import Config

DEFAULT_TZ = ZoneInfo(Config.TIMEZONE)  # a new town's zone until its record says otherwise


def town_tz() -> ZoneInfo:
    """The clock of the town acted for (`fieldapp.town.current_town_id`). Read from the settings'
    plain values, which a request reads once anyway (the status card pays no statement for it),
    never through `get_setting`, which for a priced setting asks `local_today` in turn."""
    if not has_app_context():
        return DEFAULT_TZ
    from .settings import plain_value  # here: the settings count their dated values in local days
    try:
        return ZoneInfo(plain_value("town_time_zone"))
    except DBAPIError:  # the "database unavailable" page: the deployment's clock, not a second failure
        return DEFAULT_TZ


def utcnow() -> datetime:
    return datetime.now(UTC)


def local_now() -> datetime:
    """Now, on the town's clock."""
    return datetime.now(town_tz())


def local_today() -> date:
    """Today in the town. Tests may pin it with app.config['FIXED_TODAY']."""
    try:
        from flask import current_app
        fixed = current_app.config.get("FIXED_TODAY")
    except RuntimeError:  # outside an app context
        fixed = None
    return fixed or local_now().date()


def to_local(instant: datetime) -> datetime:
    """A stored instant on the town's clock."""
    if instant.tzinfo is None:  # SQLite hands back naive UTC
        instant = instant.replace(tzinfo=UTC)
    return instant.astimezone(town_tz())
