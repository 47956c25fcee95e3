"""Readings of the local law, s5."""
from .base import Reading

READINGS: tuple[Reading, ...] = (
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
)
