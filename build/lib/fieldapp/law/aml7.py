"""New York's Agriculture and Markets Law, Article 7, alone: the tables of a town with no local dog
law, as restrictions.py, licensing.py, impoundment.py and penalties.py are the local law's.

Each number cites its section ("AML §117(6)") and each text is the statute's words as read
(docs/law/nys-aml-article-7-as-read.txt). Where the statute leaves a choice to the municipality,
the choice is named in `fieldapp/law/laws/aml_article7.py` with the default that protects the
person affected. Pure data: no Flask, no database.
"""
from decimal import Decimal

from .restrictions import Restriction, RestrictionException

CITE = "AML "

# --- §109 licensing -----------------------------------------------------------------------------

LICENSE_AGE_MONTHS = 4  # AML §109(1)(a) "reaching the age of four months"
LEAST_TERM_YEARS = 1  # AML §109(1)(a) "a period of at least one year"
RABIES_GRACE_MONTHS = 11  # AML §109(1)(a) "the last day of the eleventh month following"
VET_STATEMENT_TERM_YEARS = 1  # AML §109(1)(a) "one year from the date of said statement"

# --- §110 fees ----------------------------------------------------------------------------------

# AML §110(3): "an additional surcharge of at least one dollar for altered dogs and at least three
# dollars for unaltered dogs": the least amounts; the town may assess more.
LEAST_ALTERED_SURCHARGE = Decimal("1.00")
LEAST_UNALTERED_SURCHARGE = Decimal("3.00")
# AML §110(1): "the total fee for an unspayed or unneutered dog shall be at least five dollars more
# than the total fee for a spayed or neutered dog".
MIN_UNALTERED_DIFFERENCE = Decimal("5.00")
# AML §110(2): the markings on the license of a dog the town exempts from its fee, the statute's
# own spelling ("Working Search Dog", where the local law has "Working- Search Dog").
FEE_EXEMPTION_MARKINGS = ("Guide Dog", "Hearing Dog", "Service Dog", "Working Search Dog", "War Dog",
                          "Detection Dog", "Police Work Dog", "Therapy Dog")

# --- §117 seizure and redemption ----------------------------------------------------------------

UNIDENTIFIED_HOLDING_DAYS = 5  # AML §117(4) "five days from the day seized"
NOTIFIED_IN_PERSON_HOLDING_DAYS = 7  # AML §117(6) "seven days after day of notice"
NOTIFIED_BY_MAIL_HOLDING_DAYS = 9  # AML §117(6) "nine days from the date of mailing"

# --- §118 violations and their fines ------------------------------------------------------------

# AML §118(2)(a), prosecuted under the penal law: "a fine of not less than twenty-five dollars",
# "not less than fifty dollars" where the person violated within the preceding five years.
LEAST_FINE = Decimal("25.00")
LEAST_FINE_WITHIN_FIVE_YEARS = Decimal("50.00")
# AML §118(2)(a)(ii), two or more within five years: one hundred dollars and up to fifteen days.
# Read only in the text before the 2010 renumbering (then §119(2)(a)(ii): "a fine of not more than
# one hundred dollars or imprisonment for not more than fifteen days, or both"); the stored copy of
# the current text ends inside (ii). Listed in the Law's `not_read`.
FINE_TWO_OR_MORE_WITHIN_FIVE_YEARS = Decimal("100.00")
MAX_IMPRISONMENT_DAYS = 15


def _x(code: str, section: str, title: str, text: str) -> RestrictionException:
    return RestrictionException(code, CITE + section, title, text)


# AML §109(1)(a): the dogs that need no license, each an exception to failing to license.
UNDER_FOUR_MONTHS = _x(
    "AML109-under-4-months", "§109(1)(a)", "Under four months old and not at large",
    "No license shall be required for any dog which is under the age of four months and which is "
    "not at large")
IN_A_SHELTER = _x(
    "AML109-shelter", "§109(1)(a)", "Residing in a pound or shelter",
    "that is residing in a pound or shelter maintained by or under contract or agreement with the state "
    "or any county, city, town or village, duly incorporated society for the prevention of cruelty to "
    "animals, duly incorporated humane society or duly incorporated dog protective association")
# AML §111(1): the tag at all times, unless the town exempts a dog at a dog show (its choice).
AT_A_DOG_SHOW = _x(
    "AML111-dog-show", "§111(1)", "At a dog show, while taking part (if the town exempts it)",
    "provided that a municipality may exempt dogs participating in a dog show during such participation")


def _v(letter: str, title: str, text: str, exceptions=()) -> Restriction:
    return Restriction(f"AML118-1{letter}", f"{CITE}§118(1)({letter})", title, text, tuple(exceptions))


# AML §118(1): "It shall be a violation, punishable as provided in subdivision two of this section,
# for:" each of these, in the statute's words.
VIOLATIONS = {r.code: r for r in (
    _v("a", "Unlicensed dog", "any owner to fail to license any dog;", (UNDER_FOUR_MONTHS, IN_A_SHELTER)),
    _v("b", "Dog not identified", "any owner to fail to have any dog identified as required by this article;",
       (AT_A_DOG_SHOW,)),
    _v("c", "False or improper tag",
       "any person to knowingly affix to any dog any false or improper identification tag, special "
       "identification tag for identifying guide, service, therapy or hearing dogs or purebred license tag;"),
    _v("d", "Failure to confine, restrain or present a dog",
       "any owner or custodian of any dog to fail to confine, restrain or present such dog for any lawful "
       "purpose pursuant to this article;"),
    _v("e", "False or misleading information on a form",
       "any person to furnish any false or misleading information on any form required to be filed with "
       "any municipality pursuant to the provisions of this article or rules and regulations promulgated "
       "pursuant thereto;"),
    _v("f", "Harm to a guide, hearing or service dog",
       "the owner or custodian of any dog to fail to exercise due diligence in handling his or her dog if "
       "the handling results in harm to another dog that is a guide, hearing or service dog;"),
    _v("g", "Change of ownership or address not notified",
       "any owner of a dog to fail to notify the municipality in which his or her dog is licensed of any "
       "change of ownership or address as required by section one hundred twelve of this article."),
)}
FAILURE_TO_LICENSE_CODES = ("AML118-1a",)  # AML §118(1)(a)
