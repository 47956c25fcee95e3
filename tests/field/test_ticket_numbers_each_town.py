"""§9 appearance ticket numbers of several towns: one counter for the deployment (a number names
one ticket), each printed with its town's letters (the setting "ticket_number_prefix")."""
import re

import pytest

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.enforcement import AppearanceTicket
from fieldapp.services import ticket_numbers
from fieldapp.services.errors import ServiceError
from fieldapp.services.towns import add_town, initials
from fieldapp.settings import SPECS, get_setting, set_setting
from fieldapp.town import acting_for, seeing

from ..roadside import errors_of, post, ticket_data


def _letters(app, town_id, letters):
    with app.app_context(), acting_for(town_id):
        set_setting("ticket_number_prefix", letters)
        db.session.commit()


def test_s9_a_ticket_issued_for_the_second_town_carries_its_prefix(app, client, auth, two_towns):
    """§9: the officer "shall issue and serve an appearance ticket"; the number is the deployment's
    counter's, the letters before it the town's that issues it."""
    _letters(app, two_towns["second"], "EH")
    auth.login("dco")  # serves both towns
    numbers = {}
    for town, dog in (("second", two_towns["dog"]), ("first", None)):
        over = {"town_id": str(two_towns[town])} | ({"dog_id": str(dog)} if dog else {})
        response, entry_id = post(client, "/field/tickets/new", **ticket_data(app, **over))
        assert response.status_code == 201, errors_of(response)
        with app.app_context():
            numbers[town] = db.session.scalar(db.select(AppearanceTicket.number).filter_by(entry_id=entry_id)
                                              .execution_options(all_towns=True))
    assert re.fullmatch(r"EH-\d{6}", numbers["second"]) and re.fullmatch(r"SC-\d{6}", numbers["first"])
    # One counter: the two numbers differ, whatever the letters.
    assert ticket_numbers.parse_number(numbers["second"]) != ticket_numbers.parse_number(numbers["first"])
    page = client.get(f"/field/tickets/{numbers['second']}")
    assert page.status_code == 200 and numbers["second"] in page.get_data(as_text=True)
    # Typed with no letters, or another town's, the number is found all the same: one counter.
    digits = numbers["second"][3:]
    for typed in (digits.lstrip("0"), "sc-" + digits, "EH" + digits):
        found = client.get(f"/field/tickets/{typed}")
        assert found.status_code == 302 and found.headers["Location"].endswith(f"/field/tickets/{numbers['second']}")
    assert client.get("/field/tickets/EH-999999").status_code == 404
    with app.app_context(), seeing([two_towns["first"], two_towns["second"]]):
        from fieldapp.services.court import case_for
        assert case_for("ticket", "SC-" + digits).record.number == numbers["second"]


def test_s9_a_phones_block_carries_the_letters_of_the_town_acted_for(app, client, auth, two_towns):
    _letters(app, two_towns["second"], "EH")
    with app.app_context():
        dco = db.session.get(User, two_towns["dco"])
        with acting_for(two_towns["second"]):
            block = ticket_numbers.reserve_block(dco, "phone-a", size=3)
            numbers = ticket_numbers.block_numbers(block)
        assert all(re.fullmatch(r"EH-\d{6}", n) for n in numbers)
        # Read from the first town's page all the same: a block is its town's.
        assert ticket_numbers.block_numbers(block) == numbers
        with acting_for(two_towns["second"]):
            # Typed with another town's letters, or none, the number is found and stored with its town's.
            assert ticket_numbers.claim_number(dco, "sc-" + numbers[0][3:]) == numbers[0]
            assert ticket_numbers.claim_number(dco, str(block.first + 1)) == numbers[1]
            set_setting("ticket_number_prefix", "ELM")  # changed since: the numbers used keep theirs
            with pytest.raises(ServiceError) as again:
                ticket_numbers.claim_number(dco, numbers[0])
            assert "already used" in again.value.errors["ticket_number"]
            assert ticket_numbers.remaining(block) == ["ELM-" + numbers[2][3:]]
        # Used for a ticket of the first town (the phone's one run of numbers): the first town's letters.
        with acting_for(two_towns["first"]), seeing([two_towns["first"], two_towns["second"]]):  # as an entry's
            assert ticket_numbers.claim_number(dco, "ELM-" + numbers[2][3:]) == "SC-" + numbers[2][3:]
        with acting_for(two_towns["second"]):  # the block's town, which does not read the first's tickets
            assert ticket_numbers.remaining(block) == []
            with pytest.raises(ServiceError) as again:
                ticket_numbers.claim_number(dco, numbers[2])
            assert "already used" in again.value.errors["ticket_number"]


def test_s9_a_number_of_this_towns_book_used_for_another_towns_ticket_is_no_gap(app, client, auth, two_towns):
    """§9 "the appearance ticket" an officer issues comes from the phone's one block, whichever of
    the officer's towns it is written for: the block's town's clerk sees that number used (or its
    void), not a gap to account for."""
    with app.app_context():
        dco = db.session.get(User, two_towns["dco"])
        block = ticket_numbers.reserve_block(dco, "phone-a", size=4)  # the first town's book
        digits = [n[3:] for n in ticket_numbers.block_numbers(block)]
        with acting_for(two_towns["second"]), seeing([two_towns["first"], two_towns["second"]]):
            ticket_numbers.claim_number(dco, digits[0])
            ticket_numbers.void_number(dco, digits[1], "torn at the roadside in the second town")
        ticket_numbers.claim_number(dco, digits[2])
        db.session.commit()
    auth.login("clerk")  # the first town's
    page = client.get("/tickets/numbers").get_data(as_text=True)
    assert "Gaps (0)" in page, page
    assert "torn at the roadside in the second town" in page and f"SC-{digits[3]}" in page  # the last: not yet used
    with app.app_context(), acting_for(two_towns["second"]), seeing([two_towns["second"]]):
        # The second town's own accounts hold no book of the first's.
        assert ticket_numbers.accounts() == ([], []) and ticket_numbers.voids() == []


def test_a_new_towns_letters_are_its_initials(app):
    assert [initials(n) for n in ("Example Town", "Sandy Creek", "Richland", "New Haven Falls", "Port-Leyden")] == [
        "ET", "SC", "RI", "NHF", "PL"]
    with app.app_context():
        county = db.session.scalars(db.select(User).filter_by(username="county_admin")).one()
        town = add_town({"town_name": "Example Town", "town_county": "Oswego", "town_zip": "13144",
                         "town_law": SPECS["town_law"].default, "town_time_zone": "America/New_York",
                         "clerk_phone": "(315) 555-0100", "clerk_address": "1 Example Rd",
                         "court_name": "Example Town Court", "court_address": "1 Example Rd",
                         "dco_phone": "(315) 555-0101"}, county)
        with acting_for(town.id):
            assert get_setting("ticket_number_prefix") == "ET"
        assert get_setting("ticket_number_prefix") == "SC"  # the first town's, the default


@pytest.mark.parametrize("typed, kept", [("sc", "SC"), (" ABCD ", "ABCD")])
def test_the_letters_setting_takes_one_to_four_letters(app, typed, kept):
    from fieldapp.settings import SettingValueError, parse_value
    spec = SPECS["ticket_number_prefix"]
    assert parse_value(spec, typed) == kept
    for bad in ("", "ABCDE", "S-C", "S1"):
        with pytest.raises(SettingValueError):
            parse_value(spec, bad)
