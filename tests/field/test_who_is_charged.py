"""Who is charged, and on what record: §4(I) a minor's dog and a lost dog, §5(J) offences checked
against the dog's notices and license, §4(O)(iii) a vicious finding on a noticed dangerous one."""
from datetime import timedelta

from dateutil.relativedelta import relativedelta

from fieldapp.extensions import db
from fieldapp.models import DogNotice, Owner
from fieldapp.models.court import CourtOrder
from fieldapp.timeutil import local_today

from ..court.court_steps import declare_dangerous, forwarded_complaint, hearing
from ..factories import made, make_licensed_dog
from ..roadside import complaint_data, dog_id, errors_of, post, ticket_data, violation_data


def yesterday_at(hour="09:30"):
    return f"{(local_today() - timedelta(days=1)).isoformat()}T{hour}"


def owner_named(first, last):
    return db.session.execute(db.select(Owner).filter_by(first_name=first, last_name=last)).scalar_one()


# --- §4(I) a minor's dog --------------------------------------------------------

def test_s4I_minor_owner_and_guardian_on_the_owner_page_and_the_status_card(client, auth, app):
    """§4(I) "In the event any dog found to be in violation of this Local Law shall be owned by a
    minor, the legal guardian or head of the household in which said minor resides shall be deemed
    to have custody and control of said dog": the demo's Pepper, owned by 15-year-old Lily."""
    with app.app_context():
        lily, ruth = owner_named("Lily", "Renwick"), owner_named("Ruth", "Renwick")
        assert lily.guardian is ruth and lily.minor_on(local_today())
        lily_id, ruth_id = lily.id, ruth.id
    auth.login("clerk")
    page = client.get(f"/clerk/owners/{lily_id}").get_data(as_text=True)
    assert 'id="minor-owner"' in page and f'/clerk/owners/{ruth_id}"' in page and "Date of birth" in page
    assert 'id="wards"' in client.get(f"/clerk/owners/{ruth_id}").get_data(as_text=True)
    auth.login("dco")
    card = client.get(f"/field/dogs/{dog_id(app, 'Pepper')}").get_data(as_text=True)
    assert 'class="minor-owner"' in card and "Ruth Renwick" in card and "§4(I)" in card


def test_s4I_ticket_served_on_a_minor_as_owner_is_refused_with_the_rule(client, auth, app):
    """§4(I): the minor is not the person charged; the guardian or head of household is."""
    auth.login("dco")
    pepper = str(dog_id(app, "Pepper"))
    refused, _ = post(client, "/field/tickets/new", **ticket_data(
        app, dog_id=pepper, served_name="Lily Renwick", served_address="12 Orchard Ln", served_at=yesterday_at()))
    assert refused.status_code == 422
    assert "is a minor" in errors_of(refused)["served_capacity"]
    as_keeper, _ = post(client, "/field/tickets/new", **ticket_data(
        app, dog_id=pepper, served_capacity="in_charge", served_name="Lily Renwick",
        served_address="12 Orchard Ln", served_at=yesterday_at()))
    assert as_keeper.status_code == 422 and "is a minor" in errors_of(as_keeper)["served_capacity"]
    ok, _ = post(client, "/field/tickets/new", **ticket_data(
        app, dog_id=pepper, served_capacity="guardian", served_name="Ruth Renwick",
        served_address="12 Orchard Ln", minor_owner_name="Lily Renwick", served_at=yesterday_at()))
    assert ok.status_code == 201, errors_of(ok)


