"""Calls for service: what a call can be about, how urgent, and how it can end.

A call is not a rule of the law: it is what comes before the officer's entries. What it is about
cites the §6(A) restriction it sounds like (drawn from `SECTION_6_RESTRICTIONS`, so the words are
the law's), or one of the things that are not a §6 offence: a bite, a stray a resident holds
(§8 is the officer's), cruelty or neglect (passed on: Agriculture and Markets Law §353 is not this
law's). How a call ends names the record made from it (violation, seizure, ticket, sworn
complaint) or says why none was.
"""
from dataclasses import dataclass

from .restrictions import SECTION_6_RESTRICTIONS


@dataclass(frozen=True)
class CallKind:
    code: str
    section: str  # "§6(A)(1)" for a restriction, "" otherwise
    title: str


CALL_KINDS: dict[str, CallKind] = {
    **{code: CallKind(code, r.section, r.title) for code, r in SECTION_6_RESTRICTIONS.items()},
    "bite": CallKind("bite", "", "Dog bite"),
    "stray_held": CallKind("stray_held", "", "Stray held by a resident"),
    "cruelty": CallKind("cruelty", "", "Cruelty or neglect (to pass on)"),
    "other": CallKind("other", "", "Something else"),
}


def kind_label(code: str) -> str:
    kind = CALL_KINDS.get(code)
    if kind is None:
        return code
    return f"{kind.section} {kind.title}" if kind.section else kind.title


URGENCIES = {"now": "Now: someone is in danger", "today": "Today", "routine": "When the officer can"}
URGENCY_ORDER = {"now": 0, "today": 1, "routine": 2}

# The outcomes that are a record made from the call: the entry kind that makes it.
RECORD_OUTCOMES = {"violation": "Violation recorded", "seizure": "Dog seized",
                   "ticket": "Appearance ticket issued", "complaint": "Sworn complaint taken"}
OTHER_OUTCOMES = {"warning": "Warning given", "gone": "Gone on arrival", "unfounded": "Unfounded",
                  "referred": "Referred"}
OUTCOMES = {**RECORD_OUTCOMES, **OTHER_OUTCOMES}

STATUSES = {"open": "Open", "taken": "Taken", "arrived": "Officer on scene", "closed": "Closed"}
