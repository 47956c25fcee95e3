"""Identification tags (§4(H), §5(G)): issue, bind pre-printed blanks, replace lost tags.

§5(G): the clerk assigns an identification number when a dog is first licensed; the tag shows
it with the town, state and the Town Clerk's telephone (§4(H)). A tag carries a QR code of
<site>/t/<token>.
§5(G)(1): a tag is never placed on another dog — once bound, a tag belongs to that dog forever;
a lost or replaced tag is retired, never re-issued.
§5(G)(2): a replacement tag costs the fee set by resolution of the Town Board
(setting `fee_replacement_tag`), recorded as a Payment(kind="replacement_tag"); the clerk may
waive it only with a reason (a $0.00 line of that kind carrying the reason). A license that
issues a new tag to a dog that had one charges it too (services.licensing.fee_lines).

These functions add and flush; the request commits (fieldapp.web). A refusal is a
`ServiceError`: about the blank tag typed in, on "blank_tag"; anything else form-wide ("").
`user` is who acts (None on the command line).
"""
from decimal import Decimal

from ...extensions import db
from ...law.words import say_date
from ...models import Dog, Tag, record_event, take_from_sequence
from ...settings import get_setting
from ..errors import ServiceError
from ..money import PaymentLine, check_method, record_receipt
from .tokens import new_token, normalize_token

SERIAL_SEQUENCE = "tag_serial"


def _refuse(message: str, field: str = "") -> ServiceError:
    return ServiceError({field: message})


def _no_id_number(dog: Dog) -> ServiceError:
    return _refuse(f"{dog.name} has no identification number yet; license the dog first.")


def _fresh_token() -> str:
    while True:  # 64 bits: a clash is astronomically rare, but the column is unique anyway
        token = new_token()
        if not db.session.execute(db.select(Tag.id).filter_by(token=token)).first():
            return token


def serials(count: int) -> list[int]:
    """`count` tag numbers (printed on the tag, "TAG 57") at once, in order."""
    # The deployment's, not a town's: staff type a tag's printed number to find it
    # (`find_tag`), and one serving several towns must find one tag by it (Tag.serial is unique).
    first = take_from_sequence(SERIAL_SEQUENCE, count, start=1, deployment=True)
    return list(range(first, first + count))


def _new_tag(**values) -> Tag:
    tag = Tag(token=_fresh_token(), serial=serials(1)[0], **values)
    db.session.add(tag)
    return tag


def find_tag(serial_or_token: str) -> Tag | None:
    """A tag by its printed number (serial), its token, or its QR link as a hand-held scanner
    types it (".../t/<token>"); case-insensitive, spaces ignored."""
    if "/t/" in serial_or_token:
        serial_or_token = serial_or_token.rsplit("/t/", 1)[1].split("?")[0].strip("/")
    text = normalize_token(serial_or_token).lstrip("#")
    if not text:
        return None
    number = text.removeprefix("TAG").lstrip("#")  # as printed on a blank tag: "TAG 57"
    if number.isdigit() and len(number) < 10:
        tag = db.session.execute(db.select(Tag).filter_by(serial=int(number))).scalar_one_or_none()
        if tag is not None:
            return tag
    return db.session.execute(db.select(Tag).filter_by(token=text)).scalar_one_or_none()


def _retire(old: Tag, today, reason: str, replaced_by: Tag | None = None) -> None:
    old.status = "retired"
    old.retired_on = today
    old.retired_reason = reason
    if replaced_by is not None:
        db.session.flush()  # replaced_by needs its id
        old.replaced_by_id = replaced_by.id


def retire_tag(tag: Tag, today, reason: str) -> None:
    """Retire a tag for good (§5(G)(1)), e.g. "dog died" on a §5(J)(2) death notice."""
    _retire(tag, today, reason)
    db.session.flush()


def issue_tag(dog: Dog, today, user) -> Tag:
    """§5(G): a new active tag for `dog` (fresh token, next serial). A previous active tag of
    the dog is retired as "reissued" so a dog never has two valid tags."""
    if dog.id_number is None:
        raise _no_id_number(dog)
    return _put_on_dog(_new_tag(), dog, today, "tag.issued", user)


