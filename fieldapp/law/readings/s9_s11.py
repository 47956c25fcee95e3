"""Readings of the local law, s9_s11."""
from ..authority import POWERS, ROLE_LABELS
from ..penalties import FAILURE_TO_LICENSE_CODES, MAX_FINE, MAX_IMPRISONMENT_DAYS
from ..restrictions import TOWN_JUSTICE_ORDER_VIOLATED
from .base import Reading, Setting

_COURT = "fieldapp/law/court.py"
_ORDERS = "fieldapp/law/orders.py"


def _who(action: str) -> str:
    return " and ".join(ROLE_LABELS[r].lower() for r in POWERS[action].roles)


READINGS: tuple[Reading, ...] = (
    Reading(
        section="§9",
        quote="Any dog control officer when acting pursuant to his special duties, or police officer in the "
              "employ of or under contract to the Town of Sandy Creek observing, or having knowledge of, a "
              "violation of this Local Law shall issue and serve an appearance ticket for such violation.",
        reading=f"Only a {_who('issue_ticket')} issues an appearance ticket (a constable records and seizes but "
                "does not), for an offence whose exceptions are ruled out as for a violation.",
        tests=("test_s9_court_session_time_typed_6_pm_is_kept_as_18_00",
               "test_s9_court_session_day_is_a_choice_of_day_names_and_its_time_a_clock_field",
               "test_s9_values_stored_before_the_ranges_are_read_as_the_defaults_and_tickets_still_open",
               "test_s9_constable_records_and_seizes_but_may_not_issue_a_ticket",
               "test_s9_police_officer_issues_a_ticket_s10A_but_takes_no_sworn_complaint",
               "test_s9_ticket_void_needs_the_power_to_issue_tickets",
               "test_s9_ticket_for_running_at_large_needs_s6B_exception_ruled_out",
               "test_s9_ticket_after_a_violation_carries_its_ruled_out_exceptions",
               "test_s8A_seizure_and_s9_ticket_after_a_violation_carry_its_place_and_time",
               "test_s9_second_ticket_same_offence_dog_and_day_warns_until_confirmed",
               "test_s9_next_page_once_received_shows_the_ticket_number_and_appearance"),
        code="fieldapp/law/authority.py `issue_ticket`; fieldapp/services/enforcement/ticket.py",
    ),
    Reading(
        section="§9",
        quote="shall issue and serve an appearance ticket for such violation.",
        reading="The ticket names the Town Court and an appearance date at its first session at least the "
                "town's notice period after service, on a business day; served later, the date must still be "
                "far enough ahead.",
        tests=("test_s9_first_court_session_at_least_the_notice_period_ahead_on_a_business_day",
               "test_s9_first_court_session_with_no_notice_period_may_be_the_day_served",
               "test_s9_appearance_date_must_be_a_session_day_not_before_the_first_allowed",
               "test_s9_ticket_court_and_appearance_date_from_settings",
               "test_s9_served_later_the_appearance_date_must_still_be_far_enough_ahead",
               "test_s9_ticket_returnable_today_heads_the_docket"),
        values=("court_name", "court_address", "court_session_weekday", "court_session_time", "court_min_days_ahead"),
        code=f"{_COURT} `first_court_session`, `appearance_date_refusal`; fieldapp/services/enforcement/ticket.py",
    ),
    Reading(
        section="§9",
        quote="shall issue and serve an appearance ticket",
        reading="A ticket records when it was served in person (attempts at the residence or by mail "
                "are noted, not service), or \"later\"; violations with no ticket after the town's days and tickets "
                "not served are listed "
                "for the officers, one tap from their start page.",
        tests=("test_s9_s4I_ticket_records_how_and_when_it_was_served",
               "test_s9_a_ticket_payload_without_service_fields_is_still_valid_served_in_person",
               "test_s9_api_ticket_with_service_fields",
               "test_s9_bad_service_value_is_refused_on_its_field_and_the_form_keeps_what_was_typed",
               "test_s9_ticket_not_served_yet_is_listed_and_marked_served_later_from_its_page",
               "test_s9_only_who_issues_tickets_marks_one_served",
               "test_s9_ticket_due_by_counts_calendar_days_and_never_before_the_day_observed",
               "test_s9_violation_without_ticket_is_overdue_after_the_towns_days",
               "test_s9_violation_with_no_ticket_after_the_towns_days_is_listed_and_leaves_when_ticketed",
               "test_s9_a_ticket_for_the_violation_before_its_correction_counts",
               "test_s9_the_towns_days_are_a_setting",
               "test_s9_list_is_one_tap_from_home_for_officers_and_the_clerk_tickets_only_for_who_issues_them",
               "test_s9_the_to_serve_list_is_kept_on_the_officers_phone_for_no_signal"),
        values=("ticket_due_days",),
        code=f"{_COURT} `SERVICE_METHODS`, `ticket_due_by`, `ticket_overdue`; "
             "fieldapp/services/enforcement/serving.py; fieldapp/field/serving.py",
    ),
    Reading(
        section="§9",
        quote="appearance ticket",
        reading="Each officer's phone holds a block of ticket numbers; a number is used once, voids are "
                "recorded, and the clerk sees voids and gaps. The numbers run once for the whole deployment; "
                "each carries the letters of the town whose court it is returnable to (its setting "
                "ticket_number_prefix). A number of one town's block used on another town's ticket is "
                "used in the first town's book, not a gap.",
        tests=("test_s9_ticket_blocks_never_overlap", "test_s9_ticket_blocks_reserved_by_many_phones_never_overlap",
               "test_s9_a_ticket_number_is_used_once", "test_s9_ticket_number_from_the_officers_block_used_once",
               "test_s9_allocate_number_without_js_takes_the_next_free_number",
               "test_s9_a_void_recorded_offline_arrives_as_a_ticket_void_entry",
               "test_s9_void_without_javascript_goes_through_the_entry_path",
               "test_s9_voids_are_recorded_and_gaps_listed_for_the_clerk", "test_s9_clerk_sees_voids_and_gaps",
               "test_s9_gaps_are_numbers_skipped_inside_what_was_used_listed_as_ranges",
               "test_s9_a_ticket_issued_for_the_second_town_carries_its_prefix",
               "test_s9_a_phones_block_carries_the_letters_of_the_town_acted_for",
               "test_s9_a_number_of_this_towns_book_used_for_another_towns_ticket_is_no_gap"),
        code="fieldapp/services/ticket_numbers.py",
    ),
    Reading(
        section="§10(A)",
        quote="Any person who observes a dog in violation of this Local Law may file a complaint under oath with "
              "the dog control officer or constable specifying the nature of the violation, the date thereof, a "
              "description of the dog and the name and residence, if known, of the owner of the dog. The dog "
              "control officer or constable shall forward said complaint to the Town Justice.",
        reading=f"Only a {_who('take_sworn_complaint')} takes a complaint, which must be under oath, and it is "
                "forwarded to the Town Justice.",
        tests=("test_s10A_complaint_must_be_under_oath", "test_s10A_sworn_complaint_taken_and_forwarded",
               "test_s10A_next_page_once_received_names_the_complaint",
               "test_s9_police_officer_issues_a_ticket_s10A_but_takes_no_sworn_complaint"),
        code="fieldapp/services/enforcement/complaint.py `forward_complaint`",
    ),
    Reading(
        section="§10(B)",
        quote="Upon receipt by the Town Justice of any such complaint, he or she shall summon the alleged owner "
              "to appear in person before him or her for a hearing, at which both the complainant and owner shall "
              "have an opportunity to be represented by counsel and to present evidence.",
        reading="The Justice summons the alleged owner only on a forwarded complaint, to the court of the "
                "town's settings, and records the hearing: appearances, counsel for either side, evidence and "
                "adjournments.",
        tests=("test_s10B_summons_only_on_a_complaint_forwarded_to_the_justice",
               "test_s10B_forwarded_complaint_on_the_docket_and_summons_with_the_court_settings",
               "test_s10B_hearing_records_appearances_counsel_evidence_and_adjournment",
               "test_court_records_read_by_staff_written_by_the_justice_only"),
        values=("court_name", "court_address"),
        code="fieldapp/services/court/hearings.py `summon`, `record_hearing`; fieldapp/court/",
    ),
    Reading(
        section="§10(B)",
        quote="If, after such hearing, the Town Justice decides that further action is warranted, he may order:",
        reading="An order comes only after a hearing; a later order lifts or changes it (never edited), and "
                "orders in force reach the card, the phone's copy and the ticket and violation forms.",
        tests=("test_s10B_an_order_only_after_the_hearing",
               "test_s10B_a_later_order_lifts_it_and_the_card_drops_the_flag",
               "test_s10B_a_lifted_order_no_longer_shows_on_the_forms",
               "test_s10B_the_phones_copy_carries_the_order_in_short_for_the_forms_offline",
               "test_finder_of_a_dangerous_dog_is_told_not_to_approach_and_nothing_of_the_order"),
        code="fieldapp/services/court/hearings.py `make_order`, `change_order`; "
             "fieldapp/services/enforcement/record.py `orders_in_force`",
    ),
    Reading(
        section="§10(B)(1)",
        quote="The dog be declared a vicious or dangerous dog to be restrained by collar and leash at all times "
              "whether on or off the owner s property.",
        reading="A dangerous or vicious order carries the collar-and-leash terms, on or off the owner's "
                "property, and shows on the card and the phone's copy.",
        tests=("test_s10B1_dangerous_or_vicious_restrained_by_collar_and_leash_on_or_off_property",
               "test_s10B1_dangerous_order_reaches_the_card_the_tag_api_and_the_phones_copy"),
        code=f"{_ORDERS} `LEASH_TERMS`, `order_terms`",
    ),
    Reading(
        section="§10(B)(2)",
        quote="The dog may be confined to the premises of the owner.",
        reading="A confinement order carries §4(B)'s meaning of confined and shows first on the ticket and "
                "violation forms.",
        tests=("test_s10B2_court_order_on_the_card_is_one_line",
               "test_s10B_order_gist_words",
               "test_s10B_the_phones_copy_carries_the_orders_gist",
               "test_s10B2_confined_to_the_owners_premises_as_s4B_defines_it",
               "test_s10B2_confinement_order_shows_on_the_ticket_and_violation_forms"),
        code=f"{_ORDERS} `CONFINED_TERMS`",
    ),
    Reading(
        section="§10(B)(3)",
        quote="Such other remedy as may be warranted by the circumstances in such case.",
        reading="Another remedy is stated in the Justice's own words, which are required.",
        tests=("test_s10B3_other_remedy_needs_the_justices_words", "test_s10B3_other_remedy_in_the_justices_words"),
        code=f"{_ORDERS} `order_terms`",
    ),
    Reading(
        section=TOWN_JUSTICE_ORDER_VIOLATED.section,
        quote=TOWN_JUSTICE_ORDER_VIOLATED.text,
        reading=f"Violating an order is its own offence, {TOWN_JUSTICE_ORDER_VIOLATED.code}, linked to one of "
                "the dog's orders in force.",
        tests=("test_s10B4_violating_an_order_of_the_town_justice_offence",
               "test_s10B4_violation_of_an_order_linked_to_the_order_in_force",
               "test_every_offence_code_cites_its_section_with_the_laws_own_words"),
        code="fieldapp/law/restrictions.py `TOWN_JUSTICE_ORDER_VIOLATED`; "
             "fieldapp/services/enforcement/violation.py `_order_violated`",
    ),
    Reading(
        section="§11(A)",
        quote="Upon conviction, a violation for failure to license a dog shall be deemed an offense and shall be "
              "punishable by a fine not to exceed $500.00 or imprisonment of not more than 15 days, or both.",
        reading=f"A conviction for failure to license ({', '.join(FAILURE_TO_LICENSE_CODES)}) falls under "
                f"§11(A), named on the record; its fine is at most ${MAX_FINE} and/or at most "
                f"{MAX_IMPRISONMENT_DAYS} days.",
        tests=("test_s11A_failure_to_license_s11B_any_other_provision",
               "test_s11_a_local_law_ticket_says_the_local_laws_fines",
               "test_s11_refusal_names_the_section_on_the_record",
               "test_s11_maximums", "test_s11_validate_sentence_allows_fine_or_imprisonment_or_both"),
        code="fieldapp/law/penalties.py `penalty_section`, `FAILURE_TO_LICENSE_CODES`, `validate_sentence`",
    ),
    Reading(
        section="§11(B)",
        quote="Upon conviction, a violation of any other provision of this Local Law shall be deemed an offense, "
              "and shall be punishable by a fine not to exceed $500.00 or imprisonment of not more than 15 days, "
              "or both.",
        reading=f"Any other conviction falls under §11(B); a fine over ${MAX_FINE} or more than "
                f"{MAX_IMPRISONMENT_DAYS} days is refused, adjourned or dismissed cases carry no sentence, and "
                "fines received are lines in the ledger.",
        tests=("test_s11A_failure_to_license_s11B_any_other_provision",
               "test_s11_validate_sentence_rejects_out_of_range",
               "test_s11_validate_sentence_rejects_float_fine",
               "test_s11_fine_over_500_refused_within_kept_section_named_and_fine_in_the_ledger",
               "test_s11_adjourned_or_dismissed_carry_no_sentence"),
        code="fieldapp/law/penalties.py `validate_sentence`; "
             "fieldapp/services/court/disposition.py `record_court_disposition`, `receive_fine`",
    ),
    Reading(
        section="CPL §150.40(2)",
        quote=("An appearance ticket, other than one issued for a traffic infraction relating to parking, "
               "must be served personally"),
        reading=("A §9 appearance ticket is served only by handing it to the person charged (§4(I)); left at "
                 "the residence, mailed or not found is kept as a note of an attempt, and the ticket stays "
                 "not served and on the list to serve."),
        tests=("test_CPL150_40_2_served_personally_the_one_service_mail_and_residence_are_attempts",
               "test_CPL150_40_2_left_at_the_residence_is_an_attempt_noted_and_the_ticket_not_served",
               "test_s9_api_ticket_with_service_fields",
               "test_CPL150_40_2_an_attempt_from_the_tickets_page_is_noted_and_it_stays_to_serve",
               "test_CPL150_40_2_next_page_once_received_says_a_ticket_left_at_the_residence_is_not_served"),
        statute="CPL",
    ),
    Reading(
        section="CPL §150.40(1)",
        quote=("An appearance ticket must be made returnable at a date as soon as possible, but in no event "
               "later than twenty days from the date of issuance; or at the next scheduled session of the "
               "appropriate local criminal court if such session is scheduled to occur more than twenty days "
               "from the date of issuance"),
        reading=("The return date is the first session the town's notice period allows and never later than "
                 "the last session within twenty days of the day the ticket was written (or the next session "
                 "when none falls within them): a notice period that would pass it gives way, a later date "
                 "is refused with the rule, and a ticket that can no longer name such a session must be "
                 "written again."),
        tests=("test_CPL150_40_1_latest_return_date_within_twenty_days_or_the_next_session",
               "test_CPL150_40_1_a_notice_period_past_twenty_days_gives_way",
               "test_CPL150_40_1_a_later_date_is_refused_with_the_rule",
               "test_CPL150_40_1_ticket_naming_a_date_past_twenty_days_is_refused",
               "test_CPL150_40_1_served_later_no_return_date_past_twenty_days_from_issuance"),
        statute="CPL",
    ),
    Reading(
        section="CPL §150.10(1)",
        quote=("directing a designated person to appear in a designated local criminal court at a designated "
               "future time"),
        reading=("A ticket whose return date had already passed on the day the entry reached the office is "
                 "refused: the officer serves a new ticket with a date ahead."),
        tests=("test_CPL150_10_1_a_return_date_already_past_when_the_entry_reached_the_office_is_refused",
               "test_CPL150_10_1_a_ticket_whose_date_passed_before_it_reached_the_office_is_refused"),
        statute="CPL",
    ),
    Reading(
        section="§10(B)",
        quote=("Upon receipt by the Town Justice of any such complaint, he or she shall summon the alleged "
               "owner to appear in person before him or her for a hearing"),
        reading=("No hearing is recorded, and no order made, on a complaint whose alleged owner was not "
                 "summoned by the day of the hearing (on a ticket: not served personally), unless the owner "
                 "came of their own accord, recorded as such; a hearing the summoned owner did not attend is "
                 "recorded as such, may be adjourned, and an order after it says so."),
        tests=("test_s10B_no_hearing_on_a_complaint_whose_owner_was_not_summoned",
               "test_s10B_no_hearing_before_the_summons_unless_the_owner_came_of_own_accord",
               "test_s10B_no_hearing_on_a_ticket_not_served",
               "test_s10B_hearing_where_the_owner_did_not_appear_recorded_as_such_and_the_order_says_so",
               "test_s10B_demo_owner_summoned_and_absent_at_the_hearing_recorded_as_such"),
    ),
    Reading(
        section="§11",
        quote=("Upon conviction, a violation of any other provision of this Local Law shall be deemed an "
               "offense"),
        reading=("A conviction (and so a fine or imprisonment) is recorded only on a ticket served personally "
                 "or a complaint whose owner was summoned, and only on a plea of guilty or after a hearing "
                 "recorded; dismissing is always open."),
        tests=("test_s11_conviction_needs_a_served_ticket_and_a_plea_or_hearing",
               "test_s11_no_conviction_on_a_ticket_never_served",
               "test_s11_conviction_needs_a_plea_of_guilty_or_a_hearing"),
    ),
    Reading(
        section="§11",
        quote=("shall be punishable by a fine not to exceed $500.00 or imprisonment of not more than 15 days, "
               "or both"),
        reading=("Each offence a ticket or complaint charges has its own plea, verdict (adjourned, adjourned in "
                 "contemplation of dismissal, dismissed, convicted) and sentence, each within $500.00 and 15 "
                 "days under §11(A) or §11(B) for that offence; the case is disposed of when every offence is."),
        tests=("test_s11_each_offence_its_own_verdict_and_its_own_sentence_within_the_limits",
               "test_s11_one_offence_convicted_the_other_dismissed_or_adjourned_the_case_stays_open",
               "test_s11_demo_ticket_with_two_offences_each_its_own_verdict"),
    ),
    Reading(
        section="§11",
        quote="Upon conviction, a violation for failure to license a dog shall be deemed an offense",
        reading=("A person charged who does not appear is not convicted for it: by default the offence is "
                 "adjourned and stays open; a town whose court records defaults has a default, with its "
                 "reason, as its own outcome, never a conviction and never on a ticket not served."),
        tests=("test_s11_default_is_its_own_outcome_only_when_the_town_uses_one",),
        setting=Setting("court_records_defaults", protects="the defendant",
                        other_reading="a default with its reason is recorded as its own outcome of the offence"),
        choice=True,
    ),
    Reading(
        section="§9",
        quote="observing, or having knowledge of, a violation of this Local Law shall issue and serve an "
              "appearance ticket for such violation.",
        reading=("The ticket names the violation's date, time and place (from the violation it follows, or as "
                 "the officer types them; refused with no place), on the ticket, its printed copy (a page or "
                 "a receipt printer's width) and the Justice's case; the person charged gets the printed copy, "
                 "and an emailed one where they give an address and the town has mail set up."),
        tests=("test_s9_ticket_says_when_and_where_the_offence_happened",
               "test_s9_ticket_after_a_violation_takes_its_time_and_place",
               "test_s9_ticket_with_no_place_is_refused_at_the_place",
               "test_s9_ticket_copy_emailed_to_the_person_charged",
               "test_s9_ticket_without_mail_set_up_says_no_copy_went",
               "test_s9_printed_ticket_fits_a_receipt_printer",
               "test_s9_ticket_when_and_where_tapped_at_360_px"),
        code="fieldapp/services/enforcement/ticket.py `offence_when_where`; "
             "fieldapp/services/enforcement/ticket_copy.py; fieldapp/templates/field/ticket.html",
    ),
    Reading(
        section="§10(A)",
        quote="may file a complaint under oath with the dog control officer or constable specifying the nature "
              "of the violation, the date thereof",
        reading=("The complaint also keeps where the violation happened (required: the summons and the Justice's "
                 "case name it) and the complainant's phone, and prints for the complainant to sign."),
        tests=("test_s10A_complaint_keeps_the_place_and_the_complainants_phone",
               "test_s10A_complaint_place_tapped_at_360_px_prints_to_sign",
               "test_s10B_summons_names_where_the_violation_happened"),
        code="fieldapp/services/enforcement/complaint.py `PLACE_OF_VIOLATION_NEEDED`; "
             "fieldapp/templates/field/complaint.html, court/summons.html",
    ),
    Reading(
        section="§11",
        quote=("shall be punishable by a fine not to exceed $500.00 or imprisonment of not more than 15 days, "
               "or both"),
        reading=("A sentence over the limits is refused on the form that was refused, the message first: the "
                 "Justice's page opens on that form's messages (its first field in error focused), not at the "
                 "case page's top."),
        tests=("test_s11_refused_fine_returns_to_the_refused_form_message_first",
               "test_complaint_to_docket_hearing_order_card_and_disposition"),
        code="fieldapp/court/views.py `_submit`; fieldapp/web.py `autofocus_first_error`; "
             "fieldapp/static/js/refusal.js",
    ),
)
