"""The offline copy carries the flags the online card shows, at a constant number of queries,
and the offline card script uses the online card's words."""
import re
import uuid
from datetime import datetime, timedelta
from pathlib import Path

from fieldapp import create_app
from fieldapp.cli import seed_demo
from fieldapp.extensions import db
from fieldapp.law import rabies_vaccination_due, redemption_deadline
from fieldapp.models import Dog, User
from fieldapp.querycount import counting_queries
from fieldapp.services.entries import submit_entry
from fieldapp.services.field_data import field_dataset
from fieldapp.services.status import dog_status
from fieldapp.timeutil import DEFAULT_TZ, local_today, utcnow

from ..conftest import make_test_config
from ..factories import make_dog

ROOT = Path(__file__).resolve().parents[2]


def record(user, kind, **payload):
    outcome = submit_entry(user, str(uuid.uuid4()), kind, utcnow().isoformat(), payload)
    assert outcome.status == 201, outcome.errors
    return outcome.result


def violation_seizure_request(dog, user):
    """A §6(A)(1) violation with a §5(B)(1) rabies request, and the §8 seizure that followed."""
    now = datetime.now(DEFAULT_TZ).strftime("%Y-%m-%dT%H:%M")  # as typed on the phone, town time
    v = record(user, "violation", dog_id=str(dog.id), codes=["6A1"], ruled_out=["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
               occurred_at=now, location_text="Lake Rd", narrative="Loose.", rabies_request="y")
    record(user, "seizure", dog_id=str(dog.id), codes=["6A1"], ruled_out=["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
           owner_known="yes", seized_at=now, location_text="Lake Rd")
    return v


def count_dataset_queries(empty_database, n_dogs, with_records):
    app = create_app(make_test_config(empty_database(f"town{n_dogs}")))
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=n_dogs, history_years=0)  # only the records below: their dogs are the flagged ones
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        for dog in db.session.execute(db.select(Dog).order_by(Dog.id).limit(with_records)).scalars().all():
            violation_seizure_request(dog, dco)
        db.session.remove()
        with app.app_context(), counting_queries(db.engine) as queries:  # a request's: nothing cached
            data = field_dataset(None)
        db.engine.dispose()
    flagged = sum(1 for r in data["dogs"] if r["flags"])
    return len(queries), len(data["dogs"]), flagged


def test_dataset_queries_do_not_grow_with_the_number_of_dogs(empty_database):
    small, n_small, flagged_small = count_dataset_queries(empty_database, 15, 3)
    large, n_large, flagged_large = count_dataset_queries(empty_database, 30, 6)
    assert (n_small, n_large) == (15, 30)
    assert (flagged_small, flagged_large) == (3, 6)  # every dog with records has its flags
    assert small == large, f"{small} queries for 15 dogs, {large} for 30"
    assert large <= 12  # one the town's settings (and its law), one the open calls for service (services/calls.py)


def test_s8B_s5B1_dataset_has_impounded_violations_and_rabies_request_as_on_the_card(app):
    today = local_today()
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        dog = make_dog()  # owner of record: the owner is known (§8(B))
        violation_seizure_request(dog, dco)
        dog_id = dog.id
        db.session.remove()
        record_ = next(r for r in field_dataset(None)["dogs"] if r["dog"]["id"] == dog_id)
        online = dog_status(db.session.get(Dog, dog_id), today)["flags"]
    flags = {f["code"]: f for f in record_["flags"]}
    assert record_["flags"] == [{k: v for k, v in f.items() if v not in (None, [])} for f in online]  # compacted
    held = redemption_deadline(today, True)
    assert flags["impounded"]["label"] == "Currently IMPOUNDED"
    assert flags["impounded"]["redemption_deadline"] == held.isoformat()
    assert flags["impounded"]["detail"].startswith(f"Held until {held:%a %-d %b %Y} (§8(B))")
    assert flags["violations"]["label"] == "1 prior violation"
    assert flags["violations"]["history"] == [{"date": today.isoformat(), "text": "Running at large"}]
    due = rabies_vaccination_due(today)
    assert flags["rabies_requested"]["due_on"] == due.isoformat()
    assert flags["rabies_requested"]["label"] == f"Rabies vaccination requested: due {due:%a %-d %b %Y} (§5(B)(1))"


def test_dataset_leaves_out_what_the_card_does_not_show(app):
    with app.app_context():
        data = field_dataset(None)
    for rec in data["dogs"]:
        assert {"license", "rabies", "owners", "flags", "tag", "retired_tags", "version"} <= set(rec)
        assert not {"breed", "color", "markings", "born_on", "has_photo"} & set(rec["dog"])
        assert rec["dog"]["name"] and rec["dog"]["description"] and rec["rabies"]["status"]
        for part in ("dog", "license", "rabies"):
            assert None not in rec[part].values()


def card_words():
    """The status words of the online card (field/_card.html)."""
    html = (ROOT / "fieldapp/templates/field/_card.html").read_text()
    return dict(re.findall(r'"(\w+)": \("[^"]+", "([^"]+)"\)', html[:html.index("<article")]))


def test_offline_card_uses_the_online_cards_words():
    script = (ROOT / "fieldapp/static/js/card-render.js").read_text()  # the offline card's and the worker's
    words = card_words()
    assert len(words) >= 4
    html = (ROOT / "fieldapp/templates/field/_card.html").read_text()
    license_part = html[:html.index("RABIES_WORDS")]
    rabies_part = html[html.index("RABIES_WORDS"):html.index("<article")]
    for part, js_name in ((license_part, "LICENSE_WORDS"), (rabies_part, "RABIES_WORDS")):
        js = re.search(js_name + r" = \{([^}]*)\}", script).group(1)
        for status, word in re.findall(r'"(\w+)": \("[^"]+", "([^"]+)"\)', part):
            assert f'{status}: "{word}"' in js, f"{js_name}.{status} should say {word!r} as the online card does"
    # The rabies request label offline (worked out again for the phone's date) uses the card's words.
    assert "Rabies vaccination OVERDUE: was due" in script and "Rabies vaccination requested: due" in script


def test_dataset_delta_after_a_seizure_carries_the_flag(app, client, auth):
    auth.login("dco")
    version = client.get("/api/field-dataset").json["version"]
    with app.app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        dog = make_dog()
        violation_seizure_request(dog, dco)
        dog_id = dog.id
    delta = client.get(f"/api/field-dataset?since={version}").json
    assert [r["dog"]["id"] for r in delta["dogs"]] == [dog_id]
    assert {f["code"] for f in delta["dogs"][0]["flags"]} >= {"impounded", "violations", "rabies_requested"}
    assert delta["redemption_deadlines"][""][local_today().isoformat()]["owner_known"] == \
        redemption_deadline(local_today(), True).isoformat()
    assert (local_today() + timedelta(days=20)).isoformat() in delta["redemption_deadlines"][""]
