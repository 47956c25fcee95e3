"""A county's whole copy is never built inside a request: above FIELD_COPY_INLINE_DOGS the first
phone starts one build in the background and is answered at once, with the last copy stored or
202 + Retry-After; `flask copy-build` builds it for a deployment (services/copy_store.py)."""
import gzip
import json
import threading
from datetime import timedelta

import pytest

from fieldapp.cli import DEMO_PASSWORD
from fieldapp.extensions import db
from fieldapp.models import License
from fieldapp.services import copy_store, field_data


@pytest.fixture
def county(monkeypatch, app, tmp_path):
    """The demo town treated as a county (no inline build), with each build of the whole copy
    counted and held until `release` is set, as a long one is."""
    app.config["FIELD_COPY_DIR"] = str(tmp_path / "field-copy")
    app.config["FIELD_COPY_INLINE_DOGS"] = 0
    release = threading.Event()
    made = []
    build = field_data.field_dataset

    def held(since=None, today=None):
        if since is None:  # a whole copy (a delta is answered in the request, as before)
            made.append(since)
            assert release.wait(30)
        return build(since, today)

    monkeypatch.setattr(field_data, "field_dataset", held)
    monkeypatch.setattr(copy_store, "last_build", None)
    return release, made


def signed_in(app):
    client = app.test_client()
    assert client.post("/login", data={"username": "dco", "password": DEMO_PASSWORD}).status_code == 302
    return client


def ask(client):
    return client.get("/api/field-dataset", headers={"Accept-Encoding": "gzip"})


def finish(release):
    release.set()
    copy_store.last_build.join(30)
    assert not copy_store.last_build.is_alive()


def test_no_stored_copy_answers_202_at_once_and_two_phones_start_one_build(app, county):
    release, made = county
    phones = [signed_in(app), signed_in(app)]
    answers = [None, None]
    start = threading.Barrier(2)

    def phone(i):
        start.wait()
        answers[i] = ask(phones[i])

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    for answer in answers:  # both answered while the build is still held
        assert answer.status_code == 202 and answer.headers["Retry-After"] == "30"
        assert answer.headers["Cache-Control"] == "no-store" and answer.json["status"] == "building"
    assert ask(phones[0]).status_code == 202  # a third try while it builds starts nothing either
    finish(release)
    assert made == [None]  # one build for every phone
    stored = ask(phones[1])
    assert stored.status_code == 200 and stored.headers["X-Copy-As-Of"] and "Retry-After" not in stored.headers
    assert json.loads(gzip.decompress(stored.data))["full"]
    assert made == [None]


def test_an_older_copy_is_served_while_the_new_one_builds(app, county):
    release, made = county
    app.config["FIELD_COPY_INLINE_DOGS"] = 1  # a county of the demo's dogs; a delta of one dog is a delta
    phone = signed_in(app)
    assert ask(phone).status_code == 202
    finish(release)
    old = json.loads(gzip.decompress(ask(phone).data))
    with app.app_context():
        lic = db.session.execute(db.select(License).limit(1)).scalar_one()
        lic.expires_on = lic.expires_on + timedelta(days=365)
        db.session.commit()
    release.clear()
    meanwhile = ask(phone)
    assert meanwhile.status_code == 200 and meanwhile.headers["Retry-After"] == "30"
    assert "X-Copy-As-Of" not in meanwhile.headers  # the copy's own generated_at says its age
    assert json.loads(gzip.decompress(meanwhile.data))["version"] == old["version"]
    changes = phone.get(f"/api/field-dataset?since={old['version']}").json  # the delta, as before
    assert len(changes["dogs"]) == 1 and changes["version"] > old["version"]
    finish(release)
    new = json.loads(gzip.decompress(ask(phone).data))
    assert new["version"] == changes["version"]
    assert made == [None, None]


def test_a_delta_of_most_of_a_county_is_the_whole_copy_never_an_older_one(app, county):
    release, made = county
    app.config["FIELD_COPY_INLINE_DOGS"] = 1
    phone = signed_in(app)
    assert ask(phone).status_code == 202
    finish(release)
    old = json.loads(gzip.decompress(ask(phone).data))
    with app.app_context():  # an import: every dog changes
        for lic in db.session.execute(db.select(License)).scalars():
            lic.expires_on = lic.expires_on + timedelta(days=365)
        db.session.commit()
    release.clear()
    meanwhile = phone.get(f"/api/field-dataset?since={old['version']}", headers={"Accept-Encoding": "gzip"})
    assert meanwhile.status_code == 202 and meanwhile.headers["Retry-After"]  # the phone keeps its own
    finish(release)
    whole = phone.get(f"/api/field-dataset?since={old['version']}", headers={"Accept-Encoding": "gzip"})
    data = json.loads(gzip.decompress(whole.data))
    assert whole.headers["X-Copy-As-Of"] and data["full"] and data["version"] > old["version"]
    assert made == [None, None]


def test_a_small_town_builds_inline_as_before(app, county):
    release, made = county
    app.config["FIELD_COPY_INLINE_DOGS"] = 10000
    release.set()
    answer = ask(signed_in(app))
    assert answer.status_code == 200 and answer.headers["X-Copy-As-Of"]
    assert made == [None] and copy_store.last_build is None


def test_flask_copy_build_stores_the_copy_the_phones_get(app, county, runner):
    release, made = county
    release.set()
    result = runner.invoke(args=["copy-build"])
    assert result.exit_code == 0, result.output
    # One copy for each set of towns the officers serve: here the demo's one town.
    assert result.output.startswith("Built the whole copy of Sandy Creek for data version ")
    assert runner.invoke(args=["copy-build"]).output.startswith("Already stored:")
    answer = ask(signed_in(app))
    assert answer.status_code == 200 and answer.headers["X-Copy-As-Of"]
    assert made == [None] and copy_store.last_build is None


def test_a_failed_build_is_not_started_again_by_every_phone_until_its_pause_is_over(app, monkeypatch, tmp_path):
    """A build that fails (logged) is tried again only after FAILED_BUILD_PAUSE_S: the phones
    asking meanwhile get 202 as while it builds, and no worker spends a county build's minutes
    on it every Retry-After."""
    import os
    import time
    app.config["FIELD_COPY_DIR"] = str(tmp_path / "field-copy")
    app.config["FIELD_COPY_INLINE_DOGS"] = 0
    monkeypatch.setattr(copy_store, "last_build", None)
    tried = []

    def failing(since=None, today=None):
        tried.append(since)
        raise RuntimeError("a bug in the copy")

    monkeypatch.setattr(field_data, "field_dataset", failing)
    phone = signed_in(app)
    assert ask(phone).status_code == 202
    copy_store.last_build.join(30)
    assert tried == [None]
    assert ask(phone).status_code == 202 and ask(phone).status_code == 202
    assert tried == [None]  # no build started while the pause lasts
    folder = app.config["FIELD_COPY_DIR"]
    [marker] = [n for n in os.listdir(folder) if n.endswith(".failed")]
    past = time.time() - copy_store.FAILED_BUILD_PAUSE_S - 1
    os.utime(os.path.join(folder, marker), (past, past))
    assert ask(phone).status_code == 202
    copy_store.last_build.join(30)
    assert tried == [None, None]  # tried again once the pause is over
