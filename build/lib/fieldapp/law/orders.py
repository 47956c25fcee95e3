"""§10(B) the Town Justice's hearing and orders; §4(C) dangerous dog and its exceptions,
§4(O) vicious dog, §4(B) confined.

Plain values in, plain values out: no Flask, no database. The Justice decides; these rules say
what the law asks him or her to consider before a finding stands, and the words an order carries.
"""
from dataclasses import dataclass

# §10(B)(1)-(3): what the Town Justice may order after the hearing; "lifted" ends an earlier
# order (a later order may lift or change it: orders are never edited in place).
ORDER_KINDS = {
    "dangerous": ("§10(B)(1)", "Declared a dangerous dog (§4(C))"),
    "vicious": ("§10(B)(1)", "Declared a vicious dog (§4(O))"),
    "confined": ("§10(B)(2)", "Confined to the premises of the owner"),
    "order": ("§10(B)(3)", "Other remedy ordered by the Town Justice"),
    "lifted": ("§10(B)", "Earlier order lifted"),
}
# The kinds shown at the roadside while in force (a "lifted" order is not itself in force).
ROADSIDE_KINDS = ("dangerous", "vicious", "confined", "order")

# What an officer reads before writing a ticket or a violation for a dog under an order (the
# ticket and violation forms, online and offline): the order in a few words; §10(B)(3) an other
# remedy is in the Justice's own words (its terms).
ORDER_SHORT = {
    "dangerous": "declared dangerous; collar and leash at all times, on or off the owner's property",
    "vicious": "declared vicious; collar and leash at all times, on or off the owner's property",
    "confined": "confine to premises",
    "order": "",
}


def order_short(kind: str, terms: str) -> str:
    """§10(B)(1)-(3): the order of `kind` in a few words (an other remedy: its own terms)."""
    return ORDER_SHORT.get(kind) or (terms or "").strip()


# §10(B)(1): "The dog be declared a vicious or dangerous dog to be restrained by collar and
# leash at all times whether on or off the owner s property."
LEASH_TERMS = ("To be restrained by collar and leash at all times, whether on or off the owner's "
               "property (§10(B)(1)).")
# §10(B)(2) with §4(B), the law's meaning of confined.
CONFINED_TERMS = ("To be confined to the premises of the owner (§10(B)(2)): securely confined or "
                  "restrained and kept on the owner's premises, within a building, kennel or other "
                  "suitable enclosure or on a tether so that it cannot reach any person, adjacent "
                  "premises or public place; in transport, in a crate or so restrained in the vehicle "
                  "that it cannot escape (§4(B)).")


@dataclass(frozen=True)
class Consideration:
    """An exception (or a ground) of §4 the Justice must consider before making a finding."""
    code: str
    section: str
    title: str
    applies_to: tuple[str, ...]  # the victims it is about (see VICTIMS)


# §4(C): who or what the dog bit, attacked, injured or killed.
VICTIMS = {
    "person": "A person",
    "dog_or_cat": "A companion animal (dog or cat)",
    "domestic_animal": "Another domestic animal (AML §121)",
    "killed_dog_or_cat": "Killed a companion animal (dog or cat)",
}
_ANIMALS = ("dog_or_cat", "domestic_animal", "killed_dog_or_cat")

# §4(C): "the attacking or biting dog shall not be deemed dangerous (i) ... (iv)", and the two
# sentences after it. Each is shown to the Justice, who records that it does not apply.
DANGEROUS_EXCEPTIONS = (
    Consideration("4C-i", "§4(C)(i)", "No serious physical injury, as determined by a licensed "
                  "veterinarian, to the dog, cat or other domestic animal", ("dog_or_cat", "domestic_animal")),
    Consideration("4C-ii", "§4(C)(ii)", "Both animals are owned by the same person", _ANIMALS),
    Consideration("4C-iii", "§4(C)(iii)", "The attack occurred on the property of the attacking "
                  "or biting dog's owner or custodian", _ANIMALS),
    Consideration("4C-iv", "§4(C)(iv)", "Other good cause, as determined by the court", _ANIMALS),
    Consideration("4C-hunting", "§4(C)", "The dog was engaging with an owner or custodian in lawful "
                  "hunting or an organized, lawful dog-handling event", ("dog_or_cat", "killed_dog_or_cat")),
    Consideration("4C-totality", "§4(C)", "On the totality of the evidence the dog is not dangerous "
                  "or a threat to the community", ("person",)),
)
DANGEROUS_EXCEPTION_CODES = {c.code: c for c in DANGEROUS_EXCEPTIONS}

