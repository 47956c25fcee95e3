"""§5 Licensing of all dogs: terms, rabies limits, exemptions, the roadside status.

Fees are in `fees.py` (§5(D), §5(H), §5(K)), the owner's notices in `notices.py` (§5(J)).

Pure functions only: no Flask, no database. Money is ``decimal.Decimal``.
"""
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from .calendar import last_day_of_month
from .words import say_date, say_money

LICENSE_TERMS = (1, 2, 3)  # §5(A)(4): one, two or three years
VET_STATEMENT_TERM_YEARS = 1  # §5(B)(2) with AML §109(1)(a): one year from the statement's date
# License term vs rabies vaccination: which rule the town applies (a town setting).
# §5(A)(4) "In no event shall a dog license be issued for longer than the duration of the rabies
# vaccination": a term may end no later than the last day of the month the vaccination ends (a
# fresh one-year certificate gives a one-year license, a fresh three-year one up to three years).
# When less than a year is left no term fits that way, and the two rules below differ:
RABIES_RULE_LOCAL = "local"  # the one-year license, within AML §109(1)(a)'s limit (default)
RABIES_RULE_REVACCINATE = "revaccinate"  # no license past the vaccination's month: revaccinate
RABIES_RULE_STATE = "state"  # AML §109(1)(a) for every term: to the end of the 11th month after it
RABIES_RULES = {RABIES_RULE_LOCAL: "§5(A)(4)", RABIES_RULE_REVACCINATE: "§5(A)(4)",
                RABIES_RULE_STATE: "AML §109(1)(a)"}
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

def _money(value, what: str) -> Decimal:
    """Check a money amount: Decimal (or int) only, never float, and not negative."""
    if isinstance(value, bool) or not isinstance(value, (Decimal, int)):
        raise TypeError(f"The {what} must be a Decimal amount, not {type(value).__name__}.")
    value = Decimal(value)
    if not value.is_finite():
        raise ValueError(f"The {what} must be a real amount of money.")
    if value < 0:
        raise ValueError(f"The {what} can't be negative (got {say_money(value)}).")
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

    - a rabies certificate good until ``rabies_valid_until``: §5(A)(4) "In no event shall a dog
      license be issued for longer than the duration of the rabies vaccination": a term may end
      no later than the last day of the month the vaccination ends (`vaccination_month_end`).
      When less than a year is left (no term fits), the explanation says so and the town's rule
      decides: ``rule="local"`` (default: the vaccination's duration read as its length, which a
      one-year license does not exceed) offers the one-year license if it ends within AML
      §109(1)(a)'s limit, the last day of the eleventh month after the certificate expires;
      ``rule="revaccinate"`` offers revaccination. ``rule="state"`` applies AML §109(1)(a)'s
      limit to every term. A certificate already expired on the issue date allows nothing
      (§5(B) "current, valid").
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
            problem = (f"The veterinarian's statement of {say_date(statement_on)} is more than a year old: "
                       f"a license on it would have ended on {say_date(expiry)}. Ask for a new statement "
                       "(§5(B)(2), AML §109(1)(a)).")
        else:
            problem = None
        options = tuple(TermOption(
            t, expiry if t == VET_STATEMENT_TERM_YEARS else license_expiry(issued, t),
            problem or (None if t == VET_STATEMENT_TERM_YEARS else
                        "On a veterinarian's statement in lieu of a rabies certificate the license is "
                        f"for one year from the statement's date, to {say_date(expiry)} "
                        "(§5(B)(2), AML §109(1)(a)).")) for t in LICENSE_TERMS)
        return LicenseTerms(
            "vet_statement", "§5(B)(2), AML §109(1)(a)",
            f"Veterinarian's statement of {say_date(statement_on)} in lieu of a rabies certificate: "
            f"a one-year license, to {say_date(expiry)} (§5(B)(2), AML §109(1)(a)).",
            None if problem else expiry, options)

    section = RABIES_RULES[rule]
    if rabies_valid_until < issued:
        refusal = (f"The rabies certificate has expired (it ended on {say_date(rabies_valid_until)}); "
                   "a current, valid rabies certificate is needed to license the dog (§5(B)).")
        return LicenseTerms(rule, section, refusal, None, tuple(
            TermOption(t, license_expiry(issued, t), refusal) for t in LICENSE_TERMS))
    if rule == RABIES_RULE_STATE:
        latest = state_rule_latest_expiry(rabies_valid_until)
        explanation = (f"A license may run to {say_date(latest)}, the last day of the eleventh month "
                       f"after the rabies certificate expires on {say_date(rabies_valid_until)} "
                       "(AML §109(1)(a)).")
        options = []
        for t in LICENSE_TERMS:
            expiry = license_expiry(issued, t)
            refusal = None if expiry <= latest else (
                f"A {t}-year license would run to {say_date(expiry)}, past {say_date(latest)}, "
                "the last day of the eleventh month after the rabies certificate expires on "
                f"{say_date(rabies_valid_until)} (AML §109(1)(a)).")
            options.append(TermOption(t, expiry, refusal))
        return LicenseTerms(rule, section, explanation, latest, tuple(options))
    return _vaccination_month_terms(issued, rabies_valid_until, rule)


