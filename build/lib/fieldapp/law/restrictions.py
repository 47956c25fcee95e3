"""§6 Restrictions, their exceptions, and the §5 offences offered alongside them.

``text`` fields are the law's words verbatim, as in the filed text (which drops
apostrophes: "owner s").
"""
from dataclasses import dataclass
from datetime import date

from .licensing import rabies_vaccination_due
from .words import say_date


@dataclass(frozen=True)
class RestrictionException:
    """An exception that makes otherwise-prohibited conduct lawful."""
    code: str
    section: str
    title: str
    text: str


@dataclass(frozen=True)
class Restriction:
    """An offence a ticket can be written for: code, cite, plain title, the law's text,
    and the exceptions that can apply to it."""
    code: str
    section: str
    title: str
    text: str
    exceptions: tuple[RestrictionException, ...] = ()


# §6(B): owner's own property.
OWNERS_PROPERTY = RestrictionException(
    "6B", "§6(B)", "On the owner's own property, able to be restrained",
    "A dog shall be permitted to run at large on its owner s private property so long as "
    "the dog can be placed under restraint should it become uncontrollable or dangerous to "
    "passersby.")

# §6(A)(1) proviso: hunting dogs are under command.
HUNTING = RestrictionException(
    "6A1-hunting", "§6(A)(1)", "Hunting in company of a hunter, under command",
    "For the purpose of this Local Law, a dog or dogs hunting in company of a hunter or "
    "hunters shall be considered under its owner s command.")

# §6(A)(1)'s own two "unless" clauses: a dog on a leash, or with someone able to control it by
# command, is not running at large. Each is a box the officer rules out, like §6(B).
ON_A_LEASH = RestrictionException(
    "6A1-leash", "§6(A)(1)", "Restrained by an adequate leash",
    "unless the dog is restrained by an adequate leash")
UNDER_COMMAND = RestrictionException(
    "6A1-accompanied", "§6(A)(1)", "With its owner or a responsible person able to control it by command",
    "unless it is accompanied by its owner or a responsible person able to control it by command")

SECTION_6_EXCEPTIONS = {e.code: e for e in (OWNERS_PROPERTY, HUNTING, ON_A_LEASH, UNDER_COMMAND)}

# §6(A): each offence's own "unless" / "without the consent" / "except" words, an exception the
# officer rules out like §6(B). The text is the offence's own clause, verbatim.
GARDEN_CONSENT = RestrictionException(
    "6A3-consent", "§6(A)(3)", "The property owner consented or approved",
    "without the consent or approval of the property owner")
CHASING_WHERE_ALLOWED = RestrictionException(
    "6A5-owners-property", "§6(A)(5)", "On the owner's or harborer's property, or with the property owner's consent",
    "other than property of the owner or harborer of said dog without the consent of the owner of such property")
DIGGING_CONSENT = RestrictionException(
    "6A6-consent", "§6(A)(6)", "Private property, with the property owner's consent",
    "private property without the consent of the owner of such property")
FECES_REMOVED = RestrictionException(
    "6A7-removed", "§6(A)(7)", "With its owner or a responsible person who removed the feces at once",
    "unless it is accompanied by its owner or a responsible person who immediately removes the feces from "
    "such property")
IN_HEAT_CONTAINED = RestrictionException(
    "6A8-contained", "§6(A)(8)", "Inside a building or a fenced enclosure, or on a leash",
    "be permitted to be outside a building or a fenced enclosure unless on a leash")
RATS_AND_MICE = RestrictionException(
    "6A11-rats-mice", "§6(A)(11)", "Killed only rats or mice",
    "except rats and mice")


def _r(n: int, title: str, text: str, exceptions=()) -> Restriction:
    return Restriction(f"6A{n}", f"§6(A)({n})", title, text, tuple(exceptions))


