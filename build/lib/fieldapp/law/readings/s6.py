"""Readings of the local law, s6."""
from ..restrictions import OWNERS_PROPERTY, PRESUMPTIVE_EVIDENCE_NOTE, SECTION_6_RESTRICTIONS
from .base import Reading

_R = "fieldapp/law/restrictions.py"
# Tests every restriction has (the table's walks), and those of one restriction.
_EVERY = ("test_s6A_restriction_text_is_verbatim_and_titled", "test_s6A_has_twelve_restrictions_in_order",
          "test_dl18_seizure_code_of_each_offence")
_ONE = {
    "6A1": ("test_s6B_and_s6A1_hunting_exceptions_apply_to_running_at_large",
            "test_s8A_seizure_for_running_at_large_needs_s6B_exception_ruled_out",
            "test_s9_ticket_for_running_at_large_needs_s6B_exception_ruled_out",
            "test_dl18_running_at_large_unidentified_is_its_own_code"),
    "6A2": ("test_s6A_titles_in_plain_words",),
    "6A8": ("test_s6A8_applies_only_to_an_unspayed_female",
    "test_s6A8_refused_for_a_male_dog_with_the_record_as_reason",
            "test_s6A8_refused_for_a_spayed_female", "test_s6A8_stands_for_an_unspayed_female"),
    "6A9": ("test_s6B_does_not_apply_to_school_premises_or_recreational_areas",),
}
# What the app adds to a restriction's plain reading, where it checks more than the officer's word.
_MORE = {
    "6A1": "; it stands only once the officer rules out §6(B) (the owner's own property), hunting "
           "in company of a hunter, a leash and a person able to control it by command",
    "6A8": "; refused for a dog whose record says male or spayed",
    "6A9": "; §6(B) is not offered, a school or recreational area not being the owner's property",
}


def _restriction(r) -> Reading:
    return Reading(
        section=r.section, quote=r.text,
        reading=f"An officer who sees it records offence {r.code}, \"{r.title}\", a ground to seize the dog "
                f"(§8(A)) and to ticket the owner (§9){_MORE.get(r.code, '')}.",
        tests=(*_EVERY, *_ONE.get(r.code, ())),
        code=f"{_R} `SECTION_6_RESTRICTIONS`"
             + ("; `female_in_heat_refusal`; fieldapp/services/enforcement/checks.py" if r.code == "6A8" else ""),
    )


_UNLESS = "test_s6A_each_offences_own_unless_clause_is_an_exception_to_rule_out"


def _unless(section: str, quote: str, reading: str) -> Reading:
    return Reading(section=section, quote=quote, reading=reading,
                   tests=(_UNLESS, "test_s6A_offences_own_exceptions_are_on_the_officers_checklist"))


READINGS: tuple[Reading, ...] = (
    Reading(
        section="§6(A)",
        quote="Except as provided in Section 6 (B) below, it shall be unlawful for any owner of any dog in the "
              "Town of Sandy Creek to permit or allow such dog to:",
        reading="The twelve restrictions are offence codes 6A1-6A12, offered with the §5 offences and "
                "§10(B)(4); a violation is recorded once, even when sent twice.",
        tests=("test_s6A_has_twelve_restrictions_in_order", "test_s5_s6_s10_violations_are_all_offence_codes_in_order",
               "test_s6_restrictions_are_frozen", "test_s6A_violation_recorded_then_replayed_once",
               "test_s6A_the_local_law_town_records_its_own_offences_not_the_states"),
        code=f"{_R} `SECTION_6_RESTRICTIONS`, `VIOLATIONS`",
    ),
    *(_restriction(r) for r in SECTION_6_RESTRICTIONS.values()),
    Reading(
        section="§6(A)(1)",
        quote="For the purpose of this Local Law, a dog or dogs hunting in company of a hunter or hunters shall "
              "be considered under its owner s command.",
        reading="Hunting in company of a hunter is an exception the officer rules out before a running-at-large "
                "charge stands.",
        tests=("test_s6B_and_s6A1_hunting_exceptions_apply_to_running_at_large", "test_s6B_exception_text_is_verbatim"),
        code=f"{_R} `HUNTING`; fieldapp/services/enforcement/payload.py `PayloadReader.ruled_out`",
    ),
    Reading(
        section="§6(B)",
        quote=OWNERS_PROPERTY.text,
        reading="The owner's own property is an exception to running at large (6A1) only; the officer rules "
                "it out before the violation, seizure or ticket stands, and a seizure or ticket after a "
                "violation carries what was ruled out.",
        tests=("test_s6B_applies_only_to_running_at_large", "test_s6B_exception_text_is_verbatim",
               "test_s6B_exceptions_must_be_ruled_out",
               "test_s8A_seizure_after_a_violation_carries_its_ruled_out_exceptions",
               "test_s9_ticket_after_a_violation_carries_its_ruled_out_exceptions",
               "test_rules_as_data_exceptions_come_from_the_law_table_with_the_servers_message"),
        code=f"{_R} `OWNERS_PROPERTY`; fieldapp/services/enforcement/payload.py `PayloadReader.ruled_out`",
    ),
    Reading(
        section="§6(C)",
        quote=PRESUMPTIVE_EVIDENCE_NOTE,
        reading="The app records the acts an officer saw; the presumption is for the court, and the app "
                "draws no finding from it.",
        tests=("test_s6C_presumptive_evidence_note_is_verbatim",),
        code=f"{_R} `PRESUMPTIVE_EVIDENCE_NOTE`",
    ),
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
    Reading(
        section="§6(A)(1)",
        quote="unless the dog is restrained by an adequate leash or unless it is accompanied by its owner or a "
              "responsible person able to control it by command",
        reading="Running at large stands only when the officer rules out, each as its own box, a dog on an "
                "adequate leash and a dog with its owner or a responsible person able to control it by "
                "command; \"None of these applies\", ticked with every exception listed beside it, rules them "
                "all out in one step.",
        tests=("test_s6A1_leash_and_command_clauses_are_exceptions_to_rule_out",
               "test_s6A1_none_of_these_applies_rules_out_each_listed_exception",
               "test_s6A1_refusal_brings_the_exceptions_on_screen_with_one_line"),
        code=f"{_R} `ON_A_LEASH`, `UNDER_COMMAND`; fieldapp/services/enforcement/payload.py `NONE_APPLIES`; "
             "fieldapp/static/js/forms.js `refused`",
    ),
)
