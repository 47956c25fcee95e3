"""§11 Penalties."""
from decimal import Decimal

# §11(A) (failure to license) and §11(B) (any other provision) set the same limits:
# "a fine not to exceed $500.00 or imprisonment of not more than 15 days, or both".
MAX_FINE = Decimal("500.00")
MAX_IMPRISONMENT_DAYS = 15


def validate_sentence(fine: Decimal, days: int) -> None:
    """§11(A)/(B): ValueError unless 0 <= fine <= $500.00 and 0 <= days <= 15.
    Both together are allowed ("or both"). The fine must be a Decimal (or int), never float.
    """
    if isinstance(fine, bool) or not isinstance(fine, (Decimal, int)):
        raise TypeError(f"The fine must be a Decimal amount, not {type(fine).__name__}.")
    if isinstance(days, bool) or not isinstance(days, int):
        raise ValueError(f"Days of imprisonment must be a whole number, not {days!r}.")
    fine = Decimal(fine)
    if not fine.is_finite() or fine < 0:
        raise ValueError("The fine can't be negative.")
    if fine > MAX_FINE:
        raise ValueError(f"The fine (${fine:.2f}) can't be more than $500.00 (§11).")
    if days < 0:
        raise ValueError("Days of imprisonment can't be negative.")
    if days > MAX_IMPRISONMENT_DAYS:
        raise ValueError(f"Imprisonment ({days} days) can't be more than 15 days (§11).")
