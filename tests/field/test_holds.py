"""§8(B)-(E) holds and the end of a case, through the real pages: the owner known from a tag or
ID number typed at the seizure, the day the period counts from, a held dog boarded elsewhere with
the case open, a transfer only after the period, §8(D) what an owner who does not redeem owes;
and the stale-date gate of every field entry (an event typed days back waits for the office)."""
from datetime import date, timedelta
from decimal import Decimal

from fieldapp.extensions import db
from fieldapp.models import Event, LateEntry
from fieldapp.models.enforcement import AppearanceTicket, Impoundment
from fieldapp.settings import set_setting
from fieldapp.timeutil import local_today

from ..factories import make_licensed_dog
from ..roadside import EVERY_6A1_EXCEPTION, complaint_data, errors_of, post, ticket_data, violation_data


def seize(client, **over):
    data = {"dog_id": "", "dog_description": "Yellow lab, no collar", "codes": ["6A1"],
            "ruled_out": EVERY_6A1_EXCEPTION, "seized_at": "2026-10-19T10:00", "location_text": "Ridge Rd"}
    data.update(over)
    return post(client, "/field/seizures/new", **data)


def seized(client, app, **over) -> Impoundment:
    response, entry_id = seize(client, **over)
    assert response.status_code == 201, errors_of(response)
    with app.app_context():
        imp = db.session.execute(db.select(Impoundment).filter_by(entry_id=entry_id)).scalar_one()
        db.session.expunge(imp)
        return imp


def licensed_dog_keys(app) -> tuple[int, str, str, int]:
    """A licensed dog of the test's own (Biscuit, its owner of record): its id, tag token, tag
    number and ID number."""
    with app.app_context():
        dog = make_licensed_dog(name="Biscuit")
        db.session.commit()
        return dog.id, dog.active_tag.token, str(dog.active_tag.serial), dog.id_number


# --- §8(B) owner known from what the officer typed -----------------------------------------------

def test_s8B_owner_known_from_a_typed_tag(client, auth, app):
    """§8(B) "In the event the owner of a seized dog is known, the dog shall be held for nine
    business days": a tag typed (not scanned) that belongs to a licensed dog with an owner of
    record makes the owner known, and the seizure is linked to that dog."""
    auth.login("dco")
    biscuit_id, token, serial, _ = licensed_dog_keys(app)
    for typed in (serial, token.upper()):
        imp = seized(client, app, dog_tag=typed)
        assert imp.dog_id == biscuit_id and imp.owner_known is True
        assert imp.redemption_deadline == date(2026, 10, 30)  # nine business days, not five
        assert f"the tag typed ({typed})" in imp.owner_known_reason and "owner of record" in imp.owner_known_reason
        assert imp.dog_tag == typed  # what was typed is kept for the DL-18
        client.post(f"/field/impoundments/{imp.id}/disposition",
                    data={"outcome": "died", "on": "2026-10-20", "cause": "Test: end the case"})


def test_s8B_owner_known_from_a_typed_id_number(client, auth, app):
    """§8(B): an ID number typed from the dog's tag (§5(G)) names a licensed dog and its owner."""
    auth.login("dco")
    biscuit_id, _, _, id_number = licensed_dog_keys(app)
    imp = seized(client, app, dog_id_number=f"#{id_number}")
    assert imp.dog_id == biscuit_id and imp.owner_known and imp.redemption_deadline == date(2026, 10, 30)
    page = client.get(f"/field/impoundments/{imp.id}").get_data(as_text=True)
    assert f"the ID number typed ({id_number})" in page


def test_s8B_a_typed_tag_of_no_dog_on_file_leaves_the_owner_unknown(client, auth, app):
    """§8(B): a rabies tag of another county names no owner of record: five business days."""
    auth.login("dco")
    imp = seized(client, app, dog_tag="Rabies tag 44-1021 (Oswego County)", dog_id_number="99999999")
    assert imp.dog_id is None and imp.owner_known is False
    assert imp.redemption_deadline == date(2026, 10, 26)


