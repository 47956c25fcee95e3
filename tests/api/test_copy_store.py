"""The whole copy of the field data is built once per data version and day, kept gzipped in the
instance folder, and served from there to every phone after the first (services/copy_store.py)."""
import gzip
import json
from datetime import timedelta

import pytest

from fieldapp.extensions import db
from fieldapp.models import License
from fieldapp.services import copy_store, field_data


@pytest.fixture
def builds(monkeypatch, app, tmp_path):
    app.config["FIELD_COPY_DIR"] = str(tmp_path / "field-copy")
    made = []
    build = field_data.field_dataset

    def counted(since=None, today=None):
        made.append(since)
        return build(since, today)

    monkeypatch.setattr(field_data, "field_dataset", counted)
    return made


def full(client, gzip_ok=True):
    answer = client.get("/api/field-dataset", headers={"Accept-Encoding": "gzip" if gzip_ok else "identity"})
    assert answer.status_code == 200, answer.data
    return answer


def test_the_whole_copy_is_built_once_and_served_gzipped(app, client, auth, builds):
    auth.login("dco")
    first = full(client)
    assert first.headers["Content-Encoding"] == "gzip" and first.headers["Cache-Control"] == "no-store"
    data = json.loads(gzip.decompress(first.data))
    assert data["full"] and data["dogs"] and data["copy_max_age_hours"] == 24 and data["redemption_deadlines"]
    assert first.headers["X-Copy-As-Of"]
    again = full(client)
    assert again.data == first.data
    assert builds == [None]  # one build for both phones
    plain = full(client, gzip_ok=False)  # a client that takes no gzip gets the same JSON
    assert "Content-Encoding" not in plain.headers and plain.json == data
    assert builds == [None]


def test_a_change_to_a_dog_builds_a_new_copy(app, client, auth, builds):
    auth.login("dco")
    version = json.loads(gzip.decompress(full(client).data))["version"]
    with app.app_context():
        lic = db.session.execute(db.select(License).limit(1)).scalar_one()
        lic.expires_on = lic.expires_on + timedelta(days=365)
        db.session.commit()
    data = json.loads(gzip.decompress(full(client).data))
    assert data["version"] > version
    assert builds == [None, None]


def test_a_setting_that_goes_with_the_copy_builds_a_new_one(app, client, auth, builds):
    from fieldapp.settings import set_setting
    auth.login("dco")
    full(client)
    with app.app_context():
        set_setting("copy_max_age_hours", 6)
        db.session.commit()
    data = json.loads(gzip.decompress(full(client).data))
    assert data["copy_max_age_hours"] == 6
    assert builds == [None, None]


def test_old_copies_are_pruned(app, tmp_path):
    folder = tmp_path / "copies"
    folder.mkdir()
    for i in range(6):
        (folder / f"{i}.json.gz").write_bytes(b"x")
    copy_store._prune(str(folder), keep="5.json.gz")
    assert len(list(folder.glob("*.json.gz"))) == copy_store.KEEP_FILES
