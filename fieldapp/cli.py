"""Command-line tools: seed-demo, create-user (backup and restore: backup_cli.py)."""

import click
from flask.cli import with_appcontext
from flask_migrate import upgrade
from sqlalchemy import func

from .demo import DEMO_PASSWORD, DEMO_USERS, seed_demo  # noqa: F401  (tests and benchmarks import them here)
from .extensions import db
from .law.authority import ROLES
from .models import User


@click.command("seed-demo")
@with_appcontext
@click.option("--dogs", "n_dogs", type=int, default=None,
              help="Make this many dogs (for benchmarks) instead of the small demo town.")
@click.option("--if-empty", is_flag=True, help="Do nothing if the database already has users.")
@click.option("--seed", "rng_seed", type=int, default=2011, help="Random seed (the data is repeatable).")
@click.option("--history-years", type=click.IntRange(0, 20), default=5, show_default=True,
              help="With --dogs: years of past licenses, violations, seizures and court cases (0: none).")
def seed_demo_command(n_dogs, if_empty, rng_seed, history_years):
    """Bring the database to the current schema and fill it with a demo town dated from today."""
    upgrade()
    if if_empty and db.session.execute(db.select(func.count(User.id))).scalar():
        click.echo("Database already has data; leaving it as it is.")
        return
    if db.session.execute(db.select(func.count(User.id))).scalar():
        raise click.ClickException("The database is not empty. Remove instance/fieldapp.sqlite first.")
    # The small town with its roadside, court and calls cases; a bulk town (--dogs) without them.
    click.echo(seed_demo(n_dogs=n_dogs, rng_seed=rng_seed, history_years=history_years, cases=True))
    click.echo(f"Demo users (password '{DEMO_PASSWORD}', demo only): "
               + ", ".join(u for u, _, _ in DEMO_USERS))


@click.command("create-user")
@with_appcontext
@click.argument("username")
@click.option("--role", type=click.Choice(ROLES), required=True)
@click.option("--name", "full_name", required=True, help="Full name, as printed on tickets.")
@click.option("--badge", default=None, help="Badge or officer number.")
@click.password_option()
def create_user_command(username, role, full_name, badge, password):
    """Create a real user (asks for the password twice)."""
    username = username.strip().lower()
    if db.session.execute(db.select(User).filter_by(username=username)).scalar_one_or_none():
        raise click.ClickException(f"A user named {username!r} already exists.")
    if len(password) < 10:
        raise click.ClickException("Use a password of at least 10 characters.")
    user = User(username=username, role=role, full_name=full_name, badge_number=badge)
    user.set_password(password)
    db.session.add(user)
    db.session.commit()
    click.echo(f"Created {role} {username!r}.")


def register_cli(app):
    from .backup_cli import backup_command, restore_command
    app.cli.add_command(seed_demo_command)
    app.cli.add_command(create_user_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
