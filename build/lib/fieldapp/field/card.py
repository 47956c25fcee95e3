"""The roadside status card: a dog's license, rabies, owner and flags at one glance.

`render_status_card(dog, tag=None)` is also what the tags area's `/t/<token>` calls for
signed-in staff, so the card looks the same however the officer got there.

Fast at 50,000 dogs by plain means (p95 <= 5 ms, <= 3 queries with the signed-in user; the
officer's phone shows the status from its own copy first anyway): everything on the card
(the dog's row, its licenses, rabies certificates, owners, tags and the enforcement history
of services/enforcement/record.py) is ONE query, a UNION ALL of plain rows with named columns, read
into small dataclasses (services/card_rows.py, shared with the offline copy). No ORM objects
are built: turning those rows into a Dog with four collections cost more than everything else
on the card together. `CardDog` has Dog's attribute names and reuses Dog's own properties
(owners, current_license, ...), so `dog_status()`, the flag sources and the templates read it
exactly as they read a Dog. The photo is never loaded (`has_photo` is a SQL expression).
"""
from functools import cache

from flask import make_response, render_template, request
from flask_login import current_user
from sqlalchemy import bindparam, cast, literal_column, null, union_all

from ..extensions import db
from ..models import Dog
from ..models.town_owned import seen
from ..services.card_rows import PARTS, CardDog, add_part, finish, from_tables, part_columns
from ..services.enforcement import EnforcementRecord, enforcement_selects
from ..services.status import dog_status
from ..timeutil import local_today
from ..town import acting_for
from ..web import is_htmx


@cache
def card_select():
    """Everything on the card as one UNION ALL, one row per thing, in named columns.

    Every row has `kind` ("dog", "license", "rabies", "owner", "tag", or a kind of the
    enforcement history), its own `id`, `dog_id` and, where it has one, `status`. The other
    columns are what they say (`expires_on`, `first_name`, `token`, ...) and NULL on the rows of
    other kinds. The history's SELECTs (services/enforcement/record.py) come with their own columns
    first, in EnforcementRecord's order (`supersedes_id`, `at`, `codes`, `day1`, `day2`,
    `text`), so they lead here too. Built once: making the statement (and its cache key)
    costs as much as running it.
    """
    dog_id = bindparam("dog_id")
    history = enforcement_selects([dog_id])
    kinds = part_columns()  # each kind's columns; `dog_id` is the dog it belongs to
    # Every column of the UNION, in order, with its type (the first SELECT types the result).
    types = {c.key: c.type for c in history[0].selected_columns}
    for values in kinds.values():
        for name, column in values.items():
            types.setdefault(name, column.type)
    extra = list(types)[len(history[0].selected_columns):]  # the card's own, after the history's

    def empty(name):  # a typed NULL: PostgreSQL types a UNION's column from every SELECT's
        return cast(null(), types[name]).label(name)

    selects = []
    for kind, values in kinds.items():
        columns = [literal_column(f"'{kind}'", types["kind"]).label("kind")]
        columns += [values[name].label(name) if name in values else empty(name) for name in list(types)[1:]]
        select = db.select(*columns).where(values["dog_id"] == dog_id)
        if kind == "dog":  # a dog of a town not seen has no card: the rest follow its row
            select = select.where(seen(Dog.town_id))
        selects.append(from_tables(kind, select))
    selects += [select.add_columns(*[empty(name) for name in extra]) for select in history]
    return union_all(*selects)


def load_card_dog(dog_id: int) -> CardDog | None:
    """The dog with everything the card shows, in one query (None: no such dog)."""
    # Plain rows straight from the connection (Session.execute adds ORM result handling that
    # costs as much as the query); flush first, as Session.execute would, so nothing pending is missed.
    db.session.flush()
    rows = db.session.connection().execute(card_select(), {"dog_id": dog_id}).all()
    head = next((r for r in rows if r.kind == "dog"), None)
    if head is None:
        return None
    dog = CardDog(head)
    history = []
    for r in rows:
        kind = r.kind
        if kind in PARTS:
            add_part(dog, kind, r)
        elif kind != "dog":
            history.append(EnforcementRecord(kind, r.id, r.supersedes_id, r.at, r.codes, r.day1, r.day2,
                                             r.status, r.text))
    return finish(dog, history)  # Dog's relationship order; the history for the flag sources


def wants_partial() -> bool:
    """An htmx swap of a fragment (not a boosted page navigation, which needs the whole page)."""
    return is_htmx() and request.headers.get("HX-Boosted") != "true"


def tel(phone: str) -> str:
    """A phone number as a tel: link dials it: "(315) 387-2113" -> "3153872113"."""
    return "".join(ch for ch in phone if ch in "+0123456789")


def is_officer() -> bool:
    """The viewer gets the officer's buttons (record a violation, seize: §7, §8(A))."""
    return current_user.may("enforce")


def card_context(dog, tag=None, today=None) -> dict:
    today = today or local_today()
    status = dog_status(dog, today)
    return {"dog": dog, "status": status, "tag": tag or dog.active_tag, "today": today,
            "flags": status["flags"], "tel": tel, "officer": is_officer()}


def status_card(dog_id: int, tag=None):
    """The response for /field/dogs/<dog_id> (and /t/<token> for staff), or None if there is
    no such dog: the signed-in user and one query for the card."""
    dog = load_card_dog(dog_id)
    if dog is None:
        return None
    with acting_for(dog.town_id):  # judged by its own town's law and clock, in that town's name
        context = card_context(dog, tag)
        template = "field/_card.html" if wants_partial() else "field/card.html"
        response = make_response(render_template(template, **context))
    # Staff-only data: never kept by a shared cache.
    response.headers["Cache-Control"] = "private, no-store"
    return response


def render_status_card(dog, tag=None):
    """The dog's status card as a full page (or the bare card for an htmx swap), for a Dog
    (the tags area's /t/<token>) or a CardDog."""
    return status_card(dog.id, tag)