# §4(O): a vicious dog has (i) killed a person; (ii) inflicted serious injury to a person; or
# (iii) continued the behaviour of a previous dangerous-dog finding, the owner given notice.
VICIOUS_GROUNDS = {
    "4O-i": ("§4(O)(i)", "Killed a person"),
    "4O-ii": ("§4(O)(ii)", "Inflicted serious injury to a person (multiple bites, serious "
                           "disfigurement, serious impairment of health or of a bodily function)"),
    "4O-iii": ("§4(O)(iii)", "Continued to exhibit the behaviour that resulted in a previous "
                             "finding that it is a dangerous dog, its owner given notice of that finding"),
}


def exceptions_for(victim: str) -> tuple[Consideration, ...]:
    """§4(C): the exceptions the Justice must consider for a dog that bit, attacked or
    injured `victim` (a key of VICTIMS)."""
    return tuple(c for c in DANGEROUS_EXCEPTIONS if victim in c.applies_to)


def dangerous_finding_refusal(victim: str | None, ruled_out) -> str | None:
    """§4(C): None when a dangerous-dog finding may stand: the victim named and every exception
    that could apply to it considered and found not to apply; otherwise why not."""
    if victim not in VICTIMS:
        return "Say whom or what the dog bit, attacked or injured (§4(C))."
    left = [c for c in exceptions_for(victim) if c.code not in set(ruled_out)]
    if left:
        return ("A dog is not deemed dangerous if an exception applies: consider "
                + "; ".join(f"{c.section} {c.title.lower()}" for c in left) + ".")
    return None


def vicious_finding_refusal(grounds, prior_dangerous_finding: bool, owner_given_notice: bool = False) -> str | None:
    """§4(O): None when a vicious-dog finding may stand: at least one ground found, and for
    ground (iii) alone "a previous finding ... that it is a dangerous dog, provided that its owner
    has been given notice of that finding": a dangerous finding in force
    (`prior_dangerous_finding`) whose notice was given to the owner (`owner_given_notice`)."""
    grounds = [g for g in grounds if g in VICIOUS_GROUNDS]
    if not grounds:
        return "Name the ground of §4(O) found: (i), (ii) or (iii)."
    if grounds == ["4O-iii"] and not prior_dangerous_finding:
        return ("§4(O)(iii) needs a previous finding that the dog is dangerous, in force, its owner given "
                "notice of it; none is on file.")
    if grounds == ["4O-iii"] and not owner_given_notice:
        return ("§4(O)(iii) \"provided that its owner has been given notice of that finding\": the owner did "
                "not appear at the hearing where the dog was found dangerous and no notice to the owner is "
                "recorded. Record the notice on that finding (\"Notice of this finding to the owner\") first.")
    return None


# §4(O)(iii): how the owner was given notice of a dangerous finding (the Justice records it).
NOTICE_METHODS = {
    "in_person": "Handed to the owner in person",
    "mail": "Mailed to the owner",
    "certified_mail": "Sent by certified mail",
    "in_court": "Read to the owner in court",
}


def dangerous_finding_noticed(owner_appeared: bool, notified_on) -> bool:
    """§4(O)(iii) "its owner has been given notice of that finding": the owner appeared at the
    hearing where the dog was found dangerous, or a notice of the finding is on file."""
    return bool(owner_appeared or notified_on)


def order_terms(kind: str, words: str = "") -> str:
    """The terms an order of `kind` carries: §10(B)(1) collar and leash for a dangerous or
    vicious dog, §10(B)(2) confinement (§4(B)), §10(B)(3) the Justice's own words (required),
    with any further words the Justice adds. ValueError if an order has no terms."""
    if kind not in ORDER_KINDS:
        raise ValueError(f"Unknown order {kind!r}.")
    words = (words or "").strip()
    base = {"dangerous": LEASH_TERMS, "vicious": LEASH_TERMS, "confined": CONFINED_TERMS}.get(kind, "")
    if not base and not words:
        raise ValueError("§10(B)(3): state the remedy in the order's own words."
                         if kind == "order" else "Say what the later order does.")
    return f"{base} {words}".strip() if base else words