def test_s4I_complaint_names_the_guardian_not_the_minor(client, auth, app):
    """§4(I): the guardian or head of household "shall be responsible": named on the complaint."""
    auth.login("constable")
    pepper = str(dog_id(app, "Pepper"))
    refused, _ = post(client, "/field/complaints/new", **complaint_data(
        dog_id=pepper, owner_name="Lily Renwick", violation_on=local_today().isoformat()))
    assert refused.status_code == 422 and "is a minor" in errors_of(refused)["owner_name"]
    ok, entry_id = post(client, "/field/complaints/new", **complaint_data(
        dog_id=pepper, violation_on=local_today().isoformat()))
    assert ok.status_code == 201, errors_of(ok)
    from fieldapp.models.enforcement import SwornComplaint
    with app.app_context():
        c = db.session.execute(db.select(SwornComplaint).filter_by(entry_id=entry_id)).scalar_one()
        assert c.owner_name.startswith("Ruth Renwick, guardian or head of household of Lily Renwick")


def test_s4I_date_of_birth_decides_a_minor_and_links_the_guardian_at_the_same_address(client, auth, app):
    """§4(I) "the legal guardian or head of the household in which said minor resides": an owner of
    record of that name at the minor's address is linked; at 18 the owner is no longer a minor."""
    from fieldapp.services.licensing import create_owner
    with app.app_context():
        ruth = owner_named("Ruth", "Renwick")
        data = {f: getattr(ruth, f) for f in ("address", "town", "state", "zip_code", "phone")}
        sam = create_owner({**data, "first_name": "Sam", "last_name": "Renwick",
                            "date_of_birth": local_today() - relativedelta(years=12),
                            "guardian_name": "ruth  renwick"}, local_today())
        assert sam.is_minor and sam.guardian is ruth
        db.session.commit()
        sam_id = sam.id
    auth.login("clerk")
    no_guardian = {**data, "first_name": "Sam", "last_name": "Renwick", "guardian_name": "",
                   "date_of_birth": (local_today() - relativedelta(years=12)).isoformat()}
    r = client.post(f"/clerk/owners/{sam_id}/edit", data=no_guardian)
    assert r.status_code == 422 and "guardian" in errors_of(r)["guardian_name"]
    adult = {**no_guardian, "date_of_birth": (local_today() - relativedelta(years=18)).isoformat(), "is_minor": "y"}
    assert client.post(f"/clerk/owners/{sam_id}/edit", data=adult).status_code == 302
    with app.app_context():
        sam = db.session.get(Owner, sam_id)
        assert not sam.is_minor and sam.guardian is None and sam.guardian_name is None


def test_s4I_minor_without_a_date_of_birth_follows_the_clerks_marker(app):
    with app.app_context():
        owner = owner_named("Ruth", "Renwick")
        assert not owner.minor_on(local_today())
        owner.is_minor = True
        assert owner.minor_on(local_today())


# --- §4(I) a lost dog -------------------------------------------------------------

def file_lost(client, app, dog, **over):
    today = local_today()
    data = {"kind": "lost", "occurred_on": (today - timedelta(days=6)).isoformat(),
            "discovered_on": (today - timedelta(days=5)).isoformat(), "filed_on": today.isoformat(),
            "reported_to_dco_on": (today - timedelta(days=5)).isoformat(),
            "search_made": "Walked the creek and Lake Rd with the DCO; posters at the store",
            "now_with": "a family on Ridge Rd (seen by a neighbour)"}
    data.update(over)
    return client.post(f"/clerk/dogs/{dog}/notices/new", data=data)


def test_s4I_lost_dog_reported_to_the_dco_license_holder_not_its_owner_for_a_charge(client, auth, app):
    """§4(I) "Owner. The party purchasing the license unless dog is or has been lost, and such loss
    reported to the dog control officer and reasonable search has been made"."""
    lost = made(app, make_licensed_dog)
    auth.login("clerk")
    assert file_lost(client, app, lost).status_code == 302
    record = client.get(f"/clerk/dogs/{lost}").get_data(as_text=True)
    assert "Reported to the dog control officer" in record and "Now with: a family on Ridge Rd" in record
    auth.login("dco")
    card = client.get(f"/field/dogs/{lost}").get_data(as_text=True)
    assert "is not its owner for a charge" in card and "now with a family on Ridge Rd" in card
    refused, _ = post(client, "/field/tickets/new", **ticket_data(app, dog_id=str(lost), served_at=yesterday_at()))
    assert refused.status_code == 422 and "not its owner for a charge" in errors_of(refused)["served_capacity"]
    ok, _ = post(client, "/field/tickets/new", **ticket_data(
        app, dog_id=str(lost), served_capacity="in_charge", served_name="Pat Keeper", served_address="9 Ridge Rd",
        served_at=yesterday_at()))
    assert ok.status_code == 201, errors_of(ok)
    with app.app_context():
        from fieldapp.services.field_data import field_dataset
        copy = next(d for d in field_dataset()["dogs"] if d["dog"]["id"] == lost)
        assert any("not its owner for a charge" in (f.get("detail") or "") for f in copy["flags"])


