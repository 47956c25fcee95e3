"""Who serves which town (fieldapp/services/town_people.py): a town's administrator sees, makes
and changes the users of their own town only; a clerk, a Town Justice and an administrator serve
one town; the deployment starts its county administrator from the command line."""
import re

from fieldapp.extensions import db
from fieldapp.models import Town, User, UserTown

from ..factories import make_town, make_user


def _second_town_with_its_admin(app) -> tuple[int, int]:
    """Elm Hollow, with its own administrator "elm-admin" and clerk "elm-clerk"; returns (first, second)."""
    with app.app_context():
        first = db.session.scalars(db.select(Town).order_by(Town.id)).first()
        second = make_town("Elm Hollow")
        for username, role in (("elm-admin", "admin"), ("elm-clerk", "clerk")):
            make_user(username, role, [second.id])
        db.session.commit()
        return first.id, second.id


def _user(app, username):
    with app.app_context():
        return db.session.scalars(db.select(User).filter_by(username=username)).one()


def _towns_of(app, username):
    with app.app_context():
        user = db.session.scalars(db.select(User).filter_by(username=username)).one()
        return set(db.session.scalars(db.select(UserTown.town_id).where(UserTown.user_id == user.id)))


def test_a_town_administrator_does_not_see_another_towns_users(app, client, auth):
    first, second = _second_town_with_its_admin(app)
    elm_clerk, sandy_clerk, county = _user(app, "elm-clerk"), _user(app, "clerk"), _user(app, "county_admin")
    auth.login("admin")  # Sandy Creek's (no row of their own: the first town's)
    page = client.get("/admin/users").get_data(as_text=True)
    assert "Tammy Miller" in page and "Elm Clerk" not in page and "Elm Admin" not in page
    assert "County Administrator" not in page  # the county administrator is no town's user
    for url in (f"/admin/users/{elm_clerk.id}/edit", f"/admin/users/{elm_clerk.id}/password",
                f"/admin/users/{county.id}/edit"):
        assert client.get(url).status_code == 404
    assert client.post(f"/admin/users/{elm_clerk.id}/active", data={"active": "0"}).status_code == 404
    assert client.post(f"/admin/users/{elm_clerk.id}/role", data={"role": "dco"}).status_code == 404
    assert _user(app, "elm-clerk").active and _user(app, "elm-clerk").role == "clerk"
    assert client.get(f"/admin/users/{sandy_clerk.id}/edit").status_code == 200
    auth.logout()

    auth.login("elm-admin")  # Elm Hollow's sees Elm Hollow's
    page = client.get("/admin/users").get_data(as_text=True)
    assert "Elm Clerk" in page and "Elm Admin" in page and "Tammy Miller" not in page
    assert client.get(f"/admin/users/{sandy_clerk.id}/edit").status_code == 404
    sign_ins = client.get("/admin/sign-ins").get_data(as_text=True)
    assert "elm-admin" in sign_ins and ">admin<" not in sign_ins  # its users' sign-ins only
    activity = client.get("/admin/activity").get_data(as_text=True)
    assert re.search(r"</strong>:\s*elm-admin<br>", activity) and not re.search(r"</strong>:\s*admin<br>", activity)


def test_a_new_user_serves_the_administrators_town(app, client, auth):
    first, second = _second_town_with_its_admin(app)
    auth.login("elm-admin")
    done = client.post("/admin/users", data={"username": "elm-dco", "full_name": "Elm Officer", "role": "dco",
                                             "password": "long enough pw"})
    assert done.status_code == 302 and _towns_of(app, "elm-dco") == {second}
    auth.logout()
    auth.login("admin")  # the first town's administrator, with no row of their own: an int all the same
    client.post("/admin/users", data={"username": "pat", "full_name": "Pat Fuller", "role": "clerk",
                                      "password": "long enough pw"})
    assert _towns_of(app, "pat") == {first}


def test_a_town_administrator_gives_no_county_role(app, client, auth):
    auth.login("admin")
    page = client.get("/admin/users").get_data(as_text=True)
    assert 'value="county_admin"' not in page
    refused = client.post("/admin/users", data={"username": "boss", "full_name": "Boss", "role": "county_admin",
                                                "password": "long enough pw"})
    assert refused.status_code == 422
    dco = _user(app, "dco")
    client.post(f"/admin/users/{dco.id}/role", data={"role": "county_admin"})
    assert _user(app, "dco").role == "dco"


def test_a_shared_officer_is_not_one_towns_to_deactivate_or_re_role(app, client, auth):
    """An officer the towns share (AML §113(2)) keeps their account until the county administrator
    takes them off the other towns; then the one town's administrator may make them its clerk,
    and they serve that town alone."""
    first, second = _second_town_with_its_admin(app)
    with app.app_context():
        dco = db.session.scalars(db.select(User).filter_by(username="dco")).one()
        dco_id = dco.id
        db.session.add(UserTown(user_id=dco_id, town_id=second))  # and the first, as the demo seeds it
        db.session.commit()
    auth.login("elm-admin")
    refused = client.post(f"/admin/users/{dco_id}/role", data={"role": "clerk"}, follow_redirects=True)
    assert "also serves other towns" in refused.get_data(as_text=True)
    assert client.post(f"/admin/users/{dco_id}/active", data={"active": "0"}, follow_redirects=True).status_code == 200
    assert _user(app, "dco").role == "dco" and _user(app, "dco").active
    edit = client.post(f"/admin/users/{dco_id}/edit", data={"full_name": "Dana Officer", "role": "clerk"})
    assert edit.status_code == 422 and "also serves other towns" in edit.get_data(as_text=True)
    with app.app_context():  # the county administrator takes them off the first town
        db.session.execute(db.delete(UserTown).where(UserTown.user_id == dco_id, UserTown.town_id == first))
        db.session.commit()
    assert client.post(f"/admin/users/{dco_id}/role", data={"role": "clerk"}).status_code == 302
    assert _user(app, "dco").role == "clerk" and _towns_of(app, "dco") == {second}


def test_the_deployment_starts_its_county_administrator_from_the_command_line(app):
    runner = app.test_cli_runner()
    result = runner.invoke(args=["create-county-admin", "oswego", "--name", "Oswego County"],
                           input="a long password\na long password\n")
    assert result.exit_code == 0, result.output
    user = _user(app, "oswego")
    assert user.role == "county_admin" and _towns_of(app, "oswego") == set()
    # A town's user, of a town named by its id; the county role is not one create-user gives.
    first, second = _second_town_with_its_admin(app)
    made = runner.invoke(args=["create-user", "elm-justice", "--role", "justice", "--name", "Hon. Elm",
                               "--town", str(second)], input="a long password\na long password\n")
    assert made.exit_code == 0, made.output
    assert _towns_of(app, "elm-justice") == {second}
    refused = runner.invoke(args=["create-user", "x", "--role", "county_admin", "--name", "X"],
                            input="a long password\na long password\n")
    assert refused.exit_code != 0
