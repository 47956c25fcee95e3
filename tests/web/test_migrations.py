"""The migrations build exactly the schema the models describe (run `make migration` if not)."""
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import upgrade

from fieldapp import create_app
from fieldapp.extensions import db


def test_migrations_match_the_models(tmp_path):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'm.sqlite'}"})
    with app.app_context():
        upgrade()
        with db.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
        assert diff == [], f"models and migrations differ; run `make migration`: {diff}"
