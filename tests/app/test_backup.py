"""Backups (fieldapp/backup.py): `flask backup FILE` then `flask restore FILE` into an empty
instance gives back every table row by row, photos included, on SQLite and on PostgreSQL; a
restore into an instance with data is refused."""
import json
import zipfile
from datetime import UTC, datetime

from sqlalchemy import select

from fieldapp import create_app
from fieldapp.backup import write_backup
from fieldapp.extensions import db
from fieldapp.models import Dog, Event

from ..conftest import make_test_config

JPEG = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffdb004300") + bytes(range(256)) + b"\xff\xd9"


def _all_rows(app) -> dict:
    with app.app_context():
        conn = db.session.connection()
        out = {}
        for table in db.metadata.sorted_tables:
            pk = list(table.primary_key.columns)
            out[table.name] = [tuple(row) for row in conn.execute(select(table).order_by(*pk))]
        db.session.remove()
        return out


def _give_max_a_photo(app):
    """A photo in the database, as the clerk's page stores it (bypassing the JPEG cleaner)."""
    with app.app_context():
        max_ = db.session.scalars(db.select(Dog).filter_by(name="Max")).one()
        max_.photo = JPEG
        db.session.commit()


def test_backup_and_restore_round_trip_gives_back_every_table_row_by_row(app, empty_database, tmp_path):
    _give_max_a_photo(app)
    path = str(tmp_path / "sandy-creek.zip")
    result = app.test_cli_runner().invoke(args=["backup", path])
    assert result.exit_code == 0, result.output
    assert "Backup written" in result.output
    with zipfile.ZipFile(path) as zf:
        manifest = json.loads(zf.read("manifest.json"))
        photos = [n for n in zf.namelist() if n.startswith("photos/")]
        assert manifest["tables"]["dog"] > 10 and manifest["photos"] >= 1
        assert any(zf.read(n) == JPEG for n in photos)
    before = _all_rows(app)

    target = create_app(make_test_config(empty_database("restored")))
    with target.app_context():
        db.create_all()
        db.session.remove()
    result = target.test_cli_runner().invoke(args=["restore", path])
    assert result.exit_code == 0, result.output
    after = _all_rows(target)

    assert set(after) == set(before)
    event_kind = [c.name for c in db.metadata.tables["event"].columns].index("kind")
    restored_events = [row for row in after["event"] if row[event_kind] == "backup.restored"]
    assert len(restored_events) == 1
    after["event"] = [row for row in after["event"] if row[event_kind] != "backup.restored"]
    for name in before:
        assert after[name] == before[name], f"table {name} differs after the round trip"
    assert any(row[[c.name for c in db.metadata.tables["event"].columns].index("kind")] == "export.backup"
               for row in before["event"])

    # The restored town goes on: new rows get new ids (PostgreSQL's sequences moved on).
    with target.app_context():
        dog = db.session.scalars(db.select(Dog).filter_by(name="Max")).one()
        assert dog.photo == JPEG
        newest = max(d.id for d in db.session.scalars(db.select(Dog)))
        new = Dog(name="Newcomer", sex="F", breed="Collie", color="sable")
        db.session.add(new)
        db.session.commit()
        assert new.id > newest
        db.session.remove()
        db.engine.dispose()


def test_restore_into_an_instance_with_data_is_refused(app, tmp_path):
    path = str(tmp_path / "b.zip")
    assert app.test_cli_runner().invoke(args=["backup", path]).exit_code == 0
    result = app.test_cli_runner().invoke(args=["restore", path])
    assert result.exit_code != 0
    assert "This instance is not empty" in result.output and "empty database" in result.output


def test_backup_never_overwrites_a_file_and_restore_refuses_what_is_not_a_backup(app, tmp_path):
    path = tmp_path / "taken.zip"
    path.write_bytes(b"not a zip")
    result = app.test_cli_runner().invoke(args=["backup", str(path)])
    assert result.exit_code != 0 and "already exists" in result.output
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code != 0 and "not a backup" in result.output


