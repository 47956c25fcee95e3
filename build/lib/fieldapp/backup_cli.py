"""`flask --app fieldapp backup FILE` and `flask --app fieldapp restore FILE` (fieldapp/backup.py)."""
import click
from flask.cli import with_appcontext
from flask_migrate import upgrade
from sqlalchemy import inspect

from .backup import BackupError, restore_backup, write_backup
from .extensions import db
from .models import record_event


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False))
def backup_command(path):
    """Write a consistent copy of the database and its photos to PATH (a .zip), while the app runs."""
    # Recorded first, so the backup holds its own line of the admin's activity log.
    record_event("export.backup", None, actor=None, file=path)
    db.session.commit()
    try:
        summary = write_backup(path)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Backup written to {summary.path}: {summary.rows} rows in {len(summary.tables)} tables, "
               f"{summary.photos} photos.")


@click.command("restore")
@with_appcontext
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
def restore_command(path):
    """Bring the backup PATH back into this instance, which must be empty (a new database)."""
    if not inspect(db.engine).get_table_names():
        upgrade()  # a brand-new database: make the schema first
    try:
        summary = restore_backup(path)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    record_event("backup.restored", None, actor=None, file=path, rows=summary.rows)
    db.session.commit()
    click.echo(f"Restored {summary.rows} rows in {len(summary.tables)} tables and {summary.photos} photos "
               f"from {summary.path}.")
