"""§4(I) with no signal: Pepper's owner of record is 15; the DCO's phone, offline, opens her card
from its copy and reads that the guardian or head of household answers for her."""
import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog

from .conftest import sign_in
from .test_offline_field_flow import wait_ready

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    yield context
    context.close()


def test_s4I_offline_card_names_the_minor_owners_guardian(phone, live_server):
    """§4(I) "the legal guardian or head of the household in which said minor resides shall be
    deemed to have custody and control of said dog"."""
    with live_server.app().app_context():
        pepper = db.session.execute(db.select(Dog.id).filter_by(name="Pepper")).scalar_one()
        db.engine.dispose()
    page = phone.new_page()
    base = live_server.url
    sign_in(page, base, "dco")
    wait_ready(page)
    phone.set_offline(True)
    response = page.goto(f"{base}/field/dogs/{pepper}")
    assert response.from_service_worker
    page.locator("#status-card").wait_for()
    minor = page.locator(".minor-owner")
    assert minor.is_visible() and "Ruth Renwick" in minor.inner_text() and "§4(I)" in minor.inner_text()
