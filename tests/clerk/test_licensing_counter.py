"""The clerk's counter done once (one-time keys on the money-taking forms) and §5(A)(3)
applications by mail: the fee enclosed must cover the fee, and a dog not yet on file."""
import re
import uuid
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, FormOnce, License, MailApplication, Payment, Receipt, Tag

from ..factories import make_licensed_dog
from .test_licensing_issue import TODAY, new_dog_form


@pytest.fixture
def app(app):
    app.config["FIXED_TODAY"] = TODAY
    return app


def _key(page: str) -> str:
    return re.search(r'name="once_key" value="([0-9a-f-]{36})"', page).group(1)


def _count(model, **by):
    return db.session.scalar(db.select(db.func.count()).select_from(model).filter_by(**by))


def _scouts():
    return db.session.scalars(db.select(Dog).filter_by(name="Scout")).all()


# --- exactly once ------------------------------------------------------------------------------

def test_counter_double_submit_issues_one_license(clerk, app):
    """A double tap, or a retry after a lost answer, on the license form: one license, one ID
    number, one tag, one receipt; the second answer is the first one's certificate."""
    key = _key(clerk.get("/clerk/licenses/new").get_data(as_text=True))
    with app.app_context():
        receipts, licenses, tags = _count(Receipt), _count(License), _count(Tag)
    first = clerk.post("/clerk/licenses/new", data=new_dog_form(once_key=key))
    assert first.status_code == 302 and "/certificate" in first.headers["Location"]
    again = clerk.post("/clerk/licenses/new", data=new_dog_form(once_key=key))
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    assert "sent already" in clerk.get(again.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        assert len(_scouts()) == 1
        assert (_count(Receipt), _count(License), _count(Tag)) == (receipts + 1, licenses + 1, tags + 1)
        assert db.session.get(FormOnce, key).form == "license"


def test_counter_refused_form_gives_its_key_back_for_the_corrected_form(clerk, app):
    key = str(uuid.uuid4())
    r = clerk.post("/clerk/licenses/new", data=new_dog_form(once_key=key, rabies_vet=""))
    assert r.status_code == 422 and f'value="{key}"' in r.get_data(as_text=True)  # the same key, shown back
    with app.app_context():
        assert db.session.get(FormOnce, key) is None
    assert clerk.post("/clerk/licenses/new", data=new_dog_form(once_key=key)).status_code == 302
    with app.app_context():
        assert len(_scouts()) == 1


def test_replacement_tag_double_submit_charges_once(clerk, app):
    with app.app_context():
        max_id = make_licensed_dog().id  # a licensed dog with its tag
        db.session.commit()
        before = _count(Payment, dog_id=max_id, kind="replacement_tag")
    key = str(uuid.uuid4())
    for _ in range(2):
        r = clerk.post(f"/tags/replace/{max_id}", data={"method": "cash", "once_key": key})
        assert r.status_code in (302, 303)
    with app.app_context():
        assert _count(Payment, dog_id=max_id, kind="replacement_tag") == before + 1


def test_mail_in_double_submit_records_one_application(clerk, app):
    key = str(uuid.uuid4())
    data = {"applicant_name": "Dana Whitaker", "applicant_address": "9 Orchard St, Sandy Creek, NY 13145",
            "dog_name": "Pepper", "received_on": TODAY.isoformat(), "method": "check", "reference": "311",
            "amount": "21.00", "once_key": key}
    first = clerk.post("/clerk/mail/new", data=data)
    again = clerk.post("/clerk/mail/new", data=data)
    assert first.status_code == 302 and again.headers["Location"] == first.headers["Location"]
    with app.app_context():
        assert _count(MailApplication, dog_name="Pepper") == 1


# --- §5(A)(3) by mail ---------------------------------------------------------------------------

def _mail_for_a_new_dog(clerk, amount: str) -> int:
    r = clerk.post("/clerk/mail/new", data={
        "applicant_name": "Ellen Ramsey", "applicant_address": "42 Lake Rd, Sandy Creek, NY 13145",
        "dog_name": "Scout", "received_on": TODAY.isoformat(), "method": "check", "reference": "5150",
        "amount": amount})
    assert r.status_code == 302, r.get_data(as_text=True)
    return int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def test_s5A3_mail_in_short_of_the_fee_is_held_with_how_much_is_missing(clerk, app):
    """§5(A)(3) "If licensing or renewing a license by mail, the appropriate fee must accompany
    the licensing forms": a check for less than the fee puts the application on hold, nothing
    issued or taken, and the application and its letter say how much is missing."""
    mail_id = _mail_for_a_new_dog(clerk, "15.00")
    page = clerk.get(f"/clerk/licenses/new?mail={mail_id}").get_data(as_text=True)
    assert 'value="Scout"' in page and 'value="Ellen"' in page and 'value="5150"' in page
    # A 2-year license of an altered dog: $10.00 x 2 + $1.00 = $21.00.
    r = clerk.post(f"/clerk/licenses/new?mail={mail_id}", data=new_dog_form(method="check", reference="5150"))
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/clerk/mail/{mail_id}")
    page = clerk.get(r.headers["Location"]).get_data(as_text=True)
    assert "$6.00 short" in page and "The rest of the fee: $6.00" in page
    with app.app_context():
        ma = db.session.get(MailApplication, mail_id)
        assert ma.status == "on_hold" and ma.fee_due == Decimal("21.00") and ma.shortfall == Decimal("6.00")
        assert ma.license is None and _scouts() == []
    assert clerk.get(f"/clerk/mail/{mail_id}/letter.pdf").data.startswith(b"%PDF")
    refused = clerk.post(f"/clerk/licenses/new?mail={mail_id}", data=new_dog_form(method="check", reference="5150"))
    assert refused.status_code == 422 and "on hold" in refused.get_data(as_text=True)


def test_s5A3_mail_in_for_a_dog_not_on_file_issued_when_the_rest_came_receipt_says_what_came(clerk, app):
    """§5(A)(3) "All dog licenses may be purchased from the office of the Town Clerk in person
    or by regular mail": an application for a dog not yet on file is recorded, and the counter's
    new-dog form makes the dog when the license is issued; the receipt records what was received
    (the check and the money that came later, $1.00 over the fee)."""
    mail_id = _mail_for_a_new_dog(clerk, "15.00")
    clerk.post(f"/clerk/licenses/new?mail={mail_id}", data=new_dog_form(method="check", reference="5150"))
    r = clerk.post(f"/clerk/mail/{mail_id}/documents", data={"amount_added": "7.00"})
    assert r.status_code == 302
    r = clerk.post(f"/clerk/licenses/new?mail={mail_id}", data=new_dog_form(method="check", reference="5150"))
    assert r.status_code == 302 and "/certificate" in r.headers["Location"]
    page = clerk.get(r.headers["Location"]).get_data(as_text=True)
    assert "Received $22.00: $1.00 over the fee" in page
    with app.app_context():
        ma = db.session.get(MailApplication, mail_id)
        (scout,) = _scouts()
        assert ma.status == "issued" and ma.dog_id == scout.id and ma.license.dog_id == scout.id
        receipt = ma.license.receipt
        assert receipt.total == Decimal("21.00") and receipt.amount_received == Decimal("22.00")
        assert receipt.reference == "5150" and receipt.payer_name == "Ellen Ramsey"


def test_s5A3_mail_in_for_a_dog_not_on_file_needs_the_applicant_and_the_dog(clerk):
    r = clerk.post("/clerk/mail/new", data={"received_on": TODAY.isoformat(), "method": "check",
                                            "reference": "12", "amount": "21.00", "dog_name": "Pepper"})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "Enter the applicant&#39;s name" in page and 'value="Pepper"' in page


def test_counter_same_key_from_several_clients_at_once_issues_one_license(app):
    """Retries racing the first request (four clients, one key, released together): the key is
    claimed before anything is written, so one license and one receipt; every other answer
    is the first one's certificate."""
    import threading

    from fieldapp.demo import DEMO_PASSWORD
    key = str(uuid.uuid4())
    clients = [app.test_client() for _ in range(4)]
    for c in clients:
        c.post("/login", data={"username": "clerk", "password": DEMO_PASSWORD})
    with app.app_context():
        receipts = _count(Receipt)
    barrier, answers = threading.Barrier(len(clients)), []

    def post(c):
        barrier.wait(timeout=30)
        r = c.post("/clerk/licenses/new", data=new_dog_form(once_key=key))
        answers.append((r.status_code, r.headers.get("Location")))

    threads = [threading.Thread(target=post, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    # On SQLite a writer that waited past the lock's timeout is told 503 (try again, nothing
    # written); whoever is answered is sent to the one license.
    assert len(answers) == 4 and all(code in (302, 303, 503) for code, _ in answers), answers
    assert len({where for code, where in answers if code != 503}) == 1
    with app.app_context():
        assert len(_scouts()) == 1 and _count(Receipt) == receipts + 1
