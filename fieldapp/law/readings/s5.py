"""Readings of the local law, s5."""
from ..licensing import LICENSE_EXEMPTIONS
from ..restrictions import VIOLATIONS
from .base import Reading, Setting

_LIC = "fieldapp/law/licensing.py"
_FEES = "fieldapp/law/fees.py"
_SVC = "fieldapp/services/licensing/"

# The §5 offences of law/restrictions.py's VIOLATIONS: the tests that check each.
_OFFENCE_TESTS = {
    "5A1": ("test_s5A1_unlicensed_dog_violation",
            "test_8A_seizure_of_an_unlicensed_dog_needs_the_5A1_age_exception_ruled_out"),
    "5B1": ("test_s5B1_failure_to_vaccinate_violation",),
    "5G1": ("test_s5G1_tag_on_another_dog_offence",),
    "5J-late": ("test_s5J_late_transfer_and_lost_stolen_notice_offences",),
    "5J1-late": ("test_s5J_late_transfer_and_lost_stolen_notice_offences",),
    "5J-new-owner": ("test_s5J_new_owner_not_applying_for_a_license_offence",),
    "5J3": ("test_s5J3_new_resident_not_licensed_within_30_days_offence",),
}


def _offence(r) -> Reading:
    exceptions = "; it stands only once " + " and ".join(
        f"{e.section} \"{e.title.lower()}\"" for e in r.exceptions) + (
        " are" if len(r.exceptions) > 1 else " is") + " ruled out" if r.exceptions else ""
    return Reading(
        section=r.section, quote=r.text,
        reading=f"An officer may record offence {r.code}, \"{r.title}\", and ticket it{exceptions}.",
        tests=(*_OFFENCE_TESTS[r.code], "test_every_offence_code_cites_its_section_with_the_laws_own_words"),
        code="fieldapp/law/restrictions.py `VIOLATIONS`",
    )