def test_a_backup_is_in_the_admins_activity_log(app, client, auth, tmp_path):
    assert app.test_cli_runner().invoke(args=["backup", str(tmp_path / "b.zip")]).exit_code == 0
    with app.app_context():
        ev = db.session.scalars(db.select(Event).filter_by(kind="export.backup")).one()
        assert ev.actor_id is None and ev.data["file"].endswith("b.zip")
    auth.login("admin")
    page = client.get("/admin/activity").get_data(as_text=True)
    assert "Backup written (flask backup)" in page and "b.zip" in page


def test_a_backup_taken_while_another_write_is_open_has_only_what_was_committed(app, tmp_path):
    """The app keeps running: a transaction still open elsewhere neither blocks the backup nor
    leaks into it (one consistent snapshot)."""
    path = str(tmp_path / "live.zip")
    with app.app_context():
        dogs = db.session.scalar(select(db.func.count(Dog.id)))
        writer = db.engine.connect()
        tx = writer.begin()
        writer.execute(Dog.__table__.insert().values(name="Uncommitted", sex="M", breed="Mutt", color="tan",
                                                     markings="", altered=False, purebred=False, status="active",
                                                     data_version=0, created_at=datetime.now(UTC),
                                                     updated_at=datetime.now(UTC)))
        db.session.remove()
    try:
        with app.app_context():  # the snapshot itself (the command first logs its Event: a write)
            summary = write_backup(path)
        assert summary.tables["dog"] == dogs
    finally:
        tx.rollback()
        writer.close()
    with zipfile.ZipFile(path) as zf:
        assert json.loads(zf.read("manifest.json"))["tables"]["dog"] == dogs
        assert b"Uncommitted" not in zf.read("tables/dog.jsonl")


def test_a_nul_stored_before_forms_refused_it_does_not_stop_a_restore(app, empty_database, tmp_path):
    """SQLite kept a NUL typed into a form before NUL was refused; PostgreSQL refuses one in text
    and JSON. The restore brings the row back with U+FFFD in its place, on either database."""
    path = str(tmp_path / "with-nul.zip")
    assert app.test_cli_runner().invoke(args=["backup", path]).exit_code == 0
    edited = str(tmp_path / "edited.zip")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(edited, "w") as out:
        for item in src.infolist():
            data = src.read(item)
            if item.filename == "tables/dog.jsonl":
                rows = [json.loads(line) for line in data.decode().splitlines()]
                for row in rows:
                    if row["name"] == "Max":
                        row["color"] = "brown\x00tan"
                data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()
            out.writestr(item, data)
    target = create_app(make_test_config(empty_database("restored_nul")))
    with target.app_context():
        db.create_all()
        db.session.remove()
    result = target.test_cli_runner().invoke(args=["restore", edited])
    assert result.exit_code == 0, result.output
    with target.app_context():
        assert db.session.scalars(db.select(Dog.color).filter_by(name="Max")).one() == "brown\ufffdtan"


def test_restore_after_flask_db_upgrade_counts_the_made_town_as_empty(app, empty_database, tmp_path):
    """What an operator types on a new server: `flask db upgrade` (which makes the deployment's
    town), then `flask restore FILE`: the town the upgrade made is no data; the backup's town
    takes its place. A second restore is refused: that instance has data now."""
    path = str(tmp_path / "b.zip")
    assert app.test_cli_runner().invoke(args=["backup", path]).exit_code == 0
    before = _all_rows(app)
    target = create_app(make_test_config(empty_database("upgraded")))
    runner = target.test_cli_runner()
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(args=["restore", path])
    assert result.exit_code == 0, result.output
    after = _all_rows(target)
    assert after["town"] == before["town"] and after["dog"] == before["dog"]
    result = runner.invoke(args=["restore", path])
    assert result.exit_code != 0 and "This instance is not empty" in result.output
    with target.app_context():
        db.session.remove()
        db.engine.dispose()
