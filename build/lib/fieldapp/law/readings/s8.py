"""Readings of the local law, s8."""
from ..impoundment import (
    DANGEROUS_DOG_DAILY_FEE,
    HOLDING_PERIOD_BUSINESS_DAYS,
    OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS,
)
from .base import Reading, Setting

_IMP = "fieldapp/law/impoundment.py"

READINGS: tuple[Reading, ...] = (
    Reading(
        section="§8(A)",
        quote="Any dog found in violation of the provisions of Section 5 or 6 of this Local Law may be seized.",
        reading="A seizure needs a §5 or §6 violation that stands (its exceptions ruled out, carried over from "
                "the violation it follows); a dog held now is not seized again.",
        tests=("test_s8A_seizure_needs_a_violation",
               "test_s8A_seizure_after_a_violation_carries_its_ruled_out_exceptions",
               "test_s8A_seizure_for_running_at_large_needs_s6B_exception_ruled_out",
               "test_s8A_seizure_of_an_unlicensed_dog_needs_the_s5A1_age_exception_ruled_out",
               "test_s8A_seizure_and_s9_ticket_after_a_violation_carry_its_place_and_time",
               "test_second_seizure_of_a_held_dog_is_refused", "test_impounded_dog_flagged_on_its_card",
               "test_s8A_the_local_law_towns_seizure_form_says_section_8",
               "test_s8A_a_refused_seizure_cites_the_local_law"),
        code="fieldapp/services/enforcement/seizure.py",
    ),
    Reading(
        section="§8(B)",
        quote="Every dog seized shall be properly cared for, sheltered, fed and watered for a period of five "
              "business days, excluding the day the dog is impounded. In the event the owner of a seized dog is "
              "known, such dogs shall be properly cared for, sheltered, fed and watered for a period of nine "
              "business days, excluding the day the dog is impounded",
        reading=f"A seized dog is held {HOLDING_PERIOD_BUSINESS_DAYS} business days after the day impounded, "
                f"{OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS} if the owner is known; the deadline is stored with "
                "the days it skipped and why, and shown on the seizure, the kennel board and the card.",
        tests=("test_s8B_redemption_deadline_is_five_business_days_owner_unknown",
               "test_s8B_redemption_deadline_is_nine_business_days_owner_known",
               "test_s8B_holding_period_nine_business_days_owner_known_five_unknown",
               "test_s8B_the_local_law_town_counts_business_days_from_the_day_impounded",
               "test_s8B_holding_period_reports_the_days_it_skipped_and_why",
               "test_s8B_deadline_shows_the_days_it_skipped_on_result_page_and_card",
               "test_s8B_redemption_deadline_closed_days_as_set_and_generator",
               "test_s8B_next_page_once_received_shows_the_holding_period",
               "test_s8B_kennel_board_lists_dogs_held_first_with_deadline_days_left_fees_notice_and_allowed",
               "test_s8B_deadline_table_for_offline_use",
               "test_s8B_s5B1_dataset_has_impounded_violations_and_rabies_request_as_on_the_card",
               "test_s8B_seizure_form_holds_at_the_towns_kennel_by_default"),
        values=("kennel_name",),
        code=f"{_IMP} `holding_period`, `redemption_deadline`, `deadline_table`",
    ),
    Reading(
        section="§8(B)",
        quote="five business days, excluding the day the dog is impounded.",
        reading="Business days leave out weekends, the public holidays of General Construction Law §24 (not "
                "Susan B. Anthony Day; a Saturday holiday takes no Friday) and the days the clerk's town "
                "calendar closes; a listed day the town opens counts.",
        tests=("test_s8B_weekends_are_not_business_days", "test_s8B_business_days_skip_gcl_24_public_holidays",
               "test_s8B_days_gcl_24_does_not_list_are_business_days", "test_s8B_susan_b_anthony_day_is_not_skipped",
               "test_s8B_gcl_24_sunday_holiday_moves_to_monday",
               "test_s8B_saturday_holiday_not_moved_to_friday_unless_the_town_closes_then",
               "test_s8B_saturday_holiday_does_not_take_the_friday_from_the_holding_period",
               "test_s8B_gcl_24_list_matches_the_holidays_package_less_what_24_does_not_list",
               "test_s8B_holiday_calendar_is_built_once_per_year_and_cached",
               "test_s8B_public_holidays_lists_a_years_closed_days_to_prefill_a_town_calendar",
               "test_s8B_non_business_day_reason_says_why", "test_s8B_add_business_days_excludes_start_day",
               "test_s8B_add_business_days_accepts_any_iterable_of_closed_days",
               "test_s8B_add_business_days_rejects_bad_counts",
               "test_s8B_business_days_after_reports_skipped_days", "test_s8B_closed_days_are_not_business_days",
               "test_s8B_town_open_days_count_listed_holidays_as_business_days",
               "test_s8B_redemption_deadline_skips_weekends_and_holidays",
               "test_s8B_redemption_deadline_skips_town_closed_days",
               "test_s8B_holding_period_town_closure_with_its_reason",
               "test_s8B_holding_period_town_open_on_a_listed_holiday_counts_it",
               "test_s8B_town_closed_days_are_not_business_days",
               "test_s8B_calendar_prefilled_from_gcl24_and_a_snow_day_added_by_the_clerk",
               "test_s8B_only_the_clerk_keeps_the_calendar",
               "test_s8B_opened_listed_day_counts_as_a_business_day_in_the_phone_table"),
        code="fieldapp/law/calendar.py `public_holidays`, `non_business_day_reason`, `business_days_after`; "
             "fieldapp/services/calendar.py",
    ),
    Reading(
        section="§8(B)",
        quote="In the event the owner of a seized dog is known,",
        reading="The owner is known when the record has a license, a tag or an owner of record, or the officer "
                "names one; the form asks for a name only when nothing is on file, and an owner identified "
                "later moves the deadline.",
        tests=("test_s8B_owner_known_from_a_license_or_tag_on_file_or_named_by_the_officer",
               "test_s8B_owner_known_says_why",
               "test_s8B_owner_of_record_makes_the_owner_known",
               "test_s8B_known_owner_from_the_record_gives_nine_business_days",
               "test_s8B_licensed_dog_is_held_nine_days_even_if_the_box_says_unknown",
               "test_s8B_owner_named_by_the_officer_gives_nine_days",
               "test_s8B_form_asks_owner_named_only_when_the_dog_has_no_owner_of_record",
               "test_s8B_old_owner_known_box_without_a_name_is_refused",
               "test_s8B_owner_identified_later_recomputes_the_deadline_and_logs_it",
               "test_s8B_a_stray_licensed_at_the_counter_has_a_known_owner_and_nine_business_days"),
        code=f"{_IMP} `owner_known`; fieldapp/services/enforcement/seizure.py `owner_known_for`, `identify_owner`",
    ),
    Reading(
        section="§8(B)",
        quote="Every dog seized shall be properly cared for, sheltered, fed and watered",
        reading="The dog control officer logs a care check for each dog held (fed, watered, cleaned, health, "
                "by whom, a photo); none once the dog is no longer held.",
        tests=("test_s8B_care_check_logged_with_a_photo_and_shown_in_order", "test_s8B_care_log_follows_who_may_act",
               "test_s8B_empty_care_check_refused_keeps_what_was_typed",
               "test_s8B_no_care_check_for_a_dog_no_longer_held"),
        code="fieldapp/services/impoundment/care.py `record_care_check`",
    ),
    Reading(
        section="§8(C)",
        quote="Seized dogs may be redeemed by producing proof of licensing and identification pursuant to this "
              "Local Law and paying the impoundment fees as herein set forth:",
        reading="Redemption needs a current license (none or expired: refused, the clerk licenses the dog and "
                "leads back), identification and the fees on one receipt; only the clerk takes the fees.",
        tests=("test_s8C_no_current_license_is_refused_with_a_link_to_the_clerks_license_form",
               "test_s8C_expired_license_is_refused_with_its_date",
               "test_s8C_a_seized_dog_with_no_record_is_licensed_at_the_counter_then_redeemed",
               "test_s8C_license_issued_at_the_counter_leads_back_to_the_redemption",
               "test_s8C_redemption_needs_identification_and_a_check_number_and_keeps_what_was_typed",
               "test_s8C_redeemed_by_check_receipt_lists_typed_lines_and_the_card_no_longer_shows_it_held",
               "test_s8C_only_the_clerk_takes_the_fees_and_others_get_403",
               "test_s8E_s8C_redeemed_any_time_while_held_only_with_license_identification_and_fees"),
        code="fieldapp/services/impoundment/redemption.py `redeem`, `license_refusal`; fieldapp/field/kennel.py",
    ),
    Reading(
        section="§8(C)",
        quote="Seized dogs may be redeemed by producing proof of licensing and identification pursuant to this "
              "Local Law",
        reading="A held dog whose license can't be issued with what is on file (its rabies certificate fits no "
                "term, §5(A)(4), §5(B)) is said to need a new certificate before release on the kennel board, "
                "the case, the dog's page and the top of the license form, where \"Issue license\" is disabled "
                "with the reason until a certificate that fits is entered.",
        tests=("test_s8C_a_held_dog_that_cant_be_licensed_says_so_on_the_board_the_dogs_page_and_the_form",
               "test_s5B_the_blocker_is_a_pure_check_of_the_evidence_on_file",
               "test_s5A4_the_issue_button_opens_once_a_certificate_that_fits_is_entered"),
        code="fieldapp/services/licensing/blockers.py `license_blocker`, `rabies_refusal`; "
             "fieldapp/field/kennel.py `release_blocker`; fieldapp/clerk/licenses.py `_issue_blocked`",
    ),
    Reading(
        section="§8(C)(1)",
        quote="Impoundment fees shall be set from time to time by resolution of the Town Board.",
        reading="The impoundment fee rises with the dog's impoundments in the last twelve months (first, "
                "second, third and later), plus boarding for each day held, at least one, each a typed line.",
        tests=("test_s8C1_impoundment_fee_rises_with_the_dogs_impoundments_in_twelve_months",
               "test_s8C1_repeat_count_comes_from_the_impoundments_of_the_last_twelve_months",
               "test_s8C1_boarding_per_day_held_counts_from_the_day_impounded_at_least_one",
               "test_s8C1_boarding_fee_of_zero_adds_no_line", "test_s8C1_days_held_refuses_an_end_before_the_seizure",
               "test_s8C1_fees_rise_with_the_dogs_impoundments_in_twelve_months_from_the_settings",
               "test_s8C_fee_lines_carry_a_known_kind", "test_s8C_total_adds_the_typed_lines",
               "test_impoundment_count_includes_seizures_within_twelve_months_only"),
        values=("fee_impoundment_first", "fee_impoundment_second", "fee_impoundment_third", "fee_boarding_daily"),
        code=f"{_IMP} `impoundment_fees`, `days_held`, `impoundments_in_twelve_months`; "
             "fieldapp/services/impoundment/fees.py `fees_for`",
    ),
    Reading(
        section="§8(C)(1)",
        quote="Impoundment fees shall be set from time to time by resolution of the Town Board.",
        reading="A change of fee applies from its date, never back: an open case boards each day at the fee in "
                "force that day and pays the impoundment fee of the day impounded; a case that ended keeps, line "
                "by line, what it cost when it closed, so a later fee never re-bills what was paid.",
        tests=("test_s8C1_boarding_each_day_at_the_fee_in_force_that_day",
               "test_s8C1_boarding_rates_must_cover_each_day_held",
               "test_s8C_a_fee_change_never_rebills_a_case_redeemed_and_paid",
               "test_s8C_a_case_closed_keeps_its_cost_even_for_a_day_the_new_fee_covers",
               "test_s8C_an_open_case_boards_each_day_at_the_fee_in_force_that_day",
               "test_s8C_a_fee_change_is_dated_today_or_later_never_back"),
        values=("fee_boarding_daily",),
        code="fieldapp/law/schedule.py `daily_rates`; fieldapp/services/impoundment/fees.py `fees_for`, `close_fees`",
    ),
    Reading(
        section="§8(C)(2)",
        quote="Dangerous dogs are subject to the impoundment fees established herein plus $30 for each "
              "additional 24-hour period or part thereof.",
        reading=f"A dog under a dangerous or vicious order of the Town Justice pays ${DANGEROUS_DOG_DAILY_FEE} "
                "for each further 24 hours or part after the first.",
        tests=("test_s8C2_dangerous_dog_extra_fee_per_24h_or_part_after_first_day",
               "test_s8C2_dangerous_dog_extra_fee_rejects_bad_hours",
               "test_s8C2_dangerous_dog_fee_over_days_is_30_for_each_further_24_hours_or_part",
               "test_s8C2_a_dog_not_held_as_dangerous_pays_no_dangerous_dog_fee",
               "test_s8C2_a_dog_under_a_dangerous_order_pays_30_for_each_further_24_hours"),
        code=f"{_IMP} `dangerous_dog_extra_fee`; fieldapp/services/impoundment/fees.py `held_as_dangerous`",
    ),
    Reading(
        section="§8(D)",
        quote="If the owner of any unredeemed dog is known, such owner shall be required to pay the impoundment "
              "fees set forth in subdivision (C) of this section whether or not such owner chooses to redeem his "
              "or her dog.",
        reading="A known owner owes the fees to the day the case ended, less payments, shown on the counter's "
                "pages until paid or waived with a reason; with no owner known no one is billed.",
        tests=("test_s8D_known_owner_owes_the_fees_of_an_unredeemed_dog_on_the_counters_pages_until_paid",
               "test_s8D_balance_waived_with_a_reason_is_a_zero_line_and_owed_no_more",
               "test_s8D_no_owner_known_no_one_is_billed"),
        code="fieldapp/services/impoundment/fees.py `balance`, `open_balances`; "
             "fieldapp/services/impoundment/redemption.py `pay_balance`, `waive_balance`",
    ),
    Reading(
        section="§8(E)",
        quote="Any dog unredeemed at the expiration of the appropriate redemption period shall be made "
              "available for adoption or euthanized..",
        reading="Adoption and euthanasia are refused before the redemption deadline, with its date; redeemed any "
                "time while held; transferred or died in care any time; the impounded flag then leaves the card.",
        tests=("test_s8E_adoption_and_euthanasia_only_after_the_redemption_deadline",
               "test_s8E_adopted_refused_before_the_redemption_deadline_with_the_date",
               "test_s8E_adoption_refused_before_the_deadline_keeps_what_was_typed",
               "test_s8E_transfer_after_the_period_and_death_in_care_any_time",
               "test_s8E_transfer_ends_the_case_only_after_the_period_died_in_care_any_time",
               "test_s8E_the_generic_end_form_leaves_the_detailed_dispositions_to_their_forms",
               "test_s8E_ended_impoundment_leaves_the_status_card_and_the_phone_copy",
               "test_s8E_disposition_forms_follow_who_may_act"),
        code=f"{_IMP} `impoundment_end_refusal`, `IMPOUNDMENT_OUTCOMES`; fieldapp/services/impoundment/outcome.py "
             "`record_impoundment_outcome`",
    ),
    Reading(
        section="§8(E)",
        quote="shall be made available for adoption",
        reading="An adoption records the adopter and takes the adoption fee set by the Town Board; the clerk "
                "licenses the dog to the adopter, who becomes its owner of record.",
        tests=("test_s8E_adoption_records_the_adopter_takes_the_fee_and_closes_the_case",
               "test_s8E_adoption_fee_is_the_town_boards_setting",
               "test_s8E_adoption_needs_the_adopter_and_a_check_number",
               "test_s8E_the_clerk_licenses_the_adopted_dog_to_the_adopter_from_the_case",
               "test_s8E_adopted_dog_on_file_changes_owner_of_record_when_licensed"),
        values=("fee_adoption",),
        code="fieldapp/services/impoundment/outcome.py `record_impoundment_outcome`, `adopter_becomes_owner`, "
             "`adoption_licensed`",
    ),
    Reading(
        section="§8(F)",
        quote="No action shall be maintained against the Town of Sandy Creek, any dog control officer or "
              "constable when acting pursuant to his special duties, or any other agent or officer of the Town "
              "or person under contract to the Town of Sandy Creek to recover the possession or value of any "
              "dog, or for damages for injury or compensation for the destruction of any dog seized or destroyed "
              "pursuant to this Local Law.",
        reading="No rule of the app turns on it; what the app keeps is the record that a dog was seized and "
                "disposed of under the law: each disposition with where, by whom and on whose authority.",
        tests=("test_s8E_euthanasia_records_where_by_whom_and_on_whose_authority",),
        code="fieldapp/models/kennel_care.py `ImpoundmentDisposition`",
    ),
    Reading(
        section="§8(B)",
        quote=("In the event the owner of a seized dog is known, such dogs shall be properly cared for, "
               "sheltered, fed and watered for a period of nine business days"),
        reading=("The owner is known when a tag or ID number the officer typed at the seizure (not only one "
                 "scanned) names one licensed dog with an owner of record; the seizure is linked to that dog "
                 "and held nine business days."),
        tests=("test_s8B_owner_known_from_a_typed_tag", "test_s8B_owner_known_from_a_typed_id_number",
               "test_s8B_a_typed_tag_of_no_dog_on_file_leaves_the_owner_unknown"),
    ),
    Reading(
        section="§8(E)",
        quote=("Any dog unredeemed at the expiration of the appropriate redemption period shall be made "
               "available for adoption or euthanized"),
        reading=("During the redemption period a held dog may be boarded elsewhere (another kennel, the SPCA) "
                 "with the case open and the owner still able to redeem it; a transfer that ends the case, like "
                 "adoption and euthanasia, comes only after the period; death in care is recorded any time."),
        tests=("test_s8E_held_dog_boarded_elsewhere_keeps_the_case_open_and_the_owner_may_redeem",
               "test_s8E_transfer_ends_the_case_only_after_the_period_died_in_care_any_time",
               "test_s8E_transfer_after_the_period_and_death_in_care_any_time",
               "test_s8E_transfer_ends_the_case_only_after_the_redemption_period",
               "test_s8_readings_quote_the_law_and_name_tests_that_exist"),
    ),
    Reading(
        section="§8(B)",
        quote="excluding the day the dog is impounded",
        reading=("The day excluded is the day the pound received the dog when that is recorded and later than "
                 "the seizure, and the deadline says which day it counted from."),
        tests=("test_s8B_the_day_impounded_is_the_day_the_pound_received_the_dog_when_later",
               "test_s8B_period_counts_from_the_day_the_pound_received_the_dog",
               "test_s8B_setting_may_count_from_the_seizure_day",
               "test_s8B_holding_period_says_which_day_it_counted_from"),
        setting=Setting("period_from_received", "the owner",
                        "off: the period counts from the day the dog was seized, even when the pound "
                        "received it days later (a shorter hold)"),
        choice=True,
    ),
    Reading(
        section="§8(D)",
        quote=("If the owner of any unredeemed dog is known, such owner shall be required to pay the "
               "impoundment fees set forth in subdivision (C) of this section whether or not such owner "
               "chooses to redeem his or her dog"),
        reading=("An owner who does not redeem the dog owes the §8(C) fees up to the end of the redemption "
                 "period, not boarding for every day until the dog is adopted out, transferred or dies."),
        tests=("test_s8D_an_owner_who_does_not_redeem_owes_the_fees_to_the_end_of_the_period",
               "test_s8D_unredeemed_owner_owes_the_fees_to_the_end_of_the_period_not_to_the_adoption"),
    ),
    Reading(
        section="§8(B)",
        quote=("Every dog seized shall be properly cared for, sheltered, fed and watered for a period of five "
               "business days, excluding the day the dog is impounded"),
        reading=("A seizure (or any field entry) dated more than the setting late_entry_days before it reached "
                 "the office needs a reason and waits for the office's confirmation; until then, and whenever the "
                 "deadline from the typed date had already passed when it arrived, the period counts from the day "
                 "the entry reached the office, so no §8(E) disposition or court date rests on a deadline "
                 "already past."),
        tests=("test_s8B_seizure_dated_years_back_needs_a_reason_and_counts_from_the_office_day",
               "test_s8B_late_seizure_confirmed_counts_from_the_typed_day_when_not_already_past",
               "test_s8B_a_late_entry_counts_from_the_day_it_reached_the_office",
               "test_s8B_late_violation_and_complaint_need_a_reason",
               "test_s9_a_ticket_served_years_back_waits_for_the_office_and_its_court_date_is_not_past"),
    ),
)
