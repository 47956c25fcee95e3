"""§11 Penalties."""
from decimal import Decimal

from .words import say_money

# §11(A) (failure to license) and §11(B) (any other provision) set the same limits:
# "a fine not to exceed $500.00 or imprisonment of not more than 15 days, or both".
MAX_FINE = Decimal("500.00")
MAX_IMPRISONMENT_DAYS = 15


def validate_sentence(fine: Decimal, days: int, section: str = "§11", max_fine: Decimal | None = MAX_FINE,
                      max_days: int = MAX_IMPRISONMENT_DAYS) -> None:
    """§11(A)/(B): ValueError unless 0 <= fine <= $500.00 and 0 <= days <= 15.
    Both together are allowed ("or both"). The fine must be a Decimal (or int), never float.
    `section` (from `penalty_section`) is named in the refusal. Another law's limits (the town's
    `Law.penalties`) pass `max_fine` (None: the law sets no most fine) and `max_days`.
    """
    if isinstance(fine, bool) or not isinstance(fine, (Decimal, int)):
        raise TypeError(f"The fine must be a Decimal amount, not {type(fine).__name__}.")
    if isinstance(days, bool) or not isinstance(days, int):
        raise ValueError(f"Days of imprisonment must be a whole number, not {days!r}.")
    fine = Decimal(fine)
    if not fine.is_finite() or fine < 0:
        raise ValueError("The fine can't be negative.")
    if max_fine is not None and fine > max_fine:
        raise ValueError(f"The fine ({say_money(fine)}) can't be more than {say_money(max_fine)} ({section}).")
    if days < 0:
        raise ValueError("Days of imprisonment can't be negative.")
    if days > max_days:
        raise ValueError(f"Imprisonment ({days} days) can't be more than {max_days} days ({section}).")


# §11(A): "a violation for failure to license a dog"; every other offence is §11(B). Not
# licensing a dog at four months (§5(A)(1)), a new owner not applying (§5(J)) and a new
# resident not licensing within 30 days (§5(J)(3)) are each a failure to license.
FAILURE_TO_LICENSE_CODES = ("5A1", "5J-new-owner", "5J3")


def penalty_section(codes) -> str:
    """The subsection of §11 a conviction for `codes` falls under, named on the record:
    "§11(A)" (failure to license), "§11(B)" (any other provision) or both."""
    codes = list(codes or ())
    license_codes = [c for c in codes if c in FAILURE_TO_LICENSE_CODES]
    if license_codes and len(license_codes) < len(codes):
        return "§11(A), §11(B)"
    return "§11(A)" if license_codes else "§11(B)"
