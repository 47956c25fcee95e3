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
The counter is the deployment's, so a number names one ticket whatever its town; what is printed
before it is the town's own (the setting "ticket_number_prefix"): a block shows its town's, a
number used is stored with the letters of the town it is used for.
A void recorded offline is the "ticket_void" entry kind (services/registry.py).
"""
import re
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import record_event, take_from_sequence
from ..models.tickets import TicketBlock, TicketNumberUse
from ..models.town_owned import seen
from .errors import ServiceError

PREFIX_SETTING = "ticket_number_prefix"
BLOCK_SIZE = 25
SERVER_DEVICE = "server"
# Any town's letters (a number typed at another town's desk is still found), or none.
_NUMBER = re.compile(r"^\s*(?:[A-Z]{1,4}\s*-?\s*)?0*(\d{1,9})\s*$", re.IGNORECASE)


def town_prefix(town_id: int | None = None) -> str:
    """The letters the town prints before its ticket numbers: the town acted for's, or
    `town_id`'s (a block is its town's, whichever town the page acts for)."""
    from ..settings import get_setting  # here: settings imports the models this module does
    if town_id is None:
        return get_setting(PREFIX_SETTING)
    from ..town import acting_for
    with acting_for(town_id):
        return get_setting(PREFIX_SETTING)


def block_prefix(block: TicketBlock) -> str:
    return town_prefix(block.town_id)


def format_number(n: int, prefix: str | None = None) -> str:
    """The town's letters (`prefix`, else the town acted for's), a hyphen, the number in six digits."""
    return f"{town_prefix() if prefix is None else prefix}-{n:06d}"


def parse_number(number) -> int:
    if isinstance(number, int) and not isinstance(number, bool) and 0 < number < 10**9:
        return number
    match = _NUMBER.match(number if isinstance(number, str) and len(number) < 40 else "")
    if not match:
        raise ServiceError({"ticket_number": f"The ticket number is missing or not like {format_number(123)}."})
    return int(match.group(1))


def ticket_by_number(typed):
    """The appearance ticket a number names, as stored (its town's letters, a hyphen, six digits)
    or typed with any town's letters, or none ("123"): the counter is one, so the digits name one
    ticket. None when none."""
    from ..models.enforcement import AppearanceTicket  # here: the enforcement services import this module
    if isinstance(typed, str):
        exact = db.session.execute(db.select(AppearanceTicket).filter_by(number=typed)).scalar_one_or_none()
        if exact is not None:
            return exact
    try:
        n = parse_number(typed)
    except ServiceError:
        return None
    found = [t for t in db.session.execute(db.select(AppearanceTicket).where(
        AppearanceTicket.number.like(f"%-{n:06d}"))).scalars() if parse_number(t.number) == n]
    return found[0] if len(found) == 1 else None


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
    # The deployment's, not a town's: an officer serving several towns holds one run of numbers
    # on the phone, and a number looked up (serving, the court's case) names one ticket
    # (AppearanceTicket.number and the blocks are unique in the deployment). Each town's blocks
    # are its own, and so are their accounts: a number of them used on another town's ticket is
    # used there, not a gap (`accounts`).
    return take_from_sequence("ticket_number", count, deployment=True)


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
    prefix = block_prefix(block)
    return [format_number(n, prefix) for n in range(block.first, block.last + 1)]


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
    # The issuing town's letters (the town acted for: where the ticket was written), whatever was
    # typed: a phone's block may be another town's of the officer's, the counter is one.
    text = format_number(n)
    # By the number, not its text (the letters may differ, the unique column would let it by), and
    # in every town: a number of the block used for another town's ticket is used all the same.
    # The LIKE narrows to the digits in SQL (a block's uses are not all loaded for each number).
    existing = next((use for use in db.session.execute(db.select(TicketNumberUse).filter_by(block_id=block.id)
                                                       .where(TicketNumberUse.number.like(f"%-{n:06d}"))
                                                       .execution_options(all_towns=True))
                     .scalars() if parse_number(use.number) == n), None)
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
    from ..town import current_town_id
    blocks = db.session.execute(db.select(TicketBlock).filter_by(  # the town's own: its book, its gaps
        officer_id=officer.id, device_id=SERVER_DEVICE).where(TicketBlock.town_id == current_town_id())
        .order_by(TicketBlock.first)).scalars().all()
    for block in blocks:
        for n in _free(block):
            return claim_number(officer, n, entry_id=entry_id)
    block = reserve_block(officer, SERVER_DEVICE)
    return claim_number(officer, block.first, entry_id=entry_id)


def _free(block: TicketBlock) -> list[int]:
    """The block's numbers neither used nor voided (compared as numbers: the letters may differ)."""
    taken = {parse_number(text) for text in db.session.execute(db.select(TicketNumberUse.number).filter_by(
        block_id=block.id).execution_options(all_towns=True)).scalars()}  # whichever town's ticket used it
    return [n for n in range(block.first, block.last + 1) if n not in taken]


def remaining(block: TicketBlock) -> list[str]:
    prefix = block_prefix(block)
    return [format_number(n, prefix) for n in _free(block)]


def _ranges(numbers: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive numbers: [1, 2, 3, 7] -> [(1, 3), (7, 7)]."""
    runs = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def range_text(first: int, last: int, prefix: str | None = None) -> str:
    """One number, or the first and the last with an en dash between ("XY-001041–XY-001046")."""
    if first == last:
        return format_number(first, prefix)
    return f"{format_number(first, prefix)}–{format_number(last, prefix)}"


def _block_accounts(block: TicketBlock, taken: set[int]) -> tuple[list[int], list[int]]:
    """§9, a block as a ticket book: (gaps, not yet used). Numbers are written in order, so a number
    neither used nor voided below the highest one accounted for (`taken`: used or voided) was
    skipped (a gap); those above it are still on the phone (or the server) to be used, not gaps."""
    highest = max(taken, default=block.first - 1)
    free = [n for n in range(block.first, block.last + 1) if n not in taken]
    return [n for n in free if n < highest], [n for n in free if n > highest]


def _rows(block: TicketBlock, numbers: list[int]) -> list[dict]:
    prefix = block_prefix(block)
    return [{"first": first, "last": last, "count": last - first + 1, "text": range_text(first, last, prefix),
             "officer": block.officer.full_name, "officer_id": block.officer_id,
             "device_id": block.device_id, "block_id": block.id, "issued_at": block.issued_at}
            for first, last in _ranges(numbers)]


def accounts() -> tuple[list[dict], list[dict]]:
    """(`gaps()`, `not_yet_used()`) read together: every block with its officer, and every number
    used or voided, one SELECT each, whatever the number of blocks."""
    taken: dict[int, set[int]] = {}
    for block_id, number in db.session.execute(_uses_of_blocks_seen(TicketNumberUse.block_id, TicketNumberUse.number)):
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


def _uses_of_blocks_seen(*columns):
    """The numbers used or voided from the blocks of the towns seen, whichever town's ticket used
    them: an officer of two towns writes both towns' tickets from the one block on the phone, and
    a number of this town's book used on the other's ticket is used, not a gap. Only the numbers
    (and a void's reason) are read; the other town's ticket stays its own."""
    return (db.select(*columns).join(TicketBlock, TicketBlock.id == TicketNumberUse.block_id)
            .where(seen(TicketBlock.town_id)).execution_options(all_towns=True))


def voids() -> list[TicketNumberUse]:
    return db.session.execute(_uses_of_blocks_seen(TicketNumberUse).filter(TicketNumberUse.status == "void")
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

