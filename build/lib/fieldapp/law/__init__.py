"""The Town of Sandy Creek's Local Law No. 2 of 2011 (dog control) as plain Python.

Pure rules only: no Flask, no database. Each rule cites its section, e.g. §8(B).
"""
from .calendar import (
    add_business_days,
    business_days_after,
    is_business_day,
    last_day_of_month,
    new_york_holidays,
    non_business_day_reason,
    public_holidays,
)
from .fees import (
    FEE_KINDS,
    FeeBreakdown,
    FeeLine,
    enumeration_open,
    enumeration_surcharge_due,
    license_fee,
    population_control_surcharge,
    purebred_fee,
    purebred_license_fee,
    validate_fee_schedule,
)
from .impoundment import (
    DANGEROUS_DOG_DAILY_FEE,
    HOLDING_PERIOD_BUSINESS_DAYS,
    IMPOUNDMENT_OUTCOMES,
    OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS,
    HoldingPeriod,
    OwnerKnown,
    dangerous_dog_extra_fee,
    holding_period,
    impoundment_end_refusal,
    owner_known,
    redemption_deadline,
)
from .licensing import (
    LICENSE_EXEMPTIONS,
    LICENSE_TERMS,
    NEW_RESIDENT_LICENSE_DAYS,
    OWNERSHIP_NOTICE_DAYS,
    PUREBRED_FEES,
    RABIES_RULE_LOCAL,
    RABIES_RULE_REVACCINATE,
    RABIES_RULE_STATE,
    RABIES_RULES,
    RABIES_VACCINATION_REQUEST_DAYS,
    VET_STATEMENT_TERM_YEARS,
    LicenseExemption,
    LicenseTerms,
    TermOption,
    age_in_months,
    allowed_terms,
    license_expiry,
    license_note,
    license_required,
    license_status,
    license_terms,
    rabies_status,
    rabies_vaccination_due,
    state_rule_latest_expiry,
    term_refusal_reason,
    vet_statement_license_expiry,
)
from .notices import (
    Lateness,
    new_resident_lateness,
    new_resident_license_due,
    notice_lateness,
    ownership_notice_due,
)
from .penalties import FAILURE_TO_LICENSE_CODES, MAX_FINE, MAX_IMPRISONMENT_DAYS, penalty_section, validate_sentence
from .restrictions import (
    FAILURE_TO_VACCINATE,
    LATE_LOST_STOLEN_NOTICE,
    LATE_TRANSFER_NOTICE,
    NEW_OWNER_NOT_LICENSED,
    NEW_RESIDENT_NOT_LICENSED,
    PRESUMPTIVE_EVIDENCE_NOTE,
    SECTION_6_EXCEPTIONS,
    SECTION_6_RESTRICTIONS,
    TAG_ON_ANOTHER_DOG,
    TOWN_JUSTICE_ORDER_VIOLATED,
    UNLICENSED_DOG,
    VIOLATIONS,
    Restriction,
    RestrictionException,
    failure_to_vaccinate_refusal,
    female_in_heat_refusal,
)

__all__ = [
    # calendar (§8(B) business days, GCL §24 holidays)
    "add_business_days", "business_days_after", "is_business_day", "last_day_of_month",
    "new_york_holidays", "non_business_day_reason", "public_holidays",
    # §5 licensing
    "FEE_KINDS", "LICENSE_EXEMPTIONS", "LICENSE_TERMS", "NEW_RESIDENT_LICENSE_DAYS",
    "OWNERSHIP_NOTICE_DAYS", "PUREBRED_FEES", "RABIES_RULE_LOCAL", "RABIES_RULE_REVACCINATE", "RABIES_RULE_STATE",
    "RABIES_RULES", "RABIES_VACCINATION_REQUEST_DAYS", "VET_STATEMENT_TERM_YEARS",
    "FeeBreakdown", "FeeLine", "Lateness", "LicenseExemption", "LicenseTerms", "TermOption",
    "age_in_months", "allowed_terms", "enumeration_open", "enumeration_surcharge_due",
    "license_expiry", "license_fee", "license_note", "license_required", "license_status",
    "license_terms", "new_resident_lateness", "new_resident_license_due", "notice_lateness",
    "ownership_notice_due", "population_control_surcharge", "purebred_fee",
    "purebred_license_fee", "rabies_status", "rabies_vaccination_due", "state_rule_latest_expiry",
    "term_refusal_reason", "validate_fee_schedule", "vet_statement_license_expiry",
    # §5 / §6 / §10 offences and the checks against a dog's record
    "FAILURE_TO_VACCINATE", "LATE_LOST_STOLEN_NOTICE", "LATE_TRANSFER_NOTICE",
    "NEW_OWNER_NOT_LICENSED", "NEW_RESIDENT_NOT_LICENSED", "PRESUMPTIVE_EVIDENCE_NOTE",
    "SECTION_6_EXCEPTIONS", "SECTION_6_RESTRICTIONS", "TAG_ON_ANOTHER_DOG",
    "TOWN_JUSTICE_ORDER_VIOLATED", "UNLICENSED_DOG", "VIOLATIONS", "Restriction",
    "RestrictionException", "failure_to_vaccinate_refusal", "female_in_heat_refusal",
    # §8 impoundment
    "DANGEROUS_DOG_DAILY_FEE", "HOLDING_PERIOD_BUSINESS_DAYS", "IMPOUNDMENT_OUTCOMES",
    "OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS", "HoldingPeriod", "OwnerKnown",
    "dangerous_dog_extra_fee", "holding_period", "impoundment_end_refusal", "owner_known", "redemption_deadline",
    # §11 penalties
    "FAILURE_TO_LICENSE_CODES", "MAX_FINE", "MAX_IMPRISONMENT_DAYS", "penalty_section",
    "validate_sentence",
]

LAW_NAME = "Local Law No. 2 of 2011"  # as the town's papers cite the law whose sections these are