def vaccination_month_end(rabies_valid_until: date) -> date:
    """§5(A)(4): the last day of the month in which the rabies vaccination ends, the latest a
    license may run to: a license ends on the last day of a month, so a certificate good until
    10 Mar 2027 covers a one-year license issued 10 Mar 2026 (to 31 Mar 2027)."""
    return last_day_of_month(rabies_valid_until.year, rabies_valid_until.month)


def _vaccination_month_terms(issued: date, valid_until: date, rule: str) -> LicenseTerms:
    """§5(A)(4) with a current certificate: each term that ends by the vaccination's month end.
    Less than a year left (no term fits): say so, and offer what the town's rule allows: the
    one-year license within AML §109(1)(a)'s limit ("local"), or revaccination ("revaccinate")."""
    month_end = vaccination_month_end(valid_until)
    good = say_date(valid_until)
    options = [TermOption(t, license_expiry(issued, t), None if license_expiry(issued, t) <= month_end else (
        f"A {t}-year license would run to {say_date(license_expiry(issued, t))}, past the end of the "
        f"month the rabies vaccination ends ({good}, §5(A)(4)).")) for t in LICENSE_TERMS]
    if any(o.allowed for o in options):
        return LicenseTerms(rule, "§5(A)(4)", (
            f"The rabies certificate is good until {good}: a license may run to the end of that month, "
            f"{say_date(month_end)} (§5(A)(4))."), month_end, tuple(options))
    one = options[0]
    short = (f"The rabies certificate is current but has less than a year left (good until {good}): "
             f"a one-year license would run to {say_date(one.expires_on)}, past the end of the month "
             "the vaccination ends (§5(A)(4)).")
    limit = state_rule_latest_expiry(valid_until)
    if rule == RABIES_RULE_LOCAL and one.expires_on <= limit:
        options[0] = TermOption(1, one.expires_on, None)
        return LicenseTerms(rule, "§5(A)(4), AML §109(1)(a)", (
            f"{short} By the town's setting the one-year license is issued on it, within AML §109(1)(a)'s "
            f"limit of {say_date(limit)} (the last day of the eleventh month after the certificate "
            "expires); for a longer license, have the dog revaccinated first."), one.expires_on, tuple(options))
    if rule == RABIES_RULE_LOCAL:
        why = (f"A one-year license would also run past {say_date(limit)}, the last day of the eleventh "
               "month after the certificate expires (AML §109(1)(a)).")
    else:
        why = "By the town's setting a license does not run past the vaccination's month."
    refusal = (f"{short} {why} Have the dog revaccinated: the license is then issued on the new "
               "certificate, for as long as it covers.")
    return LicenseTerms(rule, "§5(A)(4)" if rule != RABIES_RULE_LOCAL else "§5(A)(4), AML §109(1)(a)",
                        refusal, None, tuple(TermOption(o.years, o.expires_on, refusal if o.years == 1
                                                        else o.refusal) for o in options))


def allowed_terms(issued: date, rabies_valid_until: date | None, rule: str = RABIES_RULE_LOCAL,
                  vet_statement_on: date | None = None) -> list[int]:
    """The terms (of 1, 2, 3) ``license_terms`` allows; may be empty.

    By default (§5(A)(4)) a term's expiry must be on or before the last day of the month the
    rabies vaccination ends; with less than a year left, the one-year license within AML
    §109(1)(a)'s limit (see ``license_terms``).
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
