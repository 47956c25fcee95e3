"""The demo town (`flask seed-demo`), dated from today (demo only). One entry point, `seed_demo`:

- the town's record (`models/town.py`: its name, law, clerk's office, court), from the settings'
  defaults;
- the storybook town (`town`): a few owners and dogs (`people`, `dogs`), each with a story, one
  case of each rule of the clerk's counter; with `cases`, the officers' and the Justice's cases
  too: seizures and the calendar (`roadside`), the docket (`court`), calls for service (`calls`);
- with `cases` too, a second town (`example_town`): "Example Town", made up, under the state
  law alone, with its own clerk, Justice and administrator; the DCO and police officer serve both;
- the bulk town (`bulk`, `seed_demo(n_dogs=N)`) for the benchmarks, with `history_years` of past
  (`history`: licenses, violations, tickets, seizures, court cases, in core bulk inserts).

Every number (identification, license, receipt, ticket, DL-18 record and tag numbers), fee and
URL comes from the services' own helpers (services.numbers, money, tickets, tags, licensing
fees), the bulk inserts taking a whole run of numbers at once."""
import random

from ..extensions import db
from ..timeutil import local_today
from .people import DEMO_PASSWORD, DEMO_USERS, add_to_town, seed_users

__all__ = ["DEMO_PASSWORD", "DEMO_USERS", "seed_demo"]


def seed_demo(n_dogs=None, rng_seed=2011, today=None, history_years=5, cases=False) -> str:
    """The demo town; flushes and commits. Used by the CLI (`cases=True`: the roadside, court and
    calls cases of the small town, then the second town) and by tests (on a schema made with
    create_all). A bulk town (`n_dogs`) gets `history_years` of past (fieldapp/demo/history/; 0:
    none). Returns what the CLI prints."""
    # The parts are imported here, not at the top: the CLI imports this package whenever the app
    # starts, and the parts pull in the services; no part imports this module back.
    from ..town import town_for_write
    from .dogs import LicenseFees, seed_tags
    today = today or local_today()
    rng = random.Random(rng_seed)
    fees = LicenseFees()
    clerk = seed_users()
    town = town_for_write(clerk)  # the town's record, from the settings' defaults (models/town.py)
    # Every demo user serves the town but the county administrator, who serves none.
    add_to_town([username for username, _, role in DEMO_USERS if role != "county_admin"], town.id)
    if n_dogs is None:
        from .town import seed_storybook_town
        dog_ids = seed_storybook_town(today, clerk, fees)
    else:
        from .bulk import seed_bulk
        dog_ids = seed_bulk(n_dogs, today, rng, clerk, fees)
        if history_years:
            from .history import seed_history
            seed_history(dog_ids, today, rng, clerk, fees, years=history_years)
    tag_note = seed_tags(dog_ids, today)
    if n_dogs is None:
        from .town import seed_law_cases, seed_minor_owner_case, seed_rabies_terms
        seed_law_cases(today, clerk, fees)
        dog_ids = dog_ids + [seed_minor_owner_case(today, clerk, fees)]
        seed_rabies_terms(today, clerk)
    db.session.commit()
    if n_dogs is not None and db.engine.dialect.name == "postgresql":
        # After a bulk load PostgreSQL plans from no statistics until autovacuum gets round to
        # them: the search's `LIKE` then looked common, and a rare word read the whole table.
        db.session.execute(db.text("ANALYZE"))
        db.session.commit()
    lines = [f"Demo town seeded: {len(dog_ids)} dogs."] + ([tag_note] if tag_note else [])
    if cases and n_dogs is None:
        lines += seed_cases(today)
        # Last, so that none of the first town's rows or numbers change (tests read them).
        from .example_town import seed_example_town
        lines.append(seed_example_town(today))
        db.session.commit()
    return "\n".join(lines)


def seed_cases(today) -> list[str]:
    """The small town's roadside, court and calls cases, each entry as if it reached the office
    that day; committed. Returns a line for each."""
    from ..services.enforcement.payload import entered_at_the_time
    from .calls import seed_calls
    from .court import seed_court_cases
    from .roadside import seed_roadside_cases
    with entered_at_the_time():
        return [seed_roadside_cases(today), seed_court_cases(today), seed_calls()]
