"""The demo town's §5(A)(4) cases on the clerk's license form (dated from today, as the demo)."""
from fieldapp.extensions import db
from fieldapp.models import Dog


def _dog(app, name):
    with app.app_context():
        dog = db.session.scalars(db.select(Dog).filter_by(name=name)).one()
        return dog.id, dog.current_license.term_years, dog.current_license.expires_on


def test_s5A4_demo_fresh_three_year_certificate_licensed_for_three_years(clerk, app):
    """§5(A)(4) "In no event shall a dog license be issued for longer than the duration of the
    rabies vaccination": Clover, vaccinated today with a three-year certificate, has a
    three-year license, and her renewal form offers every term."""
    dog_id, term, _ = _dog(app, "Clover")
    assert term == 3
    page = clerk.get(f"/clerk/dogs/{dog_id}/renew").get_data(as_text=True)
    assert 'id="term-3"' in page and "a license may run to the end of that month" in page


def test_s5A4_demo_less_than_a_year_left_shows_what_the_setting_allows(clerk, app):
    """§5(A)(4): Hazel's certificate has seven months left: the form says so, and offers the
    one-year license within AML §109(1)(a)'s limit, as the town's setting allows."""
    dog_id, term, _ = _dog(app, "Hazel")
    assert term == 1
    page = clerk.get(f"/clerk/dogs/{dog_id}/renew").get_data(as_text=True)
    assert "less than a year left" in page and "AML §109(1)(a)" in page
    assert 'id="term-1"' in page and 'id="term-2"' not in page
    assert "No license can be issued until" not in page
