"""The migrations build exactly the schema the models describe (run `make migration` if not),
from an empty database of the suite's kind (SQLite, or PostgreSQL with TEST_DATABASE_URL)."""
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
