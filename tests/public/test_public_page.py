"""The public tag page /t/<token>: helps the dog home, never says where people live."""
import re
from datetime import date, timedelta

from fieldapp.extensions import db
from fieldapp.models import Dog, Owner, Tag
from fieldapp.models.public import TagScan
from fieldapp.services.licensing import RabiesEvidence
from fieldapp.timeutil import local_today
from tests.factories import make_licensed_dog, make_owner


def tag_of(app, change=None, owner=None, **kw) -> str:
    """The active tag's token of a dog licensed for the test (as `make_licensed_dog(**kw)`,
    owned by `make_owner(**owner)`); `change(dog)` then alters its record."""
    with app.app_context():
        dog = make_licensed_dog(owner=make_owner(**(owner or {})), **kw)
        if change:
            change(dog)
        db.session.commit()
        return dog.active_tag.token


def license_ended_40_days_ago(dog):
    dog.licenses[0].expires_on = local_today() - timedelta(days=40)


def rabies_ended_10_days_ago(dog):
    dog.rabies_certificates[0].valid_until = local_today() - timedelta(days=10)


VET_STATEMENT = {"rabies": RabiesEvidence(kind="vet_statement", vet_name="Dr. Hale", exempt_reason="Too frail")}


def _owner_strings(owner, include_phone=True):
    """Everything about an owner that must never reach a finder."""
    items = [owner.first_name, owner.last_name, owner.full_name, owner.address, owner.full_address]
    if owner.email:
        items += [owner.email, owner.email.split("@")[0]]
    if owner.guardian_name:
        items.append(owner.guardian_name)
    if include_phone:
        digits = re.sub(r"\D", "", owner.phone)
        items += [owner.phone, digits, digits[-7:], f"{digits[-7:-4]}-{digits[-4:]}"]
    return items


def _found(html, needle):
    return re.search(rf"(?<![\w]){re.escape(needle)}(?![\w])", html) is not None


def test_no_owner_data_on_any_demo_dogs_public_page(app, client, tokens):
    """Every demo dog's active tag page, checked against ALL demo owners' data."""
    with app.app_context():
        owners = list(db.session.execute(db.select(Owner)).scalars())
        dogs = {d.name: d for d in db.session.execute(db.select(Dog)).scalars()}
        # The one thing allowed: a phone of an owner of THIS dog who opted in.
        allowed_phones = {name: {o.phone for o in d.owners if o.show_phone_publicly and o.phone_optin_on}
                          for name, d in dogs.items()}
        forbidden = {o.id: (o, _owner_strings(o, include_phone=False), _owner_strings(o)) for o in owners}
    assert len(tokens) == 18 and len(owners) == 19  # §4(I) Pepper, her minor owner and guardian; §5(A)(4) Clover and Hazel
    for name, token in tokens.items():
        resp = client.get(f"/t/{token}")
        assert resp.status_code == 200, name
        html = resp.get_data(as_text=True)
        assert name in html
        for owner, no_phone, with_phone in forbidden.values():
            strings = no_phone if owner.phone in allowed_phones[name] else with_phone
            leaked = [s for s in strings if s and _found(html, s)]
            assert not leaked, f"{name}'s page shows owner data {leaked}"


def test_page_shows_what_a_finder_needs(app, client):
    token = tag_of(app, name="Luna", sex="F", breed="Siberian Husky", color="grey and white", markings="blue eyes")
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert "This is Luna" in html
    assert "Siberian Husky" in html and "grey and white" in html and "Female" in html and "blue eyes" in html
    assert 'href="tel:+13153875555"' in html  # the DCO's number from the setting dco_phone, a tel: link
    assert "(315) 387-5555" in html
    assert re.search(r"Licensed in the Town of Sandy Creek</dt><dd>Yes", html)
    assert re.search(r"Rabies vaccination</dt><dd>Current", html)
    assert 'action="/t/' in html and 'name="location"' in html and 'name="finder_phone"' in html
    assert "reported missing" not in html


