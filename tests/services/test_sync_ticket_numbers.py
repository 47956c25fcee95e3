"""§9 appearance ticket numbers: blocks never overlap, each number used once, voids and gaps."""
import uuid
from datetime import UTC, datetime

import pytest

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.tickets import TicketNumberUse
from fieldapp.services import ticket_numbers
from fieldapp.services.entries import submit_entry
from fieldapp.services.errors import ServiceError


def user(name):
    return db.session.execute(db.select(User).filter_by(username=name)).scalar_one()


def test_s9_ticket_blocks_never_overlap(app):
    with app.app_context():
        dco, con = user("dco"), user("constable")
        blocks = [ticket_numbers.reserve_block(dco, "phone-a"), ticket_numbers.reserve_block(con, "phone-b"),
                  ticket_numbers.reserve_block(dco, "phone-a", size=5), ticket_numbers.allocate_number(con) and None]
        db.session.commit()
        ranges = [(b.first, b.last) for b in blocks if b]
        seen = set()
        for first, last in ranges:
            numbers = set(range(first, last + 1))
            assert not numbers & seen
            seen |= numbers
        assert blocks[0].last - blocks[0].first + 1 == 25
        assert ticket_numbers.block_numbers(blocks[2])[0].startswith("SC-")


def test_s9_a_ticket_number_is_used_once(app):
    with app.app_context():
        dco, con = user("dco"), user("constable")
        block = ticket_numbers.reserve_block(dco, "phone-a")
        number = ticket_numbers.format_number(block.first)
        assert ticket_numbers.claim_number(dco, number) == number
        db.session.commit()
        with pytest.raises(ServiceError) as again:
            ticket_numbers.claim_number(dco, number)
        assert "already used" in again.value.errors["ticket_number"]
        with pytest.raises(ServiceError) as other:  # not in the constable's blocks
            ticket_numbers.claim_number(con, ticket_numbers.format_number(block.first + 1))
        assert "not in a block" in other.value.errors["ticket_number"]
        with pytest.raises(ServiceError):
            ticket_numbers.void_number(dco, number, "spoiled")  # used numbers cannot be voided


def test_s9_allocate_number_without_js_takes_the_next_free_number(app):
    with app.app_context():
        dco = user("dco")
        first = ticket_numbers.allocate_number(dco)
        second = ticket_numbers.allocate_number(dco)
        db.session.commit()
        assert ticket_numbers.parse_number(second) == ticket_numbers.parse_number(first) + 1
        assert db.session.execute(db.select(TicketNumberUse).filter_by(number=first)).scalar_one().status == "used"


def test_s9_voids_are_recorded_and_gaps_listed_for_the_clerk(app):
    with app.app_context():
        dco = user("dco")
        block = ticket_numbers.reserve_block(dco, "phone-a", size=4)
        nums = ticket_numbers.block_numbers(block)
        ticket_numbers.claim_number(dco, nums[0])
        ticket_numbers.void_number(dco, nums[1], "torn")
        db.session.commit()
        assert ticket_numbers.gaps() == []  # the rest of the block is still on the phone: not gaps
        assert [g["text"] for g in ticket_numbers.not_yet_used()] == [f"{nums[2]}–{nums[3]}"]
        assert [(v.number, v.reason) for v in ticket_numbers.voids()] == [(nums[1], "torn")]
        with pytest.raises(ServiceError) as no_reason:
            ticket_numbers.void_number(dco, nums[2], "")
        assert "reason" in no_reason.value.errors


def test_s9_a_void_recorded_offline_arrives_as_a_ticket_void_entry(app):
    with app.app_context():
        dco = user("dco")
        block = ticket_numbers.reserve_block(dco, "phone-a", size=3)
        db.session.commit()
        number = ticket_numbers.format_number(block.first + 2)
        entry_id = str(uuid.uuid4())
        when = datetime.now(UTC).isoformat()
        payload = {"ticket_number": number, "reason": "written on in error"}
        first = submit_entry(dco, entry_id, "ticket_void", when, payload)
        again = submit_entry(dco, entry_id, "ticket_void", when, payload)
        assert (first.status, again.status) == (201, 200)
        assert first.result == again.result == {"ticket_number": number, "status": "void",
                                                "reason": "written on in error"}
        bad = submit_entry(dco, str(uuid.uuid4()), "ticket_void", when, {"ticket_number": number, "reason": "x"})
        assert bad.status == 422 and "already voided" in bad.errors["ticket_number"]


def test_s9_gaps_are_numbers_skipped_inside_what_was_used_listed_as_ranges(app):
    with app.app_context():
        dco = user("dco")
        block = ticket_numbers.reserve_block(dco, "phone-b", size=10)
        nums = ticket_numbers.block_numbers(block)
        for i in (0, 4, 6):  # 1..3 and 5 skipped; 7..9 not yet used
            ticket_numbers.claim_number(dco, nums[i])
        db.session.commit()
        gaps = [g for g in ticket_numbers.gaps() if g["block_id"] == block.id]
        assert [(g["text"], g["count"]) for g in gaps] == [(f"{nums[1]}–{nums[3]}", 3), (nums[5], 1)]
        unused = [g for g in ticket_numbers.not_yet_used() if g["block_id"] == block.id]
        assert [(g["text"], g["count"]) for g in unused] == [(f"{nums[7]}–{nums[9]}", 3)]
