"""Every page answers every role sensibly: never a server error, staff pages are closed to the
public, the admin (who manages settings and users, reads how the app reads the law, and holds
no other power) reaches no staff page, and the county administrator (who keeps the towns and their
officers) reaches no page of a town's. The power × role matrix itself is walked in test_who_may_act.py."""
import pytest

from fieldapp.extensions import db
from fieldapp.law.authority import ROLES as AUTHORITY_ROLES
from fieldapp.models import Dog, License, Owner

ROLES = [None, *AUTHORITY_ROLES]
# Signed in, anyone: the start page and the phone's outbox.
ANY_USER = {"/", "/outbox", "/password"}  # every signed-in person changes their own password
# The admin also reads how the app reads the law, with the settings the admin keeps.
ADMIN_ALSO = {"/law/reading", "/law/reading.pdf"}
PUBLIC = {"/login", "/found", "/found/thanks", "/offline", "/sw.js", "/static/<path:filename>",
          "/t/<token>", "/t/<token>/photo.jpg",
          "/calls/report", "/calls/report/sent"}  # a citizen reports a dog problem (calls/public.py)


def concrete_urls(app):
    with app.app_context():
        dog = db.session.execute(db.select(Dog).filter_by(name="Max")).scalar_one()
        ids = {"dog_id": dog.id, "owner_id": db.session.execute(db.select(Owner.id)).scalars().first(),
               "license_id": db.session.execute(db.select(License.id)).scalars().first(),
               "tag_id": dog.active_tag.id, "token": dog.active_tag.token}
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        if set(rule.arguments) - set(ids):
            continue  # needs a record the demo town may not have (a ticket, a complaint...)
        urls.append((rule.rule, rule.build({k: ids[k] for k in rule.arguments})[1]))
    return urls


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
def test_no_page_fails_for_any_role(app, client, auth, role):
    if role:
        auth.login(role)
    for rule, url in concrete_urls(app):
        response = client.get(url)
        assert response.status_code < 500, (role, url, response.status_code)
        if role is None and rule not in PUBLIC and response.status_code == 200:
            pytest.fail(f"{url} is open to the public")
        if (role == "admin" and response.status_code == 200 and rule not in PUBLIC | ANY_USER | ADMIN_ALSO
                and not rule.startswith("/admin/")):
            pytest.fail(f"{url} is open to the admin")
        if (role == "county_admin" and response.status_code == 200 and rule not in PUBLIC | ANY_USER
                and not rule.startswith("/county/")):
            pytest.fail(f"{url} is open to the county administrator")
