"""Readings of the local law, §5(D), (H), (K): the license fees and the population-control fee,
the purebred license, and the enumeration and its surcharge."""
from .base import Reading

_FEES = "fieldapp/law/fees.py"
_SVC = "fieldapp/services/licensing/"

READINGS: tuple[Reading, ...] = (
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
               "test_s5D_cash_report_splits_license_fees_altered_and_unaltered",
               "test_s5D_daily_cash_report_and_the_remittance_for_a_period"),
        code=f"{_FEES} `population_control_surcharge`; fieldapp/law/cashbook.py `population_control_remittance`",
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
               "test_s5H_purebred_fee_bands_are_the_towns_settings",
               "test_s5H_purebred_annual_fee_paid_for_each_year_of_the_term",
               "test_s5H_purebred_license_priced_by_count_of_dogs_on_premises",
               "test_s5H_purebred_license_rejects_bad_term_and_float_fee",
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
               "test_s5K_enumeration_surcharge_only_while_open_and_only_on_dogs_identified_unlicensed",
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
               "test_s5K_dco_marks_a_dog_found_unlicensed_on_a_s5A1_violation",
               "test_s5K_found_in_enumeration_needs_the_s5A1_offence_and_keeps_the_tick",
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
