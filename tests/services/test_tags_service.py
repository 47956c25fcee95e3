"""The tags service (§5(G)): issue, bind blanks, never a second dog, replace for the fee."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Event, Payment, Tag
from fieldapp.services.errors import ServiceError
from fieldapp.services.tags import bind_blank_tag, issue_tag, make_blank_tags, replace_tag
from fieldapp.services.tags.tokens import ALPHABET, LENGTH
from fieldapp.settings import set_setting
from tests.factories import make_dog, make_license, staff

TODAY = date(2026, 5, 4)


def licensed_dog(**kw) -> Dog:
    """A dog licensed today: its identification number and its one active tag (§5(G))."""
    dog = make_dog(today=TODAY, **kw)
    make_license(dog, TODAY)
    return dog


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield


def test_s5G_seed_every_licensed_dog_has_one_active_tag(ctx):
    for d in db.session.execute(db.select(Dog)).scalars():
        active = [t for t in d.tags if t.status == "active"]
        assert len(active) == (1 if d.licenses and d.status != "dead" else 0), d.name  # §5(J)(2)
        if active:
            assert active[0].bound_on is not None
    assert db.session.execute(db.select(db.func.count(Tag.id)).filter_by(status="blank")).scalar() == 10
    old = db.session.execute(db.select(Tag).filter_by(status="retired", retired_reason="replaced")).scalar_one()
    assert old.retired_reason == "replaced" and old.replaced_by_id == old.dog.active_tag.id


def test_s5G_issue_tag_gives_a_new_active_tag_with_fresh_token_and_next_serial(ctx):
    luna = licensed_dog()
    db.session.commit()
    before = luna.data_version
    old = luna.active_tag
    top = db.session.execute(db.select(db.func.max(Tag.serial))).scalar()
    tag = issue_tag(luna, TODAY, None)
    assert tag.status == "active" and tag.dog_id == luna.id and tag.bound_on == TODAY
    assert tag.serial == top + 1
    assert len(tag.token) == LENGTH and set(tag.token) <= set(ALPHABET) and tag.token != old.token
    # A dog never has two valid tags.
    assert old.status == "retired" and old.replaced_by_id == tag.id
    assert [t.id for t in luna.tags if t.status == "active"] == [tag.id]
    assert luna.data_version > before
    assert db.session.execute(db.select(Event).filter_by(kind="tag.issued", subject_id=tag.id)).scalar_one()


def test_s5G_issue_tag_needs_an_identification_number(ctx):
    tucker = make_dog(today=TODAY)  # never licensed: no ID number yet
    with pytest.raises(ServiceError, match="identification number"):
        issue_tag(tucker, TODAY, None)


def test_s5G_bind_blank_tag_by_printed_number_or_token(ctx):
    blanks = make_blank_tags(2, None)
    assert all(b.status == "blank" and b.dog_id is None for b in blanks)
    luna, molly = licensed_dog(), licensed_dog()
    old = luna.active_tag
    tag = bind_blank_tag(luna, f" {blanks[0].serial} ", TODAY, None)
    assert tag is blanks[0] and tag.status == "active" and tag.dog_id == luna.id and tag.bound_on == TODAY
    assert old.status == "retired" and old.retired_on == TODAY
    tag2 = bind_blank_tag(molly, blanks[1].token.lower(), TODAY, None)  # token, typed in lower case
    assert tag2.dog_id == molly.id
    third = make_blank_tags(1, None)[0]
    assert bind_blank_tag(licensed_dog(), f"tag {third.serial}", TODAY, None) is third  # as printed: "TAG 57"
    assert db.session.execute(db.select(Event).filter_by(kind="tag.bound")).scalars().all()


def test_s5G_bind_blank_tag_by_its_scanned_qr_link(ctx):
    """A hand-held scanner at the counter types the whole QR link of the blank tag."""
    blank = make_blank_tags(1, None)[0]
    luna = licensed_dog()
    tag = bind_blank_tag(luna, f"https://dogs.sandycreekny.example/t/{blank.token}", TODAY, None)
    assert tag is blank and tag.dog_id == luna.id


def test_s5G1_a_tag_is_never_bound_to_a_second_dog(ctx):
    blank = make_blank_tags(1, None)[0]
    luna, molly, max_ = licensed_dog(), licensed_dog(), licensed_dog()
    bind_blank_tag(luna, str(blank.serial), TODAY, None)
    molly_tag = molly.active_tag
    with pytest.raises(ServiceError, match="another dog") as refused:
        bind_blank_tag(molly, str(blank.serial), TODAY, None)
    assert list(refused.value.errors) == ["blank_tag"]  # shown next to the field typed in
    with pytest.raises(ServiceError, match="another dog"):
        bind_blank_tag(molly, max_.active_tag.token, TODAY, None)  # another dog's active tag
    assert blank.dog_id == luna.id
    assert molly.active_tag is molly_tag and molly_tag.status == "active"


def test_s5G1_a_retired_tag_is_never_used_again(ctx):
    replaced = licensed_dog()
    old = replaced.active_tag
    replace_tag(replaced, TODAY, None)
    assert old.status == "retired"
    with pytest.raises(ServiceError, match="retired"):
        bind_blank_tag(licensed_dog(), str(old.serial), TODAY, None)
    with pytest.raises(ServiceError, match="retired"):
        bind_blank_tag(old.dog, old.token, TODAY, None)  # not even on its own dog


def test_bind_unknown_tag_says_so(ctx):
    luna = licensed_dog()
    with pytest.raises(ServiceError, match="No tag numbered"):
        bind_blank_tag(luna, "999999", TODAY, None)
    with pytest.raises(ServiceError, match="No tag numbered"):
        bind_blank_tag(luna, "NOTATOKEN", TODAY, None)


def test_s5G2_replacement_charges_the_fee_set_by_the_town_board_and_retires_the_old_tag(ctx):
    set_setting("fee_replacement_tag", "7.50", authority="Town Board resolution 2026-14")
    clerk = staff("clerk")
    max_ = licensed_dog()
    old = max_.active_tag
    new = replace_tag(max_, TODAY, clerk)
    assert new.status == "active" and new.dog_id == max_.id and new.id != old.id
    assert (old.status, old.retired_on, old.retired_reason, old.replaced_by_id) == ("retired", TODAY, "replaced", new.id)
    pay = db.session.execute(db.select(Payment).filter_by(kind="replacement_tag", dog_id=max_.id)).scalar_one()
    assert pay.amount == Decimal("7.50") and pay.received_on == TODAY and pay.received_by_id == clerk.id
    ev = db.session.execute(db.select(Event).filter_by(kind="tag.replaced")).scalar_one()
    assert ev.actor_id == clerk.id and ev.data["fee"] == "7.50" and ev.data["old_serial"] == old.serial


def test_s5G2_replacement_can_bind_a_blank_tag(ctx):
    blank = make_blank_tags(1, None)[0]
    max_ = licensed_dog()
    old = max_.active_tag
    new = replace_tag(max_, TODAY, None, blank=str(blank.serial))
    assert new is blank and new.dog_id == max_.id
    assert old.retired_reason == "replaced" and old.replaced_by_id == blank.id


def test_s5G2_a_refused_replacement_takes_no_money(ctx):
    max_, luna = licensed_dog(), licensed_dog()
    db.session.commit()
    with pytest.raises(ServiceError):
        replace_tag(max_, TODAY, None, blank=str(luna.active_tag.serial))
    db.session.rollback()
    assert not db.session.execute(db.select(Payment).filter_by(kind="replacement_tag", dog_id=max_.id)).first()


def test_make_blank_tags_numbers_follow_on(ctx):
    top = db.session.execute(db.select(db.func.max(Tag.serial))).scalar()
    tags = make_blank_tags(12, None)
    assert [t.serial for t in tags] == list(range(top + 1, top + 13))
    assert len({t.token for t in tags}) == 12
    with pytest.raises(ServiceError):
        make_blank_tags(0, None)
