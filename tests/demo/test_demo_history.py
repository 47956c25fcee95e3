"""The bulk town's five years of past (fieldapp/demo/history/): licenses and enforcement
records shaped as the app's own services make them, the current license and certificate of
each dog untouched, and the status card, the tag API and the offline copy on top of it."""
from collections import Counter
from datetime import timedelta
from decimal import Decimal

import pytest
from dateutil.relativedelta import relativedelta

from fieldapp import create_app
from fieldapp.cli import DEMO_PASSWORD, seed_demo
from fieldapp.extensions import db
from fieldapp.models import Dog, FieldEntry, License, Payment, Receipt, Tag, User
from fieldapp.models.court import Disposition
from fieldapp.models.enforcement import AppearanceTicket, Impoundment, RabiesRequest, Violation
from fieldapp.querycount import counting_queries
from fieldapp.services import ticket_numbers
from fieldapp.services.enforcement import validate_violation, violations_awaiting_ticket
from fieldapp.services.enforcement.payload import entered_at_the_time
from fieldapp.services.field_data import field_dataset
from fieldapp.services.impoundment.fees import balance
from fieldapp.services.status import dog_status
from fieldapp.timeutil import local_today, to_local

from ..conftest import make_test_config
from ..databases import empty_database_uri

N_DOGS = 300


def bulk_town(tmp_path_factory, label, **seed):
    app = create_app(make_test_config(empty_database_uri(tmp_path_factory.mktemp(label), label)))
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=N_DOGS, **seed)
        db.session.remove()
    return app


@pytest.fixture(scope="module")
def town(tmp_path_factory):
    """A bulk town of 300 dogs with five years of past (the default for a bulk seed)."""
    app = bulk_town(tmp_path_factory, "history")
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def current_records(app):
    """Each dog's current license and latest rabies certificate, as the card reads them."""
    with app.app_context():
        out = {}
        for dog in db.session.scalars(db.select(Dog)):
            lic, rab = dog.current_license, dog.current_rabies
            out[dog.id] = ((lic.number, lic.issued_on, lic.expires_on) if lic else None,
                           (rab.vaccinated_on, rab.valid_until, rab.certificate_number))
        db.session.remove()
        db.engine.dispose()
        return out


def test_history_keeps_each_dogs_current_license_and_certificate(town, tmp_path_factory):
    """The same bulk town without history: every dog's current license and the certificate
    presented last are the same; only dogs left unlicensed may now have a lapsed license."""
    bare = current_records(bulk_town(tmp_path_factory, "bare", history_years=0))
    with_history = current_records(town)
    assert bare.keys() == with_history.keys()
    assert all(with_history[d][1] == bare[d][1] for d in bare)
    assert all(with_history[d][0] == bare[d][0] for d in bare if bare[d][0] is not None)
    lapsed = [d for d in bare if bare[d][0] is None and with_history[d][0] is not None]
    today = local_today()
    with town.app_context():
        assert all(db.session.get(Dog, d).current_license.expires_on < today for d in lapsed)


def test_five_years_of_licenses_per_dog(town):
    today = local_today()
    start = today - relativedelta(years=5)
    with town.app_context():
        dogs = db.session.scalars(db.select(Dog)).all()
        numbers = db.session.scalars(db.select(License.number)).all()
        assert len(numbers) == len(set(numbers))
        per_dog = Counter(len(d.licenses) for d in dogs)
        assert sum(n for k, n in per_dog.items() if k >= 3) > N_DOGS // 4, per_dog  # renewals over the years
        terms = Counter()
        for dog in dogs:
            assert sum(1 for lic in dog.licenses if lic.status == "active") <= 1, dog.id
            history = [lic for lic in dog.licenses if lic.fee_lines]  # _seed_bulk's license has no lines
            for older, newer in zip(dog.licenses[1:], dog.licenses[:-1], strict=True):  # newest first
                assert older.issued_on < newer.issued_on and older.status == "superseded"
            for lic in history:
                terms[lic.term_years] += 1
                cert = lic.rabies_certificate  # §5(B): presented with it; §5(A)(4): never past it
                assert cert.dog_id == dog.id and cert.vaccinated_on <= lic.issued_on <= lic.expires_on <= cert.valid_until
                assert start <= lic.issued_on < today and lic.issued_on >= dog.born_on + relativedelta(months=4)
                year, serial = lic.number.split("-")
                assert year == str(lic.issued_on.year) and len(serial) >= 5
                # The fee on a receipt, its lines typed as the license's own (record_receipt).
                assert lic.receipt is not None
                paid = {p.kind: p.amount for p in lic.payments}
                assert paid == {ln["kind"]: Decimal(ln["amount"]) for ln in lic.fee_lines}
                assert sum(paid.values()) == lic.fee_total
        assert set(terms) <= {1, 2} and terms[1] and terms[2]  # 3 years runs past any certificate (§5(A)(4))
        receipts = db.session.scalars(db.select(Receipt.number)).all()
        assert len(receipts) == len(set(receipts))
        assert db.session.scalar(db.select(db.func.count(Payment.id)).where(Payment.receipt_id.is_(None),
                                                                           Payment.waived_reason.is_(None))) <= 1


