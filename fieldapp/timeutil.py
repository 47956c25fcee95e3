"""Time: the law counts in local dates (America/New_York); instants are stored in UTC."""
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from .config import Config

TOWN_TZ = ZoneInfo(Config.TIMEZONE)


def utcnow() -> datetime:
    return datetime.now(UTC)


def local_today() -> date:
    """Today in the town. Tests may pin it with app.config['FIXED_TODAY']."""
    try:
        from flask import current_app
        fixed = current_app.config.get("FIXED_TODAY")
    except RuntimeError:  # outside an app context
        fixed = None
    return fixed or datetime.now(TOWN_TZ).date()


def to_local(instant: datetime) -> datetime:
    if instant.tzinfo is None:  # SQLite hands back naive UTC
        instant = instant.replace(tzinfo=UTC)
    return instant.astimezone(TOWN_TZ)
