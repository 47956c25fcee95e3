"""Tables of many columns on a 360 px phone: each row becomes a card whose cells say their
column, no word broken letter by letter; printed, they stay tables."""
import re
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.services.money import PaymentLine, record_receipt
from fieldapp.timeutil import local_today

pytestmark = pytest.mark.browser

_CELLS = """(sel) => [...document.querySelectorAll(sel + ' tbody td')].map((td) => ({
  width: td.getBoundingClientRect().width, label: getComputedStyle(td, '::before').content }))"""


def take_a_fee(server):
    """A replacement tag paid by check today, as the counter records it."""
    with server.app().app_context():
        record_receipt([PaymentLine("replacement_tag", Decimal("3.00"), memo="Replacement tag, narrow tables")],
                       method="check", reference="1042", payer_name="Pat Quinlan", received_on=local_today())
        db.session.commit()
        db.engine.dispose()


def test_clerk_reads_the_months_payment_lines_as_cards(phone, journey_server):
    take_a_fee(journey_server)
    phone.start("clerk")
    phone.tap_link("Money and reports")
    phone.tap_link(re.compile(r"^This month's cash report"))
    cells = phone.page.evaluate(_CELLS, "#lines")
    assert all(c["width"] > 250 for c in cells), cells[:5]
    assert {c["label"] for c in cells[:5]} == {'"Date"', '"Receipt"', '"Fee"', '"Paid by"', '"Amount"'}
    phone.page.emulate_media(media="print")
    assert phone.page.evaluate("getComputedStyle(document.querySelector('#lines')).display") == "table"
