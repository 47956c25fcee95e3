"""the town is a record

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-05 12:30:00

A deployment of one town: the table `town` with one row, made from the settings the database
has (the defaults below, as they were at 0001, for those it has not); every setting, dated
change and calendar day belongs to it (`town_id`). The settings that became the record's
columns leave the `setting` table. Written and checked by hand: SQLite rebuilds the tables in
batch mode, PostgreSQL alters them (tests/app/test_migrations.py runs it on both).
"""
import re

from alembic import op
import sqlalchemy as sa

import fieldapp.models.types


# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

# setting key -> (town column, its default at revision 0001). Frozen here: a later change of the
# app's defaults must not change what this step did.
TOWN_FIELDS = {
    'town_name': ('name', 'Sandy Creek'),
    'town_county': ('county', 'Oswego'),
    'town_state': ('state', 'NY'),
    'town_zip': ('zip_code', '13145'),
    'town_law': ('law', 'sandy-creek-ll2-2011'),
    'town_time_zone': ('time_zone', 'America/New_York'),
    'clerk_address': ('clerk_address', '1992 Harwood Drive, Sandy Creek, NY 13145'),
    'clerk_phone': ('clerk_phone', '(315) 387-3404'),
    'clerk_hours': ('clerk_hours', ''),
    'court_name': ('court_name', 'Sandy Creek Town Court'),
    'court_address': ('court_address', '1992 Harwood Drive, Sandy Creek, NY 13145'),
    'court_session_weekday': ('court_session_weekday', 2),
    'court_session_time': ('court_session_time', '18:00'),
    'dco_phone': ('contact_phone', '(315) 387-5555'),
    'contact_email': ('contact_email', ''),
}

setting = sa.table('setting', sa.column('town_id', sa.Integer), sa.column('key', sa.String),
                   sa.column('value', sa.JSON), sa.column('updated_at', fieldapp.models.types.UTCDateTime),
                   sa.column('updated_by_id', sa.Integer))
town = sa.table('town', *(sa.column(column) for column, _ in TOWN_FIELDS.values()),
                sa.column('id', sa.Integer), sa.column('created_at', fieldapp.models.types.UTCDateTime),
                sa.column('updated_at', fieldapp.models.types.UTCDateTime), sa.column('updated_by_id', sa.Integer))


def _value(key, stored):
    """The stored value in the column's shape, as the app read it: the default when it is not
    one (a weekday of 7, a time "evening" kept before the settings had rules)."""
    default = TOWN_FIELDS[key][1]
    if stored is None:
        return default
    if key == 'court_session_weekday':
        try:
            return int(stored) if 0 <= int(stored) <= 6 and not isinstance(stored, bool) else default
        except (TypeError, ValueError):
            return default
    if key == 'court_session_time':  # "18:00", or "6 pm" / "6:30 p.m." as typed before the rule
        match = re.fullmatch(r'\s*(\d{1,2})(?::([0-5]\d))?\s*(?:([ap])\.?\s*m\.?)?\s*', str(stored), re.I)
        if not match:
            return default
        hour, minute, half = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or '').lower()
        if half:
            if not 1 <= hour <= 12:
                return default
            hour = hour % 12 + (12 if half == 'p' else 0)
        elif match.group(2) is None or hour > 23:
            return default
        return f'{hour:02d}:{minute:02d}'
    text = str(stored).strip()
    return text if len(text) <= 200 else default


