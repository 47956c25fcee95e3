"""Command-line tools: seed-demo, create-user, create-county-admin, copy-build (backup and restore:
backup_cli.py)."""

import click
from flask.cli import with_appcontext
from flask_migrate import upgrade
from sqlalchemy import func

from .demo import DEMO_PASSWORD, DEMO_USERS, seed_demo  # noqa: F401  (tests and benchmarks import them here)
from .demo.example_town import EXAMPLE_TOWN_USERS
from .extensions import db
from .law.authority import TOWN_ROLES
from .models import Town, User, UserTown


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
               + ", ".join(u for u, _, _ in DEMO_USERS + ([] if n_dogs else EXAMPLE_TOWN_USERS)))


def _new_user(username, role, full_name, badge, password) -> User:
    username = username.strip().lower()
    if db.session.execute(db.select(User).filter_by(username=username)).scalar_one_or_none():
        raise click.ClickException(f"A user named {username!r} already exists.")
    if len(password) < 10:
        raise click.ClickException("Use a password of at least 10 characters.")
    user = User(username=username, role=role, full_name=full_name, badge_number=badge)
    user.set_password(password)
    db.session.add(user)
    db.session.flush()
    return user


@click.command("create-user")
@with_appcontext
@click.argument("username")
@click.option("--role", type=click.Choice(TOWN_ROLES), required=True)
@click.option("--name", "full_name", required=True, help="Full name, as printed on tickets.")
@click.option("--badge", default=None, help="Badge or officer number.")
@click.option("--town", "town_id", type=int, default=None,
              help="The id of the town they serve (the county administrator's page of towns); "
                   "none: the deployment's first town.")
@click.password_option()
def create_user_command(username, role, full_name, badge, town_id, password):
    """Create a real user of a town (asks for the password twice)."""
    if town_id is not None and db.session.get(Town, town_id) is None:
        raise click.ClickException(f"No town has the id {town_id}.")
    user = _new_user(username, role, full_name, badge, password)
    if town_id is not None:
        db.session.add(UserTown(user_id=user.id, town_id=town_id))
    db.session.commit()
    click.echo(f"Created {role} {user.username!r}.")


@click.command("create-county-admin")
@with_appcontext
@click.argument("username")
@click.option("--name", "full_name", required=True, help="Full name.")
@click.password_option()
def create_county_admin_command(username, full_name, password):
    """Create the county administrator, who adds the towns and assigns their officers (and reads
    no town's records); asks for the password twice."""
    user = _new_user(username, "county_admin", full_name, None, password)
    db.session.commit()
    click.echo(f"Created county administrator {user.username!r}.")


@click.command("copy-build")
@with_appcontext
def copy_build_command():
    """Build and store the phones' whole copies of the field data for the current data version and
    day, one for each set of towns the active officers serve (run after an import: a county's
    build takes minutes, which no phone should wait for)."""
    import time

    from flask import g

    from .services import copy_store, field_data
    from .timeutil import local_today
    from .town import serve
    for towns in officers_town_sets():
        if towns:
            serve(towns)
        else:  # officers of a one-town deployment (no town rows): the first town's copy
            g.pop("towns_seen", None)
            g.pop("town_id", None)
        today = local_today()
        extras = copy_store.phone_extras(today)
        started = time.perf_counter()
        body, built = copy_store.full_copy_gz(extras, today)
        state = "Built" if built else "Already stored:"
        of = f" of {', '.join(town_names(towns))}" if towns else ""
        click.echo(f"{state} the whole copy{of} for data version {field_data.current_version()}, "
                   f"{today.isoformat()}: {len(body):,} bytes gzipped, {time.perf_counter() - started:.1f} s.")


def town_names(town_ids) -> list[str]:
    from .models.town import Town
    return list(db.session.scalars(db.select(Town.name).where(Town.id.in_(town_ids)).order_by(Town.name)))


def officers_town_sets() -> list[tuple[int, ...]]:
    """The distinct sets of towns the active officers who take a copy serve (() for an officer
    with no town rows, of a one-town deployment)."""
    from .law.laws import may_under_every_law
    from .models import UserTown
    officers = [u for u in db.session.scalars(db.select(User).where(User.active.is_(True)))
                if may_under_every_law(u.role, "enforce") is not False and u.role != "county_admin"]
    rows = db.session.execute(db.select(UserTown.user_id, UserTown.town_id)).all()
    served: dict[int, set] = {}
    for user_id, town_id in rows:
        served.setdefault(user_id, set()).add(town_id)
    return sorted({tuple(sorted(served.get(u.id, ()))) for u in officers})


def register_cli(app):
    from .backup_cli import backup_command, restore_command
    app.cli.add_command(seed_demo_command)
    app.cli.add_command(create_user_command)
    app.cli.add_command(create_county_admin_command)
    app.cli.add_command(copy_build_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
