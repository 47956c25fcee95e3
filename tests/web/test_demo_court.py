"""The demo town's court cases (`flask seed-demo`, fieldapp/demo_court.py): the docket is not
empty, each case in its state (§9 a ticket returnable next session, §10(B) a hearing held with an
order, §11 a disposition with its fine paid), and §9's "to issue and serve" has work on it."""
from fieldapp.extensions import db
from fieldapp.models import Dog, Payment
from fieldapp.models.court import CourtOrder, Disposition
from fieldapp.timeutil import local_today

from .test_orders_roadside import notice


def seeded(app):
    from fieldapp.demo_court import seed_court_cases
    from fieldapp.demo_roadside import seed_roadside_cases
    with app.app_context():
        seed_roadside_cases(local_today())
        seed_court_cases(local_today())


def dog_id(app, name):
    with app.app_context():
        return db.session.execute(db.select(Dog.id).filter_by(name=name)).scalar_one()


def test_demo_docket_shows_a_ticket_returnable_next_session_and_an_adjourned_hearing(client, auth, app):
    seeded(app)
    auth.login("justice")
    docket = client.get("/court/docket").get_data(as_text=True)
    ahead = docket.split('id="docket-ahead"')[1].split("</section>")[0]
    assert "Bear" in ahead and "Appearance ticket" in ahead  # §9
    assert "Luna" in ahead and "Sworn complaint" in ahead  # §10(B), adjourned to the next session
    assert "Tucker" in ahead and "not served yet (§9)" in ahead
    assert "Bella" not in docket  # disposed of


def test_demo_hearing_held_with_an_order_and_a_disposition_with_its_fine_paid(client, auth, app):
    seeded(app)
    with app.app_context():
        order = db.session.execute(db.select(CourtOrder)).scalar_one()
        assert order.kind == "confined" and order.dog.name == "Luna" and order.hearing.owner_counsel
        d = db.session.execute(db.select(Disposition)).scalar_one()
        assert d.outcome == "convicted" and d.section == "§11(B)" and str(d.fine) == "75.00"
        paid = db.session.execute(db.select(Payment).filter_by(kind="fine")).scalars().all()
        assert [str(p.amount) for p in paid] == ["75.00"] and paid[0].disposition_id == d.id
    auth.login("dco")
    form = client.get(f"/field/tickets/new?dog={dog_id(app, 'Luna')}").get_data(as_text=True)
    assert "Under court order: confine to premises (Sandy Creek Town Court" in notice(form)


def test_demo_to_issue_and_serve_lists_a_violation_and_a_ticket_not_served(client, auth, app):
    seeded(app)
    auth.login("dco")
    page = client.get("/field/to-serve").get_data(as_text=True)
    waiting = page.split("data-awaiting-ticket")[1].split("</ul>")[0]
    unserved = page.split("data-not-served")[1].split("</ul>")[0]
    assert "Molly" in waiting and "Bear" not in waiting
    assert "Mark served" in unserved and "Tucker" in unserved and "Tucker" not in waiting