def test_s4I_loss_not_reported_to_the_dco_leaves_the_license_holder_the_owner(client, auth, app):
    lost = made(app, make_licensed_dog)
    auth.login("clerk")
    assert file_lost(client, app, lost, reported_to_dco_on="", search_made="").status_code == 302
    auth.login("dco")
    assert "not its owner for a charge" not in client.get(f"/field/dogs/{lost}").get_data(as_text=True)
    ok, _ = post(client, "/field/tickets/new", **ticket_data(app, dog_id=str(lost), served_at=yesterday_at()))
    assert ok.status_code == 201, errors_of(ok)


def test_s4I_reported_to_the_dco_needs_the_search_made(client, auth, app):
    auth.login("clerk")
    r = file_lost(client, app, made(app, make_licensed_dog), search_made="")
    assert r.status_code == 422 and "search" in errors_of(r)["search_made"]


# --- §5(J) offences checked against the record -------------------------------------

def test_s5J1_ten_days_counted_from_the_discovery_of_the_loss(client, auth, app):
    """§5(J)(1) "within ten days of discovery of such loss or theft": lost 20 days ago, discovered
    8 days ago, filed today: on time."""
    lost = made(app, make_licensed_dog)
    auth.login("clerk")
    today = local_today()
    assert file_lost(client, app, lost, occurred_on=(today - timedelta(days=20)).isoformat(),
                     discovered_on=(today - timedelta(days=8)).isoformat(),
                     reported_to_dco_on="", search_made="").status_code == 302
    with app.app_context():
        n = db.session.execute(db.select(DogNotice).filter_by(dog_id=lost, kind="lost")).scalar_one()
        assert n.discovered_on == today - timedelta(days=8) and n.details["days_late"] == 0
    auth.login("dco")
    refused, _ = post(client, "/field/violations/new", **violation_data(
        app, dog_id=str(lost), codes=["5J1-late"], ruled_out=[], occurred_at=f"{today.isoformat()}T00:05"))
    assert refused.status_code == 422 and "within ten days of its discovery" in errors_of(refused)["codes"]


def test_s5J1_late_loss_notice_stands_when_filed_late(client, auth, app):
    lost = made(app, make_licensed_dog)
    auth.login("clerk")  # lost 16 days ago, discovered at once, filed today: six days late
    today = local_today()
    assert file_lost(client, app, lost, occurred_on=(today - timedelta(days=16)).isoformat(),
                     discovered_on=(today - timedelta(days=16)).isoformat()).status_code == 302
    auth.login("dco")
    r, _ = post(client, "/field/violations/new", **violation_data(
        app, dog_id=str(lost), codes=["5J1-late"], ruled_out=[], occurred_at=yesterday_at()))
    assert r.status_code == 201, errors_of(r)


def test_s5J_transfer_not_notified_refused_when_there_is_no_transfer(client, auth, app):
    """§5(J) "within ten days of the transfer of ownership of any dog": no transfer, no offence."""
    dog = made(app, make_licensed_dog)
    auth.login("dco")
    r, _ = post(client, "/field/violations/new", **violation_data(app, dog_id=str(dog), codes=["5J-late"], ruled_out=[]))
    assert r.status_code == 422 and "no transfer of ownership" in errors_of(r)["codes"]


