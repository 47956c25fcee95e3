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


def ticket_on_the_docket(server):
    """A ticket served now on Bella's owner, as the officer's phone sends it."""
    import uuid

    from fieldapp.law import VIOLATIONS
    from fieldapp.models import Dog, User
    from fieldapp.services.entries import submit_entry
    from fieldapp.timeutil import utcnow
    with server.app().app_context():
        dco = db.session.execute(db.select(User).filter_by(username="dco")).scalar_one()
        dog = db.session.execute(db.select(Dog).filter_by(name="Bella")).scalar_one()
        owner = dog.primary_owner
        outcome = submit_entry(dco, str(uuid.uuid4()), "ticket", utcnow().isoformat(), {
            "dog_id": str(dog.id), "codes": ["6A2"], "served_capacity": "owner", "served_how": "personal",
            "served_name": owner.full_name, "served_address": owner.full_address, "confirm_duplicate": "y",
            "location_text": "Outside the owner's house", "ruled_out": [e.code for e in VIOLATIONS["6A2"].exceptions]})
        assert outcome.status in (200, 201), outcome.errors
        db.engine.dispose()


def test_justice_reads_the_docket_as_cards(phone, journey_server):
    """The docket's six columns at 360 px: a card per case, each cell with its column's name, no
    word broken letter by letter; printed, a table."""
    ticket_on_the_docket(journey_server)
    phone.start("justice")
    phone.tap_link("Docket")
    tables = phone.page.locator("table.docket-table")
    assert tables.count() >= 1
    cells = phone.page.evaluate(_CELLS, "table.docket-table")
    assert cells and all(c["width"] > 250 for c in cells), cells[:6]
    assert {'"Time"', '"Case"', '"Dog"', '"Owner"', '"Offence"'} <= {c["label"] for c in cells}
    phone.check_screen()
    phone.page.emulate_media(media="print")
    assert phone.page.evaluate("getComputedStyle(document.querySelector('table.docket-table')).display") == "table"
