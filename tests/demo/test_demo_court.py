"""The demo town's court cases (`flask seed-demo`, fieldapp/demo/court.py): the docket is not
empty, each case in its state (§9 a ticket returnable next session, §10(B) a hearing held with an
order, §11 a disposition with its fine paid), §9's "to issue and serve" has work on it, §10(B) a
hearing where the summoned owner did not appear, and §11 a ticket with two offences, each with its
own verdict."""
from fieldapp.extensions import db
from fieldapp.models import Dog, Payment
from fieldapp.models.court import CourtOrder, Disposition, Hearing
from fieldapp.models.enforcement import AppearanceTicket
from fieldapp.timeutil import local_today

from ..court.test_orders_roadside import notice


def seeded(app):
    from fieldapp.demo.court import seed_court_cases
    from fieldapp.demo.roadside import seed_roadside_cases
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
        d = db.session.execute(db.select(Disposition).where(Disposition.code == "6A2")).scalar_one()
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


def test_s10B_demo_owner_summoned_and_absent_at_the_hearing_recorded_as_such(client, auth, app):
    """§10(B): "he or she shall summon the alleged owner to appear in person ... for a hearing": the
    demo's complaint about Sadie has its summons, and the hearing says the owner did not appear."""
    seeded(app)
    with app.app_context():
        h = db.session.execute(db.select(Hearing).join(Hearing.complaint).where(
            Hearing.complaint.has(dog_id=db.select(Dog.id).filter_by(name="Sadie").scalar_subquery()))).scalar_one()
        assert not h.owner_appeared and not h.owner_came_of_own_accord and h.adjourned_to is not None
        assert h.complaint.summonses and h.complaint.summonses[0].issued_on <= h.held_on
        cid = h.complaint_id
    auth.login("justice")
    docket = client.get("/court/docket").get_data(as_text=True)
    assert f'data-docket-case="complaint-{cid}"' in docket.split('id="docket-ahead"')[1]
    page = client.get(f"/court/complaints/{cid}").get_data(as_text=True)
    assert 'data-owner-appeared="no"' in page and "owner did not appear" in page and "Summons no." in page


def test_s11_demo_ticket_with_two_offences_each_its_own_verdict(client, auth, app):
    """§11 per offence: Buddy's ticket charges running at large and no license; the one is
    convicted and fined under §11(A), the other adjourned, each on the Justice's page."""
    seeded(app)
    with app.app_context():
        t = db.session.execute(db.select(AppearanceTicket).where(
            AppearanceTicket.dog_id == db.select(Dog.id).filter_by(name="Buddy").scalar_subquery())).scalar_one()
        assert sorted(t.codes) == ["5A1", "6A1"] and t.served
        by_code = {d.code: d for d in t.dispositions}
        assert by_code["5A1"].outcome == "convicted" and str(by_code["5A1"].fine) == "100.00"
        assert by_code["5A1"].section == "§11(A)" and by_code["5A1"].plea == "guilty"
        assert by_code["6A1"].outcome == "adjourned" and by_code["6A1"].fine == 0
        number = t.number
    auth.login("justice")
    docket = client.get("/court/docket").get_data(as_text=True)
    assert number in docket.split('id="docket-ahead"')[1]
    page = client.get(f"/court/tickets/{number}").get_data(as_text=True)
    assert 'data-offence="5A1"' in page and 'data-offence="6A1"' in page
    convicted = page.split('data-offence="5A1"')[1].split("</div>")[0]
    assert "Unlicensed dog" in convicted and "$100.00" in convicted and "§11(A)" in convicted
    assert 'data-verdict-for="6A1"' in page and 'data-verdict-for="5A1"' not in page  # only the open one