# --- §8(B) the day impounded ----------------------------------------------------------------------

def test_s8B_period_counts_from_the_day_the_pound_received_the_dog(client, auth, app):
    """§8(B) "excluding the day the dog is impounded": seized on Friday 16 October, received at
    the pound Monday 19 October: the five business days count from the Monday (the owner gets the
    full period), and the page says which day it counted from."""
    auth.login("dco")
    imp = seized(client, app, seized_at="2026-10-16T18:00", received_on="2026-10-19")
    assert imp.period_from == date(2026, 10, 19) and imp.redemption_deadline == date(2026, 10, 26)
    page = client.get(f"/field/impoundments/{imp.id}").get_data(as_text=True)
    assert "counted from Mon 19 Oct 2026, the day the pound received the dog" in page


def test_s8B_setting_may_count_from_the_seizure_day(client, auth, app):
    """§8(B): the town may read "the day the dog is impounded" as the day it was seized (setting
    `period_from_received` off)."""
    with app.app_context():
        set_setting("period_from_received", False)
        db.session.commit()
    auth.login("dco")
    imp = seized(client, app, seized_at="2026-10-16T18:00", received_on="2026-10-19")
    assert imp.period_from == date(2026, 10, 16) and imp.redemption_deadline == date(2026, 10, 23)
    assert "the day the dog was seized" in client.get(f"/field/impoundments/{imp.id}").get_data(as_text=True)


# --- §8(B), §8(E) boarded elsewhere during the hold -----------------------------------------------

def test_s8E_held_dog_boarded_elsewhere_keeps_the_case_open_and_the_owner_may_redeem(client, auth, app):
    """§8(E) "Any dog unredeemed at the expiration of the appropriate redemption period": during
    the period the dog may be moved (another kennel, the SPCA), the case open, and the owner may
    still redeem it (§8(C))."""
    auth.login("dco")
    biscuit_id, *_ = licensed_dog_keys(app)
    imp = seized(client, app, dog_id=str(biscuit_id), dog_description="", held_at="Sandy Creek Town Kennel")
    url = f"/field/impoundments/{imp.id}/move"
    refused = client.post(url, data={"to_where": "", "moved_on": "2026-10-20"})
    assert refused.status_code == 422 and "Say where the dog is boarded" in errors_of(refused)["to_where"]
    assert client.post(url, data={"to_where": "Oswego County SPCA, Fulton", "moved_on": "2026-10-20",
                                  "move_note": "Kennel full"}).status_code == 303
    with app.app_context():
        row = db.session.get(Impoundment, imp.id)
        assert row.status == "held" and row.held_at == "Oswego County SPCA, Fulton"
        assert [(m.from_where, m.to_where) for m in row.moves] == [
            ("Sandy Creek Town Kennel", "Oswego County SPCA, Fulton")]
    page = client.get(f"/field/impoundments/{imp.id}").get_data(as_text=True)
    assert "Boarded elsewhere during the hold (case open)" in page and "Hold the dog until the end of" in page
    board = client.get("/field/impoundments").get_data(as_text=True)
    assert "Oswego County SPCA, Fulton" in board.split('id="held-now"')[1].split('id="ended"')[0]
    auth.logout()
    auth.login("clerk")
    assert client.post(f"/field/impoundments/{imp.id}/redeem", data={
        "identification": "NY driver license", "payer_name": "Mary Miller", "method": "cash"}).status_code == 303
    with app.app_context():
        assert db.session.get(Impoundment, imp.id).status == "redeemed"
    again = client.post(url, data={"to_where": "Elsewhere"})
    assert again.status_code in (403, 422)


# --- §8(D) what an owner who does not redeem owes ------------------------------------------------

