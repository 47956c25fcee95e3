"""A seeded fuzzer of the HTML forms: every form (post, and get) that a role's pages show (found by walking the
signed-in pages of each role in the demo town, with its roadside and court cases), each field
one at a time set to a hostile value, the others as the page rendered them. Never a 5xx; a
refusal (400, 409, 422, or a page that shows an error) keeps what was typed in the form it draws
again, where it can be shown (markup escaped; not a NUL or a second value).

The seed is printed; FORM_FUZZ_SEED=<n> replays a run, FORM_FUZZ_ALL=1 tries every hostile value
on every field (about five times the requests) instead of a seeded sample of them."""
import html
import os
import random
import re
import shutil
import time
from datetime import date, timedelta

import pytest
from markupsafe import escape
from sqlalchemy.engine import make_url

from fieldapp import create_app
from fieldapp.extensions import db
from fieldapp.law.authority import ROLES
from tests.conftest import make_test_config
from tests.databases import on_postgres, postgres_server

from .formwalk import shape, walk

HOSTILE = {
    "nul": "Lake\x00Rd",
    "huge number": "1e30",
    "negative": "-1",
    "very long": "x" * 5000,
    "markup": '<b onmouseover="alert(1)">Rex</b> & "Co"',
    "not a date": "31/02/yesterday",
    "year 9999": "9999-12-31",
    "list-valued": ["first", "second"],
    "a recent date": (date.today() - timedelta(days=20)).isoformat(),  # not hostile: opens what a date does
}
SHOWN = {"huge number", "negative", "very long", "markup", "not a date", "year 9999", "a recent date"}  # kept on a refusal
TEXT_KINDS = {"text", "textarea", "search", "tel", "email", "number", "date", "url", "datetime-local", "time"}
PER_FIELD = {"post": 2, "get": 1}  # hostile values tried on each field in a sampled run (a search, a period)
SKIP_ACTIONS = re.compile(r"^/logout$")


@pytest.fixture(scope="module")
def seed():
    value = int(os.environ.get("FORM_FUZZ_SEED") or random.SystemRandom().randrange(1, 10**6))
    print(f"\nform fuzz seed: {value} (replay with FORM_FUZZ_SEED={value})")
    return value


@pytest.fixture(scope="module")
def full_town(tmp_path_factory, demo_town_db):
    """The tests' demo town with the roadside and court cases of `seed-demo`: a SQLite file, or on
    PostgreSQL a database made from the demo template; each role walks its own copy of it."""
    if on_postgres():
        server = postgres_server()
        source = server.uri(server.create("fuzz", template=demo_town_db))
    else:
        source = tmp_path_factory.mktemp("fuzz") / "town.sqlite"
        shutil.copyfile(demo_town_db, source)
    app = create_app(make_test_config(source))
    with app.app_context():
        from fieldapp.demo.court import seed_court_cases
        from fieldapp.demo.roadside import seed_roadside_cases
        from fieldapp.timeutil import local_today
        seed_roadside_cases(local_today())
        seed_court_cases(local_today())
        from fieldapp.demo.calls import seed_calls
        from fieldapp.services.enforcement.payload import entered_at_the_time
        with entered_at_the_time():
            seed_calls()  # the queue's forms: take, arrived, close
        db.session.commit()
        db.session.remove()
        db.engine.dispose()  # a PostgreSQL template takes no copy while a session is open
    return source


def role_copy(full_town, tmp_path, role) -> str:
    """Each role on its own copy: one role's posts never hide another's forms."""
    if on_postgres():
        server = postgres_server()
        return server.uri(server.create(f"fuzz_{role}", template=make_url(full_town).database))
    path = tmp_path / f"{role}.sqlite"
    shutil.copyfile(full_town, path)
    return str(path)


def sign_in(client, role):
    response = client.post("/login", data={"username": role, "password": "sandycreek"})
    assert response.status_code == 302, role


