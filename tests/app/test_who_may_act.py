"""Who may act (fieldapp/law/authority.py), walked through real routes: for every power of the
table and every role, the power's representative route answers 200 to the roles holding it and
403 to the others. Each test id cites the power's section."""
import pytest

from fieldapp.extensions import db
from fieldapp.law.authority import ROLES, WHO_MAY_ACT
from tests.factories import make_licensed_dog

# One representative route per power ({token}: the active tag of a licensed dog made for the test).
ROUTE_OF_POWER = {
    "issue_license": "/clerk/licenses/new",
    "manage_tags": "/tags/print",
    "enforce": "/api/tags/{token}",
    "issue_ticket": "/tickets/book",
    "take_sworn_complaint": "/field/complaints/new",
    "request_rabies_vaccination": "/field/rabies-requests/new",
    "read_records": "/clerk/",
    "handle_found_reports": "/found-reports",
    "manage_settings": "/admin/",
    "manage_users": "/admin/users",
    "keep_town_calendar": "/calendar/",
    "follow_up_tickets": "/field/to-serve",
    "read_activity_log": "/admin/activity",
    "view_charts": "/clerk/charts",
    "confirm_late_entries": "/field/late-entries",
    "keep_accounts": "/clerk/money/",
    "report_seizures": "/reports/",
    "keep_enumeration": "/clerk/enumerations/",
    "identify_in_enumeration": "/clerk/dogs/{dog_id}/enumeration",
    "read_the_law_reading": "/law/reading",
    "take_calls": "/calls/new",
    "read_calls": "/calls/",
    "manage_towns": "/county/",
}
# Powers of the law with no page of their own yet, and why.
NO_ROUTE_YET = {
    "judge": "the Town Justice reads the forwarded complaints (read_records); no docket is kept here",
    "record_redemption": "forms on the impoundment page (POST only): test_impoundment_outcomes.py",
    "dispose_of_impounded_dog": "forms on the impoundment page (POST only): test_impoundment_outcomes.py",
    "keep_care_log": "the care page of a seizure (none in the test town): test_kennel_care.py walks the roles",
    "receive_impoundment_fees": "forms on the impoundment page (POST only): test_kennel.py",
    "respond_to_calls": "a call's steps are forms and outbox entries (POST only): test_calls.py walks the roles",
}
# Pages open to the public or to anyone signed in; every other page outside the roadside code
# names the power it needs (permission_required).
OPEN_ENDPOINTS = {
    "static", "auth.login", "auth.logout", "auth.change_password", "main.home", "main.pick_town", "tags.tag_page", "pwa.service_worker",
    "pwa.offline", "pwa.outbox", "public.tag_photo", "public.message", "public.found",
    "public.thanks", "calls.public_report", "calls.public_report_sent",
}
# Still checking role lists until the roadside entry code asks the table (being rewritten).
ROADSIDE_BLUEPRINTS = {"field", "api"}

CASES = [pytest.param(power, role, id=f"{power.section or 'admin'} {power.action}: {role}")
         for power in WHO_MAY_ACT if power.action in ROUTE_OF_POWER for role in ROLES]


def test_every_power_has_a_route_or_a_reason():
    assert set(ROUTE_OF_POWER) | set(NO_ROUTE_YET) == {p.action for p in WHO_MAY_ACT}
    assert not set(ROUTE_OF_POWER) & set(NO_ROUTE_YET)


def test_every_staff_page_outside_the_roadside_code_names_its_power(app):
    unchecked = sorted(
        endpoint for endpoint, view in app.view_functions.items()
        if endpoint.split(".")[0] not in ROADSIDE_BLUEPRINTS and endpoint not in OPEN_ENDPOINTS
        and not hasattr(view, "power"))
    assert unchecked == []


@pytest.mark.parametrize("power,role", CASES)
def test_who_may_act(app, client, auth, power, role):
    with app.app_context():
        max_ = make_licensed_dog()  # a licensed dog with its tag, for the routes that need one
        db.session.commit()
        token, dog_id = max_.active_tag.token, max_.id
    url = ROUTE_OF_POWER[power.action].format(token=token, dog_id=dog_id)
    endpoint, _ = app.url_map.bind("localhost").match(url)
    auth.login(role)
    expected = 200 if role in power.roles else 403
    got = client.get(url).status_code
    if getattr(app.view_functions[endpoint], "power", None) != power.action:
        assert endpoint.split(".")[0] in ROADSIDE_BLUEPRINTS, f"{url} must check {power.action!r}"
        if got != expected:
            pytest.xfail(f"{url} still checks a role list (the roadside code is moving to the table)")
    assert got == expected, f"{role} on {url} ({power.section}: {power.text})"