def test_s5J_new_resident_licensed_in_time_refused(client, auth, app):
    """§5(J)(3) "within 30 days of establishing residence in the Town"."""
    with app.app_context():  # two new residents, licensed 300 days ago: 12 days after moving in, and 40 days after
        licensed_on = local_today() - timedelta(days=300)
        in_time, late_dog = make_licensed_dog(today=licensed_on), make_licensed_dog(today=licensed_on)
        in_time.residence_began_on = in_time.licenses[0].issued_on - timedelta(days=12)
        late_dog.residence_began_on = late_dog.licenses[0].issued_on - timedelta(days=40)
        db.session.commit()
        in_time, late_dog = in_time.id, late_dog.id
    auth.login("dco")
    r, _ = post(client, "/field/violations/new", **violation_data(app, dog_id=str(in_time), codes=["5J3"], ruled_out=[]))
    assert r.status_code == 422 and "within 30 days of establishing residence" in errors_of(r)["codes"]
    late, _ = post(client, "/field/violations/new", **violation_data(
        app, dog_id=str(late_dog), codes=["5J3"], ruled_out=[], occurred_at=yesterday_at()))
    assert late.status_code == 201, errors_of(late)


# --- §4(O)(iii) ---------------------------------------------------------------------

def test_s4O_iii_needs_the_owner_given_notice_of_the_dangerous_finding(client, auth, app):
    """§4(O)(iii) "a previous finding ... that it is a dangerous dog, provided that its owner has
    been given notice of that finding": the owner absent from the hearing, no notice on file."""
    made(app, make_licensed_dog, name="Brutus")
    cid = forwarded_complaint(client, auth, app, "Brutus")
    auth.login("justice")
    hearing(client, cid, owner_appeared="")
    assert declare_dangerous(client, cid).status_code == 303
    r = client.post(f"/court/complaints/{cid}/orders", data={
        "kind": "vicious", "ordered_on": local_today().isoformat(), "grounds": ["4O-iii"]})
    assert r.status_code == 422 and "its owner has been given notice of that finding" in errors_of(r)["grounds"]
    assert "no notice to the owner is recorded" in errors_of(r)["grounds"]
    # The Justice records the notice on the dangerous finding, from the case page: when and how.
    with app.app_context():
        order_id = db.session.execute(db.select(CourtOrder.id).filter_by(kind="dangerous")).scalar_one()
    page = client.get(f"/court/complaints/{cid}").get_data(as_text=True)
    assert "Notice of this finding to the owner" in page and 'data-finding-notice="none"' in page
    refused = client.post(f"/court/orders/{order_id}/notice", data={"notified_on": local_today().isoformat()})
    assert refused.status_code == 422 and "how" in errors_of(refused)
    noted = client.post(f"/court/orders/{order_id}/notice", data={
        "notified_on": local_today().isoformat(), "how": "certified_mail"})
    assert noted.status_code == 303
    page = client.get(f"/court/complaints/{cid}").get_data(as_text=True)
    assert "Owner given notice of this finding" in page and "sent by certified mail" in page
    r = client.post(f"/court/complaints/{cid}/orders", data={
        "kind": "vicious", "ordered_on": local_today().isoformat(), "grounds": ["4O-iii"]})
    assert r.status_code == 303


def test_s4I_complaint_and_ticket_forms_prefill_the_guardian(client, auth, app):
    """§4(I): the forms opened from Pepper's card name her guardian, not the minor."""
    auth.login("constable")
    pepper = dog_id(app, "Pepper")
    form = client.get(f"/field/complaints/new?dog={pepper}").get_data(as_text=True)
    assert "Ruth Renwick, guardian or head of household of Lily Renwick" in form
    auth.login("dco")
    form = client.get(f"/field/tickets/new?dog={pepper}").get_data(as_text=True)
    assert 'value="Ruth Renwick"' in form and 'value="Lily Renwick"' in form
