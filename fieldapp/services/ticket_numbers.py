"""Appearance ticket numbers (§9): reserved in blocks, used once, voids recorded, gaps listed.

Paper ticket books have the same rules the clerk audits: every number is accounted for.
- `reserve_block(officer, device_id)`: a new run of numbers from the counter `ticket_number`
  (a Sequence that never goes back), so two blocks never overlap.
- `claim_number(officer, number)`: the phone wrote this number on a ticket. It must be in one
  of this officer's blocks and neither used nor voided; the unique column makes it stick.
- `allocate_number(officer)`: a ticket posted without JavaScript: the next free number from a
  block the server holds for the officer (device "server"); it is claimed (used) at once.
- `void_number(officer, number, reason)`: a spoiled number, never to be used.
- `gaps()`: numbers skipped inside what was used of a block (a later number of the block was used
  or voided), as ranges; `not_yet_used()`: numbers after the last one used, still held by a phone.
Errors are `ServiceError({"ticket_number": ...})` so an entry applier can let them through.
A void recorded offline is the "ticket_void" entry kind (services/registry.py).
"""
import re
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import record_event, take_from_sequence
from ..models.tickets import TicketBlock, TicketNumberUse
from .errors import ServiceError

PREFIX = "SC-"
BLOCK_SIZE = 25
SERVER_DEVICE = "server"
_NUMBER = re.compile(r"^\s*(?:SC-?)?0*(\d{1,9})\s*$", re.IGNORECASE)


def format_number(n: int) -> str:
    return f"{PREFIX}{n:06d}"


def parse_number(number) -> int:
    if isinstance(number, int) and not isinstance(number, bool) and 0 < number < 10**9:
        return number
    match = _NUMBER.match(number if isinstance(number, str) and len(number) < 40 else "")
    if not match:
        raise ServiceError({"ticket_number": "The ticket number is missing or not like SC-000123."})
    return int(match.group(1))


def block_size(value) -> int:
    """The size a phone asks for (a whole number, as a number or text); absent: BLOCK_SIZE."""
    if value is None or value == "":
        return BLOCK_SIZE
    text = str(value).strip() if isinstance(value, (int, str)) and not isinstance(value, bool) else ""
    if not text.isdigit() or len(text) > 4:
        raise ServiceError({"size": "A block holds from 1 to 200 numbers; give a whole number."})
    return int(text)


def _reader(**fields):
    from .enforcement.payload import PayloadReader  # here: enforcement.ticket imports this module
    return PayloadReader(fields)


def _reason(value) -> str:
    reader = _reader(reason=value)
    reason = reader.text("reason", 200, "Say why the number is void (for example: spoiled, torn).")
    reader.done()
    return reason


def take_numbers(count: int) -> int:
    """`count` consecutive ticket numbers from the counter (the first; format_number prints them)."""
    return take_from_sequence("ticket_number", count)


def reserve_block(officer, device_id: str, size: int = BLOCK_SIZE) -> TicketBlock:
    """A new block for this officer's device; flushed, not committed (the caller commits)."""
    reader = _reader(device_id=device_id)
    device_id = reader.text("device_id", 64, "The phone did not say which device it is.")
    reader.done()
    if not device_id:
        raise ServiceError({"device_id": "The phone did not say which device it is."})
    if not 1 <= size <= 200:
        raise ServiceError({"size": "A block holds from 1 to 200 numbers."})
    first = take_numbers(size)  # the whole block in one atomic statement
    block = TicketBlock(officer_id=officer.id, device_id=device_id, first=first, last=first + size - 1)
    db.session.add(block)
    db.session.flush()
    record_event("ticket_block.reserved", block, actor=officer, device_id=device_id,
                 first=format_number(block.first), last=format_number(block.last))
    return block


def block_numbers(block: TicketBlock) -> list[str]:
    return [format_number(n) for n in range(block.first, block.last + 1)]


def _block_of(officer, n: int) -> TicketBlock:
    block = db.session.execute(db.select(TicketBlock).where(
        TicketBlock.first <= n, TicketBlock.last >= n)).scalar_one_or_none()
    if block is None or block.officer_id != officer.id:
        raise ServiceError({"ticket_number": f"{format_number(n)} is not in a block of numbers "
                                            "reserved for you. Use a number from your own block."})
    return block


def _use(officer, number, status: str, reason=None, entry_id=None) -> str:
    n = parse_number(number)
    block = _block_of(officer, n)
    text = format_number(n)
    existing = db.session.execute(db.select(TicketNumberUse).filter_by(number=text)).scalar_one_or_none()
    if existing is not None:
        said = "used on a ticket" if existing.status == "used" else "voided"
        raise ServiceError({"ticket_number": f"{text} was already {said}. No number is used twice; "
                                            "take the next one from your block."})
    use = TicketNumberUse(number=text, block_id=block.id, officer_id=officer.id, status=status,
                          reason=reason, entry_id=entry_id)
    try:
        with db.session.begin_nested():
            db.session.add(use)
    except IntegrityError:  # the same number claimed at the same moment elsewhere
        raise ServiceError({"ticket_number": f"{text} was just used. Take the next number."}) from None
    return text