def cases(forms, rng, every):
    """(form, field, value name) to try: each field of each form (the first role's copy of a
    form several roles see), with PER_FIELD hostile values (all with `every`)."""
    unique = {}
    for form in forms:
        if SKIP_ACTIONS.search(form.action.split("?")[0]):
            continue
        key = (form.method, shape(form.action.split("?")[0]), tuple(sorted(f.name for f in form.typed_fields())))
        unique.setdefault(key, form)
    out = []
    for form in unique.values():
        for field in form.typed_fields():
            names = list(HOSTILE) if every else rng.sample(sorted(HOSTILE), PER_FIELD[form.method])
            out.extend((form, field, name) for name in names)
    return out


def post(client, form, field, value):
    data = form.data()
    data[field.name] = list(value) if isinstance(value, list) else [value]
    if form.method == "get":
        return client.get(form.action, query_string=data)
    return client.post(form.action, data=data,
                       content_type="multipart/form-data" if "multipart" in form.enctype else None)


def refused(response) -> bool:
    if response.status_code in (400, 409, 422):
        return True
    body = response.get_data(as_text=True) if response.status_code == 200 else ""
    return 'class="error"' in body or "error-summary" in body


def kept(response, field, value) -> bool:
    """The typed value is in the form drawn again (as HTML escapes it: Jinja's or WTForms')."""
    body = response.get_data(as_text=True)
    if f'name="{field.name}"' not in body:
        return True  # not this form drawn again (a refusal page of its own): nothing to keep it in
    shown = {str(escape(value)), html.escape(value, quote=True), html.escape(value, quote=False)}
    body = body.lower()  # a state is kept in capitals, a username in small letters
    return any(s.lower() in body for s in shown)


def nul_kept() -> list[str]:
    """Every text column of every table that holds a NUL (which no backup could restore into
    PostgreSQL). PostgreSQL itself refuses a NUL in text, so there a NUL could only show as a 5xx."""
    if db.engine.dialect.name != "sqlite":
        return []
    found = []
    for table in db.metadata.sorted_tables:
        for column in table.columns:
            if isinstance(column.type, db.String):  # Text and the app's own text types too
                hit = db.session.execute(db.select(db.func.count()).select_from(table)
                                         .where(db.func.instr(column, "\x00") > 0)).scalar()
                if hit:
                    found.append(f"{table.name}.{column.name}")
    return found


def test_every_field_of_every_form_takes_hostile_input_without_a_5xx(full_town, tmp_path, seed):
    rng = random.Random(seed)
    every = bool(os.environ.get("FORM_FUZZ_ALL"))
    failures, lost, tried, started = [], [], 0, time.perf_counter()
    seen_forms = set()  # (method, address shape, field) tried by an earlier role
    for role in ROLES:
        app = create_app(make_test_config(role_copy(full_town, tmp_path, role)))
        client = app.test_client()
        sign_in(client, role)
        _, forms = walk(client, limit=150)
        todo = [c for c in cases(forms, rng, every) if (c[0].method, shape(c[0].action), c[1].name) not in seen_forms]
        seen_forms.update((form.method, shape(form.action), field.name) for form, field, _ in todo)
        for form, field, name in todo:
            value = HOSTILE[name]
            response = post(client, form, field, value)
            tried += 1
            where = f"{role} {form.method.upper()} {form.action} [{field.name}={name}] (from {form.page})"
            if response.status_code >= 500:
                failures.append(f"{response.status_code} {where}")
            elif (form.method == "post" and name in SHOWN and field.kind in TEXT_KINDS and refused(response)
                  and not kept(response, field, value)):
                lost.append(f"{response.status_code} {where}")
            if response.status_code == 302 and "/login" in response.headers.get("Location", ""):
                sign_in(client, role)
        with app.app_context():
            failures.extend(f"{role}: a NUL kept in {where}" for where in nul_kept())
            db.session.remove()
            db.engine.dispose()
    spent = time.perf_counter() - started
    print(f"form fuzz: {tried} posts in {spent:.1f} s, {len(failures)} 5xx, {len(lost)} lost what was typed")
    assert not failures and not lost, "\n".join(["5xx:", *failures, "lost what was typed:", *lost])
