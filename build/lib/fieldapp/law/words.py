"""How the app says a date, a time and a sum of money: one way, everywhere a person reads one.

The law core's messages, the services' letters and PDFs, the pages (Jinja filters `longdate`,
`clock`, `when`, `month` and `money`, registered once in `fieldapp/web.py`) and the phone
(`fieldapp/static/js/format.js`: `longdate`, `clock`, `when`, `money`; `tests/test_format_js.py`
holds the two to each other) all say:

- a date: "Wed 2 Dec 2026" (`say_date`). The format the pages already used most, and the one the
  phone's JavaScript writes: the weekday matters to the people using it (a hold ending on a
  Saturday, a court that sits on Wednesdays), the month as a word reads the same to everyone (no
  2/12 against 12/2), and it is short enough for a table column at 360 px;
- a time: "2:30 pm" (`say_time`); both: "Wed 2 Dec 2026, 2:30 pm" (`say_datetime`);
- a month: "December 2026" (`say_month`: a cash report's or a renewal's month, no day in it);
- money: "$1,234.00" (`say_money`), the dollar sign, thousands separated, always the cents;
  a negative amount (a balance below nothing) "−$5.00", with the minus sign (U+2212) that reads
  as one, not a hyphen.

Plain values in, words out; no Flask, no database, not locale dependent. Values are wall values:
a datetime is said on its own clock, so the caller reads an instant on the clock of the town
acted for first (`fieldapp.timeutil.to_local`, its record's time zone, as the
`longdate`/`clock`/`when` filters do).

Machine formats are not said, they are written, and stay as they are where they are: ISO dates in
CSV and JSON, HTML date/datetime-local/month input values (`%Y-%m-%dT%H:%M`), file names
(`...-20261202.pdf`), an amount typed into a money field ("5.00"), the sign-in log's UTC stamp,
and the DL-18 report's columns in the format the state requires.
"""
from datetime import date, datetime, time
from decimal import Decimal

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")  # date.weekday() order


def say_date(d: date | datetime) -> str:
    """Wed 2 Dec 2026 (a datetime: its date, on its own clock)."""
    return f"{DAYS[d.weekday()]} {d.day} {MONTHS[d.month - 1]} {d.year}"


def say_time(t: time | datetime) -> str:
    """2:30 pm (12:00 pm is noon, 12:00 am midnight)."""
    return f"{t.hour % 12 or 12}:{t.minute:02d} {'am' if t.hour < 12 else 'pm'}"


def say_datetime(dt: datetime) -> str:
    """Wed 2 Dec 2026, 2:30 pm."""
    return f"{say_date(dt)}, {say_time(dt)}"


def say_month(d: date) -> str:
    """December 2026."""
    return f"{MONTH_NAMES[d.month - 1]} {d.year}"


def say_money(value) -> str:
    """$1,234.00 (a Decimal, an int or its text; a float is rounded to the cent as it is)."""
    amount = Decimal(str(value)) if not isinstance(value, Decimal) else value
    sign = "\u2212" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"
