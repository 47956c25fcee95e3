"""An officer of several towns at the roadside: the entry form asks where it happened, and each
line of the lists says whose it is (fieldapp/town.py: towns_to_pick, town_label)."""
from fieldapp.extensions import db
from fieldapp.models import FieldEntry


def test_an_officer_of_several_towns_says_on_the_form_where_it_happened(app, client, auth, two_towns):
    """The entry form asks an officer of several towns for the town (none for an officer of one);
    posted without JavaScript, the violation is that town's."""
    from fieldapp.models.enforcement import Violation
    from tests.roadside import post, recently, violation_data
    auth.login("dco")
    form = client.get("/field/violations/new").get_data(as_text=True)
    assert '<select id="town_id" name="town_id"' in form and "Elm Hollow" in form
    response, entry_id = post(client, "/field/violations/new", **violation_data(app, town_id=str(two_towns["second"]),
                                                                         occurred_at=recently()))
    assert response.status_code in (200, 201, 302, 303), response.get_data(as_text=True)[:300]
    with app.app_context():
        town_id = db.session.scalar(db.select(Violation.town_id).join(FieldEntry, FieldEntry.id == Violation.entry_id)
                                    .where(FieldEntry.id == entry_id).execution_options(all_towns=True))
    assert town_id == two_towns["second"]


def test_an_officer_of_one_town_is_not_asked_for_the_town(app, client, auth):
    auth.login("dco")
    assert 'name="town_id"' not in client.get("/field/violations/new").get_data(as_text=True)


def test_an_officer_of_several_towns_reads_whose_each_line_of_a_list_is(app, client, auth, two_towns):
    """The lists show every town the officer serves, each line with its town's name."""
    from tests.roadside import post, recently, violation_data
    auth.login("dco")
    for town in ("second", "first"):
        response, _ = post(client, "/field/violations/new", **violation_data(app, town_id=str(two_towns[town]),
                                                                             occurred_at=recently()))
        assert response.status_code == 201
    listing = client.get("/field/violations").get_data(as_text=True)
    assert '<span class="town-label">Elm Hollow</span>' in listing
    assert '<span class="town-label">Sandy Creek</span>' in listing


def test_a_case_of_another_served_town_is_read_as_that_towns(app, client, auth, two_towns):
    """An impoundment of the second town, opened by an officer acting for the first: the page
    acts for the impoundment's own town (its law, its clock, the papers it makes)."""
    from fieldapp.town import acting_for
    from tests.factories import make_impoundment
    with app.test_request_context(), acting_for(two_towns["second"]):
        imp_id = make_impoundment().id
        db.session.commit()
    auth.login("dco")
    assert 'data-acting-for="Sandy Creek"' in client.get("/").get_data(as_text=True)
    page = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert 'data-acting-for="Elm Hollow"' in page


def test_a_ticket_and_a_dl18_of_another_served_town_are_that_towns_papers(app, client, auth, two_towns):
    """Opened while acting for the first town, the second town's ticket page and DL-18 act for the
    second: its name on the heading, its law's penalty on the ticket."""
    from fieldapp.models.enforcement import AppearanceTicket
    from fieldapp.town import acting_for
    from tests.factories import make_impoundment
    from tests.roadside import errors_of, post, ticket_data

    from .test_dl18_report import pdf_text
    auth.login("dco")
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(
        app, town_id=str(two_towns["second"]), dog_id=str(two_towns["dog"])))
    assert response.status_code == 201, errors_of(response)
    with app.app_context():
        number = db.session.scalar(db.select(AppearanceTicket.number).filter_by(entry_id=entry_id)
                                   .execution_options(all_towns=True))
        with app.test_request_context(), acting_for(two_towns["second"]):
            imp_id = make_impoundment().id
            db.session.commit()
    assert 'data-acting-for="Sandy Creek"' in client.get("/").get_data(as_text=True)
    assert 'data-acting-for="Elm Hollow"' in client.get(f"/field/tickets/{number}").get_data(as_text=True)
    dl18 = client.get(f"/impoundments/{imp_id}/dl18.pdf")
    assert dl18.status_code == 200
    heading = pdf_text(dl18.data)
    assert "Town of Elm Hollow" in heading and "Town of Sandy Creek" not in heading
