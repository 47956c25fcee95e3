"""Readings of the local law, s7."""
from ..authority import POWERS, ROLE_LABELS
from .base import Reading


def _who(action: str) -> str:
    return ", ".join(ROLE_LABELS[r] for r in POWERS[action].roles)


READINGS: tuple[Reading, ...] = (
    Reading(
        section="§7",
        quote="This Local Law shall be enforced by any dog control officer, police officer or peace officer "
              "when acting pursuant to his special duties.",
        reading=f"Only the roles that enforce ({_who('enforce')}) record violations and seizures at the "
                "roadside; each entry kind names its power in the table of who may act, checked on every page "
                "and every entry.",
        tests=("test_who_may_act", "test_every_power_has_a_route_or_a_reason",
               "test_every_staff_page_outside_the_roadside_code_names_its_power",
               "test_clerk_may_not_sync_field_entries",
               "test_clerk_cannot_record", "test_justice_and_clerk_read_only",
               "test_s9_constable_records_and_seizes_but_may_not_issue_a_ticket",
               "test_s9_a_police_officer_issues_a_ticket_under_the_local_law"),
        code="fieldapp/law/authority.py `WHO_MAY_ACT` (enforce); fieldapp/services/registry.py `ENTRY_KINDS`; "
             "fieldapp/services/entries.py `submit_entry`",
    ),
)
