"""An officer serving several towns (AML §113(2): "two or more municipalities may ... appoint a dog
control officer" to serve them) picks on the start page the town they act for: the session keeps
the choice, the header says it, and what they record from then on is that town's. A clerk of one
town has no choice to make; a town one does not serve cannot be picked."""
import re

from fieldapp.demo.example_town import seed_example_town
from fieldapp.extensions import db
from fieldapp.models import Dog, Town
from fieldapp.models.enforcement import Violation
from fieldapp.timeutil import local_today
from fieldapp.town import acting_for

from ..roadside import errors_of, post, recently


def two_towns(app) -> tuple[int, int]:
    """The demo's second town (fieldapp/demo/example_town.py): the DCO and police serve both."""
    with app.app_context():
        seed_example_town(local_today())
        db.session.commit()
        return tuple(db.session.scalars(db.select(Town.id).order_by(Town.id)).all())


def buttons(page: str) -> dict[str, str]:
    """The start page's town buttons: value -> label."""
    return dict(re.findall(r'<button type="submit" name="town_id" value="(\d+)"[^>]*>([^<]*)</button>', page))


def acting_for_in_header(page: str) -> str | None:
    found = re.search(r'data-acting-for="([^"]*)"', page)
    return found and found.group(1)


def test_an_officer_of_two_towns_sees_both_and_switches(app, client, auth):
    first, second = two_towns(app)
    auth.login("dco")
    page = client.get("/").get_data(as_text=True)
    assert buttons(page) == {str(first): "Acting for Sandy Creek", str(second): "Act for Example Town"}
    assert "You act for <strong>Town of Sandy Creek</strong>" in page
    assert acting_for_in_header(page) == "Sandy Creek"

    response = client.post("/town", data={"town_id": str(second)})
    assert response.status_code == 302 and response.headers["Location"].endswith("/")
    page = client.get("/").get_data(as_text=True)
    assert "You now act for the Town of Example Town" in page
    assert "You act for <strong>Town of Example Town</strong>" in page
    assert buttons(page)[str(second)] == "Acting for Example Town"
    assert acting_for_in_header(page) == "Example Town"
    # The session (the phone's cookie) keeps the choice for every page after.
    form = client.get("/field/violations/new").get_data(as_text=True)
    assert acting_for_in_header(form) == "Example Town"
    # Judged by the picked town's law: the state law alone offers AML §118(1)'s offences.
    assert 'value="AML118-1a"' in form and 'value="6A1"' not in form

    client.post("/town", data={"town_id": str(first)})
    assert acting_for_in_header(client.get("/").get_data(as_text=True)) == "Sandy Creek"


def test_a_clerk_of_one_town_has_no_choice_of_town(app, client, auth):
    two_towns(app)
    for username in ("clerk", "clerk2"):
        auth.login(username)
        page = client.get("/").get_data(as_text=True)
        assert buttons(page) == {} and 'id="towns"' not in page
        assert acting_for_in_header(page) is None
        auth.logout()


def test_a_town_not_served_cannot_be_picked(app, client, auth):
    first, second = two_towns(app)
    auth.login("clerk")  # serves Sandy Creek alone
    response = client.post("/town", data={"town_id": str(second)})
    assert response.status_code == 403
    assert "You do not serve that town" in response.get_data(as_text=True)
    with client.session_transaction() as session:
        assert "town_id" not in session
    auth.logout()
    auth.login("dco")
    for refused in ("999", "", "x", "1" * 30):
        assert client.post("/town", data={"town_id": refused}).status_code == 403
    assert acting_for_in_header(client.get("/").get_data(as_text=True)) == "Sandy Creek"


def test_what_the_officer_records_after_picking_is_the_picked_towns(app, client, auth):
    """AML §118(1)(a) in Example Town (the state law alone): the violation is that town's."""
    _, second = two_towns(app)
    with app.app_context(), acting_for(second):
        scout = db.session.execute(db.select(Dog.id).filter_by(name="Scout")).scalar_one()
    auth.login("dco")
    client.post("/town", data={"town_id": str(second)})
    response, entry_id = post(client, "/field/violations/new", dog_id=str(scout), codes=["AML118-1a"],
                              ruled_out=["AML109-under-4-months", "AML109-shelter"], occurred_at=recently(),
                              location_text="Example Rd", narrative="Unlicensed dog.", witness="")
    assert response.status_code == 201, errors_of(response)
    with app.app_context(), acting_for(second):
        violation = db.session.execute(db.select(Violation).filter_by(dog_id=scout)).scalar_one()
        assert violation.town_id == second


def test_offences_of_the_town_acted_for_said_to_happen_in_a_town_of_another_law_are_refused_with_the_way(
        app, client, auth):
    """An entry is judged by the law of the town where it happened (AML §113(2): one officer,
    each town its own law). Sandy Creek's §6(A)(1) said to happen in Example Town, under the state
    law alone, is refused, and the message says what to do: act for Example Town, then record it."""
    first, second = two_towns(app)
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", codes=["6A1"], ruled_out=["6B"], town_id=str(second),
                       occurred_at=recently(), location_text="Lake Rd", narrative="Loose.")
    assert response.status_code == 422
    said = errors_of(response)["codes"]
    assert "are of the Local Law No. 2 of 2011" in said and "Example Town is under the Agriculture and Markets Law" \
        in said and "act for Example Town" in said
    with app.app_context():
        assert not db.session.execute(db.select(Violation).execution_options(all_towns=True)
                                      .where(Violation.narrative == "Loose.")).first()
