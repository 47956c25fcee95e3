"""§5(K) the Town Board's enumerations: the resolution recorded, the one open on a day, its close.
Which dogs were identified in one, and the surcharge each owes, are `services/enumeration.py`."""
from datetime import date
from decimal import Decimal

from ...extensions import db
from ...models import EnumerationResolution, record_event
from ..errors import ServiceError


def open_enumeration(on: date) -> EnumerationResolution | None:
    """§5(K): the enumeration a Town Board resolution declared that is open on ``on``."""
    return db.session.scalars(
        db.select(EnumerationResolution)
        .where(EnumerationResolution.opens_on <= on,
               db.or_(EnumerationResolution.closes_on.is_(None), EnumerationResolution.closes_on >= on))
        .order_by(EnumerationResolution.opens_on.desc(), EnumerationResolution.id.desc())).first()


def record_enumeration(resolution: str, adopted_on: date, opens_on: date, closes_on: date | None,
                       surcharge: Decimal, user=None) -> EnumerationResolution:
    """§5(K) "When the Town Board determines the need for a dog enumeration": the admin records
    the Board's resolution, the period it is open and the surcharge it set."""
    errors = {}
    if opens_on < adopted_on:
        errors["opens_on"] = "The enumeration can't open before the resolution that declared it."
    if closes_on is not None and closes_on < opens_on:
        errors["closes_on"] = "The last day can't be before the first day."
    if surcharge < 0:
        errors["surcharge"] = "The surcharge can't be negative."
    if errors:
        raise ServiceError(errors)
    enum = EnumerationResolution(resolution=resolution.strip(), adopted_on=adopted_on, opens_on=opens_on,
                                 closes_on=closes_on, surcharge=surcharge,
                                 recorded_by_id=getattr(user, "id", None))
    db.session.add(enum)
    db.session.flush()
    record_event("enumeration.recorded", enum, actor=user, resolution=enum.resolution,
                 opens_on=opens_on.isoformat(), closes_on=closes_on.isoformat() if closes_on else None,
                 surcharge=str(surcharge))
    return enum


def close_enumeration(enum: EnumerationResolution, closes_on: date, user=None) -> None:
    """§5(K): the enumeration ends; from the next day no license carries its surcharge."""
    if closes_on < enum.opens_on:
        raise ServiceError({"closes_on": "The last day can't be before the first day."})
    enum.closes_on = closes_on
    record_event("enumeration.closed", enum, actor=user, closes_on=closes_on.isoformat())


