"""Readings of the state law alone: Agriculture and Markets Law, Article 7, for a town with no local
dog law. Quotes are the statute's words as read (docs/law/nys-aml-article-7-as-read.txt); each
names its tests (`test_aml<section>_...`, tests/law/test_aml_article7.py). Not in `PARTS` of this
package (the local law's): the state law's own table, `laws.aml_article7.LAW.parts`."""
from ..aml7 import VIOLATIONS
from .base import Reading

_AML = "fieldapp/law/aml7.py"
_LAW = "fieldapp/law/laws/aml_article7.py"
_TESTS = "tests/law/test_aml_article7.py"


def _offence(r) -> Reading:
    exceptions = ("; it stands only once " + " and ".join(f"{e.section} \"{e.title.lower()}\"" for e in r.exceptions)
                  + " " + ("are" if len(r.exceptions) > 1 else "is") + " ruled out") if r.exceptions else ""
    return Reading(
        section=r.section, quote=r.text, statute="AML",
        reading=f"An officer may record offence {r.code}, \"{r.title}\"{exceptions}.",
        tests=("test_aml118_each_offence_is_the_statutes_words_and_cites_its_paragraph",
               "test_aml118_the_rabies_request_is_no_offence_under_the_state_law_alone",
               "test_aml118_an_officer_records_only_the_state_laws_offences_with_their_exceptions",
               "test_aml118_the_phone_and_the_form_offer_the_state_laws_offences",
               "test_aml118_the_pages_name_the_state_law_not_the_local_law",
               "test_aml118_the_shared_dco_picks_example_town_and_records_a_violation_offline",
               "test_aml118_acting_for_sandy_creek_offline_a_violation_in_example_town_is_on_its_form"),
        code=f"{_AML} `VIOLATIONS`; fieldapp/services/enforcement/payload.py `PayloadReader.codes` "
             "(`current_law().offences`)",
    )


