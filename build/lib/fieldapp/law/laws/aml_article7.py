"""State law alone, Agriculture and Markets Law Article 7, as a `Law`: for a town with no local dog
law. Drawn by reference from `fieldapp/law/aml7.py` (the statute's numbers and offences) and
`fieldapp/law/readings/aml7.py` (its readings). Where the statute leaves a choice to the
municipality it is a `Choice` here, defaulting to what protects the person affected.
"""
from .. import aml7
from ..licensing import LICENSE_TERMS, RABIES_RULE_STATE, RABIES_RULES, LicenseExemption
from ..readings.aml7 import PARTS
from .base import (
    Choice,
    Fees,
    HoldingPeriods,
    Identification,
    ImpoundmentFees,
    Law,
    LicenseRules,
    Penalties,
    powers_with,
)

KEY = "aml-article-7"

# AML §110(2): the town may exempt these from its fee; the markings are the statute's words.
_EXEMPTION_LABELS = (("guide", "Guide dog"), ("hearing", "Hearing dog"), ("service", "Service dog"),
                     ("working_search", "Working search dog"), ("war", "War dog"), ("detection", "Detection dog"),
                     ("police_work", "Police work dog"), ("therapy", "Therapy dog"))
EXEMPTIONS = {key: LicenseExemption(key, label, marking)
              for (key, label), marking in zip(_EXEMPTION_LABELS, aml7.FEE_EXEMPTION_MARKINGS, strict=True)}

# Who may act: the powers the statute speaks to, cited to it; the app's other powers kept with no
# section (the town's practice, not a rule of the statute).
POWERS = powers_with({
    "issue_license": (("clerk",), "AML §109(1)(b)",
                      "Application for a dog license is made to the clerk of the town."),
    "manage_tags": (("clerk",), "AML §111(1)",
                    "Each dog licensed is assigned a municipal identification number, carried on its tag."),
    "enforce": (("dco", "constable", "police"), "AML §117(1)",
                "A dog control officer or peace officer, or a police officer in the employ of or under contract "
                "to the town, seizes."),
    "issue_ticket": (("dco",), "AML §118(2)",
                     "It is the duty of the dog control officer to bring an action for a violation."),
    "keep_care_log": (("dco",), "AML §117(3)",
                      "A seized dog is properly sheltered, fed and watered for the redemption period."),
}, keep_sections=False)

CHOICES = (
    Choice("common_renewal_date", "AML §109(1)(a)",
           "Any municipality may establish a common renewal date for all such licenses.",
           ("none", "a common renewal date"), "none", "the owner: each license runs its full term"),
    Choice("fee_exemptions", "AML §110(2)",
           "Municipalities may exempt from their licensing fees any guide dog, hearing dog, service dog, war "
           "dog, working search dog, detection dog, police work dog or therapy dog.",
           ("exempt", "not exempt"), "exempt", "the owner of a working dog"),
    Choice("population_control_surcharge", "AML §110(3)",
           "an additional surcharge of at least one dollar for altered dogs and at least three dollars for "
           "unaltered dogs", ("the least: $1.00 and $3.00", "more"), "the least: $1.00 and $3.00", "the owner",
           setting="state_law_surcharge_unaltered"),
    Choice("dog_show_tag_exemption", "AML §111(1)",
           "a municipality may exempt dogs participating in a dog show during such participation",
           ("exempt", "not exempt"), "exempt", "the owner showing a dog"),
    Choice("prosecution", "AML §118(2)",
           "Any municipality may elect either to prosecute such action as a violation under the penal law or "
           "to commence an action to recover a civil penalty.",
           ("civil penalty", "penal law"), "civil penalty",
           "the owner: no imprisonment, no conviction under the penal law", setting="state_law_prosecution"),
)

