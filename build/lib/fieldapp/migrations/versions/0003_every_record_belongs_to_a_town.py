"""every record belongs to a town

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-05 18:35:22.341023

Every table of a town's records gets `town_id` (models/town_owned.py: TownOwned), indexed, a
foreign key to `town`, never empty. A database upgraded in place has one town (0002): each of
its rows becomes the first town's. The column is added empty, filled, then made NOT NULL, so
rows already there never meet the constraint empty. A dog's ID number, a license's number and a
receipt's number become one of each in a town (unique with `town_id`), not in the deployment. Written by hand from autogenerate's output:
SQLite rebuilds each table in batch mode (and makes again what it cannot reflect, so would
lose with the old table: the search index's triggers on `dog`, the lower-case indexes of tag
tokens and license numbers), PostgreSQL alters them in place
(tests/app/test_migrations.py runs it on both).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

# Frozen here: a table made a town's record later is a later revision's.
TABLES = (
    'appearance_ticket', 'call', 'call_update', 'care_check', 'court_order', 'disposition', 'dog',
    'dog_notice', 'dog_owner', 'enumeration_expense', 'enumeration_identification',
    'enumeration_resolution', 'field_entry', 'found_report', 'hearing', 'impoundment',
    'impoundment_disposition', 'impoundment_move', 'impoundment_notice', 'late_entry', 'license',
    'mail_application', 'owner', 'payment', 'photo', 'purebred_license', 'rabies_certificate',
    'rabies_request', 'receipt', 'renewal_notice', 'service_attempt', 'summons', 'sworn_complaint',
    'tag', 'tag_scan', 'ticket_block', 'ticket_number_use', 'violation',
)

# Numbers one of each in a town, no longer in the whole deployment: the number first, so the
# unique index also finds a record by its number alone.
PER_TOWN = {'dog': 'id_number', 'license': 'number', 'receipt': 'number'}

# The clerk's search index on SQLite (models/search_index.py, as 0001 made it): its triggers go
# with the `dog` table a batch rebuilds; the FTS5 table keeps the same rows (ids are kept).
SQLITE_DOG_TRIGGERS = (
    'CREATE TRIGGER IF NOT EXISTS dog_search_insert AFTER INSERT ON dog BEGIN INSERT INTO dog_search(rowid, search_text) VALUES (new.id, new.search_text); END',
    "CREATE TRIGGER IF NOT EXISTS dog_search_delete AFTER DELETE ON dog BEGIN INSERT INTO dog_search(dog_search, rowid, search_text) VALUES ('delete', old.id, old.search_text); END",
    "CREATE TRIGGER IF NOT EXISTS dog_search_update AFTER UPDATE OF search_text ON dog BEGIN INSERT INTO dog_search(dog_search, rowid, search_text) VALUES ('delete', old.id, old.search_text); INSERT INTO dog_search(rowid, search_text) VALUES (new.id, new.search_text); END",
)

# Expression indexes (0001) SQLite's reflection skips, so a batch rebuild leaves out.
SQLITE_REBUILT = {
    'dog': SQLITE_DOG_TRIGGERS,
    'tag': ('CREATE INDEX IF NOT EXISTS ix_tag_token_lower ON tag (lower(token))',),
    'license': ('CREATE INDEX IF NOT EXISTS ix_license_number_lower ON license (lower(number))',),
}


def _rebuilt(table):
    if op.get_context().dialect.name == 'sqlite':
        for sql in SQLITE_REBUILT.get(table, ()):
            op.execute(sql)


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('town_id', sa.Integer(), nullable=True))
        # Every row there is of the deployment's one town.
        op.execute(sa.text(f'UPDATE "{table}" SET town_id = (SELECT min(id) FROM town)'))
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column('town_id', existing_type=sa.Integer(), nullable=False)
            batch_op.create_index(batch_op.f(f'ix_{table}_town_id'), ['town_id'], unique=False)
            batch_op.create_foreign_key(batch_op.f(f'fk_{table}_town_id_town'), 'town', ['town_id'], ['id'])
            if table in PER_TOWN:
                number = PER_TOWN[table]
                batch_op.drop_constraint(f'uq_{table}_{number}', type_='unique')
                batch_op.create_unique_constraint(f'uq_{table}_{number}_town_id', [number, 'town_id'])
        _rebuilt(table)


def downgrade():
    # Back to records of no town: the column goes (a deployment of several towns keeps them all,
    # as one town's, as 0002's downgrade keeps only the first town's settings).
    for table in reversed(TABLES):
        with op.batch_alter_table(table, schema=None) as batch_op:
            if table in PER_TOWN:  # refused where two towns have the same number: keep one town's
                number = PER_TOWN[table]
                batch_op.drop_constraint(f'uq_{table}_{number}_town_id', type_='unique')
                batch_op.create_unique_constraint(f'uq_{table}_{number}', [number])
            batch_op.drop_constraint(batch_op.f(f'fk_{table}_town_id_town'), type_='foreignkey')
            batch_op.drop_index(batch_op.f(f'ix_{table}_town_id'))
            batch_op.drop_column('town_id')
        _rebuilt(table)
