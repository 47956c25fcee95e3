"""§5 Licensing of all dogs: terms, rabies limits, fees, exemptions, deadlines.

Pure functions only: no Flask, no database. Money is ``decimal.Decimal``.
"""
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from .calendar import last_day_of_month

LICENSE_TERMS = (1, 2, 3)  # §5(A)(4): one, two or three years
VET_STATEMENT_TERM_YEARS = 1  # §5(B)(2) with AML §109(1)(a): one year from the statement's date
# License term vs rabies vaccination: which rule the town applies.
RABIES_RULE_LOCAL = "local"  # §5(A)(4): never longer than the rabies vaccination (default)
RABIES_RULE_STATE = "state"  # AML §109(1)(a): up to the end of the 11th month after it expires
RABIES_RULES = {RABIES_RULE_LOCAL: "§5(A)(4)", RABIES_RULE_STATE: "AML §109(1)(a)"}
STATE_RULE_GRACE_MONTHS = 11  # AML §109(1)(a) "the eleventh month following"
LICENSE_AGE_MONTHS = 4  # §5(A)(1): four months of age or over
RABIES_VACCINATION_REQUEST_DAYS = 10  # §5(B)(1)
OWNERSHIP_NOTICE_DAYS = 10  # §5(J), §5(J)(1)
NEW_RESIDENT_LICENSE_DAYS = 30  # §5(J)(3)
ALTERED_SURCHARGE = Decimal("1.00")  # §5(D)
UNALTERED_SURCHARGE = Decimal("3.00")  # §5(D)
MIN_UNALTERED_DIFFERENCE = Decimal("5.00")  # §5(D)
# §5(H) purebred license: the annual fee by the number of purebreds on the premises. The
# amounts are the local law's; the town passes its settings (fee_purebred_*).
PUREBRED_BAND_LIMITS = (10, 25)  # §5(H)(1) "no more than 10", §5(H)(2) "no more than 25"
PUREBRED_FEES = (Decimal("25.00"), Decimal("50.00"), Decimal("100.00"))  # §5(H)(1), (2), (3)
CENTS = Decimal("0.01")

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun",
           "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _say_date(d: date) -> str:
    """A date as a clerk reads it, e.g. "14 Mar 2028" (not locale dependent)."""
    return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"


def _money(value, what: str) -> Decimal:
    """Check a money amount: Decimal (or int) only, never float, and not negative."""
    if isinstance(value, bool) or not isinstance(value, (Decimal, int)):
        raise TypeError(f"The {what} must be a Decimal amount, not {type(value).__name__}.")
    value = Decimal(value)
    if not value.is_finite():
        raise ValueError(f"The {what} must be a real amount of money.")
    if value < 0:
        raise ValueError(f"The {what} can't be negative (got ${value:.2f}).")
    return value.quantize(CENTS)


def _is_license_term(term_years) -> bool:
    return type(term_years) is int and term_years in LICENSE_TERMS


# --- §5(A) license terms --------------------------------------------------

def license_expiry(issued: date, term_years: int) -> date:
    """§5(A)(4): a license "shall expire on the last day of the month one, two
    or three years from the date of issue".

    Any term other than the int 1, 2 or 3 (0, 4, True, 1.0, "1") is a ValueError.
    """
    if not _is_license_term(term_years):
        raise ValueError(f"A dog license is for 1, 2 or 3 years only, not {term_years!r} (§5(A)(4)).")
    return last_day_of_month(issued.year + term_years, issued.month)