def test_yes_no_only_no_dates_or_numbers(app, client):
    """Licence and rabies are yes/no: no expiry dates, license or certificate numbers."""
    token = tag_of(app, license_ended_40_days_ago)
    with app.app_context():
        duke = db.session.execute(db.select(Tag).filter_by(token=token)).scalar_one().dog
        secrets = [duke.licenses[0].number, duke.rabies_certificates[0].certificate_number,
                   duke.licenses[0].expires_on.isoformat(), str(duke.id_number)]
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert re.search(r"Licensed in the Town of Sandy Creek</dt><dd>No", html)  # expired 40 days ago
    for s in secrets:
        assert s not in html
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", html)


def test_rabies_current_only_for_a_valid_certificate(app, client):
    """§5(B)(2): a vet's statement in lieu is not a vaccination: a finder reads "Not on file"."""
    daisy = client.get(f"/t/{tag_of(app, license=VET_STATEMENT)}").get_data(as_text=True)
    rocky = client.get(f"/t/{tag_of(app, rabies_ended_10_days_ago)}").get_data(as_text=True)
    assert re.search(r"Rabies vaccination</dt><dd>Not on file", daisy)
    assert re.search(r"Rabies vaccination</dt><dd>Not on file", rocky)


def test_lost_dog_is_shown_as_reported_missing(app, client):
    html = client.get(f"/t/{tag_of(app, name='Penny', status='lost')}").get_data(as_text=True)
    assert "Penny has been reported missing" in html


def test_opted_in_phone_appears_only_when_opted_in(app, client):
    tokens = {"Max": tag_of(app, name="Max", owner={"show_phone_publicly": True,
                                                    "phone_optin_on": date(2026, 5, 1)}),
              "Luna": tag_of(app, name="Luna")}
    with app.app_context():
        max_owner = db.session.execute(db.select(Tag).filter_by(token=tokens["Max"])).scalar_one().dog.primary_owner
        luna_owner = db.session.execute(db.select(Tag).filter_by(token=tokens["Luna"])).scalar_one().dog.primary_owner
        assert max_owner.show_phone_publicly and max_owner.phone_optin_on
        max_phone, luna_phone = max_owner.phone, luna_owner.phone
    max_html = client.get(f"/t/{tokens['Max']}").get_data(as_text=True)
    assert max_phone in max_html and "Call Max's owner" in max_html
    assert max_owner.first_name not in max_html and max_owner.address not in max_html
    luna_html = client.get(f"/t/{tokens['Luna']}").get_data(as_text=True)
    assert luna_phone not in luna_html and "owner<br>" not in luna_html
    # Opting in without the clerk's recorded date does not count; opting out hides it again.
    with app.app_context():
        o = db.session.get(Owner, luna_owner.id)
        o.show_phone_publicly = True
        db.session.commit()
    assert luna_phone not in client.get(f"/t/{tokens['Luna']}").get_data(as_text=True)
    with app.app_context():
        o = db.session.get(Owner, luna_owner.id)
        o.phone_optin_on = date(2025, 1, 2)
        db.session.commit()
    assert luna_phone in client.get(f"/t/{tokens['Luna']}").get_data(as_text=True)
    with app.app_context():
        o = db.session.get(Owner, max_owner.id)
        o.show_phone_publicly = False
        db.session.commit()
    assert max_phone not in client.get(f"/t/{tokens['Max']}").get_data(as_text=True)


def assert_only_the_location_script(html):
    """The finder's pages work without JavaScript; the one small script only offers "Share my location"
    (its button is hidden until the script finds the phone can locate itself)."""
    assert re.findall(r"<script[^>]*>", html.lower()) == ['<script src="/static/js/share-location.js" defer>']
    assert re.search(r'<button type="button"[^>]*data-share-location="location" hidden>Share my location', html)


def test_unknown_retired_and_blank_tokens_answer_the_same_plain_404(app, client, tokens, retired_token):
    answers = []
    for token in ("NOSUCHTOKEN00001", retired_token, "BLANKTOKEN000001"):
        for path in (f"/t/{token}", f"/t/{token}/photo.jpg"):
            resp = client.get(path)
            answers.append((resp.status_code, resp.get_data(), resp.headers.get("Content-Type")))
    assert {a[0] for a in answers} == {404}
    assert len(set(answers)) == 1, "unknown, retired and blank tokens must be byte-identical"
    body = answers[0][1].decode()
    assert "Max" not in body
    # Never left without a number: the officer's phone and the found-dog form (§8).
    assert 'href="tel:' in body and 'action="/found#report"' in body
    assert_only_the_location_script(body)
    # Messages to a retired token are refused the same way, and nothing is stored.
    resp = client.post(f"/t/{retired_token}/message", data={"location": "here", "finder_phone": "3155551234"})
    assert resp.status_code == 404 and resp.get_data() == answers[0][1]