def test_enforcement_over_the_years_as_the_services_make_it(town):
    today = local_today()
    with town.app_context():
        violations = db.session.scalars(db.select(Violation)).all()
        dogs_with = {v.dog_id for v in violations}
        assert len(dogs_with) >= N_DOGS // 40, len(dogs_with)
        users = {u.id: u for u in db.session.scalars(db.select(User))}
        for v in violations:
            entry = db.session.get(FieldEntry, v.entry_id)
            assert entry.kind == "violation" and entry.result["violation_id"] == v.id
            if v.supersedes_id:
                continue  # its replay is refused: the version it corrects is corrected already
            with entered_at_the_time():  # read as on the day it reached the office (the stale-date gate)
                clean = validate_violation(entry.payload, users[entry.officer_id])  # the phone's entry stands
            assert (clean.codes, clean.ruled_out, clean.occurred_at) == (v.codes, v.ruled_out, v.occurred_at)
        tickets = db.session.scalars(db.select(AppearanceTicket)).all()
        assert tickets and all(t.violation_id and t.dog_id == t.violation.dog_id for t in tickets)
        assert ticket_numbers.gaps() == []  # every number of a block used or voided, in order
        waiting = violations_awaiting_ticket(today)
        assert all((today - to_local(v.occurred_at).date()).days <= 14 for v in waiting)
        assert db.session.scalar(db.select(db.func.count(Disposition.id)))
        impoundments = db.session.scalars(db.select(Impoundment)).all()
        assert any(i.dog_id is None for i in impoundments)  # strays
        for imp in impoundments:
            assert db.session.get(FieldEntry, imp.entry_id).kind == "seizure"
            if imp.status == "held":
                assert imp.redemption_deadline >= today or imp.dog_id is None
            elif imp.dog_id is not None:  # §8(C): redeemed with the fees paid (or waived)
                assert imp.status == "redeemed" and imp.ended_on <= imp.redemption_deadline
                assert balance(imp).total_owed == 0
            else:
                assert imp.status in ("adopted", "euthanized", "transferred", "died") and imp.disposition
        requests = db.session.scalars(db.select(RabiesRequest)).all()
        assert all(r.due_on == r.requested_on + timedelta(days=10) for r in requests)


def dog_with_most_violations(app):
    with app.app_context():
        counts = Counter(db.session.scalars(db.select(Violation.dog_id).where(Violation.supersedes_id.is_(None))))
        dog_id, n = counts.most_common(1)[0]
        token = db.session.scalar(db.select(Tag.token).filter_by(dog_id=dog_id, status="active"))
        return dog_id, n, token


def test_card_of_a_dog_with_history_in_three_queries(town):
    dog_id, n, token = dog_with_most_violations(town)
    client = town.test_client()
    assert client.post("/login", data={"username": "dco", "password": DEMO_PASSWORD}).status_code == 302
    with town.app_context():
        engine = db.engine
    client.get(f"/field/dogs/{dog_id}")  # warm: templates compiled
    with counting_queries(engine) as statements:
        response = client.get(f"/field/dogs/{dog_id}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and 'data-flag="violations"' in html
    assert f"{n} prior violation" in html
    # the signed-in user, the town's settings (its name in the header), then the card's one UNION
    assert len(statements) <= 3, statements
    if token:
        status = client.get(f"/api/tags/{token}").get_json()
        assert any(f["code"] == "violations" for f in status["flags"])


def test_offline_copy_of_the_town_with_its_history(town):
    today = local_today()
    with town.app_context():
        db.session.remove()
        with counting_queries(db.engine) as statements:
            data = field_dataset(None)
        assert len(data["dogs"]) == N_DOGS and len(statements) <= 12  # with the open calls and the town's law (its holding periods)
        flagged = {r["dog"]["id"]: r["flags"] for r in data["dogs"] if r["flags"]}
        dog_id, _, _ = dog_with_most_violations(town)
        online = dog_status(db.session.get(Dog, dog_id), today)["flags"]
        assert [f["code"] for f in flagged[dog_id]] == [f["code"] for f in online]


def test_seed_demo_command_takes_history_years(empty_database):
    """`flask seed-demo --dogs N --history-years 0`: a bulk town without its past (one license a dog)."""
    from fieldapp import create_app
    from fieldapp.extensions import db
    from fieldapp.models.enforcement import Violation
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_database("cli")})
    result = app.test_cli_runner().invoke(args=["seed-demo", "--dogs", "50", "--history-years", "0"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Violation.id))).scalar() == 0
        db.session.remove()
        db.engine.dispose()