def test_s8D_unredeemed_owner_owes_the_fees_to_the_end_of_the_period_not_to_the_adoption(client, auth, app):
    """§8(D) "If the owner of any unredeemed dog is known, such owner shall be required to pay the
    impoundment fees set forth in subdivision (C) of this section whether or not such owner chooses
    to redeem his or her dog": the fees of the redemption period (to the end of Friday 30 October),
    not boarding for every day until the dog is adopted out on 20 November."""
    auth.login("dco")
    biscuit_id, *_ = licensed_dog_keys(app)
    imp = seized(client, app, dog_id=str(biscuit_id), dog_description="")
    adopted = client.post(f"/field/impoundments/{imp.id}/disposition", data={
        "outcome": "adopted", "on": "2026-11-20", "adopter_first_name": "Jane", "adopter_last_name": "Roe",
        "adopter_address": "12 Lake Rd", "adopter_town": "Sandy Creek", "adopter_state": "NY",
        "adopter_zip": "13145", "adopter_phone": "315-555-0199", "method": "cash"})
    assert adopted.status_code == 303, errors_of(adopted)
    with app.app_context():
        from fieldapp.services.impoundment.fees import balance
        owed = balance(db.session.get(Impoundment, imp.id))
        by_kind = owed.fees.by_kind()
        assert by_kind["boarding"] == Decimal("5.00") * 12  # 19 Oct to the end of 30 Oct
        assert owed.total_owed == Decimal("20.00") + Decimal("60.00")


# --- the stale-date gate --------------------------------------------------------------------------

def gate(app, days=3):
    with app.app_context():
        set_setting("late_entry_days", days)
        db.session.commit()


def test_s8B_seizure_dated_years_back_needs_a_reason_and_counts_from_the_office_day(client, auth, app):
    """§8(B) the holding period is counted from "the day the dog is impounded": a seizure typed as
    2016 (a slipped digit) needs a reason, waits for the office, and until then its period counts
    from the day it reached the office: the dog cannot be euthanized the same day."""
    gate(app)
    auth.login("dco")
    today = local_today()
    typed = today.replace(year=2016) if not (today.month == 2 and today.day == 29) else date(2016, 2, 29)
    refused, _ = seize(client, seized_at=f"{typed.isoformat()}T10:00")
    errors = errors_of(refused)
    assert refused.status_code == 422 and "Check the date, the year too" in errors["seized_at"]
    assert "Say why this is entered only now" in errors["late_reason"]
    imp = seized(client, app, seized_at=f"{typed.isoformat()}T10:00", late_reason="Paper notes from the outage")
    assert imp.period_from == today and imp.redemption_deadline > today
    early = client.post(f"/field/impoundments/{imp.id}/disposition", data={
        "outcome": "euthanized", "on": today.isoformat(), "place": "Pulaski Animal Hospital",
        "performed_by": "Dr. Sandy", "authority": "DCO"})
    assert early.status_code == 422 and "may not be euthanized" in errors_of(early)["euthanized-on"]
    with app.app_context():
        late = db.session.execute(db.select(LateEntry).filter_by(entry_id=imp.entry_id)).scalar_one()
        assert late.awaiting and late.typed_on == typed and late.kind == "seizure"
        late_id = late.id
    # The office confirms the date: the deadline from 2016 was past when the entry arrived, so the
    # period still counts from the day it reached the office.
    auth.logout()
    auth.login("clerk")
    home = client.get("/").get_data(as_text=True)
    assert "Awaiting office confirmation" in home
    page = client.get("/field/late-entries").get_data(as_text=True)
    assert f'data-late-entry="{late_id}"' in page and "Paper notes from the outage" in page
    assert client.post(f"/field/late-entries/{late_id}/confirm", data={"confirm_note": ""}).status_code == 422
    assert client.post(f"/field/late-entries/{late_id}/confirm",
                       data={"confirm_note": "Checked the paper log"}).status_code == 303
    with app.app_context():
        row = db.session.get(Impoundment, imp.id)
        assert row.period_from == today and row.redemption_deadline == imp.redemption_deadline
        assert "had passed by then" in row.period_from_reason
        assert not db.session.get(LateEntry, late_id).awaiting
        from fieldapp.services.impoundment.fees import balance
        assert balance(row).fees.by_kind()["boarding"] == Decimal("5.00")  # from today, not from 2016


