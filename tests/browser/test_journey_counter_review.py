"""The counter and the admin after a usability review, by tapping on a 360 x 740 phone:

- a fee change never re-bills what was paid (§5(K), §8(C)(1) "set from time to time by
  resolution"): the clerk redeems a held dog and takes its fees, the admin raises the boarding
  fee, and the dog's record still owes nothing;
- a held dog that can't be licensed is told first (§8(C), §5(B)): the kennel board, the case and
  the license form say it needs a new rabies certificate, "Issue license" is disabled until one
  that fits is typed, and then the license is issued;
- the admin adds a user (no role until one is chosen) and edits the badge and phone later.

Its own server: the admin's fee change must not reach the other journeys' town."""
import re
import uuid
from datetime import timedelta

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, RabiesCertificate, User
from fieldapp.models.enforcement import Impoundment
from fieldapp.services.entries import submit_entry
from fieldapp.timeutil import to_local, utcnow

from ..databases import empty_database_uri
from ..roadside import EVERY_6A1_EXCEPTION
from .conftest import LiveServer
from .journey import Phone, phone_context

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def town(tmp_path_factory):
    server = LiveServer(empty_database_uri(tmp_path_factory.mktemp("review"), "live")).start()
    yield server
    server.kill()


@pytest.fixture
def phone(browser, town):
    context = phone_context(browser)
    yield Phone(context.new_page(), town.url)
    context.close()


def seize(server, name, expired_certificate=False):
    """The DCO's seizure of this morning, as the phone sends it (the roadside is walked elsewhere)."""
    with server.app().app_context():
        dog = db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        if expired_certificate:
            db.session.add(RabiesCertificate(dog=dog, vet_name="Dr. Hale", certificate_number="R-77",
                                             vaccinated_on=to_local(utcnow()).date() - timedelta(days=3 * 365 + 20),
                                             valid_until=to_local(utcnow()).date() - timedelta(days=20)))
            db.session.commit()
        at = to_local(utcnow()).replace(hour=0, minute=5, second=0, microsecond=0)
        outcome = submit_entry(dco, str(uuid.uuid4()), "seizure", utcnow().isoformat(), {
            "dog_id": str(dog.id), "dog_description": "", "codes": ["6A1"], "ruled_out": EVERY_6A1_EXCEPTION,
            "seized_at": at.strftime("%Y-%m-%dT%H:%M"), "location_text": "Harwood Dr"})
        assert outcome.status == 201, outcome.errors
        db.engine.dispose()


def owed_on_record(server, name):
    with server.app().app_context():
        from fieldapp.services.impoundment.fees import open_balances
        dog = db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()
        out = [(imp.status, str(b.total_owed)) for imp, b in open_balances([dog])]
        statuses = [i.status for i in db.session.scalars(db.select(Impoundment).filter_by(dog_id=dog.id))]
        db.engine.dispose()
    return out, statuses


def home(phone):
    phone.tap(phone.page.get_by_role("link", name=re.compile(r"Dog Control: start")),
              wait_for_url=f"{phone.base_url}/")


def sign_out(phone):
    home(phone)
    phone.tap_button("Sign out", wait_for_url=re.compile(r"/login\?signed_out=1"))
    phone.settle()


def test_a_fee_change_never_rebills_a_dog_redeemed_and_paid(phone, town):
    seize(town, "Bella")
    page = phone.page
    phone.start("clerk")
    phone.tap_link("Kennel board")
    card = page.locator("[data-held] > li", has_text="Bella")
    assert "$25.00" in card.inner_text()  # first impoundment $20.00, one day's boarding at $5.00
    phone.tap(card.get_by_role("link", name="Bella"), wait_for_url=re.compile(r"/field/impoundments/\d+$"))
    page.get_by_label("Identification shown").fill("NY driver license 402 118 330")
    phone.check_screen()
    phone.tap_button("Take $25.00 and release the dog", wait_for_url=re.compile(r"/field/receipts/R-\d{4}-\d{5}$"))
    assert owed_on_record(town, "Bella") == ([], ["redeemed"])
    sign_out(phone)

    # The Town Board raised the boarding fee: the admin enters it, from today.
    phone.start("admin")
    phone.tap_link("Town settings")
    page.get_by_label("Boarding fee for each day a seized dog is held").fill("7.50")
    page.locator("#fee_boarding_daily__authority").fill("Resolution 2026-31")
    phone.tap_button("Save settings", wait_for_url=re.compile(r"/admin/$"))
    assert "Saved 1 setting" in phone.text()
    sign_out(phone)

    # The clerk finds Bella: nothing owed, the case as it was paid.
    phone.start("clerk")
    phone.tap_link("Kennel board")
    ended = page.locator("[data-ended] > li", has_text="Bella")
    assert "owed" not in ended.inner_text()
    phone.tap(ended.get_by_role("link", name="Bella"), wait_for_url=re.compile(r"/field/impoundments/\d+$"))
    text = phone.text()
    assert "Boarding, 1 day at $5.00" in text
    assert "Owed now: $0.00" in text
    assert owed_on_record(town, "Bella") == ([], ["redeemed"])


