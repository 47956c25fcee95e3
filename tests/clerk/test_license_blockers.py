"""A held dog that can't be licensed is told first (§8(C) proof of licensing; §5(A)(4), §5(B) the
rabies certificate): the kennel board, the dog's page and the top of the license form say what
blocks the license, and "Issue license" is disabled until a certificate that fits is entered;
without JavaScript the form is sent back to be read again. Today is Wed 21 Oct 2026."""
from datetime import date

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, RabiesCertificate
from fieldapp.services.licensing import license_blocker, rabies_refusal
from fieldapp.services.licensing.application import RabiesEvidence

from ..factories import make_dog
from ..field.test_impoundment_outcomes import seize
from ..field.test_kennel import TODAY, as_user

EXPIRED = date(2026, 9, 30)


@pytest.fixture
def app(make_app):
    return make_app(FIXED_TODAY=TODAY)


def never_licensed_dog_with_an_expired_certificate(app) -> int:
    with app.app_context():
        dog = make_dog(name="Tucker")
        db.session.add(RabiesCertificate(dog=dog, vet_name="Dr. Hale", vaccinated_on=date(2023, 9, 30),
                                         valid_until=EXPIRED, certificate_number="R-1"))
        db.session.commit()
        return dog.id


def test_s5B_the_blocker_is_a_pure_check_of_the_evidence_on_file(app):
    with app.app_context():
        assert "expired on Wed 30 Sep 2026" in rabies_refusal(
            RabiesEvidence(valid_until=EXPIRED), TODAY)
        assert rabies_refusal(RabiesEvidence(valid_until=date(2029, 10, 1)), TODAY) is None
        assert rabies_refusal(RabiesEvidence(valid_until=None), TODAY) is None  # the form asks for the date
        assert license_blocker(None, TODAY) is None


def test_s8C_a_held_dog_that_cant_be_licensed_says_so_on_the_board_the_dogs_page_and_the_form(client, auth, app):
    tucker = never_licensed_dog_with_an_expired_certificate(app)
    auth.login("dco")
    imp_id = seize(client, app, dog_id=str(tucker), dog_description="", codes=["5A1"],
                   ruled_out=["5A1-under-4-months", "5H-dog-show"])
    as_user(client, auth, "clerk")
    board = client.get("/field/impoundments").get_data(as_text=True)
    row = board.split(f'data-impoundment="{imp_id}"')[1].split("</li></ul></li>")[0]
    assert "Needs a new rabies certificate before release" in row and "expired on" in row
    case = client.get(f"/field/impoundments/{imp_id}").get_data(as_text=True)
    assert 'id="license-blocked"' in case and "Needs a new rabies certificate before release" in case
    record = client.get(f"/clerk/dogs/{tucker}").get_data(as_text=True)
    assert 'id="license-blocked"' in record and "Needs a new rabies certificate before release" in record
    form = client.get(f"/clerk/dogs/{tucker}/renew").get_data(as_text=True)
    top = form.split('id="license-blocked"')[1].split("</p>")[0]
    assert form.index('id="license-blocked"') < form.index('id="license-form"')
    assert "Needs a new rabies certificate before release" in top and "Wed 30 Sep 2026" in top
    button = form.split('id="issue-license"')[1].split(">")[0]
    assert "disabled" in button and "Can't issue yet" in form and 'name="recheck"' in form


def test_s5A4_the_issue_button_opens_once_a_certificate_that_fits_is_entered(client, auth, app):
    tucker = never_licensed_dog_with_an_expired_certificate(app)
    auth.login("clerk")
    new_cert = {"rabies_kind": "certificate", "rabies_vaccinated_on": "2026-10-20",
                "rabies_valid_until": "2029-10-20", "altered": "no", "term_years": "1", "quote_dog": str(tucker)}
    quote = client.post("/clerk/licenses/quote", data=new_cert).get_data(as_text=True)
    button = quote.split('id="issue-actions"')[1]
    assert 'hx-swap-oob="true"' in button and "disabled" not in button.split('id="issue-license"')[1].split(">")[0]
    old = client.post("/clerk/licenses/quote", data={**new_cert, "rabies_valid_until": "2026-09-30"})
    assert "disabled" in old.get_data(as_text=True).split('id="issue-license"')[1].split(">")[0]
    # Without JavaScript: "Check the new rabies certificate" reads the form again, issues nothing.
    again = client.post(f"/clerk/dogs/{tucker}/renew", data={**new_cert, "rabies_vet": "Dr. Hale", "recheck": "1"})
    page = again.get_data(as_text=True)
    assert again.status_code == 200 and "disabled" not in page.split('id="issue-license"')[1].split(">")[0]
    assert 'value="2029-10-20"' in page
    with app.app_context():
        assert db.session.get(Dog, tucker).licenses == []