READINGS: tuple[Reading, ...] = (
    Reading(
        section="§5(A)(1)",
        quote="Any person owning, possessing or harboring a dog four months of age or over in the Town of "
              "Sandy Creek shall maintain a valid license for said dog",
        reading="A license is needed from four whole months of age; the clerk's screen says so and refuses "
                "nothing for a younger dog.",
        tests=("test_s5A1_license_required_at_four_months_or_if_at_large", "test_s5A1_age_in_months",
               "test_s5A1_age_in_months_rejects_birth_after_today", "test_s5A1_license_required_rejects_negative_age"),
        code=f"{_LIC} `license_required`, `age_in_months`",
    ),
    Reading(
        section="§5(A)(1)",
        quote="No license shall be required for any dog which is under the age of four months and which is "
              "not at large except as otherwise provided in this Local Law.",
        reading="A dog under four months needs a license only if at large; a younger dog is licensed if the "
                "owner asks, with a note, never refused.",
        tests=("test_s5A1_puppy_at_large_needs_a_license", "test_s5A1_under_four_months_not_at_large_needs_no_license",
               "test_s5A1_puppy_licensed_when_owner_asks_with_a_note",
               "test_5A1_puppy_under_four_months_may_be_licensed_if_the_owner_asks"),
        code=f"{_LIC} `license_required`, `license_note`; {_SVC} `license_needed_check`",
    ),
    *(_offence(r) for r in VIOLATIONS.values() if r.section.startswith("§5")),
    Reading(
        section="§5(A)(2)",
        quote="The Town of Sandy Creek does not allow the licensing of dogs by a shelter or the dog control "
              "officer.",
        reading="Only the clerk role issues licenses; a redeemed or adopted dog is licensed at the clerk's "
                "counter and the case leads back to it.",
        tests=("test_who_may_act", "test_s8C_license_issued_at_the_counter_leads_back_to_the_redemption",
               "test_s8E_the_clerk_licenses_the_adopted_dog_to_the_adopter_from_the_case"),
        code="fieldapp/law/authority.py `issue_license`",
    ),
    Reading(
        section="§5(A)(3)",
        quote="All dog licenses may be purchased from the office of the Town Clerk in person or by regular "
              "mail. If licensing or renewing a license by mail, the appropriate fee must accompany the "
              "licensing forms.",
        reading="A mailed application is recorded with its payment (check or money order number); without "
                "the fee or a document it is held with a letter, and once complete the counter issues it.",
        tests=("test_s5A3_mail_in_on_hold_letter_then_issued_with_its_check_and_mailed",
               "test_s5A3_mail_in_with_no_payment_is_on_hold_for_the_fee",
               "test_s5A3_mail_in_without_the_check_number_keeps_what_was_typed"),
        values=("clerk_address",),
        code="fieldapp/services/mail_in.py; fieldapp/clerk/mail_in.py",
    ),
    Reading(
        section="§5(A)(4)",
        quote="All dog licenses shall be for a period of one, two or three years and shall expire on the last "
              "day of the month one, two or three years from the date of issue.",
        reading="A license runs one, two or three years and ends on the last day of the month; it is good "
                "through that day and expired the next.",
        tests=("test_s5A4_license_expires_last_day_of_month", "test_s5A4_license_expiry_rejects_other_terms",
               "test_s5A4_last_day_of_month",
               "test_s5A4_license_status",
               "test_s5A4_license_status_default_window_is_30_days",
               "test_s5A4_card_turns_expired_the_day_after_expiry", "test_s5A4_s5B_card_colour_and_words_per_status",
               "test_s5A4_license_fee_rejects_bad_term"),
        code=f"{_LIC} `license_expiry`, `license_status`",
    ),
    Reading(
        section="§5(A)(4)",
        quote="In no event shall a dog license be issued for longer than the duration of the rabies "
              "vaccination.",
        reading="A term is allowed when it ends by the last day of the month the vaccination ends, and the "
                "clerk's screen says which rule applied; the town may choose the state's rule instead.",
        tests=("test_s5A4_term_ends_by_the_last_day_of_the_month_the_vaccination_ends",
               "test_s5A4_the_local_law_town_keeps_its_rabies_rule_setting",
               "test_s5A4_term_refusal_reason_agrees_with_allowed_terms",
               "test_s5A4_term_refusal_reason_for_invalid_term", "test_s5A4_term_refusal_reason_none_for_allowed_term",
               "test_s5A4_term_refusal_reason_past_rabies_end",
               "test_s5A4_term_choices_match_allowed_terms_with_refusal_reason",
               "test_s5A4_term_past_rabies_refused_on_submit",
               "test_s5A4_local_rule_default_and_state_rule_setting_say_which_rule_applied",
               "test_5A4_local_rule_is_the_default_and_says_so", "test_5A4_unknown_term_rule_rejected",
               "test_AML_109_1a_state_rule_allows_terms_past_the_vaccination_and_says_which_rule",
               "test_AML_109_1a_state_rule_latest_expiry_end_of_eleventh_month_after_rabies",
               "test_AML_109_1a_state_rule_lets_a_shorter_certificate_do"),
        choice=True,
        setting=Setting("license_term_state_rule", "the local law's own words: never past the vaccination",
                        "on: AML §109(1)(a), a license may run to the end of the 11th month after the "
                        "rabies certificate expires"),
        code=f"{_LIC} `license_terms`, `allowed_terms`, `term_refusal_reason`, `state_rule_latest_expiry`; "
             f"{_SVC} `term_rule`, `term_choices`, `term_explanation`",
    ),
    Reading(
        section="§5(A)(4)",
        quote="All dog licenses shall be for a period of one, two or three years",
        reading="The clerk's renewal lists show licenses expired and those ending in 30, 60 or 90 days, and "
                "one letter per owner (with labels, or email) is recorded as a renewal notice.",
        tests=("test_s5A4_renewal_lists_30_60_90_and_expired", "test_s5A4_renewal_window_by_date",
               "test_s5A4_renewals_due_by_month_are_the_licenses_expiring_in_each_month_ahead"),
        code="fieldapp/law/renewals.py; fieldapp/services/renewals.py",
    ),
    Reading(
        section="§5(B)",
        quote="At the time of licensing or license renewal, a current, valid certificate, indicating the dog "
              "has been vaccinated to prevent the spread of rabies is required herein and must be presented to "
              "the office of the Town Clerk.",
        reading="No license without a current rabies certificate or a vet's statement; a renewal whose "
                "certificate would not cover a one-year term asks for a new one.",
        tests=("test_s5B_rabies_status", "test_s5B_term_refusal_reason_rabies_certificate_expired",
               "test_5B_expired_rabies_certificate_refused_under_either_rule",
               "test_s5B_expired_rabies_is_refused_and_typed_values_kept",
               "test_s5A4_renewal_needs_a_new_certificate_by_the_counters_rule",
               "test_s5B_expired_license_renewed_today_needs_rabies_for_a_year_from_today"),
        code=f"{_LIC} `rabies_status`; fieldapp/law/renewals.py `needs_new_rabies_certificate`",
    ),
    Reading(
        section="§5(B)(1)",
        quote="Any person owning or possessing or harboring a dog, who willfully fails or refuses to submit "
              "said dog for vaccination within ten (10) days after a request by the dog control officer, peace "
              "officer, police officer or health officer shall be subject to the penalties provided in this "
              "Local Law.",
        reading="An officer records the request; failure to vaccinate stands only with a request on file and "
                "ten days passed with no certificate, and overdue requests wait on the officer's start page.",
        tests=("test_s5B1_rabies_vaccination_due_ten_days_after_request",
               "test_s5B1_failure_to_vaccinate_needs_a_request_on_file",
               "test_s5B1_failure_to_vaccinate_needs_ten_days_passed",
               "test_s5B1_failure_to_vaccinate_not_when_a_certificate_came_within_ten_days",
               "test_s5B1_certificate_within_ten_days_refuses_the_ticket",
               "test_s5B1_failure_to_vaccinate_refused_within_the_ten_days",
               "test_s5B1_failure_to_vaccinate_refused_without_a_request_on_file",
               "test_s5B1_failure_to_vaccinate_stands_after_ten_days_without_a_certificate",
               "test_s5B1_overdue_requests_on_the_officers_start_page_one_tap_from_a_violation",
               "test_s5B1_overdue_request_and_cleared_by_a_certificate",
               "test_s5B1_rabies_request_due_in_ten_days_and_on_the_card"),
        code="fieldapp/law/restrictions.py `failure_to_vaccinate_refusal`; "
             "fieldapp/services/enforcement/rabies_request.py",
    ),
    Reading(
        section="§5(B)(2)",
        quote="In lieu of the rabies certificate, an owner may present a statement certified by a licensed "
              "veterinarian stating that he has examined the dog and found that the life of the dog would be "
              "endangered by vaccinating due to old age or other reasons.",
        reading="A vet's statement gives a license of one year from the statement's date (AML §109(1)(a)), "
                "the only term offered; a renewal needs a new statement.",
        tests=("test_5B2_vet_statement_license_is_one_year_from_the_statements_date",
               "test_5B2_vet_statement_dated_after_issue_is_refused",
               "test_5B2_vet_statement_more_than_a_year_old_allows_nothing",
               "test_5B2_vet_statement_not_any_term_up_to_three_years",
               "test_s5B2_vet_statement_without_a_date_gives_one_year_from_the_issue_day",
               "test_s5B2_vet_statement_gives_a_one_year_license",
               "test_s5B2_vet_statement_offers_only_one_year_from_its_date",
               "test_s5B2_vet_statement_renewal_needs_a_new_statement"),
        code=f"{_LIC} `vet_statement_license_expiry`, `license_terms(vet_statement_on=)`",
    ),
    Reading(
        section="§5(C)",
        quote="In the case of a spayed or neutered dog, every application shall also be accompanied by a "
              "certificate signed by a licensed veterinarian or an affidavit signed by the owner, showing that "
              "the dog has been spayed or neutered, provided such certificate or affidavit shall not be "
              "required if the same is already on file with the office of the Town Clerk.",
        reading="The altered fee needs a vet's certificate or the owner's affidavit, or one already on file.",
        tests=("test_s5C_on_file_needs_a_proof_on_file",),
        code=f"{_SVC} application",
    ),
    Reading(
        section="§5(C)",
        quote="In such case, the license fee for the dog shall be the same as for a spayed or neutered dog.",
        reading="A dog with a vet's statement against altering pays the altered license fee; the "
                "population-control fee of §5(D) follows the dog as it is ($3) unless the town chooses $1.",
        tests=("test_s5C_vet_statement_dog_pays_altered_license_fee",
               "test_5C_vet_statement_ignored_for_a_dog_that_is_altered",
               "test_5C_5D_vet_statement_pays_altered_license_fee_and_unaltered_surcharge",
               "test_s5C_vet_statement_against_altering_pays_altered_fee_and_3_dollar_population_fee",
               "test_s5C_vet_statement_altering_dangerous_pays_altered_fee",
               "test_5D_town_may_charge_the_altered_surcharge_with_a_vet_statement"),
        choice=True,
        setting=Setting("vet_statement_surcharge_as_altered",
                        "the text: §5(C) names only the license fee, §5(D)'s $3 is for an unaltered dog",
                        "on: such a dog pays the $1 altered population-control fee"),
        code=f"{_FEES} `license_fee(vet_statement_against_altering=, vet_statement_surcharge_as_altered=)`",
    ),
    Reading(
        section="§5(D)",
        quote="provided that the total fee for an unaltered dog shall be at least five ($5.00) dollars more "
              "than the total fee for a spayed or neutered dog.",
        reading="The Town Board's fees are settings, each change with its resolution, and an unaltered fee "
                "less than $5.00 above the altered one is refused.",
        tests=("test_s5D_fee_schedule_accepts_unaltered_at_least_5_more",
               "test_s5D_fee_schedule_rejects_unaltered_less_than_5_more",
               "test_s5D_fee_schedule_rejects_float_money", "test_s5D_fee_schedule_rejects_negative_fees",
               "test_s5D_fee_schedule_validated_next_to_unaltered_fee", "test_s5D_fee_change_needs_authority",
               "test_s5D_fee_change_saved_with_its_authority", "test_s5D_license_fee_rejects_bad_fee_schedule"),
        values=("fee_altered", "fee_unaltered"),
        code=f"{_FEES} `validate_fee_schedule`; fieldapp/admin/views.py",
    ),
    Reading(
        section="§5(D)",
        quote="Applications for a license or renewal thereof shall be accompanied by a nonrefundable "
              "processing fee as established from time to time by resolution of the Town Board,",
        reading="The town fee is charged for each year of the term when the town's setting says so; each fee "
                "is a typed line on the receipt.",
        tests=("test_s5D_license_fee_town_fee_plus_population_control_surcharge",
               "test_s5D_license_fee_lines_are_itemized",
               "test_s5D_fee_breakdown_is_frozen", "test_fee_lines_carry_a_kind_never_matched_by_label"),
        values=("fee_altered", "fee_unaltered", "fee_per_year"),
        code=f"{_FEES} `license_fee`, `FeeLine.kind`, `FEE_KINDS`",
    ),
    Reading(
        section="§5(D)",
        quote="In addition to the fee charged by the Town, a one ($1.00) dollar fee for altered dogs and a "
              "three ($3.00) dollar fee for unaltered dogs shall be collected for the purposes of carrying out "
              "animal population control efforts.",
        reading="$1.00 or $3.00 is added once per license, whatever its term, and the clerk's remittance "
                "report totals them for any period.",
        tests=("test_s5D_population_control_surcharge",
               "test_s5D_population_control_surcharge_is_charged_once_per_license_not_per_year",
               "test_s5D_population_control_remittance_for_a_month", "test_s5D_remittance_for_any_period_chosen",
               "test_cash_report_splits_license_fees_altered_and_unaltered_s5D",
               "test_daily_cash_report_and_the_s5D_remittance_for_a_period"),
        code=f"{_FEES} `population_control_surcharge`; fieldapp/law/cashbook.py `population_control_remittance`",
    ),
    Reading(
        section="§5(E)",
        quote="1. The name, residence address and telephone number of each owner;",
        reading="The application takes every owner's name, address and telephone (required), with co-owners.",
        tests=("test_s5E1_owner_phone_required",
               "test_s5E1_add_co_owner_new_and_existing",
               "test_s5_license_new_dog_end_to_end"),
        code=f"{_SVC}people.py",
    ),
    Reading(
        section="§5(F)",
        quote="Upon validation by the Town Clerk, a dog license shall be issued and a record of its issuance "
              "retained in the office of the Town Clerk. Such record shall be made available upon request to "
              "the State Commissioner of Agriculture and Markets, or successor thereof.",
        reading="Every license issued is kept, and the record of a period is printed as CSV or PDF with the "
                "§5(E) fields.",
        tests=("test_s5F_license_record_csv_keeps_typed_formulas_as_text",
               "test_s5F_licenses_issued_in_a_period_as_csv_with_the_s5E_fields",),
        code="fieldapp/services/clerk_reports.py `licenses_issued`",
    ),
    Reading(
        section="§5(G)",
        quote="The Town Clerk shall assign an identification number to a dog when it is first licensed.",
        reading="A dog's identification number comes at its first license from a counter that never goes "
                "back, and a renewal keeps it.",
        tests=("test_s5G_id_numbers_never_reused_and_renewal_keeps_number",
               "test_s5G_identification_numbers_from_many_workers_are_never_given_twice",
               "test_s5G_license_numbers_from_many_workers_are_never_given_twice",
               "test_s5G_one_dog_numbered_by_two_clerks_at_once_keeps_one_number",
               "test_s5G_issue_tag_needs_an_identification_number",
               "test_s5G_issue_tag_gives_a_new_active_tag_with_fresh_token_and_next_serial",
               "test_s5G_bind_blank_tag_by_its_scanned_qr_link", "test_s5G_bind_blank_tag_by_printed_number_or_token",
               "test_s5G_blank_tag_bound_and_bad_tag_numbers_refused",
               "test_s5G_seed_every_licensed_dog_has_one_active_tag"),
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
        section="§5(H)",
        quote="The annual fee for each pure bred license issued pursuant to Article 7 of the Agriculture and "
              "Markets Law shall be:",
        reading="One purebred license covers the owner's premises, priced by the count of purebreds over four "
                "months there and paid for each year of the term; a second dog joins it with no purebred fee.",
        tests=("test_s5H_purebred_fee_by_dogs_on_premises",
               "test_s5H_the_local_law_town_charges_a_purebred_license",
               "test_s5H_the_license_form_asks_for_the_purebred_count_under_the_local_law",
               "test_s5H_purebred_fee_rejects_fewer_than_one",
               "test_5H_purebred_fee_bands_are_the_towns_settings",
               "test_5H_purebred_annual_fee_paid_for_each_year_of_the_term",
               "test_5H_purebred_license_priced_by_count_of_dogs_on_premises",
               "test_5H_purebred_license_rejects_bad_term_and_float_fee",
               "test_s5H_one_purebred_license_covers_the_premises_not_a_fee_per_dog",
               "test_s5H_joining_dog_must_end_by_the_premises_license",
               "test_s5H_owner_page_lists_the_premises_purebred_license_and_its_dogs"),
        values=("fee_purebred_up_to_10", "fee_purebred_up_to_25", "fee_purebred_over_25"),
        code=f"{_FEES} `purebred_fee`, `purebred_license_fee`; {_SVC} `active_purebred_license`",
    ),
    Reading(
        section="§5(H)",
        quote="Purebred dogs when participating in a dog show are exempt from wearing license tags so long as "
              "the dog is licensed in the town where it resides.",
        reading="The dog-show exception is offered on a §5(A)(1) charge for any dog licensed in its town, as "
                "§5(I) says.",
        tests=("test_s5I_dog_show_exemption_covers_any_dog_licensed_in_its_town",),
        code="fieldapp/law/restrictions.py `UNLICENSED_DOG` (exception 5H-dog-show)",
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
               "test_5J_notice_filed_after_ten_days_accepted_and_marked_late_by_days",
               "test_s5J_notice_within_ten_days_is_not_late", "test_s5J_notice_dates_checked",
               "test_s5J_transfer_to_existing_owner", "test_s5J_transfer_to_new_owner_license_not_transferable"),
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
               "test_5J3_new_resident_has_30_days_from_the_date_residence_began",
               "test_s5J3_new_resident_date_recorded_and_30_day_deadline_shown"),
        code="fieldapp/law/notices.py `new_resident_license_due`, `new_resident_lateness`",
    ),
    Reading(
        section="§5(K)",
        quote="an additional surcharge, as determined from time to time by resolution of the Town Board",
        reading="A fee set by resolution (every amount the settings price: license fees, surcharges, replacement "
                "tags, impoundment and boarding) applies from its date, never back: each change is kept with the "
                "day it applies from (today or later at /admin/), a license is priced on the day issued (one applied "
                "for by mail on the day the application came, §5(A)(3)), and a paid or closed case keeps what it "
                "cost.",
        tests=("test_s5K_a_resolution_applies_from_its_date_never_back",
               "test_s5K_two_changes_with_one_date_the_later_recorded_is_in_force",
               "test_s5K_a_license_is_priced_at_the_fee_in_force_on_the_day_it_is_issued",
               "test_s5K_an_application_by_mail_is_priced_on_the_day_it_came_not_after_a_later_fee_change"),
        code="fieldapp/law/schedule.py `value_on`; fieldapp/settings.py `set_setting`, `setting_on`; "
             "fieldapp/services/licensing/fees.py `fee_schedule`",
    ),
    Reading(
        section="§5(K)",
        quote="When the Town Board determines the need for a dog enumeration, in addition to the licensing fee "
              "charged, an additional surcharge, as determined from time to time by resolution of the Town "
              "Board, for recovering costs associated with an enumeration conducted shall be charged.",
        reading="The admin records the Board's resolution and its period; a dog identified as unlicensed in "
                "that period owes the surcharge once, with its next license, even after the period closed.",
        tests=("test_s5K_admin_records_and_closes_enumeration",
               "test_5K_enumeration_surcharge_only_while_open_and_only_on_dogs_identified_unlicensed",
               "test_s5K_enumeration_surcharge_only_while_open_and_only_on_a_dog_identified",
               "test_s5K_license_fee_adds_enumeration_surcharge",
               "test_s5K_license_fee_rejects_negative_enumeration_surcharge",
               "test_s5K_no_enumeration_line_when_zero",
               "test_s5K_surcharge_owed_is_the_resolutions_amount_when_identified_during_the_period",
               "test_s5K_surcharge_owed_is_zero_when_not_identified_in_the_period", "test_s5K_surcharge_owed_once_only",
               "test_s5K_surcharge_owed_refuses_float_and_negative",
               "test_s5K_license_of_an_identified_dog_adds_the_surcharge_and_takes_it_on_the_receipt",
               "test_s5K_surcharge_is_charged_on_a_license_issued_after_the_enumeration_closed",
               "test_s5K_new_dog_identified_at_the_counter_is_listed_with_its_surcharge_paid"),
        code=f"{_FEES} `enumeration_open`, `enumeration_surcharge_due`; fieldapp/law/enumeration.py "
             "`enumeration_surcharge_owed`; fieldapp/services/enumeration.py",
    ),
    Reading(
        section="§5(K)",
        quote="Should a dog be identified as unlicensed during such enumeration, such additional fee shall be "
              "the property of the Town and shall be used to pay the expenses incurred by the Town in "
              "conducting the enumeration.",
        reading="The clerk or the dog control officer marks a dog identified as unlicensed, only within the "
                "period, not after today and not for a dog licensed that day; a 5A1 violation may mark it too.",
        tests=("test_s5K_identified_within_the_period_may_be_marked",
               "test_s5K_identified_before_the_period_is_refused_with_the_period",
               "test_s5K_identified_after_the_period_closed_is_refused", "test_s5K_identified_after_today_is_refused",
               "test_s5K_a_dog_licensed_that_day_was_not_unlicensed",
               "test_s5K_a_licensed_dog_is_not_identified_unlicensed",
               "test_s5K_clerk_finds_and_marks_a_dog_identified_unlicensed", "test_s5K_dco_marks_a_dog_from_its_record",
               "test_s5K_dco_marks_a_dog_found_unlicensed_on_a_5A1_violation",
               "test_s5K_found_in_enumeration_needs_the_5A1_offence_and_keeps_the_tick",
               "test_s5K_mark_outside_the_period_is_refused_and_keeps_what_was_typed",
               "test_s5K_dog_record_offers_the_mark_only_for_an_unlicensed_dog_while_an_enumeration_is_open",
               "test_s5K_only_the_clerk_and_dco_mark_and_only_the_clerk_keeps_the_account",
               "test_s5K_police_records_the_violation_but_not_the_enumeration_mark"),
        code="fieldapp/law/enumeration.py `identification_refusal`; fieldapp/services/enforcement/violation.py",
    ),
    Reading(
        section="§5(K)",
        quote="In the event the additional fees collected exceed the expenses incurred by the Town in "
              "conducting an enumeration in any year, such excess fees may be used by the Town for enforcing "
              "this law and for spaying or neutering animals; and offsetting costs associated with the "
              "provision and replacement of identification tags.",
        reading="The clerk keeps each year's account: surcharges charged and collected, the Town's expenses, "
                "the balance and the excess the Town may use.",
        tests=("test_s5K_year_excess_of_fees_over_expenses_may_be_used_for_enforcement_spaying_and_tags",
               "test_s5K_year_totals_count_only_the_years_rows", "test_s5K_year_totals_of_two_enumerations_add_up",
               "test_s5K_year_totals_refuse_float_amounts",
               "test_s5K_year_report_shows_surcharges_collected_expenses_and_balance",
               "test_s5K_expense_is_recorded_and_a_bad_one_keeps_what_was_typed",
               "test_s5K_clerk_taps_from_home_to_the_enumeration_and_its_identified_dog"),
        code="fieldapp/law/enumeration.py `enumeration_year`, `combined_year`, `EXCESS_USES`; clerk/enumeration.py",
    ),
    Reading(
        section="§5(B)(1)",
        quote=("who willfully fails or refuses to submit said dog for vaccination within ten (10) days after a "
               "request by the dog control officer"),
        reading=("Failure to vaccinate stands only if no current rabies certificate (or vet's statement) is on "
                 "record on the tenth day after the request, whenever that certificate was issued; such a "
                 "request is not listed as overdue either."),
        tests=("test_s5B1_not_when_a_current_certificate_was_on_record_on_the_tenth_day",
               "test_s5B1_refused_when_a_current_certificate_was_on_record_on_the_tenth_day"),
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
    Reading(
        section="§5(A)(4)",
        quote=("All dog licenses shall be for a period of one, two or three years and shall expire on the "
               "last day of the month one, two or three years from the date of issue. In no event shall a "
               "dog license be issued for longer than the duration of the rabies vaccination."),
        reading=("A term may end no later than the last day of the month the rabies vaccination ends (a fresh "
                 "one-year certificate gives a one-year license, a fresh three-year one up to three years); "
                 "a current certificate with less than a year left is said to be so, and gets the one-year "
                 "license within AML §109(1)(a)'s limit (the last day of the eleventh month after it "
                 "expires), the vaccination's duration read as its length; never a bare \"no license\" "
                 "for a dog whose certificate is current. The renewal lists ask for a new certificate by "
                 "the same rule."),
        tests=("test_s5A4_term_ends_by_the_last_day_of_the_month_the_vaccination_ends",
               "test_s5A4_fresh_certificate_gives_a_license_of_its_length",
               "test_s5A4_less_than_a_year_left_offers_the_one_year_license_within_AML_109_1a",
               "test_s5A4_demo_fresh_three_year_certificate_licensed_for_three_years",
               "test_s5A4_demo_less_than_a_year_left_shows_what_the_setting_allows",
               "test_s5A4_less_than_a_year_left_and_past_AML_limit_offers_revaccination",
               "test_s5A4_town_setting_revaccinate_first_says_so",
               "test_s5A4_less_than_a_year_left_gets_the_one_year_license_or_the_setting_says_revaccinate",
               "test_s5A4_renewal_needs_a_new_certificate_by_the_counters_rule"),
        setting=Setting(
            key="short_certificate_one_year_license", protects="the owner",
            other_reading=("Off: \"the duration of the rabies vaccination\" is the time it has left; with "
                           "less than a year left no term fits, and the owner is told the certificate is "
                           "current but short and to revaccinate before the license is issued.")),
        choice=True,
    ),
    Reading(
        section="§5(A)(3)",
        quote=("All dog licenses may be purchased from the office of the Town Clerk in person or by regular "
               "mail. If licensing or renewing a license by mail, the appropriate fee must accompany the "
               "licensing forms."),
        reading=("An application by mail (also for a dog not yet on file) is issued only when the amount "
                 "enclosed covers the fee; short, it is held and the letter says how much is missing, and "
                 "the receipt records the amount actually received."),
        tests=("test_s5A3_mail_in_short_of_the_fee_is_held_with_how_much_is_missing",
               "test_s5A3_mail_in_for_a_dog_not_on_file_issued_when_the_rest_came_receipt_says_what_came",
               "test_s5A3_mail_in_for_a_dog_not_on_file_needs_the_applicant_and_the_dog"),
    ),
    Reading(
        section="§5(D)",
        quote=("provided that the total fee for an unaltered dog shall be at least five ($5.00) dollars more "
               "than the total fee for a spayed or neutered dog. In addition to the fee charged by the Town, "
               "a one ($1.00) dollar fee for altered dogs and a three ($3.00) dollar fee for unaltered dogs "
               "shall be collected"),
        reading=("The $5.00 difference is between the total fees, the town's fee plus the $1.00 or $3.00 "
                 "population control fee (for a one-year license, where they are closest): town fees of "
                 "$10.00 and $13.00 are a lawful schedule."),
        tests=("test_s5D_the_5_dollar_difference_is_between_total_fees",
               "test_s5D_fee_schedule_rejects_unaltered_less_than_5_more",
               "test_s5D_fee_schedule_validated_next_to_unaltered_fee"),
    ),
)
