"""The demo's second town (fieldapp/demo/example_town.py): "Example Town", made up, under the state
law alone, in the first town's county, with its own clerk, Justice and administrator; the DCO and
police officer serve both towns. Seeded after the first town, whose rows and numbers stay as they
were; it numbers its own dogs and licenses from its own counters (§5(G)), tags from the
deployment's (a serial finds one tag)."""
from fieldapp.demo import DEMO_USERS
from fieldapp.demo.example_town import EXAMPLE_TOWN_USERS, seed_example_town
from fieldapp.extensions import db
from fieldapp.models import Dog, License, Tag, Town, User, UserTown
from fieldapp.settings import get_setting
from fieldapp.timeutil import local_today
from fieldapp.town import acting_for


def numbers(town_id=None):
    """The town's dogs, licenses and tags as their numbers (the first town when None)."""
    def read():
        return (sorted(db.session.execute(db.select(Dog.name, Dog.id_number)).all(), key=str),
                sorted(db.session.scalars(db.select(License.number)).all()),
                sorted(db.session.scalars(db.select(Tag.serial)).all()))
    if town_id is None:
        return read()
    with acting_for(town_id):
        return read()


def towns_of(username):
    return set(db.session.scalars(db.select(UserTown.town_id).join(User, User.id == UserTown.user_id)
                                  .where(User.username == username)).all())


def test_the_second_town_is_made_up_under_the_state_law_alone_and_leaves_the_first_as_it_was(app):
    with app.app_context():
        before = numbers()
        seed_example_town(local_today())
        db.session.commit()
        assert numbers() == before
        first, second = db.session.scalars(db.select(Town).order_by(Town.id)).all()
        assert (second.name, second.law, second.county) == ("Example Town", "aml-article-7", first.county)
        dogs, licenses, tags = numbers(second.id)
        assert [name for name, _ in dogs] == ["Biscuit", "Juniper", "Scout", "Willow"]
        assert len(licenses) == 3 and len(tags) == 3
        # Each town its own ID and license numbers, from the start; tag serials are the deployment's.
        assert sorted(n for _, n in dogs if n)[0] == sorted(n for _, n in before[0] if n)[0]
        assert len(set(licenses)) == 3 and not set(tags) & set(before[2])
        # Its ticket numbers' letters are its initials, and its kennel its own (§8(B): "held at"
        # on the seizure form and the notice); the first town's stay the defaults.
        with acting_for(second.id):
            assert get_setting("ticket_number_prefix") == "ET"
            assert get_setting("kennel_name") == "Example Town Kennel"
        assert get_setting("ticket_number_prefix") == "SC"
        assert get_setting("kennel_name") == "Sandy Creek Town Kennel"


def test_every_demo_user_serves_their_town_and_the_officers_serve_both(app):
    with app.app_context():
        seed_example_town(local_today())
        db.session.commit()
        first, second = db.session.scalars(db.select(Town.id).order_by(Town.id)).all()
        for username, _, role in DEMO_USERS:
            expected = {first, second} if username in ("dco", "police") else set() if role == "county_admin" else {first}
            assert towns_of(username) == expected, username
        for username, _, _ in EXAMPLE_TOWN_USERS:
            assert towns_of(username) == {second}, username


def test_each_towns_clerk_reads_their_own_towns_records(app, client, auth):
    with app.app_context():
        seed_example_town(local_today())
        db.session.commit()
        second = db.session.scalars(db.select(Town.id).order_by(Town.id.desc())).first()
        tucker = db.session.execute(db.select(Dog.id).filter_by(name="Tucker")).scalar_one()
        with acting_for(second):
            scout = db.session.execute(db.select(Dog.id).filter_by(name="Scout")).scalar_one()

    def found(q, dog_id):
        return f'href="/clerk/dogs/{dog_id}"' in client.get(f"/clerk/?q={q}").get_data(as_text=True)

    auth.login("clerk2")
    assert found("Scout", scout) and not found("Tucker", tucker)
    assert "Town of Example Town" in client.get("/").get_data(as_text=True)
    auth.logout()
    auth.login("clerk")
    assert found("Tucker", tucker) and not found("Scout", scout)