def _add_months(year: int, month: int, months: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + months
    return index // 12, index % 12 + 1


def state_rule_latest_expiry(rabies_valid_until: date) -> date:
    """AML §109(1)(a): "no license shall be issued for a period expiring after the last day
    of the eleventh month following the expiration date of the current rabies certificate".
    Rabies good until 15 Mar 2027: a license may run to 29 Feb 2028.
    """
    year, month = _add_months(rabies_valid_until.year, rabies_valid_until.month,
                              STATE_RULE_GRACE_MONTHS)
    return last_day_of_month(year, month)


def vet_statement_license_expiry(statement_on: date) -> date:
    """§5(B)(2) with AML §109(1)(a): on a veterinarian's statement in lieu of a rabies
    certificate "a license shall be issued or renewed for a period of one year from the date
    of said statement", expiring (§5(A)(4)) on the last day of that month.
    """
    return last_day_of_month(statement_on.year + VET_STATEMENT_TERM_YEARS, statement_on.month)


def _check_rule(rule: str) -> None:
    if rule not in RABIES_RULES:
        raise ValueError(f"The rabies rule for license terms is {sorted(RABIES_RULES)}, not {rule!r}.")


@dataclass(frozen=True)
class TermOption:
    """One license term (§5(A)(4)): its expiry and, when it can't be offered, why."""
    years: int
    expires_on: date
    refusal: str | None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class LicenseTerms:
    """The terms a license may have against the dog's rabies evidence, and which rule decided:
    ``rule`` is "local" (§5(A)(4)), "state" (AML §109(1)(a)) or "vet_statement" (§5(B)(2));
    ``explanation`` says it in words for the clerk's screen; ``latest_expiry`` is the last day a
    license may run to (None when nothing can be issued)."""
    rule: str
    section: str
    explanation: str
    latest_expiry: date | None
    options: tuple[TermOption, ...]

    @property
    def allowed(self) -> list[int]:
        return [o.years for o in self.options if o.allowed]


def license_terms(issued: date, rabies_valid_until: date | None, *, rule: str = RABIES_RULE_LOCAL,
                  vet_statement_on: date | None = None) -> LicenseTerms:
    """§5(A)(4) terms of 1, 2 or 3 years, limited by the rabies evidence:

    - a rabies certificate good until ``rabies_valid_until``: with ``rule="local"`` (the
      default, §5(A)(4) "In no event shall a dog license be issued for longer than the
      duration of the rabies vaccination") no term may end after it; with ``rule="state"``
      (AML §109(1)(a)) none may end after the last day of the eleventh month following it.
      A certificate already expired on the issue date allows nothing (§5(B) "current, valid").
    - ``rabies_valid_until=None``: a §5(B)(2) veterinarian's statement in lieu of the
      certificate, dated ``vet_statement_on`` (default: the issue date): one year from the
      statement's date (AML §109(1)(a)), whatever the rule.
    """
    _check_rule(rule)
    if rabies_valid_until is None:
        statement_on = vet_statement_on or issued
        expiry = vet_statement_license_expiry(statement_on)
        if statement_on > issued:
            problem = "The veterinarian's statement can't be dated after the license is issued (§5(B)(2))."
        elif expiry < issued:
            problem = (f"The veterinarian's statement of {_say_date(statement_on)} is more than a year old: "
                       f"a license on it would have ended on {_say_date(expiry)}. Ask for a new statement "
                       "(§5(B)(2), AML §109(1)(a)).")
        else:
            problem = None
        options = tuple(TermOption(
            t, expiry if t == VET_STATEMENT_TERM_YEARS else license_expiry(issued, t),
            problem or (None if t == VET_STATEMENT_TERM_YEARS else
                        "On a veterinarian's statement in lieu of a rabies certificate the license is "
                        f"for one year from the statement's date, to {_say_date(expiry)} "
                        "(§5(B)(2), AML §109(1)(a)).")) for t in LICENSE_TERMS)
        return LicenseTerms(
            "vet_statement", "§5(B)(2), AML §109(1)(a)",
            f"Veterinarian's statement of {_say_date(statement_on)} in lieu of a rabies certificate: "
            f"a one-year license, to {_say_date(expiry)} (§5(B)(2), AML §109(1)(a)).",
            None if problem else expiry, options)

    section = RABIES_RULES[rule]
    if rabies_valid_until < issued:
        refusal = (f"The rabies certificate has expired (it ended on {_say_date(rabies_valid_until)}); "
                   "a current, valid rabies certificate is needed to license the dog (§5(B)).")
        return LicenseTerms(rule, section, refusal, None, tuple(
            TermOption(t, license_expiry(issued, t), refusal) for t in LICENSE_TERMS))
    if rule == RABIES_RULE_LOCAL:
        latest = rabies_valid_until
        explanation = (f"A license may not run past the rabies vaccination's end on "
                       f"{_say_date(rabies_valid_until)} (§5(A)(4)).")
    else:
        latest = state_rule_latest_expiry(rabies_valid_until)
        explanation = (f"A license may run to {_say_date(latest)}, the last day of the eleventh month "
                       f"after the rabies certificate expires on {_say_date(rabies_valid_until)} "
                       "(AML §109(1)(a)).")
    options = []
    for t in LICENSE_TERMS:
        expiry = license_expiry(issued, t)
        refusal = None
        if expiry > latest and rule == RABIES_RULE_LOCAL:
            refusal = (f"A {t}-year license would run to {_say_date(expiry)}, past the rabies "
                       f"vaccination's end on {_say_date(rabies_valid_until)} (§5(A)(4)).")
        elif expiry > latest:
            refusal = (f"A {t}-year license would run to {_say_date(expiry)}, past {_say_date(latest)}, "
                       "the last day of the eleventh month after the rabies certificate expires on "
                       f"{_say_date(rabies_valid_until)} (AML §109(1)(a)).")
        options.append(TermOption(t, expiry, refusal))
    return LicenseTerms(rule, section, explanation, latest, tuple(options))


def allowed_terms(issued: date, rabies_valid_until: date | None, rule: str = RABIES_RULE_LOCAL,
                  vet_statement_on: date | None = None) -> list[int]:
    """The terms (of 1, 2, 3) ``license_terms`` allows; may be empty.

    By default (§5(A)(4)) a term's expiry must be on or before the rabies vaccination's end.
    ``rabies_valid_until=None`` is a §5(B)(2) veterinarian's statement: one year only.
    """
    return license_terms(issued, rabies_valid_until, rule=rule, vet_statement_on=vet_statement_on).allowed


def term_refusal_reason(issued: date, rabies_valid_until: date | None, term_years: int,
                        rule: str = RABIES_RULE_LOCAL, vet_statement_on: date | None = None) -> str | None:
    """Why a term can't be offered, in words a clerk can read to the owner; None when the
    term is allowed. ``rabies_valid_until=None`` is a §5(B)(2) veterinarian's statement.
    """
    if not _is_license_term(term_years):
        return f"Dog licenses are for 1, 2 or 3 years only, not {term_years!r} (§5(A)(4))."
    terms = license_terms(issued, rabies_valid_until, rule=rule, vet_statement_on=vet_statement_on)
    return next(o.refusal for o in terms.options if o.years == term_years)


def license_required(age_months: int, at_large: bool) -> bool:
    """§5(A)(1): a license is required for a dog four months of age or over;
    under four months only if the dog is at large. Not required is not forbidden:
    a younger dog may be licensed if the owner asks (see ``license_note``).
    """
    if age_months < 0:
        raise ValueError("A dog's age can't be negative.")
    return age_months >= LICENSE_AGE_MONTHS or at_large


def license_note(age_months: int, at_large: bool, owner_asks: bool) -> str | None:
    """§5(A)(1) for the clerk: None when a license is required; otherwise the note that it
    is not required yet. Only when the owner does not ask is the application turned back
    (the caller decides); a puppy under four months may be licensed if the owner asks.
    """
    if license_required(age_months, at_large):
        return None
    if owner_asks:
        return ("The dog is under four months old and not at large, so no license is required yet "
                "(§5(A)(1)); it is licensed because the owner asks.")
    return ("No license is required yet: the dog is under four months old and not at large "
            "(§5(A)(1)). The owner may still license it now.")


# --- §5(B) rabies ---------------------------------------------------------

def rabies_vaccination_due(requested_on: date) -> date:
    """§5(B)(1): the owner must submit the dog for vaccination "within ten (10)
    days after a request" by a dog control, peace, police or health officer.
    Calendar days, not business days.
    """
    return requested_on + timedelta(days=RABIES_VACCINATION_REQUEST_DAYS)



# --- §5(D) fees -----------------------------------------------------------

def population_control_surcharge(altered: bool) -> Decimal:
    """§5(D): $1.00 for an altered (spayed or neutered) dog, $3.00 for an unaltered dog,
    collected "in addition to the fee charged by the Town" for animal population control.
    """
    return ALTERED_SURCHARGE if altered else UNALTERED_SURCHARGE


def validate_fee_schedule(altered_fee: Decimal, unaltered_fee: Decimal) -> None:
    """§5(D): check the Town Board's processing fees. Raises ValueError unless the
    unaltered-dog fee is at least $5.00 more than the altered-dog fee; also rejects
    negative fees (and, as money, float amounts with TypeError).

    Why the two town fees and not the "total fee": the law says the *total* fee for
    an unaltered dog shall be at least $5 more than for a spayed or neutered dog, but
    the $1/$3 population-control surcharge is separate state money the town only
    collects. We check the town's own fees, as the issue asks. That is the stricter
    reading: if the town fees differ by $5, the totals differ by $7, so a schedule
    that passes here satisfies the law under either reading.
    """
    altered_fee = _money(altered_fee, "spayed/neutered dog fee")
    unaltered_fee = _money(unaltered_fee, "unaltered dog fee")
    difference = unaltered_fee - altered_fee
    if difference < MIN_UNALTERED_DIFFERENCE:
        raise ValueError(
            f"The fee for an unaltered dog (${unaltered_fee}) must be at least $5.00 more than "
            f"the fee for a spayed or neutered dog (${altered_fee}); it is only ${difference} "
            "more (§5(D)).")


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


# --- §5(I) exemptions -----------------------------------------------------

@dataclass(frozen=True)
class LicenseExemption:
    """A §5(I) exempt dog. ``marking`` is the exact text the Town Clerk must
    conspicuously mark on each copy of the license.

    §5(I): "A certificate that the dog has been trained for such purpose must be
    submitted to the Town Clerk" before the exemption is granted.
    """
    key: str
    label: str
    marking: str


# §5(I): "exempt from licensing fees". The markings are the law's own words,
# including its "Working- Search Dog" spelling.
LICENSE_EXEMPTIONS = {
    e.key: e for e in (
        LicenseExemption("guide", "Guide dog", "Guide Dog"),
        LicenseExemption("hearing", "Hearing dog", "Hearing Dog"),
        LicenseExemption("service", "Service dog", "Service Dog"),
        LicenseExemption("war", "War dog", "War Dog"),
        LicenseExemption("working_search", "Working search dog", "Working- Search Dog"),
        LicenseExemption("detection", "Detection dog", "Detection Dog"),
        LicenseExemption("police_work", "Police work dog", "Police Work Dog"),
        LicenseExemption("therapy", "Therapy dog", "Therapy Dog"),
    )
}


# --- itemized license fee -------------------------------------------------

# What a fee line is, for the payment ledger and anything downstream: match on ``kind``,
# never on a label's words.
FEE_KINDS = ("license_fee", "population_surcharge", "purebred_fee", "enumeration_surcharge",
             "replacement_tag")


@dataclass(frozen=True)
class FeeLine:
    label: str
    amount: Decimal
    section: str
    kind: str  # one of FEE_KINDS

    def __post_init__(self):
        if self.kind not in FEE_KINDS:
            raise ValueError(f"Unknown fee line kind {self.kind!r}; use one of {FEE_KINDS}.")


@dataclass(frozen=True)
class FeeBreakdown:
    lines: tuple[FeeLine, ...]

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), Decimal("0.00"))


