"""Readings of the local law, s4."""
from .base import Reading

READINGS: tuple[Reading, ...] = (
    Reading(
        section="§4(I)",
        quote=("In the event any dog found to be in violation of this Local Law shall be owned by a minor, the "
               "legal guardian or head of the household in which said minor resides shall be deemed to have "
               "custody and control of said dog and shall be responsible for any acts of the said dog and "
               "violation of this Local Law."),
        reading=("An owner of record under 18 (by the date of birth on record, else the clerk's marker) is never "
                 "the person charged: a ticket served on the minor as owner is refused with this rule, a "
                 "complaint names the guardian or head of household (linked when an owner of that name lives at "
                 "the minor's address), and the owner page and the status card say who answers."),
        tests=("test_s4I_ticket_served_on_a_minor_as_owner_is_refused_with_the_rule",
               "test_s4I_complaint_names_the_guardian_not_the_minor",
               "test_s4I_minor_owner_and_guardian_on_the_owner_page_and_the_status_card",
               "test_s4I_date_of_birth_decides_a_minor_and_links_the_guardian_at_the_same_address",
               "test_s4I_minor_without_a_date_of_birth_follows_the_clerks_marker"),
    ),
    Reading(
        section="§4(I)",
        quote=("The party purchasing the license unless dog is or has been lost, and such loss reported to the "
               "dog control officer and reasonable search has been made."),
        reading=("While a dog is on record as lost or stolen and its notice records the loss reported to the dog "
                 "control officer and the search made, the license holder is not its owner for a charge: the "
                 "card says so with who has the dog, if known, and a ticket served on the owner or a guardian "
                 "is refused (the person in charge is served); a notice without both leaves the license holder "
                 "the owner."),
        tests=("test_s4I_lost_dog_reported_to_the_dco_license_holder_not_its_owner_for_a_charge",
               "test_s4I_loss_not_reported_to_the_dco_leaves_the_license_holder_the_owner",
               "test_s4I_reported_to_the_dco_needs_the_search_made"),
    ),
    Reading(
        section="§4(O)(iii)",
        quote=("continued to exhibit the behavior that resulted in a previous finding by a court or, on or before "
               "July 1, 2006, by a dog control officer as authorized by Local Law, that it is a dangerous dog, "
               "provided that its owner has been given notice of that finding."),
        reading=("A vicious finding on ground (iii) alone needs a dangerous-dog order in force and notice of it "
                 "given to the owner: the owner appeared at the hearing where it was made, or a notice of the "
                 "finding is on file with the order (`owner_notified_on`)."),
        tests=("test_s4O_iii_needs_the_owner_given_notice_of_the_dangerous_finding",),
    ),
)
