"""The violations list and the kennel board filtered by date, officer and dog, the choice kept in
the URL (a GET form, working without JavaScript). Today is Wed 21 Oct 2026."""
import pytest

from fieldapp.extensions import db
from fieldapp.models import User

from ..factories import made, make_dog
from ..roadside import record_violation
from .test_impoundment_outcomes import seize
from .test_kennel import TODAY


@pytest.fixture
def app(make_app):
    return make_app(FIXED_TODAY=TODAY)


def cards(page, marker='<ul class="cards">'):
    return page.split(marker)[1].split("</ul>")[0]


def officer_id(app, username):
    with app.app_context():
        return db.session.scalars(db.select(User).filter_by(username=username)).one().id


def test_violations_filtered_by_date_officer_and_dog_kept_in_the_url(client, auth, app):
    biscuit, juniper = made(app, make_dog, name="Biscuit"), made(app, make_dog, name="Juniper")
    auth.login("dco")
    record_violation(client, app, occurred_at="2026-10-19T09:30", dog_id=str(biscuit))
    record_violation(client, app, occurred_at="2026-10-20T09:30", dog_id=str(juniper))
    page = client.get("/field/violations").get_data(as_text=True)
    assert 'id="list-filters"' in page and 'method="get"' in page
    assert "Biscuit" in cards(page) and "Juniper" in cards(page)
    on_19 = client.get("/field/violations?from=2026-10-19&to=2026-10-19").get_data(as_text=True)
    assert "Biscuit" in cards(on_19) and "Juniper" not in cards(on_19)
    assert 'value="2026-10-19"' in on_19 and "Clear the filter" in on_19  # kept in the form, from the URL
    by_name = client.get("/field/violations?dog=jun").get_data(as_text=True)
    assert "Juniper" in cards(by_name) and "Biscuit" not in cards(by_name)
    dco = officer_id(app, "dco")
    mine = client.get(f"/field/violations?officer={dco}").get_data(as_text=True)
    assert "Biscuit" in cards(mine) and f'<option value="{dco}" selected>' in mine
    other = officer_id(app, "constable")
    none = client.get(f"/field/violations?officer={other}").get_data(as_text=True)
    assert "No violations match the filter." in none
    bad = client.get("/field/violations?from=19/10").get_data(as_text=True)
    assert "Give the date like 2026-10-19." in bad and "Biscuit" in cards(bad)  # a bad date is said, not applied


def test_kennel_board_filtered_by_the_day_impounded_and_the_dog(client, auth, app):
    biscuit = made(app, make_dog, name="Biscuit")
    auth.login("dco")
    seize(client, app, dog_id=str(biscuit), dog_description="", seized_at="2026-10-19T10:00")
    seize(client, app, seized_at="2026-10-20T11:00")  # a grey husky with no record
    board = client.get("/field/impoundments").get_data(as_text=True)
    assert 'id="list-filters"' in board
    husky = client.get("/field/impoundments?dog=husky").get_data(as_text=True)
    held = husky.split('id="held-now"')[1].split('id="ended"')[0]
    assert "Grey husky" in held and ">Biscuit<" not in held
    on_19 = client.get("/field/impoundments?from=2026-10-19&to=2026-10-19").get_data(as_text=True)
    held = on_19.split('id="held-now"')[1].split('id="ended"')[0]
    assert "Biscuit" in held and "Grey husky" not in held and "Held now (1)" in on_19
