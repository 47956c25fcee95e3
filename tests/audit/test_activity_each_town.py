"""The activity log is the administrator's own town's: its settings changes, exports and sign-ins."""
from fieldapp.demo import DEMO_PASSWORD
from fieldapp.extensions import db
from fieldapp.models import User, UserTown
from tests.admin.test_admin_settings import current_form


def test_an_administrator_reads_their_own_towns_settings_changes_only(app, client, auth, two_towns):
    with app.app_context():
        other = User(username="elm-admin", full_name="Elm Admin", role="admin")
        other.set_password(DEMO_PASSWORD)
        db.session.add(other)
        db.session.flush()
        db.session.add(UserTown(user_id=other.id, town_id=two_towns["second"]))
        db.session.commit()
    auth.login("admin")
    data = {**current_form(app), "fee_altered": "12.34", "fee_unaltered": "20.00",
            "fee_altered__authority": "Resolution LEAK-1", "fee_unaltered__authority": "Resolution LEAK-1"}
    assert client.post("/admin/", data=data).status_code == 302
    assert "LEAK-1" in client.get("/admin/activity").get_data(as_text=True)
    auth.logout()
    auth.login("elm-admin")
    assert "LEAK-1" not in client.get("/admin/activity").get_data(as_text=True)
