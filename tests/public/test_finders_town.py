"""A page with no tag to tell its town (a dog found with none, a tag not on file, a dog problem
reported) in a deployment of several towns: the finder picks the town, and the page is then that
town's: its dog control officer's number, its report queue (public/pages.py: in_the_finders_town)."""
from fieldapp.extensions import db
from fieldapp.models.calls import Call
from fieldapp.models.public import FoundReport
from fieldapp.models.town import Town
from fieldapp.settings import set_setting
from fieldapp.town import acting_for

ELM_PHONE = "(315) 555-0199"


def _elm_hollow_answers(app, two_towns):
    with app.app_context():
        db.session.get(Town, two_towns["second"]).contact_phone = ELM_PHONE
        with acting_for(two_towns["second"]):
            set_setting("public_call_reports", True)
        db.session.commit()


def test_one_town_needs_no_choice(client):
    html = client.get("/found").get_data(as_text=True)
    assert "Which town are you in?" not in html and 'id="report"' in html


def test_several_towns_the_finder_picks_the_town_first(app, client, two_towns):
    _elm_hollow_answers(app, two_towns)
    html = client.get("/found").get_data(as_text=True)
    assert "Which town are you in?" in html and 'id="report"' not in html
    for town in ("Sandy Creek", "Elm Hollow", "Far Hills"):
        assert f"Town of {town}" in html
    assert f'href="/found?town={two_towns["second"]}"' in html
    assert "Which town are you in?" in client.get("/found?town=99999").get_data(as_text=True)


def test_the_chosen_towns_officer_and_queue_take_the_report(app, client, two_towns):
    _elm_hollow_answers(app, two_towns)
    elm = two_towns["second"]
    page = client.get(f"/found?town={elm}").get_data(as_text=True)
    assert ELM_PHONE in page and "Town of Elm Hollow" in page
    assert f'action="/found?town={elm}#report"' in page
    resp = client.post(f"/found?town={elm}", data={"location": "Elm St by the mill",
                                                     "description": "grey terrier", "finder_phone": "3155550100"})
    assert resp.status_code == 302
    assert ELM_PHONE in client.get("/found/thanks").get_data(as_text=True)
    with app.app_context():
        report = db.session.scalars(db.select(FoundReport).execution_options(all_towns=True)).one()
        assert report.town_id == elm


def test_a_problem_reported_goes_to_the_chosen_towns_queue(app, client, two_towns):
    _elm_hollow_answers(app, two_towns)
    elm = two_towns["second"]
    with app.app_context(), acting_for(two_towns["third"]):
        set_setting("public_call_reports", False)
        db.session.commit()
    choice = client.get("/calls/report").get_data(as_text=True)
    # Only the towns that take reports from the public (the town's setting) are offered.
    assert "Which town are you in?" in choice and "Town of Elm Hollow" in choice and "Town of Far Hills" not in choice
    form = client.get(f"/calls/report?town={elm}").get_data(as_text=True)
    assert ELM_PHONE in form and f'action="/calls/report?town={elm}"' in form
    resp = client.post(f"/calls/report?town={elm}", data={
        "about": "6A1", "location_text": "Elm St by the mill", "description": "A dog loose in the road",
        "caller_name": "Pat Finder", "caller_phone": "3155550100"})
    assert resp.status_code == 302 and resp.headers["Location"] == f"/calls/report/sent?town={elm}"
    with app.app_context():
        call = db.session.scalars(db.select(Call).execution_options(all_towns=True)).one()
        assert call.town_id == elm


def test_no_town_taking_reports_from_the_public_is_no_page(app, client, two_towns):
    with app.app_context():
        for town in ("first", "second", "third"):
            with acting_for(two_towns[town]):
                set_setting("public_call_reports", False)
        db.session.commit()
    assert client.get("/calls/report").status_code == 404


def test_a_tag_not_on_file_lets_the_finder_pick_the_town(app, client, two_towns):
    resp = client.get("/t/not-a-token-of-ours")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 404 and "This tag is not on file" in html
    assert f'href="/found?town={two_towns["second"]}"' in html and 'id="report"' not in html


def test_a_tags_page_links_to_its_own_towns_pages(app, client, two_towns):
    from tests.factories import make_licensed_dog, make_owner
    with app.app_context(), acting_for(two_towns["second"]):
        token = make_licensed_dog(make_owner(), name="Pip").active_tag.token
        db.session.commit()
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert f'href="/found?town={two_towns["second"]}"' in html and "Town of Elm Hollow" in html


def test_a_report_sent_without_its_town_keeps_what_was_typed_until_the_town_is_tapped(app, client, two_towns):
    # A /found page opened before the deployment had several towns posts with no ?town.
    _elm_hollow_answers(app, two_towns)
    elm = two_towns["second"]
    typed = {"location": "Elm St by the mill", "description": "grey terrier", "finder_phone": "3155550100"}
    choice = client.post("/found", data=typed).get_data(as_text=True)
    assert "Which town are you in?" in choice and "What you wrote is kept" in choice
    for name, value in typed.items():
        assert f'name="{name}" value="{value}"' in choice
    assert f'formaction="/found?town={elm}"' in choice
    with app.app_context():
        assert db.session.scalars(db.select(FoundReport).execution_options(all_towns=True)).first() is None
    assert client.post(f"/found?town={elm}", data=typed).status_code == 302
    with app.app_context():
        report = db.session.scalars(db.select(FoundReport).execution_options(all_towns=True)).one()
        assert report.town_id == elm and report.location == "Elm St by the mill"
