"""Readings of the local law, s6."""
from .base import Reading

_UNLESS = "test_s6A_each_offences_own_unless_clause_is_an_exception_to_rule_out"


def _unless(section: str, quote: str, reading: str) -> Reading:
    return Reading(section=section, quote=quote, reading=reading, tests=(_UNLESS,))


READINGS: tuple[Reading, ...] = (
    Reading(
        section="§6(A)(1)",
        quote=("For the purpose of this Local Law, a dog or dogs hunting in company of a hunter or hunters shall "
               "be considered under its owner s command."),
        reading=("The hunting proviso is an exception the officer rules out wherever the offence turns on being "
                 "at large or under command: running at large (6A1), at large on school premises or recreational "
                 "areas (6A9) and roaming in a pack (6A10)."),
        tests=("test_s6A_hunting_proviso_offered_wherever_at_large_or_command_is_the_offence",),
    ),
    _unless("§6(A)(3)", "without the consent or approval of the property owner",
            "Damage to another's property or garden stands only when the officer rules out the property "
            "owner's consent or approval."),
    _unless("§6(A)(5)", "other than property of the owner or harborer of said dog without the consent of the "
            "owner of such property",
            "Chasing vehicles stands only when the officer rules out the owner's or harborer's own property "
            "and the consent of the property owner."),
    _unless("§6(A)(6)", "private property without the consent of the owner of such property",
            "Nuisance digging on private property stands only when the officer rules out the property owner's "
            "consent."),
    _unless("§6(A)(7)", "unless it is accompanied by its owner or a responsible person who immediately removes "
            "the feces from such property",
            "Feces not removed stands only when the officer rules out an owner or responsible person who "
            "removed them at once."),
    _unless("§6(A)(8)", "be permitted to be outside a building or a fenced enclosure unless on a leash",
            "A female in heat stands only when the officer rules out a building, a fenced enclosure and a "
            "leash."),
    _unless("§6(A)(11)", "except rats and mice",
            "Killing other animals stands only when the officer rules out that the animals were rats or mice."),
)
