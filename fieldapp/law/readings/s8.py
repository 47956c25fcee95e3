"""Readings of the local law, s8."""
from ..impoundment import (
    DANGEROUS_DOG_DAILY_FEE,
    HOLDING_PERIOD_BUSINESS_DAYS,
    OWNER_KNOWN_HOLDING_PERIOD_BUSINESS_DAYS,
)
from .base import Reading

_IMP = "fieldapp/law/impoundment.py"

READINGS: tuple[Reading, ...] = (
    Reading(
        section="§8(A)",
        quote="Any dog found in violation of the provisions of Section 5 or 6 of this Local Law may be seized.",
        reading="A seizure needs a §5 or §6 violation that stands (its exceptions ruled out, carried over from "
                "the violation it follows); a dog held now is not seized again.",
        tests=("test_s8A_seizure_needs_a_violation",
               "test_8A_seizure_after_a_violation_carries_its_ruled_out_exceptions",
               "test_8A_seizure_for_running_at_large_needs_6B_exception_ruled_out",
               "test_8A_seizure_of_an_unlicensed_dog_needs_the_5A1_age_exception_ruled_out",
               "test_s8A_seizure_and_s9_ticket_after_a_violation_carry_its_place_and_time",
               "test_second_seizure_of_a_held_dog_is_refused", "test_impounded_dog_flagged_on_its_card"),
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
        code="fieldapp/services/kennel_care.py `record_care_check`",
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
        code="fieldapp/services/kennel.py `redeem`, `license_refusal`; fieldapp/field/kennel.py",
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
             "fieldapp/services/kennel.py `fees_for`",
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
        code=f"{_IMP} `dangerous_dog_extra_fee`; fieldapp/services/kennel.py `held_as_dangerous`",
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
        code="fieldapp/services/kennel.py `balance`, `open_balances`, `pay_balance`, `waive_balance`",
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
               "test_s8E_transfer_and_death_in_care_close_the_case_any_time",
               "test_s8E_transferred_needs_where_and_died_in_care_any_time",
               "test_s8E_the_generic_end_form_leaves_the_detailed_dispositions_to_their_forms",
               "test_s8E_ended_impoundment_leaves_the_status_card_and_the_phone_copy",
               "test_s8E_disposition_forms_follow_who_may_act"),
        code=f"{_IMP} `impoundment_end_refusal`, `IMPOUNDMENT_OUTCOMES`; fieldapp/services/kennel_care.py "
             "`record_disposition`",
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
        code="fieldapp/services/kennel_care.py `record_disposition`, `adopter_becomes_owner`, `adoption_licensed`",
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
)
