"""The Town of Sandy Creek's Local Law No. 2 of 2011 as a `Law`: today's tables, by reference.

Nothing here is a second copy: every field is the law core's own module constant (restrictions.py,
licensing.py, impoundment.py, authority.py, penalties.py, readings/), so the value and the code
that reads the constants today cannot drift apart (tests/law/test_laws.py checks they are the same
objects).
"""
from .. import authority, impoundment, licensing, penalties, restrictions
from ..readings import PARTS
from .base import Choice, Fees, HoldingPeriods, Identification, ImpoundmentFees, Law, LicenseRules, Penalties

KEY = "sandy-creek-ll2-2011"


def _choices() -> tuple[Choice, ...]:
    """The local law's choices are its readings that leave one, each made by a town setting."""
    out = []
    for r in (r for _, _, rs in PARTS for r in rs):
        if r.choice and r.setting is not None and all(c.setting != r.setting.key for c in out):
            out.append(Choice(key=r.setting.key, section=r.section, text=r.reading, options=("on", "off"),
                              default="the setting's default", protects=r.setting.protects,
                              setting=r.setting.key))
    return tuple(out)


LAW = Law(
    key=KEY,
    name="Local Law No. 2 of 2011",
    short_name="Local Law No. 2",
    file_slug="local-law-2",
    local=True,
    cite_prefix="",
    text_file="docs/law/sandy-creek-local-law-2-2011.txt",
    quoted_statute="local",
    offences=restrictions.VIOLATIONS,
    license=LicenseRules(
        section="§5(A)",
        age_months=licensing.LICENSE_AGE_MONTHS,
        terms=licensing.LICENSE_TERMS,
        rabies_rules=licensing.RABIES_RULES,
        default_rabies_rule=licensing.RABIES_RULE_LOCAL,
        vet_statement_term_years=licensing.VET_STATEMENT_TERM_YEARS,
        exemptions_section="§5(I)",
        exemptions=licensing.LICENSE_EXEMPTIONS,
    ),
    identification=Identification(
        "§5(G)", "The Town Clerk assigns each dog an identification number, carried on its tag."),
    fees=Fees(
        section="§5(D)",
        altered_surcharge=licensing.ALTERED_SURCHARGE,
        unaltered_surcharge=licensing.UNALTERED_SURCHARGE,
        surcharge_is_least=False,
        min_unaltered_difference=licensing.MIN_UNALTERED_DIFFERENCE,
        purebred_section="§5(H)",
        purebred_band_limits=licensing.PUREBRED_BAND_LIMITS,
        purebred_fees=licensing.PUREBRED_FEES,
    ),
    holding=HoldingPeriods(
        section="§8(B)",
        unidentified_days=impoundment.HOLDING_PERIOD_BUSINESS_DAYS,
        owner_known_days=impoundment.OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS,
        notified_in_person_days=None,
        business_days=True,
        counted_from="the day the dog is impounded",
    ),
    impoundment_fees=ImpoundmentFees(
        section="§8(C)", set_by_town=True, least=None,
        dangerous_dog_daily=impoundment.DANGEROUS_DOG_DAILY_FEE),
    powers=authority.WHO_MAY_ACT,
    penalties=Penalties(
        section="§11",
        max_fine=penalties.MAX_FINE,
        least_fines=(),
        max_imprisonment_days=penalties.MAX_IMPRISONMENT_DAYS,
        failure_to_license_codes=penalties.FAILURE_TO_LICENSE_CODES,
    ),
    choices=_choices(),
    parts=PARTS,
)
