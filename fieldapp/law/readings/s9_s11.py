"""Readings of the local law, s9_s11."""
from .base import Reading, Setting

READINGS: tuple[Reading, ...] = (
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
               "test_CPL150_40_2_an_attempt_from_the_tickets_page_is_noted_and_it_stays_to_serve"),
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
)
