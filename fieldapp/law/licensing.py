"""§5 Licensing of all dogs: terms, rabies limits, fees, exemptions, deadlines.

Pure functions only: no Flask, no database. Money is ``decimal.Decimal``.
"""
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from .calendar import last_day_of_month

LICENSE_TERMS = (1, 2, 3)  # §5(A)(4): one, two or three years
LICENSE_AGE_MONTHS = 4  # §5(A)(1): four months of age or over
RABIES_VACCINATION_REQUEST_DAYS = 10  # §5(B)(1)
OWNERSHIP_NOTICE_DAYS = 10  # §5(J), §5(J)(1)
NEW_RESIDENT_LICENSE_DAYS = 30  # §5(J)(3)
ALTERED_SURCHARGE = Decimal("1.00")  # §5(D)
UNALTERED_SURCHARGE = Decimal("3.00")  # §5(D)
MIN_UNALTERED_DIFFERENCE = Decimal("5.00")  # §5(D)
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


def allowed_terms(issued: date, rabies_valid_until: date | None) -> list[int]:
    """The terms (of 1, 2, 3) whose expiry is on or before the rabies
    vaccination's end: §5(A)(4) "In no event shall a dog license be issued for
    longer than the duration of the rabies vaccination". May be empty.

    ``rabies_valid_until=None`` means the owner presented a veterinarian's
    statement that vaccinating would endanger the dog's life (§5(B)(2)): there
    is no rabies date to limit the term, so all of [1, 2, 3] are allowed.
    A certificate already expired on the issue date allows nothing (§5(B)).
    """
    if rabies_valid_until is None:
        return allowed_terms_without_rabies_limit()
    return [t for t in LICENSE_TERMS if license_expiry(issued, t) <= rabies_valid_until]


def allowed_terms_without_rabies_limit() -> list[int]:
    """§5(B)(2) vet exemption from rabies vaccination: every term is allowed."""
    return list(LICENSE_TERMS)


def term_refusal_reason(issued: date, rabies_valid_until: date | None, term_years: int) -> str | None:
    """Why a term can't be offered, in words a clerk can read to the owner;
    None when the term is allowed. ``rabies_valid_until=None`` is the §5(B)(2)
    vet exemption (no rabies limit).
    """
    if not _is_license_term(term_years):
        return f"Dog licenses are for 1, 2 or 3 years only, not {term_years!r} (§5(A)(4))."
    if rabies_valid_until is None:
        return None
    if rabies_valid_until < issued:
        return (f"The rabies certificate has expired (it ended on {_say_date(rabies_valid_until)}); "
                "a current, valid rabies certificate is needed to license the dog (§5(B)).")
    expiry = license_expiry(issued, term_years)
    if expiry > rabies_valid_until:
        return (f"A {term_years}-year license would run to {_say_date(expiry)}, past the rabies "
                f"vaccination's end on {_say_date(rabies_valid_until)} (§5(A)(4)).")
    return None


def license_required(age_months: int, at_large: bool) -> bool:
    """§5(A)(1): a license is required for a dog four months of age or over;
    under four months only if the dog is at large.
    """
    if age_months < 0:
        raise ValueError("A dog's age can't be negative.")
    return age_months >= LICENSE_AGE_MONTHS or at_large


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

def purebred_fee(dogs_on_premises: int) -> Decimal:
    """§5(H) annual purebred license fee, by the number of registered (or eligible)
    purebred dogs over 4 months harbored on the premises: $25.00 if no more than 10,
    $50.00 if no more than 25, $100.00 if more than 25.
    """
    if type(dogs_on_premises) is not int or dogs_on_premises < 1:
        raise ValueError(f"The number of purebred dogs on the premises must be 1 or more, not {dogs_on_premises!r}.")
    if dogs_on_premises <= 10:
        return Decimal("25.00")
    if dogs_on_premises <= 25:
        return Decimal("50.00")
    return Decimal("100.00")


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

@dataclass(frozen=True)
class FeeLine:
    label: str
    amount: Decimal
    section: str


@dataclass(frozen=True)
class FeeBreakdown:
    lines: tuple[FeeLine, ...]

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), Decimal("0.00"))


def license_fee(altered: bool, altered_fee: Decimal, unaltered_fee: Decimal, term_years: int,
                exemption: str | None = None, enumeration_surcharge: Decimal = Decimal("0"),
                fee_per_year: bool = True) -> FeeBreakdown:
    """The itemized fee for one dog license.

    - ``altered``: spayed or neutered. Pass True too when a veterinarian certifies
      that spaying or neutering would endanger the dog's life: "the license fee for
      the dog shall be the same as for a spayed or neutered dog" (§5(C)).
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
    - ``enumeration_surcharge``: the Town Board's §5(K) surcharge when an enumeration
      is on (default 0: no line).
    """
    if not _is_license_term(term_years):
        raise ValueError(f"A dog license is for 1, 2 or 3 years only, not {term_years!r} (§5(A)(4)).")
    validate_fee_schedule(altered_fee, unaltered_fee)
    enumeration_surcharge = _money(enumeration_surcharge, "enumeration surcharge")

    if exemption is not None:
        if exemption not in LICENSE_EXEMPTIONS:
            raise ValueError(f"{exemption!r} is not a license exemption under §5(I).")
        marking = LICENSE_EXEMPTIONS[exemption].marking
        return FeeBreakdown((FeeLine(f"License fee waived: {marking}", Decimal("0.00"), "§5(I)"),))

    years = term_years if fee_per_year else 1
    per = f" × {years} years" if years > 1 else ""
    town_fee = _money(altered_fee if altered else unaltered_fee, "town fee")
    kind = "spayed/neutered dog" if altered else "unaltered dog"
    lines = [
        FeeLine(f"Town processing fee, {kind}{per}", town_fee * years, "§5(D)"),
        # §5(D): the surcharge is collected once with each license application.
        FeeLine(f"Animal population control fee, {kind}",
                population_control_surcharge(altered), "§5(D)"),
    ]
    if enumeration_surcharge:
        lines.append(FeeLine("Enumeration surcharge", enumeration_surcharge, "§5(K)"))
    return FeeBreakdown(tuple(lines))


# --- §5(J) ownership changes ----------------------------------------------

def ownership_notice_due(event_on: date) -> date:
    """§5(J), §5(J)(1): the owner of record must notify the Town Clerk within ten days
    of a transfer of ownership, or of discovering that the dog was lost or stolen.
    (New residents have ``NEW_RESIDENT_LICENSE_DAYS`` = 30 days to license, §5(J)(3).)
    """
    return event_on + timedelta(days=OWNERSHIP_NOTICE_DAYS)


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
