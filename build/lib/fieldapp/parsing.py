"""What a person types, read one way everywhere: amounts of money, dates and clock times.

Each parser returns the typed value or None when the text is not one the records can keep, and
never raises: the caller puts its own words on the field. An amount is a finite number to the
cent that fits the money columns (`Numeric(10, 2)`), so 1e30 is refused here rather than by the
database or by `quantize`; a date is ISO (what `<input type=date>` sends) within the years a
record of this town can name, so arithmetic on it (a term, a return date) cannot overflow.
"""
import re
from datetime import date, time
from decimal import Decimal, InvalidOperation

CENTS = Decimal("0.01")
MAX_AMOUNT = Decimal("99999999.99")  # the money columns: Numeric(10, 2)
FIRST_YEAR, LAST_YEAR = 1900, 2199  # a dog's birth to a license's or a return date's end


def parse_money(text, *, blank=None) -> Decimal | None:
    """"$1,234.50", "12", "0.5" -> Decimal to the cent; `blank` for empty text; None for what is
    not an amount (words, NaN, 1e30, fractions of a cent, more than the columns keep). Negative
    amounts are returned: the caller says whether one may be."""
    if text is None or isinstance(text, bool):
        return blank
    if isinstance(text, Decimal | int):
        value = Decimal(text)
    else:
        raw = str(text).replace("$", "").replace(",", "").strip()
        if not raw:
            return blank
        if len(raw) > 32 or not re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)", raw):
            return None  # no exponents ("1e30"), no "NaN" or "Infinity"
        try:
            value = Decimal(raw)
        except InvalidOperation:
            return None
    if not value.is_finite() or abs(value) > MAX_AMOUNT or value != value.quantize(CENTS):
        return None
    return value.quantize(CENTS)


def parse_date(text, *, blank=None) -> date | None:
    """"2026-12-02" -> date; `blank` for empty text; None for what is not a date this town's
    records can hold (not ISO, no such day, before 1900 or after 2199)."""
    if isinstance(text, date):
        value = text
    else:
        raw = "" if text is None else str(text).strip()
        if not raw:
            return blank
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
            return None
        try:
            value = date.fromisoformat(raw)
        except ValueError:
            return None
    return value if date_in_range(value) else None


def date_in_range(value: date) -> bool:
    return FIRST_YEAR <= value.year <= LAST_YEAR


DATE_RANGE_MESSAGE = f"Enter a date between {FIRST_YEAR} and {LAST_YEAR}, like 2026-12-02."

_CLOCK = re.compile(r"(\d{1,2})(?:[:.h]?(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?", re.IGNORECASE)


def parse_clock(text) -> str | None:
    """"18:00", "6 pm", "6:30 p.m.", "0930" -> "HH:MM" (24-hour, as records store it); None for
    what is not a time of day."""
    if isinstance(text, time):
        return f"{text.hour:02d}:{text.minute:02d}"
    match = _CLOCK.fullmatch(str(text or "").strip())
    if not match:
        return None
    hour, minute, half = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or "").lower()
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half.startswith("p") else 0)
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}"
