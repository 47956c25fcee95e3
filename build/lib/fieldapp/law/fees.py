"""§5(D) license fees and surcharges, §5(H) purebred licenses, §5(K) the enumeration surcharge.

Pure functions only: no Flask, no database. Money is ``decimal.Decimal``; the amounts set by
resolution of the Town Board are passed in from the town's settings.
"""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .licensing import (
    ALTERED_SURCHARGE,
    LICENSE_EXEMPTIONS,
    MIN_UNALTERED_DIFFERENCE,
    PUREBRED_BAND_LIMITS,
    PUREBRED_FEES,
    UNALTERED_SURCHARGE,
    _is_license_term,
    _money,
)
from .words import say_money

# --- §5(D) fees -----------------------------------------------------------

def population_control_surcharge(altered: bool, law=None, assessed=None) -> Decimal:
    """§5(D): $1.00 for an altered (spayed or neutered) dog, $3.00 for an unaltered dog,
    collected "in addition to the fee charged by the Town" for animal population control.
    `law` (a `laws.Law`, the town's; None: the local law): its surcharges. Where the law sets
    only the least (AML §110(3): "at least one dollar for altered dogs and at least three
    dollars for unaltered dogs"), `assessed` is the pair (altered, unaltered) the town assesses,
    never less than the least; a law that fixes the amount (§5(D)) ignores it.
    """
    if law is None:
        return ALTERED_SURCHARGE if altered else UNALTERED_SURCHARGE
    least = law.fees.altered_surcharge if altered else law.fees.unaltered_surcharge
    if law.fees.surcharge_is_least and assessed is not None:
        return max(least, _money(assessed[0] if altered else assessed[1], "population control surcharge"))
    return least


def check_surcharges(assessed, law) -> dict:
    """The town's assessed surcharges against the law's least (AML §110(3)): {"altered" or
    "unaltered": message} for each below it; nothing under a law that fixes the amount."""
    if law is None or not law.fees.surcharge_is_least:
        return {}
    errors = {}
    for index, (name, least) in enumerate((("altered", law.fees.altered_surcharge),
                                           ("unaltered", law.fees.unaltered_surcharge))):
        if _money(assessed[index], "population control surcharge") < least:
            errors[name] = (f"The surcharge for {'an altered' if name == 'altered' else 'an unaltered'} dog "
                            f"must be at least {say_money(least)} ({law.fees.surcharge_cited}).")
    return errors


def validate_fee_schedule(altered_fee: Decimal, unaltered_fee: Decimal, law=None, surcharges=None) -> None:
    """§5(D): check the Town Board's processing fees. "the total fee for an unaltered dog shall
    be at least five ($5.00) dollars more than the total fee for a spayed or neutered dog": the
    totals are the town's fee plus the population control fee collected with it ($3.00 for an
    unaltered dog, $1.00 for an altered one), so town fees of $10.00 and $13.00 make totals of
    $11.00 and $16.00, a lawful schedule. Compared for a one-year license, where the totals are
    closest (the town fee may be charged per year, the $1/$3 once per license). Raises
    ValueError when the totals differ by less; also rejects negative fees (and, as money,
    float amounts with TypeError).
    """
    altered_fee = _money(altered_fee, "spayed/neutered dog fee")
    unaltered_fee = _money(unaltered_fee, "unaltered dog fee")
    altered_surcharge = population_control_surcharge(True, law, surcharges)
    unaltered_surcharge = population_control_surcharge(False, law, surcharges)
    altered_total = altered_fee + altered_surcharge
    unaltered_total = unaltered_fee + unaltered_surcharge
    difference = unaltered_total - altered_total
    least = law.fees.min_unaltered_difference if law is not None else MIN_UNALTERED_DIFFERENCE
    section = law.fees.section if law is not None else "§5(D)"  # AML §110(1) under the state law alone
    if difference < least:
        raise ValueError(
            f"The total fee for an unaltered dog ({say_money(unaltered_fee)} + {say_money(unaltered_surcharge)} = "
            f"{say_money(unaltered_total)}) must be at least {say_money(least)} more than the total fee for a "
            f"spayed or neutered dog ({say_money(altered_fee)} + {say_money(altered_surcharge)} = "
            f"{say_money(altered_total)}); it is only {say_money(difference)} more ({section}).")


# --- §5(H) purebred licenses ----------------------------------------------

