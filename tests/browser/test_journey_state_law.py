"""Example Town, the demo's second town, under the state law alone (Agriculture and Markets Law
Article 7, no local dog law), walked on a 360 px phone: sign in, start at `/`, tap what is on screen.
- Its Town Clerk licenses a dog at the counter: the fee cites AML §110, the population control
  surcharge is on it (AML §110(3): "at least three dollars for unaltered dogs"), and the
  certificate and receipt, on screen and as a PDF file, are Example Town's.
- The dog control officer both towns share (AML §113(2)) picks Example Town on the start page,
  records a violation with no signal citing AML §118(1), and it is sent once when the signal is
  back: the server holds it as Example Town's, and its page cites the state law.
- Acting for Sandy Creek with no signal, the same officer says a violation happened in Example
  Town: the phone brings Example Town's form (kept for no signal), with the state law's offences.
Its own server: the journeys' server has one town, and its other journeys rely on that."""
import re

import pytest
from dateutil.relativedelta import relativedelta

from fieldapp.demo.example_town import EXAMPLE_TOWN, seed_example_town
from fieldapp.extensions import db
from fieldapp.models import Dog, Town
from fieldapp.models.enforcement import Violation
from fieldapp.timeutil import local_today
from tests.browser.conftest import LiveServer, town_today

from ..databases import empty_database_uri
from ..pdf_layout import pdf_text
from .journey import Phone, phone_context
from .test_files_arrive_as_files import tap_for_file
from .test_pick_town import kept_form_offers

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def two_town_server(tmp_path_factory):
    server = LiveServer(empty_database_uri(tmp_path_factory.mktemp("state-law"), "live")).start()
    with server.app().app_context():
        seed_example_town(local_today())
        db.session.commit()
        db.engine.dispose()
    yield server
    server.kill()


@pytest.fixture
def phone(browser, two_town_server):
    context = phone_context(browser, permissions=["geolocation"],
                            geolocation={"latitude": 43.6512, "longitude": -76.0871, "accuracy": 15})
    yield Phone(context.new_page(), two_town_server.url)
    context.close()


def example_town_id(server):
    with server.app().app_context():
        town_id = db.session.execute(db.select(Town.id).filter_by(name=EXAMPLE_TOWN)).scalar_one()
        db.engine.dispose()
    return town_id



def test_aml110_example_towns_clerk_licenses_an_unaltered_dog_under_the_state_law(phone, two_town_server):
    page = phone.page
    phone.start("clerk2")
    assert "Example Town" in phone.text("header") and "Sandy Creek" not in phone.text("body")
    phone.tap_link("License a dog")
    today = town_today()
    fills = {
        "#owner-first_name": "Dana", "#owner-last_name": "Stateside", "#owner-address": "3 Example Rd",
        "#owner-phone": "(315) 555-0177",
        "#dog-name": "Pipkin", "#dog-born_on": (today - relativedelta(years=2)).isoformat(),
        "#dog-breed": "Beagle", "#dog-color": "tricolor",
        "#rabies_vet": "Example Veterinary Clinic", "#rabies_vaccinated_on": (today - relativedelta(days=30)).isoformat(),
    }
    for selector, value in fills.items():
        page.fill(selector, value)
    page.locator("#dog-sex-1").tap()
    page.locator("input[name=altered][value=no]").tap()
    page.fill("#rabies_valid_until", (today + relativedelta(years=2)).isoformat())
    page.locator("#term-1").wait_for()
    page.locator("#term-1").tap()
    phone.settle()
    phone.check_screen()
    fee = page.locator("#fee .fee-lines")
    fee.wait_for()
    lines = fee.locator("tbody tr").all_inner_texts()
    # AML §110: the state's fee; every line cites the state law, none the local law's §5.
    assert lines and all("AML §110" in ln for ln in lines), lines
    assert not any("§5" in ln for ln in lines), lines
    # AML §110(3): "at least three dollars for unaltered dogs" to the population control fund.
    # The surcharge's line cites its subdivision, the town's own fee §110(1).
    surcharge = [ln for ln in lines if "population control" in ln]
    assert len(surcharge) == 1 and "unaltered" in surcharge[0] and surcharge[0].endswith("$3.00"), lines
    assert "AML §110(3)" in surcharge[0], lines

    phone.tap(page.locator("#issue-license"), wait_for_url="**/certificate")
    cert = phone.text()
    assert "Pipkin" in cert and "Dana Stateside" in cert
    assert "Example Town" in page.locator(".cert-town").inner_text()
    assert "Sandy Creek" not in phone.text("body")
    assert "AML" in page.locator(".cert-law").inner_text() and "Section 5" not in page.locator(".cert-law").inner_text()
    assert page.locator("#receipt").is_visible()
    assert "$3.00" in page.locator(".certificate .fee-lines").inner_text()

    pdf = tap_for_file(phone, page.get_by_role("link", name="Certificate and receipt (PDF)"),
                       r"license-[\w-]+\.pdf", b"%PDF")
    text = pdf_text(pdf.path())
    assert "Example Town" in text and "Sandy Creek" not in text, text
    assert "Pipkin" in text and "§110" in text
    with two_town_server.app().app_context():
        dog = db.session.scalars(db.select(Dog).filter_by(name="Pipkin").execution_options(all_towns=True)).one()
        assert dog.town_id == example_town_id(two_town_server)
        db.engine.dispose()