def license_fee(altered: bool, altered_fee: Decimal, unaltered_fee: Decimal, term_years: int,
                exemption: str | None = None, enumeration_surcharge: Decimal = Decimal("0"),
                fee_per_year: bool = True, *, vet_statement_against_altering: bool = False,
                vet_statement_surcharge_as_altered: bool = False) -> FeeBreakdown:
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
    """
    if not _is_license_term(term_years):
        raise ValueError(f"A dog license is for 1, 2 or 3 years only, not {term_years!r} (§5(A)(4)).")
    validate_fee_schedule(altered_fee, unaltered_fee)
    enumeration_surcharge = _money(enumeration_surcharge, "enumeration surcharge")

    if exemption is not None:
        if exemption not in LICENSE_EXEMPTIONS:
            raise ValueError(f"{exemption!r} is not a license exemption under §5(I).")
        marking = LICENSE_EXEMPTIONS[exemption].marking
        return FeeBreakdown((FeeLine(f"License fee waived: {marking}", Decimal("0.00"), "§5(I)",
                                     "license_fee"),))

    years = term_years if fee_per_year else 1
    per = f" × {years} years" if years > 1 else ""
    vet_statement = vet_statement_against_altering and not altered
    pays_altered_fee = altered or vet_statement  # §5(C)
    surcharge_altered = altered or (vet_statement and vet_statement_surcharge_as_altered)  # §5(D)
    town_fee = _money(altered_fee if pays_altered_fee else unaltered_fee, "town fee")
    if vet_statement:
        fee_words = "spayed/neutered dog rate (vet's statement, §5(C))"
        surcharge_words = ("as altered (vet's statement, town's choice)" if surcharge_altered
                           else "unaltered dog (vet's statement: the dog is not altered)")
        fee_section = "§5(C), §5(D)"
    else:
        fee_words = surcharge_words = "spayed/neutered dog" if altered else "unaltered dog"
        fee_section = "§5(D)"
    lines = [
        FeeLine(f"Town processing fee, {fee_words}{per}", town_fee * years, fee_section, "license_fee"),
        # §5(D): the surcharge is collected once with each license application.
        FeeLine(f"Animal population control fee, {surcharge_words}",
                population_control_surcharge(surcharge_altered), "§5(D)", "population_surcharge"),
    ]
    if enumeration_surcharge:
        lines.append(FeeLine("Enumeration surcharge", enumeration_surcharge, "§5(K)",
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


# --- §5(J) ownership changes ----------------------------------------------

def ownership_notice_due(event_on: date) -> date:
    """§5(J), §5(J)(1): the owner of record must notify the Town Clerk within ten days
    of a transfer of ownership, or of discovering that the dog was lost or stolen.
    (New residents have ``NEW_RESIDENT_LICENSE_DAYS`` = 30 days to license, §5(J)(3).)
    """
    return event_on + timedelta(days=OWNERSHIP_NOTICE_DAYS)


def new_resident_license_due(residence_began_on: date) -> date:
    """§5(J)(3): "All dogs shall be licensed with the office of the Town Clerk within 30 days
    of establishing residence in the Town": the last day, from the date residence began."""
    return residence_began_on + timedelta(days=NEW_RESIDENT_LICENSE_DAYS)


