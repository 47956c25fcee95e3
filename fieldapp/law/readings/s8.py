"""Readings of the local law, s8."""
from .base import Reading, Setting

READINGS: tuple[Reading, ...] = (
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
               "test_s8E_transfer_ends_the_case_only_after_the_redemption_period"),
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