def purebred_fee(dogs_on_premises: int, up_to_10: Decimal = PUREBRED_FEES[0],
                 up_to_25: Decimal = PUREBRED_FEES[1], over_25: Decimal = PUREBRED_FEES[2]) -> Decimal:
    """§5(H) annual fee of one purebred license, by the number of registered (or eligible)
    purebred dogs over 4 months harbored on the owner's premises at the time of the
    application: ``up_to_10`` ($25.00) if no more than 10, ``up_to_25`` ($50.00) if no more
    than 25, ``over_25`` ($100.00) if more than 25. The amounts are the town's settings.
    """
    if type(dogs_on_premises) is not int or dogs_on_premises < 1:
        raise ValueError(f"The number of purebred dogs on the premises must be 1 or more, not {dogs_on_premises!r}.")
    low, high = PUREBRED_BAND_LIMITS
    if dogs_on_premises <= low:
        return _money(up_to_10, "purebred license fee (up to 10 dogs)")
    if dogs_on_premises <= high:
        return _money(up_to_25, "purebred license fee (up to 25 dogs)")
    return _money(over_25, "purebred license fee (over 25 dogs)")


def purebred_license_fee(dogs_on_premises: int, term_years: int, up_to_10: Decimal = PUREBRED_FEES[0],
                         up_to_25: Decimal = PUREBRED_FEES[1],
                         over_25: Decimal = PUREBRED_FEES[2]) -> "FeeBreakdown":
    """§5(H): the fee of one purebred license, which covers the owner's premises (not a fee
    per dog): the annual fee by the count of purebreds on the premises (``purebred_fee``),
    paid for each year of a longer term ("The annual fee", §5(A)(4) terms of 1-3 years).
    One line, kind "purebred_fee".
    """
    if not _is_license_term(term_years):
        raise ValueError(f"A dog license is for 1, 2 or 3 years only, not {term_years!r} (§5(A)(4)).")
    annual = purebred_fee(dogs_on_premises, up_to_10, up_to_25, over_25)
    per = f" × {term_years} years" if term_years > 1 else ""
    dogs = f"{dogs_on_premises} purebred dog{'s' if dogs_on_premises > 1 else ''}"
    return FeeBreakdown((FeeLine(f"Purebred license, {dogs} on the premises{per}", annual * term_years,
                                 "§5(H)", "purebred_fee"),))


# --- itemized license fee -------------------------------------------------

# What a fee line is, for the payment ledger and anything downstream: match on ``kind``,
# never on a label's words.
FEE_KINDS = ("license_fee", "population_surcharge", "purebred_fee", "enumeration_surcharge",
             "replacement_tag")


@dataclass(frozen=True)
class FeeLine:
    """One line of a fee, the one shape from the law to the ledger: quoted on the clerk's screen,
    kept on the license (`stored`) and taken in as a `Payment` of its ``kind``."""
    label: str
    amount: Decimal
    section: str
    kind: str  # one of FEE_KINDS
    waived_reason: str | None = None  # a fee the clerk waived ($0.00), and why (§5(G)(2))

    def __post_init__(self):
        if self.kind not in FEE_KINDS:
            raise ValueError(f"Unknown fee line kind {self.kind!r}; use one of {FEE_KINDS}.")

    def stored(self) -> dict:
        """As kept on the license record (JSON): the amount as text, the reason when waived."""
        out = {"kind": self.kind, "label": self.label, "amount": str(self.amount), "section": self.section}
        if self.waived_reason:
            out["waived_reason"] = self.waived_reason
        return out


@dataclass(frozen=True)
class FeeBreakdown:
    lines: tuple[FeeLine, ...]

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), Decimal("0.00"))


