"""The clerk's charts page: four server-drawn SVG charts with their tables, a tap from the
clerk's start page, the clerk's only (`view_charts`)."""
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Payment
from fieldapp.models.enforcement import Impoundment
from tests.factories import make_dog, staff

TODAY = date(2026, 3, 14)


@pytest.fixture
def app(app):
    app.config["FIXED_TODAY"] = TODAY
    return app


def test_the_clerk_taps_to_the_charts_and_sees_the_charts_with_tables(clerk):
    home = clerk.get("/").get_data(as_text=True)
    assert 'href="/clerk/charts"' in home
    page = clerk.get("/clerk/charts")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    for title in ("Licenses issued by month", "Renewals due by month", "Seizures by reason", "Money by fee type"):
        assert title in html
    # and six of the calls for service (fieldapp/charts/views.py: calls_charts)
    assert html.count("<svg") == 10 and html.count("<table") == 10
    assert "cdn" not in html.lower()


def test_the_charts_count_what_the_database_holds(clerk, app):
    with app.app_context():
        dog = make_dog(today=TODAY)
        db.session.add(Payment(kind="fine", amount=Decimal("75.00"), received_on=TODAY, dog_id=dog.id))
        db.session.add(Impoundment(entry_id="00000000-0000-4000-8000-00000000c4a1", dog_id=dog.id,
                                   reason_codes=["6A1"], seized_at=datetime(2026, 3, 2, 15, tzinfo=UTC),
                                   impounded_on=date(2026, 3, 2), owner_known=True,
                                   redemption_deadline=date(2026, 3, 13), officer_id=staff("dco").id))
        db.session.commit()
    html = clerk.get("/clerk/charts").get_data(as_text=True)
    money = html.split('id="money"')[1]
    assert "Fines (§11)" in money and "$75.00" in money
    seizures = html.split('id="seizures"')[1].split('id="money"')[0]
    assert "§6(A)(1)" in seizures


@pytest.mark.parametrize("role", ["dco", "justice", "admin"])
def test_only_the_clerk_sees_the_charts(client, auth, role):
    auth.login(role)
    assert client.get("/clerk/charts").status_code == 403
    assert "/clerk/charts" not in client.get("/").get_data(as_text=True)
