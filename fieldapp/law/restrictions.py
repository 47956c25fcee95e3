"""§6 Restrictions, their exceptions, and the §5 offences offered alongside them.

``text`` fields are the law's words verbatim, as in the filed text (which drops
apostrophes: "owner s").
"""
from dataclasses import dataclass


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

SECTION_6_EXCEPTIONS = {e.code: e for e in (OWNERS_PROPERTY, HUNTING)}


def _r(n: int, title: str, text: str, exceptions=()) -> Restriction:
    return Restriction(f"6A{n}", f"§6(A)({n})", title, text, tuple(exceptions))


# §6(A): "Except as provided in Section 6 (B) below, it shall be unlawful for any owner
# of any dog in the Town of Sandy Creek to permit or allow such dog to: ..."
#
# §6(B) only permits a dog to "run at large" on its owner's private property, so it is
# attached only to 6A1 (running at large). 6A9 is being at large on school premises or
# recreational areas, which are not the owner's private property, so §6(B) does not help
# there; the other restrictions are about conduct (barking, digging, chasing, ...) that
# is unlawful wherever the dog is, or say where it applies themselves (6A3, 6A5, 6A6, 6A7).
SECTION_6_RESTRICTIONS = {r.code: r for r in (
    _r(1, "Running at large",
       "Run at large unless the dog is restrained by an adequate leash or unless it is "
       "accompanied by its owner or a responsible person able to control it by command.",
       (OWNERS_PROPERTY, HUNTING)),
    _r(2, "Habitual barking or howling",
       "Engage in habitual loud howling, barking, crying or whining or conduct itself in such "
       "a manner so as to unreasonably and habitually disturb the comfort or repose of any "
       "person other than the owner of such dog."),
    _r(3, "Damaging others' property or gardens",
       "Uproot, dig, or otherwise damage any vegetables, lawns, flowers, garden beds, or other "
       "property not belonging to the owner of such dog without the consent or approval of the "
       "property owner."),
    _r(4, "Chasing, jumping on or harassing a person",
       "Chase, jump upon or otherwise harass any person in such a manner as to reasonably cause "
       "intimidation or fear or to put such person in reasonable apprehension of bodily harm or "
       "injury."),
    _r(5, "Chasing vehicles or bicycles",
       "Habitually chase, run alongside of or bark at motor vehicles, motorcycles or bicycles, "
       "while on a public street or highway or upon public or private property other than "
       "property of the owner or harborer of said dog without the consent of the owner of such "
       "property."),
    _r(6, "Nuisance digging",
       "Create a nuisance by digging on public property or private property without the consent "
       "of the owner of such property."),
    _r(7, "Feces not removed",
       "Defecate on public property or private property unless it is accompanied by its owner or "
       "a responsible person who immediately removes the feces from such property."),
    _r(8, "Female in heat outside unleashed",
       "If an unspayed female dog when in heat, be permitted to be outside a building or a fenced "
       "enclosure unless on a leash."),
    _r(9, "At large on school premises or recreational areas",
       "Be at large on any school premises or recreational areas."),
    _r(10, "Roaming in a pack",
       "Roam with one or more other dogs in a pack."),
    _r(11, "Killing other animals",
       "Kill other animals except rats and mice."),
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
# and (§5(H)) purebred dogs at a dog show need not wear tags.
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
            "5H-dog-show", "§5(H)", "Purebred at a dog show, licensed where it lives (tag only)",
            "Purebred dogs when participating in a dog show are exempt from wearing license tags "
            "so long as the dog is licensed in the town where it resides."),
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

# Every offence code the app can offer, in order: 5A1, 5B1, 6A1 .. 6A12.
VIOLATIONS = {UNLICENSED_DOG.code: UNLICENSED_DOG, FAILURE_TO_VACCINATE.code: FAILURE_TO_VACCINATE,
              **SECTION_6_RESTRICTIONS}
