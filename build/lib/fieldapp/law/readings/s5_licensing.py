"""Readings of the local law, §5(A)-(C), (E), (F): who needs a license, its term, the rabies
certificate, the vet's statement, the application and its issue; and the §5 offences."""
from ..restrictions import VIOLATIONS
from .base import Reading, Setting

_LIC = "fieldapp/law/licensing.py"
_FEES = "fieldapp/law/fees.py"
_SVC = "fieldapp/services/licensing/"

# The §5 offences of law/restrictions.py's VIOLATIONS: the tests that check each.
_OFFENCE_TESTS = {
    "5A1": ("test_s5A1_unlicensed_dog_violation",
            "test_s8A_seizure_of_an_unlicensed_dog_needs_the_s5A1_age_exception_ruled_out"),
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
               "test_s5A1_puppy_under_four_months_may_be_licensed_if_the_owner_asks"),
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
               "test_s5A4_local_rule_is_the_default_and_says_so", "test_s5A4_unknown_term_rule_rejected",
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
               "test_s5B_expired_rabies_certificate_refused_under_either_rule",
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
        tests=("test_s5B2_vet_statement_license_is_one_year_from_the_statements_date",
               "test_s5B2_vet_statement_dated_after_issue_is_refused",
               "test_s5B2_vet_statement_more_than_a_year_old_allows_nothing",
               "test_s5B2_vet_statement_not_any_term_up_to_three_years",
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
               "test_s5C_vet_statement_ignored_for_a_dog_that_is_altered",
               "test_s5C_s5D_vet_statement_pays_altered_license_fee_and_unaltered_surcharge",
               "test_s5C_vet_statement_against_altering_pays_altered_fee_and_3_dollar_population_fee",
               "test_s5C_vet_statement_altering_dangerous_pays_altered_fee",
               "test_s5D_town_may_charge_the_altered_surcharge_with_a_vet_statement"),
        choice=True,
        setting=Setting("vet_statement_surcharge_as_altered",
                        "the text: §5(C) names only the license fee, §5(D)'s $3 is for an unaltered dog",
                        "on: such a dog pays the $1 altered population-control fee"),
        code=f"{_FEES} `license_fee(vet_statement_against_altering=, vet_statement_surcharge_as_altered=)`",
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
)