LICENSING: tuple[Reading, ...] = (
    Reading(
        section="AML §109(1)(a)", statute="AML",
        quote="The owner of any dog reaching the age of four months shall immediately make application for a "
              "dog license.",
        reading="A license is needed from four whole months of age.",
        tests=("test_aml109_a_license_is_needed_from_four_months",),
        code=f"{_AML} `LICENSE_AGE_MONTHS`; {_LAW} `license.age_months`",
    ),
    Reading(
        section="AML §109(1)(a)", statute="AML",
        quote="a license shall be issued or renewed for a period of at least one year, provided, that no "
              "license shall be issued for a period expiring after the last day of the eleventh month "
              "following the expiration date of the current rabies certificate for the dog being licensed.",
        reading="A license is for one, two or three years (none shorter than a year), and may run no later "
                "than the last day of the eleventh month after the rabies certificate expires: the state rule "
                "is the only rabies rule.",
        tests=("test_aml109_a_license_runs_no_later_than_the_eleventh_month_after_the_rabies_certificate",
               "test_aml109_the_eleventh_month_rule_is_the_only_rabies_rule_under_state_law",
               "test_aml109_a_state_law_towns_renewal_letter_cites_the_statute"),
        code="fieldapp/law/licensing.py `state_rule_latest_expiry`; " + f"{_LAW} `license.rabies_rules`",
    ),
    Reading(
        section="AML §109(1)(a)", statute="AML",
        quote="All licenses shall expire on the last day of the last month of the period for which they are "
              "issued.",
        reading="A license ends on the last day of the month its term ends in.",
        tests=("test_aml109_a_license_expires_on_the_last_day_of_its_last_month",),
        code="fieldapp/law/licensing.py `license_expiry`",
    ),
    Reading(
        section="AML §109(1)(a)", statute="AML",
        quote="In the event an applicant for a license presents, in lieu of a rabies certificate, a statement "
              "certified by a licensed veterinarian, as provided in subdivision two of this section, a license "
              "shall be issued or renewed for a period of one year from the date of said statement.",
        reading="On a veterinarian's statement in lieu of a rabies certificate the license is for one year "
                "from the statement's date.",
        tests=("test_aml109_a_license_on_a_vets_statement_is_for_one_year_from_its_date",),
        code="fieldapp/law/licensing.py `vet_statement_license_expiry`",
    ),
    Reading(
        section="AML §109(1)(a)", statute="AML",
        quote="Any municipality may establish a common renewal date for all such licenses.",
        reading="A choice the statute leaves to the town (the Law's `choices`): the app establishes no common "
                "renewal date, so each license runs its own full term (which protects the owner).",
        tests=("test_aml109_the_town_may_establish_a_common_renewal_date_and_by_default_does_not",),
        code=f"{_LAW} `choices`",
    ),
    Reading(
        section="AML §109(1)(b)", statute="AML",
        quote="Application for a dog license shall be made to the clerk of the town",
        reading="The Town Clerk issues licenses.",
        tests=("test_aml109_the_town_clerk_takes_the_application",
               "test_aml109_the_application_term_and_the_vets_statement"),
        code=f"{_LAW} `powers` (issue_license)",
    ),
    Reading(
        section="AML §110(1)", statute="AML",
        quote="the total fee for an unspayed or unneutered dog shall be at least five dollars more than the "
              "total fee for a spayed or neutered dog.",
        reading="The town's license fees are its settings; with the surcharges added, the total for an "
                "unaltered dog must be at least $5.00 more than for a spayed or neutered dog.",
        tests=("test_aml110_the_unaltered_total_is_at_least_five_dollars_more",
               "test_aml110_the_spayed_or_neutered_question_cites_the_fee_difference",
               "test_aml110_the_five_dollar_difference_is_checked_and_cites_the_state_law"),
        code="fieldapp/law/fees.py `validate_fee_schedule`",
        values=("fee_altered", "fee_unaltered"),
    ),
    Reading(
        section="AML §110(2)", statute="AML",
        quote="Municipalities may exempt from their licensing fees any guide dog, hearing dog, service dog, "
              "war dog, working search dog, detection dog, police work dog or therapy dog.",
        reading="A choice the statute leaves to the town: the app exempts them (which protects the owner), "
                "each license marked with the statute's words, e.g. \"Working Search Dog\".",
        tests=("test_aml110_the_fee_exemptions_are_marked_in_the_statutes_words",),
        code=f"{_AML} `FEE_EXEMPTION_MARKINGS`; {_LAW} `license.exemptions`, `choices`",
    ),
    Reading(
        section="AML §110(3)", statute="AML",
        quote="surcharge of at least one dollar for altered dogs and at least three dollars for unaltered dogs "
              "for the purposes of carrying out animal population control efforts",
        reading="The population control surcharge is what the town assesses by resolution (the settings "
                "state_law_surcharge_altered and state_law_surcharge_unaltered), never less than $1.00 for an "
                "altered dog and $3.00 for an unaltered one; by default the least, which protects the owner.",
        values=("state_law_surcharge_altered", "state_law_surcharge_unaltered"),
        tests=("test_aml110_the_population_control_surcharge_is_at_least_one_and_three_dollars",
               "test_aml110_a_town_may_assess_more_than_the_least_surcharge_never_less",
               "test_aml110_the_surcharge_the_town_assesses_is_on_the_fee_lines",
               "test_aml110_example_towns_clerk_licenses_an_unaltered_dog_under_the_state_law",
               "test_aml110_the_fee_lines_cite_the_state_law_with_no_purebred_license",
               "test_aml110_the_license_form_asks_nothing_of_a_purebred_license_under_state_law"),
        code=f"{_AML} `LEAST_ALTERED_SURCHARGE`, `LEAST_UNALTERED_SURCHARGE`; {_LAW} `fees`",
    ),
    Reading(
        section="AML §111(1)", statute="AML",
        quote="Such identification number shall be carried by the dog on an identification tag which shall be "
              "affixed to a collar on the dog at all times, provided that a municipality may exempt dogs "
              "participating in a dog show during such participation.",
        reading="The Town Clerk assigns the identification number and issues the tag; the town's choice to "
                "exempt a dog at a dog show is taken (which protects the owner): §118(1)(b) stands only once "
                "that exception is ruled out.",
        tests=("test_aml111_the_tag_is_worn_at_all_times_but_at_a_dog_show",
               "test_aml111_the_tag_legend_cites_the_statute"),
        code=f"{_AML} `AT_A_DOG_SHOW`; {_LAW} `identification`, `powers` (manage_tags)",
    ),
)