@dataclass(frozen=True)
class Lateness:
    """A §5(J) filing measured against its deadline: accepted either way; ``days_late`` is
    0 when on time."""
    due_on: date
    days_late: int

    @property
    def late(self) -> bool:
        return self.days_late > 0

    @property
    def note(self) -> str | None:
        if not self.late:
            return None
        return (f"Filed {self.days_late} day{'s' if self.days_late != 1 else ''} late "
                f"(due by {_say_date(self.due_on)}).")


def notice_lateness(event_on: date, filed_on: date) -> Lateness:
    """§5(J), §5(J)(1): a transfer or lost/stolen notice filed more than ten days after the
    event (the transfer, or discovering the loss or theft) is still accepted, and marked late
    by how many days. Filing late may be charged (offence codes "5J-late", "5J1-late")."""
    if filed_on < event_on:
        raise ValueError("The notice can't be filed before the event it reports.")
    due = ownership_notice_due(event_on)
    return Lateness(due, max(0, (filed_on - due).days))


def new_resident_lateness(residence_began_on: date, licensed_on: date) -> Lateness:
    """§5(J)(3): a new resident's dog licensed more than 30 days after residence began is
    licensed all the same, and marked late by how many days (offence code "5J3")."""
    if licensed_on < residence_began_on:
        raise ValueError("The residence date is after the license date.")
    due = new_resident_license_due(residence_began_on)
    return Lateness(due, max(0, (licensed_on - due).days))


