"""a DL-18 record number and a purebred license number are one of each in a town

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06 02:27:55.654072

Each town numbers its own papers (models/dogs.py: counter_key): a DL-18 record number
(2026-0012) and a purebred license number (P2026-0001) become one of each in a town (unique with
`town_id`, the number first so the index also finds a record by its number alone), as 0003 made
a dog's ID number, a license's and a receipt's. Neither table has an index SQLite's batch rebuild
would lose (no expression index, no trigger).
"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('impoundment', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_impoundment_record_number'), type_='unique')
        batch_op.create_unique_constraint('uq_impoundment_record_number_town_id', ['record_number', 'town_id'])

    with op.batch_alter_table('purebred_license', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_purebred_license_number'), type_='unique')
        batch_op.create_unique_constraint('uq_purebred_license_number_town_id', ['number', 'town_id'])


def downgrade():
    # Refused where two towns have the same number (as 0003's downgrade).
    with op.batch_alter_table('purebred_license', schema=None) as batch_op:
        batch_op.drop_constraint('uq_purebred_license_number_town_id', type_='unique')
        batch_op.create_unique_constraint(batch_op.f('uq_purebred_license_number'), ['number'])

    with op.batch_alter_table('impoundment', schema=None) as batch_op:
        batch_op.drop_constraint('uq_impoundment_record_number_town_id', type_='unique')
        batch_op.create_unique_constraint(batch_op.f('uq_impoundment_record_number'), ['record_number'])
