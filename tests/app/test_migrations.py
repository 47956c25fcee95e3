"""The migrations build exactly the schema the models describe (run `make migration` if not),
from an empty database of the suite's kind (SQLite, or PostgreSQL with TEST_DATABASE_URL)."""
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import upgrade

from fieldapp import create_app
from fieldapp.extensions import db
from fieldapp.models import search_index


def test_migrations_match_the_models(empty_database):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": empty_database("m")})
    with app.app_context():
        upgrade()
        with db.engine.connect() as conn:
            # The search index is not in the models (models/search_index.py), as in `flask db migrate`.
            context = MigrationContext.configure(conn, opts={"include_name": search_index.include_name})
            diff = compare_metadata(context, db.metadata)
        db.engine.dispose()
    assert diff == [], f"models and migrations differ; run `make migration`: {diff}"


def test_every_index_on_an_expression_is_built(empty_database):
    """The indexes on an expression (a case-blind look-up, lower(token)) are built by the
    migrations. SQLite's reflection skips them, so the comparison above cannot see them there:
    they are found by name in the database's own catalogue."""
    wanted = {index.name for table in db.metadata.tables.values() for index in table.indexes
              if any(not isinstance(e, sa.Column) for e in index.expressions)}
    assert {"ix_tag_token_lower", "ix_license_number_lower"} <= wanted
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": empty_database("x")})
    with app.app_context():
        upgrade()
        catalogue = ("SELECT name FROM sqlite_master WHERE type = 'index'" if db.engine.dialect.name == "sqlite"
                     else "SELECT indexname FROM pg_indexes")
        with db.engine.connect() as conn:
            built = set(conn.execute(sa.text(catalogue)).scalars())
        db.engine.dispose()
    assert wanted <= built, f"not built: {sorted(wanted - built)}"


def test_flask_db_upgrade_from_empty_then_seed(empty_database):
    """What an operator types on a new server: `flask db upgrade`, then the app works on it."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": empty_database("u")})
    runner = app.test_cli_runner()
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(args=["seed-demo"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        from fieldapp.models import Dog
        assert db.session.execute(db.select(db.func.count()).select_from(Dog)).scalar() > 0
        db.session.remove()
        db.engine.dispose()


def test_a_single_town_database_at_0001_upgrades_to_a_deployment_of_one_town(empty_database):
    """Migration 0002: a database of revision 0001 with settings and closed days in it upgrades
    in place; one town is made from its settings, and every setting, dated change and calendar
    day is that town's. Then back down to 0001 and up again."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": empty_database("t")})
    with app.app_context():
        upgrade(revision="0001")
        with db.engine.begin() as conn:
            conn.execute(db.text(
                "INSERT INTO setting (key, value, updated_at) VALUES ('town_name', '\"Elm Hollow\"', :now), "
                "('clerk_phone', '\"(555) 010-3030\"', :now), ('court_session_weekday', '7', :now), "
                "('court_session_time', '\"6:30 pm\"', :now), "
                "('fee_altered', '\"7.50\"', :now)"), {"now": "2026-01-02 10:00:00"})
            conn.execute(db.text("INSERT INTO setting_change (key, value, effective_on, recorded_at) "
                                 "VALUES ('fee_altered', '\"7.50\"', '2026-01-02', '2026-01-02 10:00:00')"))
            conn.execute(db.text("INSERT INTO town_day (day, reason, source, open, updated_at) VALUES "
                                 "('2026-01-01', 'New Year', 'gcl24', false, '2026-01-02 10:00:00'), "
                                 "('2026-02-03', 'Snow day', 'town', false, '2026-01-02 10:00:00')"))
        upgrade()
        with db.engine.connect() as conn:
            towns = conn.execute(db.text("SELECT id, name, clerk_phone, court_session_weekday, court_session_time, "
                                         "county, time_zone FROM town")).all()
            assert [tuple(t) for t in towns] == [(1, "Elm Hollow", "(555) 010-3030", 2, "18:30", "Oswego",
                                                  "America/New_York")]
            assert conn.execute(db.text("SELECT key, town_id FROM setting")).all() == [("fee_altered", 1)]
            assert conn.execute(db.text("SELECT town_id FROM setting_change")).scalars().all() == [1]
            assert conn.execute(db.text("SELECT town_id FROM town_day")).scalars().all() == [1, 1]
        from fieldapp.settings import get_setting
        from fieldapp.town import current_town
        assert current_town().name == "Elm Hollow" and str(get_setting("fee_altered")) == "7.50"
        from fieldapp.services.calendar import closed_days
        assert len(closed_days()) == 2
        db.session.remove()
        from flask_migrate import downgrade
        downgrade(revision="0001")
        with db.engine.connect() as conn:
            assert dict(conn.execute(db.text("SELECT key, value FROM setting WHERE key = 'town_name'")).all()) \
                in ({"town_name": "Elm Hollow"}, {"town_name": '"Elm Hollow"'})
        upgrade()
        db.engine.dispose()


