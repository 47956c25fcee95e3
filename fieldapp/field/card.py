"""The roadside status card: a dog's license, rabies, owner and flags at one glance.

`render_status_card(dog, tag=None)` is also what the tags area's `/t/<token>` calls for
signed-in staff, so the card looks the same however the officer got there.

Fast at 50,000 dogs: the dog, its licenses, rabies certificates, owners and tags come in one
joined query and its enforcement history (violations, impoundments, rabies requests, read by
the flag sources) in a second, as plain rows; with the signed-in user, 3 queries per card.
"""
from flask import make_response, render_template, request
from sqlalchemy import bindparam, inspect
from sqlalchemy.orm import joinedload

from ..extensions import db
from ..models import Dog, DogOwner
from ..services.enforcement import enforcement_history
from ..services.status import dog_status
from ..timeutil import local_today
from ..web import is_htmx

# Everything dog_status() reads about the dog itself.
CARD_OPTIONS = (
    joinedload(Dog.licenses),
    joinedload(Dog.rabies_certificates),
    joinedload(Dog.owner_links).joinedload(DogOwner.owner),
    joinedload(Dog.tags),
)


_CARD_ATTRS = {"licenses", "rabies_certificates", "owner_links", "tags"}
_CARD_SELECT = None


def _card_select():
    """Built once: making the eager-loading statement each time cost as much as running it."""
    global _CARD_SELECT
    if _CARD_SELECT is None:
        _CARD_SELECT = db.select(Dog).where(Dog.id == bindparam("dog_id")).options(*CARD_OPTIONS)
    return _CARD_SELECT


def load_card_dog(dog_id: int) -> Dog | None:
    """The dog with everything the card shows, in two queries: the dog joined with its
    licenses, certificates, owners and tags, and its enforcement history (one UNION ALL of
    plain rows, no ORM objects). Two rather than one: joining seven collections at once would
    multiply their rows. For a dog already in the session only what is missing is loaded.
    """
    dog = db.session.execute(_card_select(), {"dog_id": dog_id}).unique().scalar_one_or_none()
    return ensure_card_loaded(dog) if dog is not None else None


def ensure_card_loaded(dog: Dog) -> Dog:
    unloaded = inspect(dog).unloaded
    if unloaded & _CARD_ATTRS:
        db.session.execute(_card_select(), {"dog_id": dog.id}).unique().scalar_one()
    enforcement_history(dog)  # one query, kept on the dog until its data_version changes
    return dog


def wants_partial() -> bool:
    """An htmx swap of a fragment (not a boosted page navigation, which needs the whole page)."""
    return is_htmx() and request.headers.get("HX-Boosted") != "true"


def card_context(dog, tag=None) -> dict:
    today = local_today()
    status = dog_status(dog, today)
    return {"dog": dog, "status": status, "tag": tag or dog.active_tag, "today": today,
            "flags": status["flags"]}


def render_status_card(dog, tag=None):
    """The dog's status card as a full page (or the bare card for an htmx swap)."""
    dog = ensure_card_loaded(dog)
    template = "field/_card.html" if wants_partial() else "field/card.html"
    response = make_response(render_template(template, **card_context(dog, tag)))
    # Staff-only data: never kept by a shared cache.
    response.headers["Cache-Control"] = "private, no-store"
    return response