def claim_number(officer, number, entry_id=None) -> str:
    """Mark `number` used on a ticket; returns it formatted. Raises ServiceError if not allowed."""
    return _use(officer, number, "used", entry_id=entry_id)


def void_number(officer, number, reason: str, entry_id=None) -> str:
    reason = _reason(reason)
    text = _use(officer, number, "void", reason=reason[:200], entry_id=entry_id)
    record_event("ticket_number.voided", None, actor=officer, number=text, reason=reason[:200])
    return text


def allocate_number(officer, entry_id=None) -> str:
    """Next free number of the officer's server-held block (a new block when it runs out), claimed."""
    blocks = db.session.execute(db.select(TicketBlock).filter_by(
        officer_id=officer.id, device_id=SERVER_DEVICE).order_by(TicketBlock.first)).scalars().all()
    for block in blocks:
        taken = set(db.session.execute(db.select(TicketNumberUse.number).filter_by(
            block_id=block.id)).scalars())
        for text in block_numbers(block):
            if text not in taken:
                return claim_number(officer, text, entry_id=entry_id)
    block = reserve_block(officer, SERVER_DEVICE)
    return claim_number(officer, format_number(block.first), entry_id=entry_id)


def remaining(block: TicketBlock) -> list[str]:
    taken = set(db.session.execute(db.select(TicketNumberUse.number).filter_by(
        block_id=block.id)).scalars())
    return [t for t in block_numbers(block) if t not in taken]


def _ranges(numbers: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive numbers: [1, 2, 3, 7] -> [(1, 3), (7, 7)]."""
    runs = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def range_text(first: int, last: int) -> str:
    """"SC-001041" or "SC-001041–SC-001046" (an en dash)."""
    return format_number(first) if first == last else f"{format_number(first)}–{format_number(last)}"


def _block_accounts(block: TicketBlock, taken: set[int]) -> tuple[list[int], list[int]]:
    """§9, a block as a ticket book: (gaps, not yet used). Numbers are written in order, so a number
    neither used nor voided below the highest one accounted for (`taken`: used or voided) was
    skipped (a gap); those above it are still on the phone (or the server) to be used, not gaps."""
    highest = max(taken, default=block.first - 1)
    free = [n for n in range(block.first, block.last + 1) if n not in taken]
    return [n for n in free if n < highest], [n for n in free if n > highest]


def _rows(block: TicketBlock, numbers: list[int]) -> list[dict]:
    return [{"first": first, "last": last, "count": last - first + 1, "text": range_text(first, last),
             "officer": block.officer.full_name, "officer_id": block.officer_id,
             "device_id": block.device_id, "block_id": block.id, "issued_at": block.issued_at}
            for first, last in _ranges(numbers)]


def accounts() -> tuple[list[dict], list[dict]]:
    """(`gaps()`, `not_yet_used()`) read together: every block with its officer, and every number
    used or voided, one SELECT each, whatever the number of blocks."""
    taken: dict[int, set[int]] = {}
    for block_id, number in db.session.execute(db.select(TicketNumberUse.block_id, TicketNumberUse.number)):
        taken.setdefault(block_id, set()).add(parse_number(number))
    skipped, unused = [], []
    for block in db.session.execute(db.select(TicketBlock).options(selectinload(TicketBlock.officer))
                                    .order_by(TicketBlock.first)).scalars():
        gap_numbers, later = _block_accounts(block, taken.get(block.id, set()))
        skipped += _rows(block, gap_numbers)
        unused += _rows(block, later)
    return skipped, unused


def gaps() -> list[dict]:
    """§9 for the clerk: numbers skipped inside what was used of a block (neither used nor voided,
    but a later number of the same block was), as ranges, oldest block first."""
    return accounts()[0]


def not_yet_used() -> list[dict]:
    """Numbers reserved by a phone (or the server) after the last one it used: still to be used, not gaps."""
    return accounts()[1]


def voids() -> list[TicketNumberUse]:
    return db.session.execute(db.select(TicketNumberUse).filter_by(status="void")
                              .options(selectinload(TicketNumberUse.officer))
                              .order_by(TicketNumberUse.at.desc())).scalars().all()


# A void works offline too: the phone queues a "ticket_void" entry in its outbox.
@dataclass(frozen=True)
class VoidInput:
    number: int
    reason: str


def validate_void(payload, user) -> VoidInput:
    errors = {}
    try:
        n = parse_number(payload.get("ticket_number"))
    except ServiceError as exc:
        errors.update(exc.errors)
        n = None
    try:
        reason = _reason(payload.get("reason"))
    except ServiceError as exc:
        errors.update(exc.errors)
    if errors:
        raise ServiceError(errors)
    return VoidInput(n, reason)


def apply_void(clean: VoidInput, entry, user) -> dict:
    text = void_number(user, clean.number, clean.reason, entry_id=entry.id)
    return {"ticket_number": text, "status": "void", "reason": clean.reason}