def test_a_database_at_0002_with_records_upgrades_and_every_record_is_the_first_towns(empty_database):
    """Migration 0003: a database of revision 0002 full of records (the demo town's, every table)
    upgrades in place; no row is lost and every one is the first town's (a second town made
    before the upgrade gets none). SQLite's rebuilt tables keep the search index and the
    lower-case indexes. Then back down to 0002 (the column goes, the rows stay) and up again."""
    from flask_migrate import downgrade

    from fieldapp.models.town_owned import TownOwned
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": empty_database("r")})
    assert app.test_cli_runner().invoke(args=["db", "upgrade"]).exit_code == 0
    with app.app_context():  # the first town with its cases (a database of 0002 had one town)
        from fieldapp.demo import seed_cases, seed_demo
        from fieldapp.timeutil import local_today
        seed_demo()
        seed_cases(local_today())
        db.session.commit()
    owned = sorted(m.class_.__table__.name for m in db.Model.registry.mappers if issubclass(m.class_, TownOwned))
    assert {"dog", "owner", "license", "tag", "receipt", "field_entry", "impoundment", "appearance_ticket",
            "call", "found_report", "renewal_notice", "ticket_block", "sworn_complaint"} <= set(owned)

    def counts(conn):
        return {t: conn.execute(db.text(f'SELECT count(*) FROM "{t}"')).scalar() for t in owned}

    with app.app_context():
        downgrade(revision="0002")
        with db.engine.begin() as conn:
            before = counts(conn)
            conn.execute(db.text(
                "INSERT INTO town (name, county, state, zip_code, law, time_zone, clerk_address, clerk_phone, "
                "clerk_hours, court_name, court_address, court_session_weekday, court_session_time, "
                "contact_phone, contact_email, created_at, updated_at) SELECT 'Elm Hollow', county, state, "
                "zip_code, law, time_zone, clerk_address, clerk_phone, clerk_hours, court_name, court_address, "
                "court_session_weekday, court_session_time, contact_phone, contact_email, created_at, "
                "updated_at FROM town WHERE id = 1"))
        assert sum(before.values()) > 100 and before["dog"] > 10
        upgrade()
        with db.engine.connect() as conn:
            assert counts(conn) == before
            for table in owned:
                towns = conn.execute(db.text(f'SELECT DISTINCT town_id FROM "{table}"')).scalars().all()
                assert towns in ([], [1]), f"{table}: {towns}"
        # The clerk's search finds a dog the upgraded database was given (SQLite: the triggers).
        from fieldapp.models import Dog
        from fieldapp.services.search import search_dogs
        db.session.add(Dog(name="Zanzibar", sex="F", breed="Collie", color="sable"))
        db.session.commit()
        found = search_dogs("zanzib")
        assert [d.name for d in found] == ["Zanzibar"] and found[0].town_id == 1
        if db.engine.dialect.name == "sqlite":
            with db.engine.connect() as conn:
                names = set(conn.execute(db.text("SELECT name FROM sqlite_master")).scalars())
            assert {"dog_search_insert", "dog_search_delete", "dog_search_update", "ix_tag_token_lower",
                    "ix_license_number_lower"} <= names
        db.session.remove()
        downgrade(revision="0002")
        with db.engine.connect() as conn:
            assert counts(conn) == {**before, "dog": before["dog"] + 1}
        upgrade()
        db.engine.dispose()
