"""The Town Clerk's licensing counter (§5): owners, dogs, licenses, §5(J) notices.

Views translate forms into the plain values below; these modules apply the law (through the
pure law core in fieldapp.law) and write. Functions add and flush; the request commits
(fieldapp.web), so one request is one transaction. Refusals raise ServiceError with a message
per form field, in words a clerk can read to the owner.

- `people`       §5(E) owners and dogs of record
- `application`  the application: terms and checks (§5(A)-(I), §5(K))
- `fees`         the fee schedule and the itemized fee lines (law's FeeLine, to the ledger)
- `enumerations` §5(K) the Town Board's enumeration resolutions
- `issue`        issuing the license with its tag and fee lines (§5(A)(2), §5(G), §5(H))
- `notices`      §5(J) notices
- `counter`      the clerk's counter: one application checked once and issued (`license_at_counter`)
"""
from .application import (
    ALTERED_PROOFS,
    ONE_DOG,
    PROOF_OF_ALTERING,
    Application,
    Lookups,
    NoLicenseNeeded,
    RabiesEvidence,
    TermChoice,
    TownLookups,
    active_purebred_license,
    check_application,
    license_needed_check,
    prepare_application,
    say_date,
    term_choices,
    term_explanation,
    term_rule,
)
from .blockers import evidence_on_file, license_blocker, rabies_refusal
from .counter import (
    CounterApplication,
    CounterResult,
    held_message,
    issued_message,
    license_at_counter,
    quote_at_counter,
)
from .enumerations import close_enumeration, open_enumeration, record_enumeration
from .fees import FEE_KIND_LABELS, fee_lines, fee_schedule, fee_total, payment_lines, replacement_tag_line
from .issue import (
    issue_license,
    new_resident_status,
    refuse_dead_dog,
    write_license,
)
from .notices import (
    NOTICE_KINDS,
    TEN_DAY_NOTICES,
    file_notice,
)
from .people import (
    DOG_FIELDS,
    OWNER_FIELDS,
    add_co_owner,
    create_dog,
    create_owner,
    set_dog_photo,
    update_dog,
    update_owner,
)

__all__ = [
    "evidence_on_file",
    "license_blocker",
    "rabies_refusal",
    "FEE_KIND_LABELS",
    "close_enumeration",
    "fee_lines",
    "fee_schedule",
    "fee_total",
    "open_enumeration",
    "payment_lines",
    "record_enumeration",
    "replacement_tag_line",
    "CounterApplication",
    "CounterResult",
    "held_message",
    "issued_message",
    "license_at_counter",
    "quote_at_counter",
    "write_license",
    "ALTERED_PROOFS",
    "FEE_KIND_LABELS",
    "ONE_DOG",
    "PROOF_OF_ALTERING",
    "Application",
    "Lookups",
    "NoLicenseNeeded",
    "RabiesEvidence",
    "TermChoice",
    "TownLookups",
    "active_purebred_license",
    "check_application",
    "close_enumeration",
    "fee_lines",
    "fee_schedule",
    "fee_total",
    "license_needed_check",
    "open_enumeration",
    "prepare_application",
    "record_enumeration",
    "replacement_tag_line",
    "say_date",
    "term_choices",
    "term_explanation",
    "term_rule",
    "issue_license",
    "new_resident_status",
    "refuse_dead_dog",
    "NOTICE_KINDS",
    "TEN_DAY_NOTICES",
    "file_notice",
    "DOG_FIELDS",
    "OWNER_FIELDS",
    "add_co_owner",
    "create_dog",
    "create_owner",
    "set_dog_photo",
    "update_dog",
    "update_owner",
]
