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
    law alone, is refused, and the message says what to do; the form comes back as Example Town's,
    with its offences."""
    first, second = two_towns(app)
    auth.login("dco")
    response, _ = post(client, "/field/violations/new", codes=["6A1"], ruled_out=["6B"], town_id=str(second),
                       occurred_at=recently(), location_text="Lake Rd", narrative="Loose.")
    assert response.status_code == 422
    said = errors_of(response)["codes"]
    assert "are of the Local Law No. 2 of 2011" in said and "Example Town is under the Agriculture and Markets Law" \
        in said and "tick Example Town&#39;s offences instead" in said
    page = response.get_data(as_text=True)
    assert 'value="AML118-1a"' in page and 'value="6A1"' not in page
    assert f'<option value="{second}" data-law="aml-article-7" selected>' in page
    with app.app_context():
        assert not db.session.execute(db.select(Violation).execution_options(all_towns=True)
                                      .where(Violation.narrative == "Loose.")).first()


def test_the_form_of_the_town_where_it_happened_lists_that_towns_offences(app, client, auth):
    """AML §113(2): one officer for several towns, each town its own law. Acting for Sandy Creek,
    the violation form for Example Town (`?town=`, the page the phone keeps for it) lists the state
    law's offences and says Example Town; with a dog of Example Town's, its form is that town's."""
    first, second = two_towns(app)
    with app.app_context(), acting_for(second):
        scout = db.session.execute(db.select(Dog.id).filter_by(name="Scout")).scalar_one()
    auth.login("dco")
    own = client.get("/field/violations/new").get_data(as_text=True)
    assert 'value="6A1"' in own and 'value="AML118-1a"' not in own
    assert 'data-form-law="sandy-creek-ll2-2011"' in own and '<option value="" data-law="sandy-creek-ll2-2011" selected>' in own
    for url in (f"/field/violations/new?town={second}", f"/field/tickets/new?town={second}",
                f"/field/seizures/new?town={second}", f"/field/violations/new?dog={scout}"):
        page = client.get(url).get_data(as_text=True)
        assert 'value="AML118-1a"' in page and 'value="6A1"' not in page, url
        assert 'data-form-law="aml-article-7"' in page and acting_for_in_header(page) == "Sandy Creek", url
    # The dog's own town is the default town: its law is the form's.
    assert '<option value="" data-law="aml-article-7" selected>' in page
    # A town the officer does not serve: the town acted for's form.
    assert 'value="6A1"' in client.get("/field/violations/new?town=99999").get_data(as_text=True)


def test_the_phones_rules_hold_the_offences_of_every_law_the_officer_serves(app, client, auth):
    """Offline, the phone checks an entry with the law of the town where it happened: its rules
    hold Sandy Creek's offences and the state law's, each with its own exceptions; an officer of
    one town gets their town's alone."""
    two_towns(app)
    auth.login("dco")
    offences = client.get("/api/entry-rules").get_json()["offences"]
    assert "6A1" in offences and "AML118-1a" in offences
    assert {e["code"] for e in offences["AML118-1a"]["exceptions"]} == {"AML109-under-4-months", "AML109-shelter"}
    assert "6B" in {e["code"] for e in offences["6A1"]["exceptions"]}
    auth.login("constable")
    assert "AML118-1a" not in client.get("/api/entry-rules").get_json()["offences"]


def test_the_phone_is_told_which_towns_forms_to_keep(app, client, auth):
    """The entry forms of the towns served under another law are kept on the phone for no signal
    (data-town-forms, cached by the service worker); a dog's card opens them in the dog's town."""
    first, second = two_towns(app)
    with app.app_context(), acting_for(second):
        scout = db.session.execute(db.select(Dog.id).filter_by(name="Scout")).scalar_one()
    auth.login("dco")
    kept = re.search(r'data-town-forms="([^"]*)"', client.get("/").get_data(as_text=True)).group(1).split()
    assert kept == [f"/field/{kind}/new?town={second}" for kind in ("violations", "seizures", "tickets", "complaints")]
    card = client.get(f"/field/dogs/{scout}").get_data(as_text=True)
    assert f"/field/violations/new?dog={scout}&amp;town={second}" in card
    # On a form drawn in Example Town's law, the phone is still told to keep Example Town's forms.
    form = client.get(f"/field/violations/new?town={second}").get_data(as_text=True)
    assert f"/field/violations/new?town={second}" in re.search(r'data-town-forms="([^"]*)"', form).group(1)
    auth.login("clerk")
    assert "data-town-forms" not in client.get("/").get_data(as_text=True)