# §6(A): "Except as provided in Section 6 (B) below, it shall be unlawful for any owner
# of any dog in the Town of Sandy Creek to permit or allow such dog to: ..."
#
# §6(B) only permits a dog to "run at large" on its owner's private property, so it is
# attached only to 6A1 (running at large). 6A9 is being at large on school premises or
# recreational areas, which are not the owner's private property, so §6(B) does not help
# there. The §6(A)(1) hunting proviso ("shall be considered under its owner s command") goes
# wherever an offence turns on being at large or under command: 6A1, 6A9 (at large) and 6A10
# (roaming in a pack, at large with other dogs). The other restrictions are about conduct
# (barking, digging, chasing, ...) that is unlawful wherever the dog is, or say where it
# applies themselves (6A3, 6A5, 6A6, 6A7), each with its own "unless" words as an exception.
SECTION_6_RESTRICTIONS = {r.code: r for r in (
    _r(1, "Running at large",
       "Run at large unless the dog is restrained by an adequate leash or unless it is "
       "accompanied by its owner or a responsible person able to control it by command.",
       (OWNERS_PROPERTY, HUNTING, ON_A_LEASH, UNDER_COMMAND)),
    _r(2, "Habitual barking or howling",
       "Engage in habitual loud howling, barking, crying or whining or conduct itself in such "
       "a manner so as to unreasonably and habitually disturb the comfort or repose of any "
       "person other than the owner of such dog."),
    _r(3, "Damaging others' property or gardens",
       "Uproot, dig, or otherwise damage any vegetables, lawns, flowers, garden beds, or other "
       "property not belonging to the owner of such dog without the consent or approval of the "
       "property owner.", (GARDEN_CONSENT,)),
    _r(4, "Chasing, jumping on or harassing a person",
       "Chase, jump upon or otherwise harass any person in such a manner as to reasonably cause "
       "intimidation or fear or to put such person in reasonable apprehension of bodily harm or "
       "injury."),
    _r(5, "Chasing vehicles or bicycles",
       "Habitually chase, run alongside of or bark at motor vehicles, motorcycles or bicycles, "
       "while on a public street or highway or upon public or private property other than "
       "property of the owner or harborer of said dog without the consent of the owner of such "
       "property.", (CHASING_WHERE_ALLOWED,)),
    _r(6, "Nuisance digging",
       "Create a nuisance by digging on public property or private property without the consent "
       "of the owner of such property.", (DIGGING_CONSENT,)),
    _r(7, "Feces not removed",
       "Defecate on public property or private property unless it is accompanied by its owner or "
       "a responsible person who immediately removes the feces from such property.", (FECES_REMOVED,)),
    _r(8, "Female in heat outside unleashed",
       "If an unspayed female dog when in heat, be permitted to be outside a building or a fenced "
       "enclosure unless on a leash.", (IN_HEAT_CONTAINED,)),
    _r(9, "At large on school premises or recreational areas",
       "Be at large on any school premises or recreational areas.", (HUNTING,)),
    _r(10, "Roaming in a pack",
       "Roam with one or more other dogs in a pack.", (HUNTING,)),
    _r(11, "Killing other animals",
       "Kill other animals except rats and mice.", (RATS_AND_MICE,)),
    _r(12, "Failure to provide food, water, shelter or care",
       "No owner shall fail to provide a dog with sufficient good and wholesome food and water, "
       "proper shelter and protection from the weather, veterinary care when needed to prevent "
       "suffering and humane care and treatment."),
)}

# §6(C)
PRESUMPTIVE_EVIDENCE_NOTE = (
    "Establishment of the fact or facts that a dog has committed any of the acts prohibited by "
    "Section 6 of this Local Law shall be presumptive evidence against the owner or harborer of "
    "such dog that he has failed to properly confine or leash or control his dog.")

# §5(A)(1): license and tag required. Its own exceptions: young dogs not at large,
# and (§5(I)) any dog at a dog show that is licensed in the town where it lives. The code
# "5H-dog-show" is kept as it was (entries already recorded name it); the exception is
# §5(I)'s, which covers every dog, not only §5(H)'s purebreds.
UNLICENSED_DOG = Restriction(
    "5A1", "§5(A)(1)", "Unlicensed dog / no tag",
    "Any person owning, possessing or harboring a dog four months of age or over in the Town of "
    "Sandy Creek shall maintain a valid license for said dog and shall place and keep on such dog "
    "a collar to which shall be securely attached a valid identification tag for that dog, in "
    "accordance with the requirements of this Local Law.",
    (
        RestrictionException(
            "5A1-under-4-months", "§5(A)(1)", "Under four months old and not at large",
            "No license shall be required for any dog which is under the age of four months and "
            "which is not at large except as otherwise provided in this Local Law."),
        RestrictionException(
            "5H-dog-show", "§5(I)", "At a dog show, licensed in the town where it lives",
            "Dogs when participating in a dog show are also exempt so long as the dog is licensed "
            "in the town where it resides."),
    ))