SEIZURE: tuple[Reading, ...] = (
    Reading(
        section="AML §117(1)", statute="AML",
        quote="Any dog control officer or peace officer, acting pursuant to his special duties, or police "
              "officer in the employ of or under contract to a municipality shall seize:",
        reading="Dog control officers, constables (peace officers) and police officers for the town enforce "
                "and seize.",
        tests=("test_aml117_dog_control_peace_and_police_officers_seize",
               "test_aml117_the_seizure_form_says_the_state_laws_grounds_not_the_local_laws",
               "test_aml117_a_refused_seizure_and_the_phones_rules_cite_the_state_law"),
        code=f"{_LAW} `powers` (enforce)",
    ),
    Reading(
        section="AML §117(1)(a), (b)", statute="AML",
        quote="(a) any dog which is not identified and which is not on the owner's premises; (b) any dog which "
              "is not licensed, whether on or off the owner's premises;",
        reading="On the DL-18 a seizure for an unlicensed dog (§118(1)(a)) is \"Unlicensed\", for a dog not "
                "identified (§118(1)(b)), or not confined and not identified (§118(1)(d)), \"Unidentified and "
                "at large\"; a violation that is no ground of §117(1) by itself is \"Other\", never \"Threat to "
                "public safety\", which the app does not say of a dog on the officer's word alone.",
        tests=("test_aml117_dl18_reason_of_each_state_offence",),
        code="`fieldapp/law/dl18.py` `SEIZURE_CODE_TABLE`",
    ),
    Reading(
        section="AML §117(3)", statute="AML",
        quote="Each dog seized in accordance with the provisions of this article shall be properly sheltered, "
              "fed and watered for the redemption period as hereinafter provided.",
        reading="The dog control officer logs each day's care of a seized dog.",
        tests=("test_aml117_a_seized_dog_is_cared_for_by_the_dog_control_officer",),
        code=f"{_LAW} `powers` (keep_care_log)",
    ),
    Reading(
        section="AML §117(4)", statute="AML",
        quote="Each dog which is not identified, whether or not licensed, shall be held for a period of five "
              "days from the day seized",
        reading="A dog not identified is held five calendar days from the day seized (not business days, as "
                "the local law counts). Read in the text before the 2010 renumbering; see the Law's `not_read`.",
        tests=("test_aml117_a_dog_not_identified_is_held_five_days",
               "test_aml117_a_dog_not_identified_is_held_five_calendar_days_from_the_day_seized",
               "test_aml117_an_impounded_dogs_card_cites_the_statute"),
        code=f"{_AML} `UNIDENTIFIED_HOLDING_DAYS`; {_LAW} `holding`; fieldapp/law/impoundment.py "
             "`holding_period_under`",
    ),
    Reading(
        section="AML §117(6)", statute="AML",
        quote="If notification is personally given, such dog shall be held for a period of seven days after "
              "day of notice, during which period the dog may be redeemed by the owner. If such notification "
              "is made by mail, such dog shall be held for a period of nine days from the date of mailing",
        reading="An identified dog's owner of record is notified in person (seven days after the day of notice) "
                "or by certified mail (nine days from the date of mailing), counted from the first notice "
                "recorded; a notice given any other way, or before any is recorded, counts the longer nine "
                "days (it protects the owner).",
        tests=("test_aml117_an_identified_dog_is_held_seven_days_after_notice_in_person_nine_by_mail",
               "test_aml117_notice_in_person_seven_days_by_mail_or_unknown_nine"),
        code=f"{_AML} `NOTIFIED_IN_PERSON_HOLDING_DAYS`, `NOTIFIED_BY_MAIL_HOLDING_DAYS`; {_LAW} `holding`",
    ),
    Reading(
        section="AML §117(6)", statute="AML",
        quote="the owner may redeem such dog upon payment of the impoundment fees prescribed by subdivision "
              "four of this section and by producing proof that the dog has been licensed",
        reading="The impoundment fees are the town's settings; the statute's least amounts in §117(4) were "
                "not read in its current text, so the app holds none (see the Law's `not_read`).",
        tests=("test_aml117_the_impoundment_fees_are_the_towns_settings",
               "test_aml117_the_impoundment_fees_are_the_towns_with_no_dangerous_dog_fee"),
        code=f"{_LAW} `impoundment_fees`",
        values=("fee_impoundment_first", "fee_impoundment_second", "fee_impoundment_third"),
    ),
)

