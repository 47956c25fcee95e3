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