def ready(phone):
    phone.page.wait_for_function("window.outbox !== undefined")
    phone.page.evaluate("window.outbox.ready")


def record_dog_not_identified(phone, description, place):
    """AML §118(1)(b) for a dog with no tag, recorded with no signal: it waits in the outbox."""
    page = phone.page
    page.locator("#dog_description").fill(description)
    page.get_by_role("checkbox", name=re.compile(r"^Dog not identified")).tap()
    page.get_by_label("Where (address, or road and landmark)").fill(place)
    page.get_by_role("checkbox", name=re.compile("None of these applies")).tap()
    phone.tap_button("Record violation", wait_for_url=re.compile(r"/field/next\?entry="))
    ready(phone)
    assert int(page.text_content("#outbox-count")) == 1


def test_aml118_the_shared_dco_picks_example_town_and_records_a_violation_offline(phone, two_town_server):
    town_id = example_town_id(two_town_server)
    page = phone.page
    phone.start("dco")
    assert page.locator(".brand").inner_text().split() == ["Acting", "for", "Sandy", "Creek"]
    phone.tap_button("Act for Example Town", wait_for_url=f"{phone.base_url}/")
    page.wait_for_selector("[data-acting-for='Example Town']")
    phone.check_screen()
    assert page.locator(".brand").inner_text().split() == ["Acting", "for", "Example", "Town"]
    assert "You act for Town of Example Town" in phone.text("#towns")
    # The phone keeps the violation form as Example Town's (its law's offences) before the signal goes.
    assert kept_form_offers(page, "AML118-1b")

    page.context.set_offline(True)
    phone.check_styles = False  # offline, a full load of the same address cannot be compared
    page.get_by_role("link", name="Record violation", exact=True).tap()
    page.wait_for_url(re.compile(r"/field/violations/new$"))
    page.wait_for_selector("form.entry-form")
    ready(phone)
    phone.check_screen()
    offences = page.locator("fieldset.offences").inner_text()
    # AML §118(1)'s offences, not the local law's (§6(A)(1) running at large, §5(A)(1) unlicensed).
    assert "§118(1)(b)" in offences and "Dog not identified" in offences
    assert "§6(A)" not in offences and "Running at large" not in offences
    # An officer of two towns may say where it happened; left as it is, the town acted for.
    town_select = page.get_by_label("Town where it happened")
    assert town_select.input_value() == ""
    assert town_select.locator("option").all_inner_texts()[1:] == ["Example Town", "Sandy Creek"]
    record_dog_not_identified(phone, "Brown hound, no collar, state law journey", "Example Rd by the town hall")

    page.context.set_offline(False)
    page.get_by_role("link", name=re.compile("^Outbox")).first.tap()
    page.wait_for_url(re.compile(r"/outbox"))
    ready(phone)
    page.get_by_role("button", name="Sync now").tap()
    page.wait_for_function("document.getElementById('outbox-count').textContent === '0'")
    page.evaluate("window.outbox.flush('manual')")
    page.wait_for_selector("#outbox-sent li")
    assert page.locator("#outbox-sent li").count() == 1

    with two_town_server.app().app_context():
        got = db.session.scalars(db.select(Violation).execution_options(all_towns=True)
                                 .filter(Violation.location_text == "Example Rd by the town hall")).all()
        assert len(got) == 1, "sent once"
        violation = got[0]
        assert violation.town_id == town_id
        violation_id = violation.id
        db.engine.dispose()

    phone.check_styles = True
    phone.tap_link("Open the record", wait_for_url=re.compile(rf"/field/violations/{violation_id}$"))
    shown = phone.text()
    assert "AML §118(1)(b)" in shown and "Dog not identified" in shown
    assert "Sandy Creek" not in phone.text("body")


