"""The state's Dog Seizure and Disposition Report (form DL-18, Agriculture and Markets Law
§113(4)): the record every dog control officer keeps of each dog seized, as plain values.

The seizure codes of the DL-18 and a declarative table mapping each offence the local law's
seizure is made for (`fieldapp.law.VIOLATIONS` codes, §8(A): "any dog found in violation of the
provisions of Section 5 or 6") to the DL-18 code it is reported under. No Flask, no database.
"""
from dataclasses import dataclass

# The DL-18's reasons for seizure, in the form's order.
DL18_SEIZURE_CODES = {
    "unidentified_at_large": "Unidentified and at large",  # AML §117(1)(a)
    "unlicensed": "Unlicensed",  # AML §117(1)(b)
    "public_safety": "Threat to public safety",  # AML §117(1)(d)
    "dangerous": "Dangerous dog",  # AML §108(24), §123
    "local_law": "Local law violation",  # AML §117(1), a local law such as ours
    "court_order": "Court order",  # AML §123 / the Town Justice's order
    "other": "Other",
}


@dataclass(frozen=True)
class SeizureCodeRule:
    """How one offence of the local law is reported on the DL-18: `code` when the dog is
    identified (a tag or an ID number on file), `unidentified` when it is not (None: the same)."""
    offence: str  # fieldapp.law.VIOLATIONS code
    code: str  # DL18_SEIZURE_CODES key
    unidentified: str | None
    why: str


def _rule(offence, code, why, unidentified=None):
    return SeizureCodeRule(offence, code, unidentified, why)


# Every offence the app can seize for, under every law it ships (fieldapp.law.laws: ALL_OFFENCES),
# walked by a test.
SEIZURE_CODE_TABLE = {r.offence: r for r in (
    _rule("5A1", "unlicensed", "§5(A)(1) no license or tag: AML §117(1)(b) \"any dog which is not licensed\""),
    _rule("5B1", "local_law", "§5(B)(1) failure to vaccinate when requested: the local law (and PHL §2141)"),
    _rule("5G1", "unlicensed", "§5(G)(1) a tag of another dog: the dog itself carries no license of its own"),
    _rule("5J-late", "local_law", "§5(J) transfer not notified: the local law"),
    _rule("5J1-late", "local_law", "§5(J)(1) loss or theft not notified: the local law"),
    _rule("5J-new-owner", "unlicensed", "§5(J) the new owner did not apply for a license: unlicensed"),
    _rule("5J3", "unlicensed", "§5(J)(3) not licensed within 30 days of moving to town: unlicensed"),
    _rule("6A1", "local_law", "§6(A)(1) running at large: AML §117(1)(a) when the dog is not identified",
          unidentified="unidentified_at_large"),
    _rule("6A2", "local_law", "§6(A)(2) habitual barking: the local law"),
    _rule("6A3", "local_law", "§6(A)(3) damaging property: the local law"),
    _rule("6A4", "public_safety", "§6(A)(4) chasing or harassing a person: AML §117(1)(d) a threat to "
                                  "the public safety"),
    _rule("6A5", "local_law", "§6(A)(5) chasing vehicles: the local law"),
    _rule("6A6", "local_law", "§6(A)(6) nuisance digging: the local law"),
    _rule("6A7", "local_law", "§6(A)(7) feces not removed: the local law"),
    _rule("6A8", "local_law", "§6(A)(8) female in heat unleashed: the local law"),
    _rule("6A9", "local_law", "§6(A)(9) at large on school premises: AML §117(1)(a) when not identified",
          unidentified="unidentified_at_large"),
    _rule("6A10", "local_law", "§6(A)(10) roaming in a pack: AML §117(1)(a) when not identified",
          unidentified="unidentified_at_large"),
    _rule("6A11", "dangerous", "§6(A)(11) killing other animals: AML §108(24)(a) a dangerous dog"),
    _rule("6A12", "local_law", "§6(A)(12) food, water, shelter, care not provided: the local law"),
    _rule("10B4", "court_order", "§10(B)(4) an order of the Town Justice violated"),
    # A town under state law alone (fieldapp/law/aml7.py: VIOLATIONS, AML §118(1)): its seizure
    # grounds are AML §117(1)(a)-(d); a violation that is none of them is reported as "Other".
    _rule("AML118-1a", "unlicensed", "AML §118(1)(a) unlicensed: §117(1)(b) \"any dog which is not licensed\""),
    _rule("AML118-1b", "unidentified_at_large", "AML §118(1)(b) not identified: §117(1)(a) \"any dog which is not "
                                                "identified and which is not on the owner's premises\""),
    _rule("AML118-1c", "other", "AML §118(1)(c) a false or improper tag: not a ground of §117(1) by itself"),
    # Not "Threat to public safety": a dog loose is not by that alone "an immediate threat" (§117(1)(d)),
    # and the report should not say so of an owner's dog.
    _rule("AML118-1d", "other", "AML §118(1)(d) failure to confine or restrain: §117(1)(a) when the dog is not "
                                "identified", unidentified="unidentified_at_large"),
    _rule("AML118-1e", "other", "AML §118(1)(e) false information on a form: not a ground of §117(1)"),
    _rule("AML118-1f", "other", "AML §118(1)(f) harm to a guide, hearing or service dog: not a ground of "
                                "§117(1) by itself (a dangerous dog is §123's, by the court)"),
    _rule("AML118-1g", "other", "AML §118(1)(g) change of owner or address not notified: not a ground of §117(1)"),
)}


def dl18_seizure_codes(offences, identified: bool) -> list[str]:
    """The DL-18 seizure codes for a seizure made for `offences` (VIOLATIONS codes), in the
    form's order, each once. A code not in the table is "other"; no offence at all is "other"."""
    found = set()
    for offence in offences or ():
        rule = SEIZURE_CODE_TABLE.get(offence)
        if rule is None:
            found.add("other")
        else:
            found.add(rule.unidentified if (rule.unidentified and not identified) else rule.code)
    return [c for c in DL18_SEIZURE_CODES if c in found] or ["other"]


def dl18_seizure_words(offences, identified: bool) -> str:
    """The DL-18 reasons for seizure in words: "Unlicensed; Local law violation"."""
    return "; ".join(DL18_SEIZURE_CODES[c] for c in dl18_seizure_codes(offences, identified))


def dl18_record_number(year: int, n: int) -> str:
    """The DL-18 record number: the year and a sequence that starts again each year, 2026-0012."""
    return f"{year}-{n:04d}"


def age_words(born_on, on) -> str:
    """A dog's age on a day, from its (approximate) date of birth, as the report writes it:
    "3 years", "7 months", "" when unknown."""
    if born_on is None or on is None or born_on > on:
        return ""
    months = (on.year - born_on.year) * 12 + on.month - born_on.month - (1 if on.day < born_on.day else 0)
    if months >= 24:
        return f"{months // 12} years"
    if months >= 12:
        return "1 year"
    return f"{months} month{'s' if months != 1 else ''}"