# The local law's sections the clerk's and officer's screens cite, as the statute's (laws/cites.py);
# a section not here, or "", has no counterpart in the passages read (docs/law/...-as-read.txt):
# no section is cited. Each maps to the words of the statute that say the same thing.
LOCAL_SECTIONS = {
    "§5(A)(1)": "AML §109(1)(a)",  # "reaching the age of four months ... not at large"
    "§5(A)(4)": "AML §109(1)(a)",  # "a period of at least one year ... the current rabies certificate"
    "§5(B)": "AML §109(1)(b)",  # the rabies certificate with the application
    "§5(B)(1)": "",  # the officer's request to vaccinate within ten days: the local law's
    "§5(B)(2)": "AML §109(1)(a)",  # "in lieu of a rabies certificate, a statement certified by a licensed veterinarian"
    "§5(C)": "AML §110(1)",  # "an unspayed or unneutered dog ... at least five dollars more"
    "§5(D)": "AML §110(3)",  # "Such surcharges shall be submitted by municipalities to the commissioner."
    "§5(E)(1)": "AML §109(1)(b)",  # the owner: "Application for a dog license shall be made to the clerk"
    "§5(E)(2)": "AML §109(1)(b)",  # the dog described on the same application
    "§5(G)": "AML §111(1)",  # "an identification tag which shall be affixed to a collar"
    "§5(I)": "AML §110(2)",  # "Municipalities may exempt from their licensing fees any guide dog, ..."
    "§9": "AML §118(2)",  # "the duty of the dog control officer ... to bring an action"
    "§8(A)": "AML §117(1)",  # "Any dog control officer ... shall seize"
    "§8(B)": "AML §117(4), §117(6)",  # "held for a period of five days"; "seven days after day of notice"
    "§8(C)": "AML §117(6)",  # "the owner may redeem such dog upon payment of the impoundment fees"
    "§8(C)(1)": "AML §117(4)",  # "the impoundment fees prescribed by subdivision four of this section"
}

LAW = Law(
    key=KEY,
    name="Agriculture and Markets Law, Article 7",
    short_name="Agriculture and Markets Law, Article 7",
    file_slug="aml-article-7",
    local=False,
    cite_prefix=aml7.CITE,
    text_file="docs/law/nys-aml-article-7-as-read.txt",
    quoted_statute="AML",
    offences=aml7.VIOLATIONS,
    license=LicenseRules(
        section="AML §109(1)(a)",
        age_months=aml7.LICENSE_AGE_MONTHS,
        terms=tuple(t for t in LICENSE_TERMS if t >= aml7.LEAST_TERM_YEARS),
        rabies_rules={RABIES_RULE_STATE: RABIES_RULES[RABIES_RULE_STATE]},
        default_rabies_rule=RABIES_RULE_STATE,
        vet_statement_term_years=aml7.VET_STATEMENT_TERM_YEARS,
        exemptions_section="AML §110(2)",
        exemptions=EXEMPTIONS,
    ),
    identification=Identification(
        "AML §111(1)", "Each dog licensed is assigned a municipal identification number, carried on a tag "
                       "affixed to its collar at all times."),
    fees=Fees(
        section="AML §110(1)",  # "The license fee ... shall be determined by the municipality"
        surcharge_section="AML §110(3)",  # "an additional surcharge of at least one dollar ..."
        altered_surcharge=aml7.LEAST_ALTERED_SURCHARGE,
        unaltered_surcharge=aml7.LEAST_UNALTERED_SURCHARGE,
        surcharge_is_least=True,
        min_unaltered_difference=aml7.MIN_UNALTERED_DIFFERENCE,
        purebred_section="",
        purebred_band_limits=(),
        purebred_fees=(),
    ),
    holding=HoldingPeriods(
        section="AML §117(4), §117(6)",
        unidentified_days=aml7.UNIDENTIFIED_HOLDING_DAYS,
        owner_known_days=aml7.NOTIFIED_BY_MAIL_HOLDING_DAYS,
        notified_in_person_days=aml7.NOTIFIED_IN_PERSON_HOLDING_DAYS,
        business_days=False,
        counted_from="the day seized (not identified); the day of notice, or the date of mailing (identified)",
    ),
    impoundment_fees=ImpoundmentFees(section="AML §117(4)", set_by_town=True, least=None, dangerous_dog_daily=None),
    powers=POWERS,
    penalties=Penalties(
        section="AML §118(2)",
        max_fine=None,
        least_fines=(aml7.LEAST_FINE, aml7.LEAST_FINE_WITHIN_FIVE_YEARS, aml7.FINE_TWO_OR_MORE_WITHIN_FIVE_YEARS),
        max_imprisonment_days=aml7.MAX_IMPRISONMENT_DAYS,
        failure_to_license_codes=aml7.FAILURE_TO_LICENSE_CODES,
        elective=True,
    ),
    choices=CHOICES,
    parts=PARTS,
    local_sections=LOCAL_SECTIONS,
    not_read=(
        "AML §117(4): the current amounts of the impoundment fees (the stored copy of the current text ends "
        "before them); the town's impoundment fee settings apply, with no least amount checked.",
        "AML §117(4): the five days are read in the text before the 2010 renumbering (then §118(4)).",
        "AML §118(2)(a)(ii) and (b): two or more violations within five years ($100.00, up to fifteen days) "
        "read only in the text before the 2010 renumbering; the civil penalty amounts were not read.",
    ),
)