# §5(B)(1): failure to vaccinate within 10 days of an officer's request.
FAILURE_TO_VACCINATE = Restriction(
    "5B1", "§5(B)(1)", "Failure to vaccinate for rabies when requested",
    "Any person owning or possessing or harboring a dog, who willfully fails or refuses to submit "
    "said dog for vaccination within ten (10) days after a request by the dog control officer, "
    "peace officer, police officer or health officer shall be subject to the penalties provided in "
    "this Local Law.",
    (
        RestrictionException(
            "5B2", "§5(B)(2)", "Vet statement: vaccination would endanger the dog's life",
            "In lieu of the rabies certificate, an owner may present a statement certified by a "
            "licensed veterinarian stating that he has examined the dog and found that the life of "
            "the dog would be endangered by vaccinating due to old age or other reasons."),
    ))

# §5(G)(1): a numbered tag only on the dog it was assigned to.
TAG_ON_ANOTHER_DOG = Restriction(
    "5G1", "§5(G)(1)", "Tag on a dog it was not assigned to",
    "No tag carrying an identification number shall be affixed to the collar of any dog other than "
    "the one to which the number has been assigned.")

# §5(J): the owner of record's ten-day notice of a transfer; §5(J)(1): of a loss or theft.
LATE_TRANSFER_NOTICE = Restriction(
    "5J-late", "§5(J)", "Transfer of ownership not notified within ten days",
    "The owner of record shall, within ten days of the transfer of ownership of any dog, file with "
    "the Town Clerk notification of such change.")
LATE_LOST_STOLEN_NOTICE = Restriction(
    "5J1-late", "§5(J)(1)", "Loss or theft not notified within ten days",
    "Any dog which has been lost or stolen, the owner of record shall within ten days of discovery "
    "of such loss or theft shall file with the Town Clerk notification of such event.")

# §5(J): the new owner applies for a license at once.
NEW_OWNER_NOT_LICENSED = Restriction(
    "5J-new-owner", "§5(J)", "New owner did not apply for a license",
    "The new owner shall immediately make application for a license for such dog.")

# §5(J)(3): new residents license their dogs within 30 days.
NEW_RESIDENT_NOT_LICENSED = Restriction(
    "5J3", "§5(J)(3)", "Not licensed within 30 days of moving to town",
    "All dogs shall be licensed with the office of the Town Clerk within 30 days of establishing "
    "residence in the Town.")

# §10(B)(4): an order of the Town Justice after a §10 hearing.
TOWN_JUSTICE_ORDER_VIOLATED = Restriction(
    "10B4", "§10(B)(4)", "Violating an order of the Town Justice",
    "A violation of any order issued by the Town Justice under the provisions of this Section shall "
    "be offense punishable, upon conviction thereof, as provided in this Local Law.")

# Every offence code the app can offer, in order: the §5 offences, §6(A)(1)..(12), then §10(B)(4).
VIOLATIONS = {r.code: r for r in (
    UNLICENSED_DOG, FAILURE_TO_VACCINATE, TAG_ON_ANOTHER_DOG, LATE_TRANSFER_NOTICE,
    LATE_LOST_STOLEN_NOTICE, NEW_OWNER_NOT_LICENSED, NEW_RESIDENT_NOT_LICENSED,
    *SECTION_6_RESTRICTIONS.values(),
    TOWN_JUSTICE_ORDER_VIOLATED,
)}


# --- §4(I) who is charged --------------------------------------------------

# §4(I) "owned by a minor": New York's age of majority (General Obligations Law §1-202).
AGE_OF_MAJORITY = 18


