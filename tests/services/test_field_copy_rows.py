"""The offline copy read from plain rows (services/card_rows.py: load_card_dogs) is, dog by
dog and key by key, the copy the ORM gave before (county scale: ORM objects were most of the
cost of the copy at 50,000 dogs): on the demo town with its roadside and court cases, and on
a bulk-seeded town, full and as a delta."""
import uuid
from datetime import date, datetime, timedelta

from sqlalchemy.orm import selectinload

from fieldapp import create_app
from fieldapp.cli import seed_demo
from fieldapp.demo.court import seed_court_cases
from fieldapp.demo.roadside import seed_roadside_cases
from fieldapp.extensions import db
from fieldapp.models import Dog, DogOwner, User
from fieldapp.services import field_data
from fieldapp.services.enforcement import attach_enforcement
from fieldapp.services.entries import submit_entry
from fieldapp.services.licensing import Application, RabiesEvidence, issue_license
from fieldapp.timeutil import DEFAULT_TZ, local_today, utcnow

from ..conftest import make_test_config


def orm_records(since, today) -> list[dict]:
    """The copy's records as field_dataset() built them up to f143d6b: ORM dogs with their
    collections (selectinload), the enforcement history attached, then _dog_record."""
    query = db.select(Dog).options(
        selectinload(Dog.licenses), selectinload(Dog.rabies_certificates), selectinload(Dog.tags),
        selectinload(Dog.owner_links).selectinload(DogOwner.owner)).order_by(Dog.id)
    if since is not None:
        query = query.where(Dog.data_version > since)
    dogs = db.session.execute(query).scalars().all()
    attach_enforcement(dogs)
    return [field_data._dog_record(d, today) for d in dogs]


def assert_same_copy(since) -> dict:
    """field_dataset(since) against the ORM's records; returns the ORM's records."""
    today = local_today()
    db.session.expire_all()
    copy = field_data.field_dataset(since, today)
    expected = orm_records(since, today)
    version = field_data.current_version()
    # The open calls ride along (tests/calls/test_calls.py checks them); this test is the dogs'.
    assert {k: v for k, v in copy.items() if k not in ("generated_at", "dogs", "calls")} == {
        "version": version, "since": since, "full": since is None, "today": today.isoformat(),
        "redemption_deadlines": copy["redemption_deadlines"]}
    assert [r["dog"]["id"] for r in copy["dogs"]] == [r["dog"]["id"] for r in expected]
    for got, want in zip(copy["dogs"], expected, strict=True):
        assert list(got) == list(want), want["dog"]["name"]
        for key in want:
            assert got[key] == want[key], (want["dog"]["id"], want["dog"]["name"], key)
    return expected


def town(empty_database, label, n_dogs=None):
    app = create_app(make_test_config(empty_database(label)))
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=n_dogs)
        db.session.remove()
    return app


def by_name(name) -> Dog:
    return db.session.execute(db.select(Dog).filter_by(name=name)).scalar_one()


def test_copy_from_plain_rows_is_the_orm_copy_on_the_demo_town(empty_database):
    app = town(empty_database, "copy_demo")
    with app.test_request_context():
        today = local_today()
        seed_roadside_cases(today)
        seed_court_cases(today)
        # §4(I): a minor owner and the guardian the ticket is served on; a second owner link ended.
        max_, duke = by_name("Max"), by_name("Duke")
        minor = max_.owners[0]
        minor.is_minor, minor.guardian_name = True, "Ruth Example (mother)"
        db.session.add(DogOwner(dog_id=duke.id, owner_id=minor.id, since=date(2019, 5, 1), until=date(2020, 6, 1)))
        # Bella's license renewed at the counter with a new rabies certificate (two of each).
        clerk = db.session.execute(db.select(User).filter_by(username="clerk")).scalar_one()
        rabies = RabiesEvidence(vet_name="Sandy Creek Veterinary Clinic", vaccinated_on=today,
                                valid_until=today + timedelta(days=3 * 365), certificate_number="RV-TEST-1")
        issue_license(by_name("Bella"), Application(rabies=rabies, term_years=1), today, clerk)
        db.session.commit()
        full = assert_same_copy(None)
        assert len(full) == db.session.execute(db.select(db.func.count(Dog.id))).scalar() == 18
        # What the copy must carry is there to compare: flags of every source, retired tags,
        # two owners, a minor, licenses, certificates and exemptions.
        codes = {f["code"] for r in full for f in r["flags"]}
        assert {"impounded", "violations", "rabies_requested", "lost", "confined"} <= codes, codes
        assert any(r["retired_tags"] for r in full) and any(len(r["owners"]) > 1 for r in full)
        assert any(o.get("minor") and o.get("guardian") for r in full for o in r["owners"])
        assert {r["license"]["status"] for r in full} >= {"valid", "expiring", "expired", "none"}
        assert {r["rabies"]["status"] for r in full} >= {"valid", "expired", "exempt"}
        bella = next(r for r in full if r["dog"]["name"] == "Bella")
        assert bella["rabies"]["valid_until"] == (today + timedelta(days=3 * 365)).isoformat()
        assert bella["license"]["status"] == "valid"

        since = field_data.current_version()
        by_name("Bella").owners[0].phone = "(315) 555-0101"
        db.session.commit()
        delta = assert_same_copy(since)
        assert {r["dog"]["name"] for r in delta} == {"Bella"}
        assert assert_same_copy(10 ** 12) == []
        db.session.remove()
        db.engine.dispose()


def test_copy_from_plain_rows_is_the_orm_copy_on_a_bulk_town(empty_database):
    app = town(empty_database, "copy_bulk", n_dogs=300)
    with app.test_request_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        before = field_data.current_version()
        now = datetime.now(DEFAULT_TZ).strftime("%Y-%m-%dT%H:%M")
        common = {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "location_text": "Lake Rd"}
        for dog_id in (5, 77, 250):
            for kind, payload in (("violation", {"occurred_at": now, "narrative": "Loose.", "rabies_request": "y"}),
                                  ("seizure", {"owner_known": "yes", "seized_at": now})):
                outcome = submit_entry(dco, str(uuid.uuid4()), kind, utcnow().isoformat(),
                                       {"dog_id": str(dog_id), **common, **payload})
                assert outcome.status == 201, outcome.errors
        full = assert_same_copy(None)
        assert len(full) == 300
        # The three seized today, and dogs whose five years of past left a flag (prior violations).
        assert {5, 77, 250} <= {r["dog"]["id"] for r in full if r["flags"]}
        assert {r["license"]["status"] for r in full} >= {"valid", "expired", "none"}
        half = sorted(r["version"] for r in full)[150]
        assert 140 < len(assert_same_copy(half)) < 160
        assert [r["dog"]["id"] for r in assert_same_copy(before)] == [5, 77, 250]
        db.session.remove()
        db.engine.dispose()