def test_s8B_late_seizure_confirmed_counts_from_the_typed_day_when_not_already_past(client, auth, app):
    """§8(B): once the office confirms a date typed a week back, the period counts from it, as long
    as the deadline it gives had not passed when the entry reached the office."""
    gate(app)
    auth.login("dco")
    typed = local_today() - timedelta(days=4)
    biscuit_id, *_ = licensed_dog_keys(app)
    imp = seized(client, app, dog_id=str(biscuit_id), dog_description="", seized_at=f"{typed.isoformat()}T10:00",
                 late_reason="Written on paper, phone broken")
    assert imp.period_from == local_today()
    with app.app_context():
        late_id = db.session.execute(db.select(LateEntry.id).filter_by(entry_id=imp.entry_id)).scalar_one()
        from fieldapp.services.enforcement.seizure import holding_period_for
        expected = holding_period_for(typed, True).deadline
    auth.logout()
    auth.login("dco")
    assert client.post(f"/field/late-entries/{late_id}/confirm", data={"confirm_note": "Seen the notes"}).status_code == 303
    with app.app_context():
        row = db.session.get(Impoundment, imp.id)
        assert row.period_from == typed and row.redemption_deadline == expected
        assert db.session.scalars(db.select(Event).filter_by(kind="impoundment.date_confirmed")).first()


def test_s9_a_ticket_served_years_back_waits_for_the_office_and_its_court_date_is_not_past(client, auth, app):
    """The stale-date gate on a ticket: a serving typed as 2016 needs a reason, and its appearance
    date is never one already past when the entry reached the office."""
    gate(app)
    auth.login("dco")
    refused, _ = post(client, "/field/tickets/new", **ticket_data(app, served_at="2016-12-01T10:30"))
    assert refused.status_code == 422 and "late_reason" in errors_of(refused)
    response, entry_id = post(client, "/field/tickets/new", **ticket_data(
        app, served_at="2016-12-01T10:30", late_reason="Entered from the paper book"))
    assert response.status_code == 201, errors_of(response)
    with app.app_context():
        ticket = db.session.execute(db.select(AppearanceTicket).filter_by(entry_id=entry_id)).scalar_one()
        assert ticket.appear_on >= local_today()
        assert db.session.execute(db.select(LateEntry).filter_by(entry_id=entry_id)).scalar_one().awaiting


def test_s8B_late_violation_and_complaint_need_a_reason(client, auth, app):
    """The stale-date gate applies to every field entry with an event time: the violation, the
    complaint's day of the violation."""
    gate(app)
    auth.login("dco")
    refused, _ = post(client, "/field/violations/new", **violation_data(app, occurred_at="2016-10-19T09:30"))
    assert refused.status_code == 422 and "late_reason" in errors_of(refused)
    ok, entry_id = post(client, "/field/violations/new", **violation_data(
        app, occurred_at="2016-10-19T09:30", late_reason="Found in last year's notebook"))
    assert ok.status_code == 201
    refused, _ = post(client, "/field/complaints/new", **complaint_data(violation_on="2016-10-18"))
    assert refused.status_code == 422 and "late_reason" in errors_of(refused)
    recent = (local_today() - timedelta(days=1)).isoformat()
    ok, _ = post(client, "/field/complaints/new", **complaint_data(violation_on=recent))
    assert ok.status_code == 201, errors_of(ok)
    with app.app_context():
        assert db.session.execute(db.select(LateEntry).filter_by(entry_id=entry_id)).scalar_one().kind == "violation"