def test_a_held_dog_that_cant_be_licensed_is_told_first_and_issue_waits_for_a_certificate(phone, town):
    seize(town, "Tucker", expired_certificate=True)  # never licensed; its certificate expired
    page = phone.page
    phone.start("clerk")
    phone.tap_link("Kennel board")
    card = page.locator("[data-held] > li", has_text="Tucker")
    assert "Needs a new rabies certificate before release" in card.inner_text()
    phone.tap(card.get_by_role("link", name="Tucker"), wait_for_url=re.compile(r"/field/impoundments/\d+$"))
    assert "Needs a new rabies certificate before release" in phone.text("#impound-redeem")
    phone.tap_link("License Tucker at the counter", wait_for_url=re.compile(r"/clerk/dogs/\d+/renew"))
    assert "Needs a new rabies certificate before release" in phone.text("#license-blocked")
    issue = page.locator("#issue-license")
    assert issue.is_disabled() and "Can't issue yet" in phone.text("#issue-actions")
    # The owner brought a new certificate.
    page.get_by_label("Certificate number").fill("R-2026-118")
    today = to_local(utcnow()).date()
    page.get_by_label("Date vaccinated").fill(today.isoformat())
    page.get_by_label("Vaccination valid until").fill(today.replace(year=today.year + 3).isoformat())
    page.wait_for_function("!document.getElementById('issue-license').disabled")
    phone.settle()
    page.get_by_label("Not spayed or neutered").check()
    page.get_by_label("1 year").check()
    phone.settle()
    phone.check_screen()
    phone.tap_button("Issue license", wait_for_url=re.compile(r"/clerk/licenses/\d+/certificate"))
    assert "Tucker" in phone.text()


def test_the_admin_adds_a_user_choosing_a_role_and_edits_badge_and_phone_later(phone, town):
    page = phone.page
    phone.start("admin")
    phone.tap_link("Users")
    role = page.get_by_label("Role", exact=True)
    assert role.input_value() == "" and "Choose a role" in role.inner_text()
    page.get_by_label("Full name (as printed on tickets)").fill("Pat Fuller")
    page.get_by_label("Username").fill("pfuller")
    page.get_by_label("Password (at least 10 characters)").fill("a long password")
    phone.tap_button("Add user")
    assert "Choose a role." in phone.text()
    role = page.get_by_label("Role", exact=True)
    role.select_option(label="Dog control officer")
    page.get_by_label("Password (at least 10 characters)").fill("a long password")
    phone.tap_button("Add user", wait_for_url=re.compile(r"/admin/users$"))
    assert "Pat Fuller can now sign in" in phone.text()
    phone.tap(page.get_by_role("link", name="Edit Pat Fuller"), wait_for_url=re.compile(r"/admin/users/\d+/edit$"))
    page.get_by_label("Badge or officer number").fill("DCO-4")
    page.get_by_label("Telephone").fill("315-555-0142")
    phone.check_screen()
    phone.tap_button("Save", exact=True, wait_for_url=re.compile(r"/admin/users$"))
    row = page.locator("li.user-row", has_text="Pat Fuller").inner_text()
    assert "Badge DCO-4" in row and "315-555-0142" in row and "Dog control officer" in row
    # The court's session: a day by name, a time from the phone's clock.
    home(phone)
    phone.tap_link("Town settings")
    phone.tap_link("The town", exact=True)  # the court is on the town's record
    phone.check_screen()
    assert page.locator("#court_session_time").get_attribute("type") == "time"
    assert page.locator("#court_session_weekday option:checked").inner_text() == "Wednesday"
