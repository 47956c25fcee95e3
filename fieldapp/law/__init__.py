"""The Town of Sandy Creek's Local Law No. 2 of 2011 (dog control) as plain Python.

Pure rules only: no Flask, no database. Each rule cites its section, e.g. §8(B).
"""
from .calendar import add_business_days, is_business_day, last_day_of_month, new_york_holidays
from .impoundment import (
    DANGEROUS_DOG_DAILY_FEE,
    HOLDING_PERIOD_BUSINESS_DAYS,
    OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS,
    dangerous_dog_extra_fee,
    redemption_deadline,
)
from .licensing import (
    LICENSE_EXEMPTIONS,
    LICENSE_TERMS,
    NEW_RESIDENT_LICENSE_DAYS,
    OWNERSHIP_NOTICE_DAYS,
    RABIES_VACCINATION_REQUEST_DAYS,
    FeeBreakdown,
    FeeLine,
    LicenseExemption,
    age_in_months,
    allowed_terms,
    allowed_terms_without_rabies_limit,
    license_expiry,
    license_fee,
    license_required,
    license_status,
    ownership_notice_due,
    population_control_surcharge,
    purebred_fee,
    rabies_status,
    rabies_vaccination_due,
    term_refusal_reason,
    validate_fee_schedule,
)
from .penalties import MAX_FINE, MAX_IMPRISONMENT_DAYS, validate_sentence
from .restrictions import (
    FAILURE_TO_VACCINATE,
    PRESUMPTIVE_EVIDENCE_NOTE,
    SECTION_6_EXCEPTIONS,
    SECTION_6_RESTRICTIONS,
    UNLICENSED_DOG,
    VIOLATIONS,
    Restriction,
    RestrictionException,
)

__all__ = [
    # calendar
    "add_business_days", "is_business_day", "last_day_of_month", "new_york_holidays",
    # §5 licensing
    "LICENSE_EXEMPTIONS", "LICENSE_TERMS", "NEW_RESIDENT_LICENSE_DAYS", "OWNERSHIP_NOTICE_DAYS",
    "RABIES_VACCINATION_REQUEST_DAYS", "FeeBreakdown", "FeeLine", "LicenseExemption",
    "age_in_months", "allowed_terms", "allowed_terms_without_rabies_limit", "license_expiry",
    "license_fee", "license_required", "license_status", "ownership_notice_due",
    "population_control_surcharge", "purebred_fee", "rabies_status", "rabies_vaccination_due",
    "term_refusal_reason", "validate_fee_schedule",
    # §5 / §6 offences
    "FAILURE_TO_VACCINATE", "PRESUMPTIVE_EVIDENCE_NOTE", "SECTION_6_EXCEPTIONS",
    "SECTION_6_RESTRICTIONS", "UNLICENSED_DOG", "VIOLATIONS", "Restriction", "RestrictionException",
    # §8 impoundment
    "DANGEROUS_DOG_DAILY_FEE", "HOLDING_PERIOD_BUSINESS_DAYS",
    "OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS", "dangerous_dog_extra_fee", "redemption_deadline",
    # §11 penalties
    "MAX_FINE", "MAX_IMPRISONMENT_DAYS", "validate_sentence",
]