def test_page_is_under_30kb_with_css_and_has_no_script(app, client):
    tokens = {"Max": tag_of(app, name="Max", owner={"show_phone_publicly": True, "phone_optin_on": date(2026, 5, 1)}),
              "Penny": tag_of(app, name="Penny", status="lost"),
              "Bella": tag_of(app, name="Bella", sex="F", markings="notched left ear", altered=True)}
    for name in ("Max", "Penny", "Bella"):
        resp = client.get(f"/t/{tokens[name]}")
        html = resp.get_data(as_text=True)
        assert_only_the_location_script(html)
        assert "htmx" not in html and "app.js" not in html and "app.css" not in html
        assert not re.search(r"https?://", re.sub(r'href="tel:[^"]*"', "", html)), "no external loads"
        assert "style=" not in html  # no inline styles: one small stylesheet
        css_links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
        assert css_links == ["/static/css/public.css"]
        total = len(resp.get_data()) + sum(len(client.get(href).get_data()) for href in css_links)
        assert total < 30 * 1024, f"{name}: {total} bytes"


def test_public_scans_are_logged_coarsely(app, client):
    tokens = {"Bear": tag_of(app, name="Bear")}
    ua = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/126.0 Mobile Safari/537.36")
    client.get(f"/t/{tokens['Bear']}", headers={"User-Agent": ua},
               environ_base={"REMOTE_ADDR": "203.0.113.77"})
    with app.app_context():
        scans = list(db.session.execute(db.select(TagScan)).scalars())
        assert len(scans) == 1
        assert scans[0].client_info == "Android Chrome · 203.0.x.x"
        assert "113" not in scans[0].client_info and "77" not in scans[0].client_info
        bear = db.session.execute(db.select(Tag).filter_by(token=tokens["Bear"])).scalar_one().dog
        assert scans[0].dog_id == bear.id


def test_signed_in_officer_views_are_not_public_scans(app, client, auth):
    from fieldapp.public.pages import found_dog_page
    tokens = {"Bear": tag_of(app, name="Bear")}
    auth.login("dco")
    client.get(f"/t/{tokens['Bear']}")  # the status card (tags area), or our page: never a public scan
    with app.test_request_context(f"/t/{tokens['Bear']}"):
        from flask_login import login_user

        from fieldapp.models import User
        login_user(db.session.execute(db.select(User).filter_by(username="dco")).scalar_one())
        tag = db.session.execute(db.select(Tag).filter_by(token=tokens["Bear"])).scalar_one()
        assert found_dog_page(tag).status_code == 200
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(TagScan.id))).scalar() == 0


def test_photo_served_by_token_only_for_an_active_tag(app, client):
    from fieldapp.services.tags import replace_tag
    from tests.photos import jpeg_with_exif
    tokens = {"Luna": tag_of(app, name="Luna")}  # no photo
    with app.app_context():
        dog = make_licensed_dog(name="Max")
        retired_token = dog.active_tag.token
        replace_tag(dog, local_today(), None)
        dog.photo = jpeg_with_exif((120, 90))
        db.session.commit()
        dog_id, tokens["Max"] = dog.id, dog.active_tag.token
    html = client.get(f"/t/{tokens['Max']}").get_data(as_text=True)
    assert f'src="/t/{tokens["Max"]}/photo.jpg"' in html
    resp = client.get(f"/t/{tokens['Max']}/photo.jpg")
    assert resp.status_code == 200 and resp.mimetype == "image/jpeg" and resp.data[:2] == b"\xff\xd8"
    assert client.get(f"/t/{retired_token}/photo.jpg").status_code == 404  # same dog, retired tag
    assert client.get(f"/t/{tokens['Luna']}/photo.jpg").status_code == 404  # no photo
    assert client.get(f"/dogs/{dog_id}/photo.jpg").status_code == 404


def test_found_without_a_tag_page(app, client, tokens):
    resp = client.get("/found")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Found a dog without a tag?" in html
    assert 'href="tel:+13153875555"' in html
    assert_only_the_location_script(html)
    assert 'name="description"' in html and 'name="location"' in html
