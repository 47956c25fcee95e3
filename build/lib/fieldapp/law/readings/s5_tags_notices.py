"""Readings of the local law, §5(G), (I), (J): tags, the exempt working dogs, and the notices
of transfer, loss and new residence."""
from ..licensing import LICENSE_EXEMPTIONS
from .base import Reading

_LIC = "fieldapp/law/licensing.py"
_FEES = "fieldapp/law/fees.py"
_SVC = "fieldapp/services/licensing/"

READINGS: tuple[Reading, ...] = (
    Reading(
        section="§5(G)",
        quote="The Town Clerk shall assign an identification number to a dog when it is first licensed.",
        reading="A dog's identification number comes at its first license from a counter that never goes "
                "back, and a renewal keeps it. Each town's clerk assigns the town's own numbers, from its first.",
        tests=("test_s5G_id_numbers_never_reused_and_renewal_keeps_number",
               "test_s5G_identification_numbers_from_many_workers_are_never_given_twice",
               "test_s5G_license_numbers_from_many_workers_are_never_given_twice",
               "test_s5G_one_dog_numbered_by_two_clerks_at_once_keeps_one_number",
               "test_s5G_issue_tag_needs_an_identification_number",
               "test_s5G_issue_tag_gives_a_new_active_tag_with_fresh_token_and_next_serial",
               "test_s5G_bind_blank_tag_by_its_scanned_qr_link", "test_s5G_bind_blank_tag_by_printed_number_or_token",
               "test_s5G_blank_tag_bound_and_bad_tag_numbers_refused",
               "test_s5G_seed_every_licensed_dog_has_one_active_tag",
               "test_s5G_each_town_assigns_its_own_identification_numbers_from_its_first"),
        code="fieldapp/services/numbers.py; fieldapp/services/tags/__init__.py",
    ),
    Reading(
        section="§5(G)(1)",
        quote="No tag carrying an identification number shall be affixed to the collar of any dog other than "
              "the one to which the number has been assigned.",
        reading="A tag is bound to one dog only and a retired tag is never used again; scanned, it tells the "
                "officer it is not valid.",
        tests=("test_s5G1_a_tag_is_never_bound_to_a_second_dog", "test_s5G1_a_retired_tag_is_never_used_again",
               "test_s5G1_retired_tag_tells_the_officer_it_is_not_valid"),
        code="fieldapp/services/tags/__init__.py",
    ),
    Reading(
        section="§5(G)(2)",
        quote="Any person wishing to replace a tag previously issued shall pay a fee as set from time to time "
              "by resolution of the Town Board to the Town Clerk for a replacement tag.",
        reading="Every tag after a dog's first, for any reason, pays the replacement fee unless the clerk "
                "waives it with a reason.",
        tests=("test_s5G2_replacement_charges_the_fee_set_by_the_town_board_and_retires_the_old_tag",
               "test_s5G2_a_refused_replacement_takes_no_money", "test_s5G2_replacement_can_bind_a_blank_tag",
               "test_s5G2_clerk_replaces_a_lost_tag_for_the_fee_in_settings",
               "test_s5G2_clerk_waives_replacement_fee_only_with_a_reason",
               "test_s5G2_first_tag_and_kept_tag_pay_no_replacement_fee",
               "test_s5G2_renewal_with_a_new_tag_charges_the_replacement_fee",
               "test_s5G2_replace_lost_tag_fee_waived_with_reason",
               "test_s5G2_replace_tag_form_waives_fee_with_reason"),
        values=("fee_replacement_tag",),
        code=f"fieldapp/services/tags/__init__.py `replace_tag`; {_SVC} `replacement_tag_line`",
    ),
    Reading(
        section="§5(I)",
        quote="A certificate that the dog has been trained for such purpose must be submitted to the Town "
              "Clerk.",
        reading="An exempt dog pays no license fee, and only with its training certificate.",
        tests=("test_s5I_exemption_requires_training_certificate", "test_s5I_exempt_dog_pays_nothing",
               "test_s5I_license_fee_rejects_unknown_exemption", "test_s5I_exemption_keys"),
        code=f"{_LIC} `LICENSE_EXEMPTIONS`; {_FEES} `license_fee`",
    ),
    *(Reading(
        section="§5(I)",
        quote=f"\"{e.marking}\"",
        reading=f"A {e.label.lower()} is licensed free, and each copy of its license is marked \"{e.marking}\".",
        tests=("test_s5I_exemption_marking_is_the_laws_exact_text",
               "test_s5I_exempt_dog_pays_nothing_and_marking_on_certificate",
               *(("test_s5I_working_search_marking_keeps_the_laws_spelling",) if e.key == "working_search" else ())),
        code=f"{_LIC} `LICENSE_EXEMPTIONS`",
    ) for e in LICENSE_EXEMPTIONS.values()),
    Reading(
        section="§5(I)",
        quote="Dogs when participating in a dog show are also exempt so long as the dog is licensed in the "
              "town where it resides.",
        reading="A dog at a dog show and licensed in its own town is not charged under §5(A)(1); the "
                "certificate of the exception says so.",
        tests=("test_s5I_dog_show_exemption_covers_any_dog_licensed_in_its_town",
               "test_s5I_certificate_says_any_licensed_dog_is_exempt_at_a_dog_show"),
        code="fieldapp/law/restrictions.py `UNLICENSED_DOG`",
    ),
    Reading(
        section="§5(J)",
        quote="No license shall be transferable. The owner of record shall, within ten days of the transfer of "
              "ownership of any dog, file with the Town Clerk notification of such change.",
        reading="A transfer is filed by date; a late notice is accepted and marked late by days, and the new "
                "owner needs a license of their own.",
        tests=("test_s5J_ownership_notice_due_ten_days",
               "test_s5J_notice_filed_after_ten_days_accepted_and_marked_late_by_days",
               "test_s5J_notice_within_ten_days_is_not_late", "test_s5J_notice_dates_checked",
               "test_s5J_transfer_to_existing_owner", "test_s5J_transfer_to_new_owner_license_not_transferable",
               "test_s5J_search_follows_a_transfer_to_the_new_owner_not_the_old"),
        code=f"fieldapp/law/notices.py `ownership_notice_due`, `notice_lateness`; {_SVC}notices.py",
    ),
    Reading(
        section="§5(J)(1)",
        quote="Any dog which has been lost or stolen, the owner of record shall within ten days of discovery "
              "of such loss or theft shall file with the Town Clerk notification of such event.",
        reading="A loss or theft is filed on the dog's record and shown at the roadside until it is found; "
                "a late notice is accepted and marked late.",
        tests=("test_s5J1_late_lost_or_stolen_notice_is_accepted_and_marked_late", "test_s5J1_lost_then_found",
               "test_s5J_stolen_death_moved_set_status"),
        code="fieldapp/services/licensing/notices.py; fieldapp/services/record_flags.py",
    ),
    Reading(
        section="§5(J)(2)",
        quote="In the case of death of a licensed dog, the owner of record shall notify the Town Clerk of the "
              "dog s death either before or upon receipt of a renewal notice from the Town Clerk.",
        reading="A death notice closes the license (\"Dog died\", never valid) and retires the tag; one filed "
                "upon a renewal notice links to the notice sent.",
        tests=("test_s5J2_death_notice_closes_license_retires_tag_and_refuses_a_new_license",
               "test_s5J2_status_card_says_dog_died",
               "test_s5J2_death_reported_upon_receipt_of_a_renewal_notice_links_to_it",
               "test_s5J2_upon_renewal_notice_refused_when_none_was_sent"),
        code="fieldapp/services/licensing/notices.py `file_notice`; fieldapp/services/status.py",
    ),
    Reading(
        section="§5(J)(3)",
        quote="All dogs shall be licensed with the office of the Town Clerk within 30 days of establishing "
              "residence in the Town.",
        reading="The date residence began is recorded and the 30-day deadline shown; a later license is "
                "accepted and marked late.",
        tests=("test_s5J3_a_new_residents_date_opens_the_fee_preview_and_a_refused_form",
               "test_s5J3_new_resident_license_days",
               "test_s5J3_new_resident_has_30_days_from_the_date_residence_began",
               "test_s5J3_new_resident_date_recorded_and_30_day_deadline_shown"),
        code="fieldapp/law/notices.py `new_resident_license_due`, `new_resident_lateness`",
    ),
    Reading(
        section="§5(J)(1)",
        quote=("Any dog which has been lost or stolen, the owner of record shall within ten days of discovery of "
               "such loss or theft shall file with the Town Clerk notification of such event."),
        reading=("The ten days run from the date the loss or theft was discovered, which the notice form asks "
                 "for (the date it happened when left blank); \"loss not notified in ten days\" is refused when "
                 "the notice on record was filed within them."),
        tests=("test_s5J1_ten_days_counted_from_the_discovery_of_the_loss",
               "test_s5J1_late_loss_notice_stands_when_filed_late"),
    ),
    Reading(
        section="§5(J)",
        quote=("The owner of record shall, within ten days of the transfer of ownership of any dog, file with the "
               "Town Clerk notification of such change."),
        reading=("\"Transfer not notified\" is refused when there is no transfer of the dog on record, or when "
                 "its notice was filed within ten days."),
        tests=("test_s5J_transfer_not_notified_refused_when_there_is_no_transfer",),
    ),
    Reading(
        section="§5(J)(3)",
        quote=("All dogs shall be licensed with the office of the Town Clerk within 30 days of establishing "
               "residence in the Town."),
        reading=("\"Not licensed within 30 days of residence\" is refused when the dog was licensed within 30 "
                 "days of the date residence began on record, or when the 30 days have not passed; with no "
                 "date of residence on record the officer's evidence decides."),
        tests=("test_s5J_new_resident_licensed_in_time_refused",),
    ),
)