def license_fee(altered: bool, altered_fee: Decimal, unaltered_fee: Decimal, term_years: int,
                exemption: str | None = None, enumeration_surcharge: Decimal = Decimal("0"),
                fee_per_year: bool = True, *, vet_statement_against_altering: bool = False,
                vet_statement_surcharge_as_altered: bool = False, law=None, surcharges=None) -> FeeBreakdown:
    """The itemized fee for one dog license; each line has its ``kind`` (``FEE_KINDS``).

    - ``altered``: the dog is spayed or neutered (§5(C) certificate, affidavit or on file).
    - ``vet_statement_against_altering``: a veterinarian certifies that spaying or
      neutering would endanger the dog's life. §5(C): "the license fee for the dog shall
      be the same as for a spayed or neutered dog", so the town fee is the altered fee.
      The §5(D) population-control fee follows the dog as it is: $3.00 for an unaltered
      dog; ``vet_statement_surcharge_as_altered=True`` (a town's choice) charges $1.00.
    - ``altered_fee`` / ``unaltered_fee``: the town's processing fees (§5(D)); they
      are checked with ``validate_fee_schedule`` first.
    - ``fee_per_year``: True (default) charges the town fee once per year of the term
      (as an annual fee); False charges it once per license, whatever the term. The
      population-control surcharge is always charged once per license: §5(D) "In
      addition to the fee charged by the Town, a one ($1.00) dollar fee for altered dogs
      and a three ($3.00) dollar fee for unaltered dogs shall be collected" with each
      application, not per year of the term.
    - ``exemption``: a ``LICENSE_EXEMPTIONS`` key or None. Exempt dogs are "exempt from
      licensing fees" (§5(I)); NY Agriculture and Markets Law §110 also exempts them from
      the population-control surcharge, and we treat the §5(K) enumeration surcharge as
      a licensing fee too, so an exempt dog's total is $0.00.
    - ``enumeration_surcharge``: the §5(K) surcharge this dog owes, as
      ``enumeration_surcharge_due`` decides it (default 0: no line).
    - ``law``: the town's law (`laws.Law`; None: the local law): its surcharges, exemptions and
      the sections the lines cite (AML §110(1), the surcharge §110(3), under the state law alone).
    - ``surcharges``: the (altered, unaltered) surcharges the town assesses where the law sets
      only the least (AML §110(3)); see ``population_control_surcharge``.
    """
    if not _is_license_term(term_years):
        raise ValueError(f"A dog license is for 1, 2 or 3 years only, not {term_years!r} (§5(A)(4)).")
    validate_fee_schedule(altered_fee, unaltered_fee, law, surcharges)
    enumeration_surcharge = _money(enumeration_surcharge, "enumeration surcharge")
    exemptions = law.license.exemptions if law is not None else LICENSE_EXEMPTIONS
    exemption_section = law.license.exemptions_section if law is not None else "§5(I)"
    fees_section = law.fees.section if law is not None else "§5(D)"

    if exemption is not None:
        if exemption not in exemptions:
            raise ValueError(f"{exemption!r} is not a license exemption under {exemption_section}.")
        marking = exemptions[exemption].marking
        return FeeBreakdown((FeeLine(f"License fee waived: {marking}", Decimal("0.00"), exemption_section,
                                     "license_fee"),))

    years = term_years if fee_per_year else 1
    per = f" × {years} years" if years > 1 else ""
    vet_statement = vet_statement_against_altering and not altered
    pays_altered_fee = altered or vet_statement  # §5(C)
    surcharge_altered = altered or (vet_statement and vet_statement_surcharge_as_altered)  # §5(D)
    town_fee = _money(altered_fee if pays_altered_fee else unaltered_fee, "town fee")
    if vet_statement:
        # §5(C) is the local law's: the state law alone leaves the rate to the town (AML §110(1)).
        fee_words = "spayed/neutered dog rate (vet's statement" + (", §5(C))" if law is None or law.local else ")")
        surcharge_words = ("as altered (vet's statement, town's choice)" if surcharge_altered
                           else "unaltered dog (vet's statement: the dog is not altered)")
        fee_section = "§5(C), §5(D)" if law is None or law.local else fees_section
    else:
        fee_words = surcharge_words = "spayed/neutered dog" if altered else "unaltered dog"
        fee_section = fees_section
    lines = [
        FeeLine(f"Town processing fee, {fee_words}{per}", town_fee * years, fee_section, "license_fee"),
        # §5(D): the surcharge is collected once with each license application.
        FeeLine(f"Animal population control fee, {surcharge_words}",
                population_control_surcharge(surcharge_altered, law, surcharges),
                law.fees.surcharge_cited if law is not None else fees_section,
                "population_surcharge"),
    ]
    if enumeration_surcharge:
        from .laws.cites import section_in  # the laws are built on this module: read when needed
        lines.append(FeeLine("Enumeration surcharge", enumeration_surcharge,
                             section_in(law, "§5(K)") if law is not None else "§5(K)",
                             "enumeration_surcharge"))
    return FeeBreakdown(tuple(lines))


# --- §5(K) enumeration ----------------------------------------------------

def enumeration_open(on: date, opened_on: date | None, closed_on: date | None = None) -> bool:
    """§5(K) "When the Town Board determines the need for a dog enumeration": an enumeration
    is open from the day the Board's resolution opens it (``opened_on``) through
    ``closed_on`` (None: not closed yet). No ``opened_on``: no enumeration declared.
    """
    if opened_on is None:
        return False
    return opened_on <= on and (closed_on is None or on <= closed_on)


def enumeration_surcharge_due(surcharge: Decimal, on: date, opened_on: date | None,
                              closed_on: date | None, identified_unlicensed: bool) -> Decimal:
    """§5(K): the enumeration surcharge a dog's license carries: the Town Board's ``surcharge``
    only while an enumeration it declared is open, and only on a dog "identified as unlicensed
    during such enumeration"; otherwise $0.00.
    """
    surcharge = _money(surcharge, "enumeration surcharge")
    if identified_unlicensed and enumeration_open(on, opened_on, closed_on):
        return surcharge
    return Decimal("0.00")
