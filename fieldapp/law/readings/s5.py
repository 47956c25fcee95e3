"""Readings of the local law, s5."""
from .base import Reading, Setting

READINGS: tuple[Reading, ...] = (
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
               "test_s5A3_mail_in_for_a_dog_not_on_file_issued_when_the_rest_came_receipt_says_what_came"),
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