def bind_blank_tag(dog: Dog, serial_or_token: str, today, user) -> Tag:
    """Bind a blank pre-printed tag, found by its printed number or its token, to `dog`.

    §5(G)(1): a tag already bound to any dog (even this one) or retired is refused.
    The dog's previous active tag, if any, is retired."""
    if dog.id_number is None:
        raise _no_id_number(dog)
    tag = find_tag(serial_or_token)
    if tag is None:
        raise _refuse(f"No tag numbered “{serial_or_token.strip()}” was found. "
                      "Check the number printed on the tag.", "blank_tag")
    if tag.status == "retired":
        raise _refuse(f"Tag {tag.serial} was retired on {say_date(tag.retired_on)} and cannot be "
                      "used again.", "blank_tag")
    if tag.dog_id is not None or tag.status != "blank":
        if tag.dog_id == dog.id:
            raise _refuse(f"Tag {tag.serial} is already this dog's tag.", "blank_tag")
        # §5(G)(1): never on another dog; do not say which dog (the clerk can look the tag up).
        raise _refuse(f"Tag {tag.serial} is already issued to another dog. A tag may never be used "
                      "on a second dog (§5(G)(1)); take another blank tag.", "blank_tag")
    return _put_on_dog(tag, dog, today, "tag.bound", user)


def _put_on_dog(tag: Tag, dog: Dog, today, event: str, user) -> Tag:
    """Make `tag` the dog's one active tag; its previous active tag is retired as "reissued"."""
    previous = dog.active_tag
    tag.dog = dog
    tag.status = "active"
    tag.bound_on = today
    if previous is not None:
        _retire(previous, today, "reissued", replaced_by=tag)
    db.session.flush()
    record_event(event, tag, actor=user, dog_id=dog.id, serial=tag.serial,
                 retired_serial=previous.serial if previous else None)
    return tag


def replace_tag(dog: Dog, today, user, blank: str | None = None, waive_reason: str = "", *,
                method: str = "cash", reference: str = "", payer_name: str = "") -> Tag:
    """§5(G)(2): replace a lost or damaged tag. Charges the replacement fee set by the Town
    Board (setting `fee_replacement_tag`) unless the clerk waives it with a reason, issues a
    new tag (or binds the given blank), and retires the old tag as "replaced"."""
    old = dog.active_tag
    method_errors = check_method(method, reference)
    if method_errors:
        raise ServiceError(method_errors)
    if dog.id_number is None:
        raise _no_id_number(dog)
    if dog.status == "dead":
        raise _refuse(f"{dog.name} was recorded as dead (§5(J)(2)); no tag is issued for it.")
    waive_reason = (waive_reason or "").strip()
    fee = Decimal("0.00") if waive_reason else get_setting("fee_replacement_tag")
    if blank and blank.strip():
        new = bind_blank_tag(dog, blank, today, user)  # validates the blank before any money is taken
    else:
        new = issue_tag(dog, today, user)
    if old is not None:
        _retire(old, today, "replaced", replaced_by=new)
    owner = dog.primary_owner
    receipt = record_receipt([PaymentLine(
        kind="replacement_tag", amount=fee, dog_id=dog.id,
        memo=(f"Replacement tag {new.serial}" + (f" for tag {old.serial}" if old else "")
              + (f"; fee waived: {waive_reason}" if waive_reason else ""))[:200],
        waived_reason=waive_reason or None)], method=method, reference=reference,
        payer_name=payer_name or (owner.full_name if owner else ""), received_on=today, user=user)
    payment = receipt.lines[0]
    record_event("tag.replaced", new, actor=user, dog_id=dog.id, serial=new.serial,
                 old_serial=old.serial if old else None, fee=str(fee), payment_id=payment.id)
    return new


def make_blank_tags(count: int, user) -> list[Tag]:
    """Pre-printed tags not yet issued to a dog (status "blank"), to print and keep at the desk."""
    if not 1 <= count <= 5000:
        raise _refuse("Make between 1 and 5,000 blank tags at a time.", "count")
    tags = [_new_tag(status="blank") for _ in range(count)]
    db.session.flush()
    record_event("tag.blanks_made", None, actor=user, count=count, first_serial=tags[0].serial,
                 last_serial=tags[-1].serial)
    return tags
