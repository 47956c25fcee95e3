"""The phone says a date and a time as the server does: `format.js`'s `longdate` and `clock`
against `fieldapp/web.py`'s filters of the same names, on the same values (Node runs the module)."""
import json
import os
import shutil
import subprocess
from datetime import UTC, date, datetime, time
from pathlib import Path

import pytest

from fieldapp.web import clock, longdate

ROOT = Path(__file__).resolve().parents[1]
VALUES = [
    "2026-12-02", "2026-01-01", "2024-02-29",
    "2026-12-02T19:30:00Z", "2026-07-04T03:05:00Z",  # an instant, read on the town's clock
    "2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z",  # the repeated hour of the autumn change
    "2026-03-08T07:15:00+00:00", "2026-12-31T23:59:59-05:00",
]


def python_side(value):
    if "T" in value:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC)
        return longdate(parsed), clock(parsed)
    return longdate(date.fromisoformat(value)), None


def test_node_is_here():
    assert shutil.which("node"), "Node.js runs the phone's JavaScript tests (make test)"


@pytest.mark.parametrize("value", VALUES)
def test_format_js_says_it_as_the_server_does(value):
    script = (f"import {{ longdate, clock }} from '{ROOT / 'fieldapp/static/js/format.js'}';"
              f"const v = {json.dumps(value)};"
              "console.log(JSON.stringify([longdate(v), v.includes('T') ? clock(v) : null]));")
    # The phone set to another zone: the town's day and clock all the same.
    out = subprocess.run([shutil.which("node"), "--input-type=module", "-e", script], capture_output=True,
                         text=True, check=True, env={**os.environ, "TZ": "Asia/Tokyo"}).stdout
    assert tuple(json.loads(out)) == python_side(value)


def test_a_bare_time_is_said_the_same_way():
    assert clock(time(18, 0)) == "6:00 pm"
