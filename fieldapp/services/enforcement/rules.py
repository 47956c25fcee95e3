"""The roadside entries' rules as data, for the phone to check an entry before it is queued.

With no signal the phone cannot ask the server whether an entry would stand, so it checks the
same rules first: the fields each kind needs and the exceptions each offence needs ruled out
(`GET /api/entry-rules`, kept on the phone). The document is built from the law core's table of
offences (`law/restrictions.py: VIOLATIONS`, each exception with its section) and the messages
the validators themselves use (`payload.py`, the kinds' modules); `tests/api/test_entry_rules.py`
runs each validator against each rule, so the phone and the server cannot drift apart.

A rule: `field` must have a value, with `message` if not, unless one of `unless` has one (the
dog is on file, GPS was used, the entry follows a recorded violation), and only `when` another
field has a given value.
"""
from dataclasses import asdict, dataclass, field

from ...law.laws.cites import cite_in_town_law
from ...town import current_law, law_of_town, towns_served
from .complaint import PLACE_OF_VIOLATION_NEEDED
from .payload import DOG_NEEDED, EXCEPTIONS_ADVICE, NONE_APPLIES, PLACE_NEEDED, exception_missing, ruled_out_words
from .ticket import DUPLICATE_CONFIRM, OFFENCE_PLACE_NEEDED


@dataclass(frozen=True)
class Required:
    field: str
    message: str
    unless: tuple[str, ...] = ()
    when: dict = field(default_factory=dict)


FOLLOWS = "violation_entry_id"  # a seizure or ticket made from a recorded violation takes over its parts

REQUIRED = {
    # §5, §6: at least one offence, the dog, and where.
    "violation": (
        Required("codes", "Choose at least one violation."),
        Required("dog_description", DOG_NEEDED, unless=("dog_id",)),
        Required("location_text", PLACE_NEEDED, unless=("latitude",)),
        Required("owner_description", "Whom did you ask to have the dog vaccinated? Give their name.",
                 unless=("dog_id",), when={"rabies_request": "y"}),
    ),
    # §8(A): seized for a violation of §5 or §6 (§8(B): the server decides whether the owner is known).
    "seizure": (
        Required("codes", "Choose the violation the dog is seized for (§8(A)): a dog is seized only for a violation.",
                 unless=(FOLLOWS,)),
        # A dog not on file is described in words, or by its breed or colour (DL-18 fields).
        Required("dog_description", DOG_NEEDED, unless=("dog_id", FOLLOWS, "dog_breed", "dog_color")),
        Required("location_text", PLACE_NEEDED, unless=("latitude", FOLLOWS)),
    ),
    # §9: the offence and the person served; §4(I) a minor owner's name when a guardian is served.
    "ticket": (
        Required("codes", "Choose the offence the ticket is for.", unless=(FOLLOWS,)),
        Required("served_capacity", "Say who is served: the owner, the person in charge, or a minor "
                                    "owner's parent or guardian."),
        Required("location_text", OFFENCE_PLACE_NEEDED, unless=("latitude", FOLLOWS)),
        Required("served_name", "Give the full name of the person served."),
        Required("served_address", "Give the address of the person served."),
        Required("minor_owner_name", "Give the name of the minor who owns the dog.",
                 when={"served_capacity": "guardian"}),
    ),
    # §10(A): sworn before the officer, by a named complainant, about a dog.
    "complaint": (
        Required("complainant_name", "Give the complainant's full name."),
        Required("complainant_residence", "Give where the complainant lives."),
        Required("sworn", "§10(A): the complaint must be made under oath before you. "
                          "Swear the complainant, then tick the box."),
        Required("nature", "Say what the dog did (the nature of the violation).", unless=("codes",)),
        Required("violation_on", "Give the date of the violation."),
        Required("violation_place", PLACE_OF_VIOLATION_NEEDED),
        Required("dog_description", DOG_NEEDED, unless=("dog_id",)),
    ),
    "rabies_request": (),
}

# The kinds whose offences stand only with each exception ruled out (`PayloadReader.ruled_out`).
EXCEPTIONS_CHECKED = ("violation", "seizure", "ticket")


def served_laws() -> list:
    """The town acted for's law, then the other laws of the towns the officer serves (an entry is
    judged by the law of the town where it happened; offline, the phone checks it with that
    law's offences). The laws' offence codes are distinct, so one table holds them all."""
    laws = {current_law().key: current_law()}
    for town_id in towns_served():
        law = law_of_town(town_id)
        laws.setdefault(law.key, law)
    return list(laws.values())


def entry_rules() -> dict:
    """The document the phone keeps: each kind's required fields, and each offence's exceptions
    with the message shown when one is not ruled out (joined by "; ", then `exceptions_advice`)."""
    offences = {
        code: {"title": r.title, "section": r.section,
               "exceptions": [{"code": e.code, "section": e.section, "words": ruled_out_words(e),
                               "message": exception_missing(r, e)} for e in r.exceptions]}
        for law in served_laws() for code, r in law.offences.items()  # the state's §118(1) under it alone
    }
    return {
        "kinds": {kind: {"required": [{**asdict(rule), "message": cite_in_town_law(rule.message)} for rule in rules],
                         "exceptions": kind in EXCEPTIONS_CHECKED}
                  for kind, rules in REQUIRED.items()},
        "offences": offences,
        "exceptions_field": "ruled_out",
        "none_applies_field": NONE_APPLIES,
        "exceptions_advice": EXCEPTIONS_ADVICE,
        "follows": FOLLOWS,
        "duplicate_confirm": DUPLICATE_CONFIRM,
    }
