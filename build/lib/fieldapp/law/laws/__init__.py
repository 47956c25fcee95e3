"""Each town its law: the dog laws the app knows, as values (`Law`), and the one a town names.

`LAWS` is the registry {key: Law}; a town chooses its law with the setting `town_law` (the admin's
page, "The town"), whose default is the Town of Sandy Creek's Local Law No. 2 of 2011, the law the
app was built on. `law_named(key)` gives a law by its key.

- `local_2011.LAW`: Local Law No. 2 of 2011, built by reference from the law core's tables.
- `aml_article7.LAW`: the state law alone, Agriculture and Markets Law Article 7, for a town with no
  local dog law.
"""
from functools import cache

from . import aml_article7, local_2011
from .base import (
    Choice,
    Fees,
    HoldingPeriods,
    Identification,
    ImpoundmentFees,
    Law,
    LicenseRules,
    Penalties,
)

LAWS: dict[str, Law] = {law.key: law for law in (local_2011.LAW, aml_article7.LAW)}
DEFAULT_LAW = local_2011.KEY  # today's behaviour
# Every offence of every law, by code (the codes are distinct: "6A1", "AML118-1a"): a record keeps
# the codes of the law it was judged by, and is shown by them whatever the town's law is now.
ALL_OFFENCES = {code: r for law in LAWS.values() for code, r in law.offences.items()}
_LAW_OF_OFFENCE = {code: law for law in LAWS.values() for code in law.offences}


@cache  # the laws are fixed values: the answer for a (role, action) never changes
def may_under_every_law(role: str | None, action: str) -> bool | None:
    """Whether `role` holds `action` when every law says the same (True or False), else None:
    only then does a permission check need to know the town's law (which costs a read)."""
    answers = {law.may(role, action) for law in LAWS.values()}
    return answers.pop() if len(answers) == 1 else None


def law_cite(law: Law, local_section: str, other_section: str = "") -> str:
    """A paper's citation in the town's law: "Local Law No. 2 of 2011, §5(A)(4)" under a local law
    (whose sections the app's papers are written to); under the state law alone its own section
    where the paper has one ("AML §109(1)(a)"), else the law's name."""
    if law.local:
        return f"{law.name}, {local_section}"
    return other_section or law.name


def law_of_offence(code: str) -> Law | None:
    """The law `code` is an offence of (None for a code no law has, or a complaint's words)."""
    return _LAW_OF_OFFENCE.get(code)


def law_of_codes(codes, default: Law) -> Law:
    """The law a record's offences are of (the first code a law has), else `default` (the town's)."""
    return next((_LAW_OF_OFFENCE[c] for c in codes or () if c in _LAW_OF_OFFENCE), default)


# The ticket's line on penalties, as the local law's tickets have always said it (§11).
LOCAL_TICKET_PENALTY = ("Upon conviction, an offence under this Local Law is punishable by a fine of not more "
                        "than $500, or imprisonment of not more than 15 days, or both (§11).")


def ticket_penalty(law: Law, prosecution: str = "civil_penalty") -> str:
    """What a ticket says a conviction may bring, under the law its offences are of (and the
    town's election of a civil penalty or the penal law, where the law gives one)."""
    if law.local and law.penalties.section == "§11":
        return LOCAL_TICKET_PENALTY
    return f"Upon conviction, an offence under the {law.name} is punishable by {law.penalties.words(prosecution)}."


def offence_cited(code: str) -> str:
    """An offence as a ticket or complaint cites it, in the law it is an offence of: "Local Law No. 2
    of 2011 §5(A)(1)"; the state law's sections name their statute already ("AML §118(1)(a)")."""
    law = _LAW_OF_OFFENCE.get(code)
    if law is None:
        return code
    section = law.offences[code].section
    return section if law.cite_prefix else f"{law.name} {section}"


def law_named(key: str) -> Law:
    """The law of `key` (a KeyError names the keys there are)."""
    try:
        return LAWS[key]
    except KeyError:
        raise KeyError(f"No law {key!r}; the laws are {sorted(LAWS)}.") from None


__all__ = ["ALL_OFFENCES", "DEFAULT_LAW", "LAWS", "Choice", "Fees", "HoldingPeriods", "Identification",
           "ImpoundmentFees", "LicenseRules", "Law", "Penalties", "law_cite", "law_named", "law_of_codes",
           "law_of_offence", "may_under_every_law", "offence_cited",
           "ticket_penalty"]
