"""The phone says a date, a time and money as the server does: `format.js`'s `longdate`, `clock`,
`when` and `money` against `fieldapp/law/words.py` (through `fieldapp/web.py`'s filters of the same
names, which read an instant on the town's clock first), on the same values (Node runs the module)."""
import json
import os
import shutil
import subprocess
from datetime import UTC, date, datetime, time
from decimal import Decimal
from pathlib import Path

import pytest

from fieldapp.law.words import say_date, say_money, say_time
from fieldapp.web import clock, longdate, when

ROOT = Path(__file__).resolve().parents[1]
VALUES = [
    "2026-12-02", "2026-01-01", "2024-02-29",
    "2026-12-02T19:30:00Z", "2026-07-04T03:05:00Z",  # an instant, read on the town's clock
    "2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z",  # the repeated hour of the autumn change
    "2026-03-08T07:15:00+00:00", "2026-12-31T23:59:59-05:00",
]


MONEY = ["0", "0.00", "5", "12.5", "12.50", "999.99", "1000", "1234.56", "1234567.89", "-5.00"]


def python_side(value):
    if "T" in value:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC)
        return longdate(parsed), clock(parsed), when(parsed)
    return longdate(date.fromisoformat(value)), None, None


def node(script):
    # The phone set to another zone: the town's day and clock all the same.
    return json.loads(subprocess.run([shutil.which("node"), "--input-type=module", "-e", script], capture_output=True,
                                     text=True, check=True, env={**os.environ, "TZ": "Asia/Tokyo"}).stdout)


def test_node_is_here():
    assert shutil.which("node"), "Node.js runs the phone's JavaScript tests (make test)"


@pytest.mark.parametrize("value", VALUES)
def test_format_js_says_it_as_the_server_does(value):
    script = (f"import {{ longdate, clock, when }} from '{ROOT / 'fieldapp/static/js/format.js'}';"
              f"const v = {json.dumps(value)};"
              "console.log(JSON.stringify([longdate(v), v.includes('T') ? clock(v) : null,"
              " v.includes('T') ? when(v) : null]));")
    assert tuple(node(script)) == python_side(value)


def test_format_js_says_money_as_the_server_does():
    script = (f"import {{ money }} from '{ROOT / 'fieldapp/static/js/format.js'}';"
              f"console.log(JSON.stringify({json.dumps(MONEY)}.map(money)));")
    assert node(script) == [say_money(Decimal(v)) for v in MONEY]


def test_the_one_format():
    """The words the pages, letters, messages and phone share (law/words.py)."""
    assert say_date(date(2026, 12, 2)) == "Wed 2 Dec 2026"
    assert say_time(time(14, 30)) == "2:30 pm" and say_time(time(0, 5)) == "12:05 am"
    assert say_money(Decimal("1234.5")) == "$1,234.50" and say_money(3) == "$3.00"


def test_a_bare_time_is_said_the_same_way():
    assert clock(time(18, 0)) == "6:00 pm"


def test_format_js_reads_the_town_zone_its_page_names():
    """A town in Chicago: its pages say `<html data-town-tz="America/Chicago">`, and the phone
    counts on that clock (05:30 UTC on 3 Dec is still 2 Dec there)."""
    script = ("globalThis.document = { documentElement: { dataset: { townTz: 'America/Chicago' } } };"
              f"const {{ when }} = await import('{ROOT / 'fieldapp/static/js/format.js'}');"
              "console.log(JSON.stringify(when('2026-12-03T05:30:00Z')));")
    assert node(script) == "Wed 2 Dec 2026, 11:30 pm"