def upgrade():
    op.create_table('town',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('county', sa.String(length=200), nullable=False),
    sa.Column('state', sa.String(length=200), nullable=False),
    sa.Column('zip_code', sa.String(length=200), nullable=False),
    sa.Column('law', sa.String(length=60), nullable=False),
    sa.Column('time_zone', sa.String(length=60), nullable=False),
    sa.Column('clerk_address', sa.String(length=200), nullable=False),
    sa.Column('clerk_phone', sa.String(length=200), nullable=False),
    sa.Column('clerk_hours', sa.String(length=200), nullable=False),
    sa.Column('court_name', sa.String(length=200), nullable=False),
    sa.Column('court_address', sa.String(length=200), nullable=False),
    sa.Column('court_session_weekday', sa.Integer(), nullable=False),
    sa.Column('court_session_time', sa.String(length=5), nullable=False),
    sa.Column('contact_phone', sa.String(length=200), nullable=False),
    sa.Column('contact_email', sa.String(length=200), nullable=False),
    sa.Column('created_at', fieldapp.models.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('updated_at', fieldapp.models.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('updated_by_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['updated_by_id'], ['user.id'], name=op.f('fk_town_updated_by_id_user')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_town'))
    )

    # The one town, from the settings this database has.
    conn = op.get_bind()
    stored = {key: value for key, value in conn.execute(sa.select(setting.c.key, setting.c.value))}
    now = fieldapp.models.types.now_utc()
    conn.execute(town.insert().values(
        id=1, created_at=now, updated_at=now,
        **{column: _value(key, stored.get(key)) for key, (column, _) in TOWN_FIELDS.items()}))
    if conn.dialect.name == 'postgresql':  # the row was given its id: the sequence goes on after it
        conn.execute(sa.text("SELECT setval(pg_get_serial_sequence('town', 'id'), 1)"))
    conn.execute(setting.delete().where(setting.c.key.in_(list(TOWN_FIELDS))))

    # Every setting, dated change and calendar day is the town's.
    for table in ('setting', 'setting_change', 'town_day'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('town_id', sa.Integer(), nullable=True))
        op.execute(sa.text(f'UPDATE {table} SET town_id = 1'))

    with op.batch_alter_table('setting', schema=None) as batch_op:
        batch_op.alter_column('town_id', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_constraint('pk_setting', type_='primary')
        batch_op.create_primary_key('pk_setting', ['town_id', 'key'])
        batch_op.create_foreign_key(batch_op.f('fk_setting_town_id_town'), 'town', ['town_id'], ['id'])
    with op.batch_alter_table('setting_change', schema=None) as batch_op:
        batch_op.alter_column('town_id', existing_type=sa.Integer(), nullable=False)
        batch_op.create_index(batch_op.f('ix_setting_change_town_id'), ['town_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_setting_change_town_id_town'), 'town', ['town_id'], ['id'])
    with op.batch_alter_table('town_day', schema=None) as batch_op:
        batch_op.alter_column('town_id', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_constraint('uq_town_day_day', type_='unique')
        batch_op.create_unique_constraint('uq_town_day_town_id_day', ['town_id', 'day'])
        batch_op.create_foreign_key(batch_op.f('fk_town_day_town_id_town'), 'town', ['town_id'], ['id'])


def downgrade():
    # Back to one calendar and one set of settings: the first town's; the record's values become
    # settings rows again.
    conn = op.get_bind()
    first = conn.execute(sa.text('SELECT min(id) FROM town')).scalar()
    for table in ('setting', 'setting_change', 'town_day'):
        op.execute(sa.text(f'DELETE FROM {table} WHERE town_id <> :first').bindparams(first=first or 0))
    with op.batch_alter_table('town_day', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_town_day_town_id_town'), type_='foreignkey')
        batch_op.drop_constraint('uq_town_day_town_id_day', type_='unique')
        batch_op.create_unique_constraint('uq_town_day_day', ['day'])
        batch_op.drop_column('town_id')
    with op.batch_alter_table('setting_change', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_setting_change_town_id_town'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_setting_change_town_id'))
        batch_op.drop_column('town_id')
    with op.batch_alter_table('setting', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_setting_town_id_town'), type_='foreignkey')
        batch_op.drop_constraint('pk_setting', type_='primary')
        batch_op.create_primary_key('pk_setting', ['key'])
        batch_op.drop_column('town_id')
    row = conn.execute(sa.select(town).where(town.c.id == first)).mappings().first() if first else None
    if row is not None:
        now = fieldapp.models.types.now_utc()
        conn.execute(setting.insert(), [
            {'key': key, 'value': row[column], 'updated_at': now}
            for key, (column, _) in TOWN_FIELDS.items() if key not in ('town_time_zone', 'clerk_hours', 'contact_email')])
    op.drop_table('town')
