"""The one CSV writer of every export (the §5(F) license record, the DL-18): a spreadsheet shows
each typed cell as text, never runs it.

A cell that starts like a formula ("=", "+", "-", "@", a tab or a carriage return: OWASP's CSV
injection list) gets a leading apostrophe, so `=HYPERLINK(...)` or `+cmd|...` typed into a
dog's name or an owner's address stays words. Numbers the app wrote itself are not strings and
pass as they are.
"""
import csv
import io

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    """A CSV cell a spreadsheet shows as text (strings starting like a formula get an apostrophe)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(header, rows) -> str:
    """The header and the rows (sequences of values), every cell through `cell`."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([cell(h) for h in header])
    writer.writerows([cell(v) for v in row] for row in rows)
    return out.getvalue()


def csv_bytes(header, rows) -> bytes:
    """As `csv_text`, UTF-8 with the byte-order mark Excel needs to read accents and “quotes”."""
    return csv_text(header, rows).encode("utf-8-sig")