VIOLATION_READINGS: tuple[Reading, ...] = (
    *(_offence(r) for r in VIOLATIONS.values()),
    Reading(
        section="AML §118(2)", statute="AML",
        quote="It shall be the duty of the dog control officer of any municipality to bring an action against "
              "any person who has committed within such municipality any violation set forth in subdivision "
              "one of this section.",
        reading="Only the dog control officer brings the action (issues the appearance ticket).",
        tests=("test_aml118_the_dog_control_officer_brings_the_action",
               "test_aml118_only_the_dog_control_officer_issues_a_ticket_under_state_law"),
        code=f"{_LAW} `powers` (issue_ticket); fieldapp/models/people.py `User.may`",
    ),
    Reading(
        section="AML §118(2)", statute="AML",
        quote="Any municipality may elect either to prosecute such action as a violation under the penal law "
              "or to commence an action to recover a civil penalty.",
        reading="A choice the statute leaves to the town, its setting: by default an action to recover a civil "
                "penalty (which protects the owner: no imprisonment, no conviction under the penal law). Then "
                "the ticket and the court's case say a civil penalty with no imprisonment, and a sentence of "
                "imprisonment is refused; the civil penalty's amounts were not read, so the Town Justice sets "
                "the sum. Under the penal law, §118(2)(a)'s fines and up to fifteen days apply. The election "
                "is kept with the day it applies from: an offence is judged by the election in force on its "
                "day, never by a harsher one made after.",
        tests=("test_aml118_the_town_elects_the_penal_law_or_a_civil_penalty",
               "test_aml118_an_offence_keeps_the_election_in_force_when_it_happened",
               "test_aml118_by_default_the_ticket_says_a_civil_penalty_with_no_imprisonment",
               "test_aml118_a_state_law_ticket_and_case_say_the_state_laws_fines"),
        code=f"{_LAW} `choices`, `penalties` (`elective`); fieldapp/services/court/case.py `most_days`",
        values=("state_law_prosecution",),
    ),
    Reading(
        section="AML §118(2)(a)", statute="AML",
        quote="where prosecuted pursuant to the penal law, by a fine of not less than twenty-five dollars, "
              "except that (i) where the person was found to have violated this section or former article "
              "seven of this chapter within the preceding five years, the fine may be not less than fifty "
              "dollars",
        reading="Prosecuted under the penal law, the fine is at least $25.00, or at least $50.00 after a "
                "violation within five years (two or more: $100.00 and up to fifteen days, read only in the "
                "text before 2010; see the Law's `not_read`).",
        tests=("test_aml118_the_least_fines_are_twenty_five_and_fifty_dollars",
               "test_aml118_a_state_law_ticket_and_case_say_the_state_laws_fines"),
        code=f"{_AML} `LEAST_FINE`, `LEAST_FINE_WITHIN_FIVE_YEARS`; {_LAW} `penalties`",
    ),
)

# The state law's parts as the reading page groups them: an anchor, the heading, its readings.
PARTS: tuple[tuple[str, str, tuple[Reading, ...]], ...] = (
    ("aml109-111", "Sections 109-111. Licensing, license fees, identification", LICENSING),
    ("aml117", "Section 117. Seizure of dogs; redemption periods; impoundment fees", SEIZURE),
    ("aml118", "Section 118. Violations", VIOLATION_READINGS),
)
READINGS: tuple[Reading, ...] = tuple(r for _, _, readings in PARTS for r in readings)