# --- roadside status card (O(1), no lookups) ------------------------------

def license_status(expires_on: date | None, today: date, expiring_within_days: int = 30) -> str:
    """"valid" | "expiring" | "expired" | "none" for a dog's license (§5(A)).

    A license is good through its expiry day (§5(A)(4) "shall expire on the last day
    of the month") and "expired" from the next day. "expiring" means it expires
    within ``expiring_within_days`` days from today, counting today.
    """
    if expires_on is None:
        return "none"
    if today > expires_on:
        return "expired"
    if (expires_on - today).days <= expiring_within_days:
        return "expiring"
    return "valid"


def rabies_status(valid_until: date | None, exempt: bool, today: date) -> str:
    """"valid" | "exempt" | "expired" | "none" for a dog's rabies vaccination (§5(B)).

    ``exempt`` is a §5(B)(2) veterinarian's statement; it wins over any date.
    """
    if exempt:
        return "exempt"
    if valid_until is None:
        return "none"
    if today > valid_until:
        return "expired"
    return "valid"


def age_in_months(born_on: date, today: date) -> int:
    """Whole months of age, for §5(A)(1)'s "four months of age or over".

    A dog born on the 29th-31st turns a month older on the last day of a shorter
    month (born 31 Jan: 1 month old on 28 Feb).
    """
    if today < born_on:
        raise ValueError("The birth date is after today.")
    months = (today.year - born_on.year) * 12 + (today.month - born_on.month)
    monthly_birthday = min(born_on.day, last_day_of_month(today.year, today.month).day)
    if today.day < monthly_birthday:
        months -= 1
    return months