def owner_is_minor(date_of_birth: date | None, marked_minor: bool, today: date) -> bool:
    """§4(I): an owner of record is a minor on `today` when under 18 by the date of birth on
    record; without a date of birth, when the clerk marked the owner a minor."""
    if date_of_birth is None or date_of_birth > today:  # none, or a typing slip the form refuses
        return bool(marked_minor)
    try:
        of_age = date_of_birth.replace(year=date_of_birth.year + AGE_OF_MAJORITY)
    except ValueError:  # born 29 February: of age on 1 March
        of_age = date(date_of_birth.year + AGE_OF_MAJORITY, 3, 1)
    return today < of_age


def minor_owner_refusal(minor_name: str, responsible: str | None) -> str:
    """§4(I) "In the event any dog found to be in violation of this Local Law shall be owned by a
    minor, the legal guardian or head of the household in which said minor resides shall be
    deemed to have custody and control of said dog and shall be responsible": the minor is
    never the person charged, summoned or named as owner."""
    who = f" ({responsible})" if responsible else ""
    return (f"The owner of record, {minor_name}, is a minor: the legal guardian or head of the household "
            f"in which the minor resides{who} is the person responsible, charged and summoned (§4(I)).")


def lost_dog_not_owner_note(owner_names: str, lost_on: date | None, with_whom: str | None) -> str:
    """§4(I) "Owner. The party purchasing the license unless dog is or has been lost, and such
    loss reported to the dog control officer and reasonable search has been made": while the
    loss stands, the license holder is not the owner for a charge; the person who has the dog
    (harbors it, or has custody or control) is."""
    since = f" since {say_date(lost_on)}" if lost_on else ""
    now = f" The dog is now with {with_whom}." if with_whom else " Who has the dog now is not known."
    return (f"Lost{since}, reported to the dog control officer and searched for: the license holder "
            f"({owner_names}) is not its owner for a charge while the loss stands (§4(I)).{now}")


# --- checks against the dog's record --------------------------------------

def female_in_heat_refusal(sex: str, spayed: bool) -> str | None:
    """§6(A)(8) applies only to "an unspayed female dog when in heat": None when the dog's
    record allows the charge, otherwise why not (the record as the reason). ``sex`` is the
    record's "M" or "F"; ``spayed`` the record's spayed/neutered flag.
    """
    if sex == "M":
        return "The dog is recorded as male; §6(A)(8) is about an unspayed female in heat."
    if sex == "F" and spayed:
        return "The dog is recorded as a spayed female; §6(A)(8) is about an unspayed female in heat."
    if sex != "F":
        return "The dog's sex is not on record; §6(A)(8) is about an unspayed female in heat."
    return None


def failure_to_vaccinate_refusal(requested_on: date | None, today: date,
                                 certificate_presented_on: date | None = None,
                                 current_certificate_until: date | None = None,
                                 current_statement: bool = False) -> str | None:
    """§5(B)(1): failure to vaccinate stands only with an officer's request on file and ten
    days passed since it with no current rabies certificate on record on the tenth day,
    whenever that certificate was issued (a dog vaccinated before the request and still
    covered was not "willfully" kept from vaccination). None when the charge stands;
    otherwise why not, in plain words.

    ``current_certificate_until``: the expiry of a certificate on record on the tenth day and
    current then; ``current_statement``: a §5(B)(2) vet's statement on record then.
    """
    if requested_on is None:
        return ("There is no request to vaccinate on file. An officer must first ask the owner to "
                "have the dog vaccinated; the owner then has ten days (§5(B)(1)).")
    due = rabies_vaccination_due(requested_on)
    if certificate_presented_on is not None and certificate_presented_on <= due:
        return (f"A rabies certificate was presented on {say_date(certificate_presented_on)}, within "
                f"ten days of the request of {say_date(requested_on)} (§5(B)(1)).")
    if current_statement:
        return (f"A vet's statement in lieu of a rabies certificate was on record on {say_date(due)}, "
                f"the tenth day after the request (§5(B)(1), §5(B)(2)).")
    if current_certificate_until is not None and current_certificate_until >= due:
        return (f"A current rabies certificate (valid until {say_date(current_certificate_until)}) was "
                f"on record on {say_date(due)}, the tenth day after the request of "
                f"{say_date(requested_on)} (§5(B)(1)).")
    if today <= due:
        return (f"The ten days after the request of {say_date(requested_on)} have not passed: the "
                f"owner has until {say_date(due)} to have the dog vaccinated (§5(B)(1)).")
    return None