def test_aml118_acting_for_sandy_creek_offline_a_violation_in_example_town_is_on_its_form(phone, two_town_server):
    """AML §118(1)(b): "any owner to fail to have any dog identified as required by this article" is
    an offence in Example Town (the state law alone), not Sandy Creek's. The officer both towns share
    acts for Sandy Creek, loses signal, and records it as happening in Example Town: on Example
    Town's form, kept on the phone, and judged by Example Town's law."""
    town_id = example_town_id(two_town_server)
    page = phone.page
    phone.start("dco")
    assert page.locator(".brand").inner_text().split() == ["Acting", "for", "Sandy", "Creek"]
    # The phone keeps Example Town's violation form (`?town=`): the state law's offences.
    assert kept_form_offers(page, "AML118-1a", f"/field/violations/new?town={town_id}")

    page.context.set_offline(True)
    phone.check_styles = False  # offline, a full load of the same address cannot be compared
    page.get_by_role("link", name="Record violation", exact=True).tap()
    page.wait_for_url(re.compile(r"/field/violations/new$"))
    page.wait_for_selector("input[name=codes][value='6A1']")
    ready(phone)
    page.get_by_label("Town where it happened").select_option(label="Example Town")
    page.wait_for_url(re.compile(rf"/field/violations/new\?town={town_id}$"))
    page.wait_for_selector("input[name=codes][value='AML118-1a']")
    ready(phone)
    phone.check_screen()
    offences = page.locator("fieldset.offences").inner_text()
    assert "§118(1)(b)" in offences and "Running at large" not in offences
    assert page.get_by_label("Town where it happened").input_value() == str(town_id)
    assert not page.locator("[data-town-law-warning]").is_visible()
    assert page.locator(".brand").inner_text().split() == ["Acting", "for", "Sandy", "Creek"]
    record_dog_not_identified(phone, "Grey collie, no tag, picked town journey", "Example Rd at the creek bridge")

    page.context.set_offline(False)
    page.evaluate("window.outbox.flush('manual')")
    page.wait_for_function("document.getElementById('outbox-count').textContent === '0'")
    with two_town_server.app().app_context():
        got = db.session.scalars(db.select(Violation).execution_options(all_towns=True)
                                 .filter(Violation.location_text == "Example Rd at the creek bridge")).all()
        assert [(v.town_id, v.codes) for v in got] == [(town_id, ["AML118-1b"])], "sent once, Example Town's"
        db.engine.dispose()


def test_a_finder_in_a_deployment_of_two_towns_reaches_the_right_towns_officer(phone, two_town_server):
    """A tag not on file names no town: the finder picks the town where they are, and the number,
    the report and the thanks are that town's. From a tag's page, the link to "found without a
    tag" is the tag's own town's."""
    from fieldapp.models.public import FoundReport
    page = phone.page
    page.goto(f"{phone.base_url}/t/NOSUCHTOKEN0001")
    phone.check_screen()
    assert "Choose the town where you found the dog" in phone.text()
    phone.tap_link(f"Town of {EXAMPLE_TOWN}", wait_for_url="**/found?town=*")
    assert "(315) 555-0100" in phone.text() and f"Town of {EXAMPLE_TOWN}" in phone.text("header")
    page.locator("#location").fill("Route 3 by the feed store")
    page.locator("#description").fill("Black and white collie, no collar")
    page.get_by_label("Your phone").fill("315-555-0144")
    phone.tap_button("Send to the dog control officer", wait_for_url="**/found/thanks**")
    assert "Thank you" in phone.text() and "(315) 555-0100" in phone.text("body")
    town_id = example_town_id(two_town_server)
    with two_town_server.app().app_context():
        report = db.session.execute(db.select(FoundReport).filter_by(location="Route 3 by the feed store")
                                    .execution_options(all_towns=True)).scalar_one()
        db.engine.dispose()
    assert report.town_id == town_id
    # A tag of Example Town: its page's "found without a tag" link goes to Example Town's page.
    with two_town_server.app().app_context():
        from fieldapp.models import Tag
        token = db.session.execute(db.select(Tag.token).join(Dog, Tag.dog_id == Dog.id)
                                   .where(Dog.town_id == town_id, Tag.status == "active")
                                   .execution_options(all_towns=True)).scalars().first()
        db.engine.dispose()
    page.goto(f"{phone.base_url}/t/{token}")
    phone.tap_link("Found a dog without a tag?", wait_for_url=f"**/found?town={town_id}")
    assert "(315) 555-0100" in phone.text()
