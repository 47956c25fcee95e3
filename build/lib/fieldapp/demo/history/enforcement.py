"""§5, §6 violations and their tickets (§9), seizures of dogs on file (§8), rabies requests (§5(B)(1))."""
from datetime import date, timedelta
from decimal import Decimal

from ...law import VIOLATIONS, holding_period, owner_known, rabies_vaccination_due
from ...law.court import first_court_session
from ...law.impoundment import days_held, impoundment_fees, impoundments_in_twelve_months
from ...law.words import say_money
from ...timeutil import to_local
from ..people import FIRST, LAST
from .court import COMPLAINED, complaint, court_outcome
from .town import BulkDog, ReceiptRecord, Row, Town, cumulative

VIOLATION_DOGS = 0.08  # dogs with at least one violation
REPEATS = ((1, 62), (2, 22), (3, 10), (4, 4), (5, 2))  # violations of such a dog
CORRECTED = 0.03  # violations corrected by a new version
TICKETED_RECENT = 0.5  # violations of the last two weeks with a ticket already (older: all)
AT_THE_ROADSIDE = 0.7  # tickets handed over when the violation was recorded
SEIZED = 0.18  # violations of a dog at large that end in a seizure
AT_LARGE = {"5A1", "6A1", "6A4", "6A9", "6A10", "6A11"}
FEES_WAIVED = 0.05  # seizures whose fees the clerk waived
RABIES_REQUEST_DOGS = 0.012
CODE_WEIGHTS = {"6A1": 40, "6A2": 12, "6A4": 6, "6A3": 5, "6A5": 5, "6A7": 4, "6A10": 3, "6A9": 3,
                "6A11": 2.5, "6A6": 2, "6A12": 1, "6A8": 1}
NARRATIVES = {
    "5A1": "No license on file and no tag on the collar.",
    "5B1": "Not vaccinated within ten days of the request; no certificate filed.",
    "6A1": "Loose on the road with no one in sight; owner not home.",
    "6A2": "Neighbours report barking for hours every night; barking on arrival.",
    "6A3": "Dug up the neighbour's vegetable garden.",
    "6A4": "Chased a jogger and jumped on her; no bite.",
    "6A5": "Chased cars and the school bus along the road.",
    "6A6": "Digging holes in the town park lawn.",
    "6A7": "Walked on without picking up after the dog.",
    "6A8": "Female in heat loose in an open yard, no leash.",
    "6A9": "Loose on the school playground during recess.",
    "6A10": "Roaming with two other dogs as a pack.",
    "6A11": "Killed two of a neighbour's chickens.",
    "6A12": "Chained outside with no water or shelter in the heat.",
}
IDENTIFICATION = ("NY driver license", "NY non-driver ID", "US passport")
_REPEAT_COUNTS = [k for k, _ in REPEATS]
_REPEAT_CUM = cumulative(w for _, w in REPEATS)
# The behaviour codes to draw from, with §6(A)(8) only for an unspayed female: [unspayed female] -> (codes, cum)
_CODES = {female: (codes, cumulative(CODE_WEIGHTS[c] for c in codes)) for female, codes in (
    (True, list(CODE_WEIGHTS)), (False, [c for c in CODE_WEIGHTS if c != "6A8"]))}


def enforcement(town: Town, dog: BulkDog) -> None:
    rng = town.rng
    if rng.random() < RABIES_REQUEST_DOGS:
        rabies_request(town, dog)
    if rng.random() >= VIOLATION_DOGS:
        return
    first = max(town.start, dog.old_enough)
    n = rng.choices(_REPEAT_COUNTS, cum_weights=_REPEAT_CUM)[0]
    days = sorted({d for d in (town.day_between(first, town.last_day) for _ in range(n)) if d})
    for day in days:
        violation(town, dog, day)

def violation(town: Town, dog: BulkDog, day: date, codes=None) -> None:
    rng = town.rng
    if dog.impounded and dog.impounded[-1] <= day < dog.free_from:
        return  # in the town's kennel that day
    if codes is None:
        codes = []
        licensed = dog.licensed_on(day)
        if not licensed and rng.random() < 0.9:
            codes.append("5A1")  # §5(A)(1): unlicensed (or no tag) when found
        if not codes or rng.random() < 0.75:
            codes.append(rng.choices(*_CODES[dog.sex == "F" and not dog.altered])[0])  # §6(A)(8)
    codes = [c for c in VIOLATIONS if c in codes]  # the law's order
    ruled_out = list(dict.fromkeys(e.code for c in codes for e in VIOLATIONS[c].exceptions))
    officer = town.officer()
    occurred = town.at(day, rng.randint(7, 19))
    where = town.place()
    narrative = " ".join(NARRATIVES[c] for c in codes)
    witness = f"{rng.choice(FIRST)} {rng.choice(LAST)}, neighbour" if rng.random() < 0.3 else ""
    v = Row(entry_id=town.uuid(), dog_id=dog.id, dog_description=dog.description,
             owner_description=dog.owner_name, codes=codes, ruled_out=ruled_out, occurred_at=occurred,
             location_text=where.get("location_text", ""), latitude=where.get("latitude"),
             longitude=where.get("longitude"), accuracy_m=where.get("accuracy_m"), narrative=narrative,
             witness=witness, officer_id=officer.id, supersedes_id=None,
             created_at=occurred + timedelta(minutes=rng.randint(1, 30)))
    town.violations.append(v)
    # §5(B)(1): the dog's vaccination ran out: the officer asks for it with the violation.
    ask = codes != ["5B1"] and not dog.vaccinated(day) and rng.random() < 0.8
    violation_entry(town, v, officer, where, rabies=ask)
    dog.seen(day)
    if ask:
        rabies_request(town, dog, day, officer, v)
    latest = v
    if rng.random() < CORRECTED:  # a correction: a new version pointing at this one
        latest = Row(v, entry_id=town.uuid(), supersedes_id=v, narrative=narrative + " The owner came out.",
                      created_at=v["created_at"] + timedelta(minutes=rng.randint(10, 240)))
        town.corrections.append(latest)
        violation_entry(town, latest, officer, where, supersedes=v)
    if codes != ["5B1"] and AT_LARGE & set(codes) and rng.random() < SEIZED:
        seizure(town, dog, v, officer)
    if (town.today - day).days > 14 or rng.random() < TICKETED_RECENT:
        ticket(town, dog, latest, officer)
    if {"6A4", "6A11"} & set(codes) and rng.random() < COMPLAINED:
        complaint(town, dog, v, day)

def violation_entry(town: Town, v: Row, officer, where, supersedes=None, rabies=False) -> None:
    local = to_local(v["occurred_at"])
    payload = {"dog_id": str(v["dog_id"]), "codes": v["codes"], "ruled_out": v["ruled_out"],
               "occurred_at": local.strftime("%Y-%m-%dT%H:%M"), "narrative": v["narrative"]}
    payload.update({k if k != "accuracy_m" else "accuracy": str(val) for k, val in where.items()})
    if v["witness"]:
        payload["witness"] = v["witness"]
    if supersedes is not None:
        payload["supersedes_entry_id"] = supersedes["entry_id"]
    if rabies:
        payload["rabies_request"] = "y"
    due = rabies_vaccination_due(local.date()).isoformat()
    town.entry("violation", v["entry_id"], officer, payload, v["created_at"],
               lambda: {"violation_id": v["id"], "codes": v["codes"], "dog_id": v["dog_id"],
                        **({"rabies_due_on": due} if rabies else {})})

def ticket(town: Town, dog: BulkDog, v: Row, officer) -> None:
    """§9: written at the roadside and handed over, or written later and handed over at the
    door (CPL §150.40(2): served personally; the last few days: some not served yet)."""
    rng = town.rng
    roadside = officer is not town.constable and rng.random() < AT_THE_ROADSIDE
    if officer is town.constable:  # §9 names the DCO and police officers: one of them writes it later
        officer = town.officer("issue_ticket")
    occurred = v["occurred_at"]
    if roadside:
        issued, how, note = occurred + timedelta(minutes=rng.randint(5, 40)), "personal", ""
    else:
        day = to_local(occurred).date() + timedelta(days=rng.randint(1, 3))
        if day > town.last_day:
            return
        issued = town.at(day, rng.randint(9, 17))
        r = rng.random()
        # CPL §150.40(2): served personally, at the door; left there or mailed would not be service.
        how, note = "personal", "Handed over at the door" if r < 0.8 else ""
        if (town.today - day).days <= 6 and rng.random() < 0.4:
            how, note = "", ""  # written, not served yet ("To issue and serve"); its day still ahead
    capacity, name, address = "owner", dog.owner_name, dog.owner_address
    if how == "personal" and not note and rng.random() < 0.15:  # the same draws as before
        capacity, (name, address) = "in_charge", town.person()
    court = town.court
    issued_on = to_local(issued).date()
    t = Row(entry_id=town.uuid(), number=None, violation_entry_id=v["entry_id"], violation_id=v,
             dog_id=dog.id, dog_description=dog.description, codes=v["codes"], served_capacity=capacity,
             served_name=name, served_address=address, minor_owner_name="",
             served_at=issued if how else None, served_how=how, service_note=note, issued_at=issued,
             court_name=court["name"], court_address=court["address"],
             appear_on=first_court_session(issued_on, court["weekday"], court["days"], town.closed),
             appear_time=court["time"], officer_id=officer.id, officer_name=officer.full_name,
             officer_badge=officer.badge_number or "", created_at=issued,
             offence_at=v["occurred_at"], offence_place=v["location_text"], offence_latitude=v["latitude"],
             offence_longitude=v["longitude"], served_email="")
    town.tickets.append(t)
    payload = {"violation_entry_id": v["entry_id"], "dog_id": str(dog.id), "served_capacity": capacity,
               "served_name": name, "served_address": address, "served_how": how or "later",
               "served_at": to_local(issued).strftime("%Y-%m-%dT%H:%M")}
    if note:
        payload["service_note"] = note
    t["_payload"] = payload  # the ticket number is added when the numbers are given out
    town.entry("ticket", t["entry_id"], officer, payload, issued,
               lambda: {"ticket_id": t["id"], "ticket_number": t["number"],
                        "appear_on": t["appear_on"].isoformat(), "appear_time": t["appear_time"]})
    if how and t["appear_on"] < town.today:
        court_outcome(town, t, "ticket", dog, t["codes"], t["appear_on"])

def seizure(town: Town, dog: BulkDog, v: Row, officer) -> None:
    """§8(A) after the violation; §8(C) redeemed at the counter with a current license (the
    clerk licenses the dog first when it has none: a license issued that day) and the fees
    paid on one receipt, or held now."""
    rng = town.rng
    seized = v["occurred_at"] + timedelta(minutes=rng.randint(5, 60))
    day = to_local(seized).date()
    if dog.free_from is not None and day < dog.free_from:
        return  # held now (§8: not seized again)
    first = dog.first_licensed()
    on_file = first is not None and first <= day
    known = owner_known(license_on_file=on_file, tag_on_file=on_file, owner_of_record=dog.owner_name)
    period = holding_period(day, known.known, town.closed, town.open)
    redeemed_on = day + timedelta(days=rng.choice((0, 1, 1, 2, 2, 3, 4)))
    if not dog.licensed_on(redeemed_on):
        redeemed_on = dog.licensed_between(day, period.deadline)  # §8(C): licensed at the counter first
        if redeemed_on is None:
            return  # this owner would not have got the dog back: no seizure in this history
    imp = Row(entry_id=town.uuid(), record_number=None, dog_id=dog.id, dog_description=dog.description,
               violation_entry_id=v["entry_id"], violation_id=v, reason_codes=v["codes"], seized_at=seized,
               impounded_on=day, owner_known=known.known, owner_known_reason=known.reason, owner_named="",
               redemption_deadline=period.deadline,
               deadline_skipped=[[d.isoformat(), why] for d, why in period.skipped],
               location_text=v["location_text"], latitude=v["latitude"], longitude=v["longitude"],
               accuracy_m=v["accuracy_m"], held_at=town.kennel, notes="", status="held", ended_on=None,
               ended_at=None, ended_by_id=None, end_note="", officer_id=officer.id, created_at=seized,
               received_on=day, dog_breed="", dog_sex="", dog_color="", dog_age="", dog_id_number="", dog_tag="")
    town.impoundments.append(imp)
    seizure_entry(town, imp, officer, {"violation_entry_id": v["entry_id"], "dog_id": str(dog.id)})
    if known.known:
        notified = seized + timedelta(minutes=rng.randint(30, 180))
        town.notices.append(Row(impoundment_id=imp, method="phone" if rng.random() < 0.8 else "in_person",
                                 notified_at=notified, to_whom=dog.owner_name, note="", by_id=officer.id,
                                 created_at=notified))
    earlier = list(dog.impounded)
    dog.impounded.append(day)
    if redeemed_on > town.last_day:
        dog.free_from = date.max  # still held today
        return
    dog.free_from = redeemed_on + timedelta(days=1)
    ended = max(town.at(redeemed_on, rng.randint(9, 16)), seized + timedelta(minutes=30))
    fees = impoundment_fees(
        impoundments_in_twelve_months(day, earlier), days_held(day, redeemed_on),
        (ended - seized).total_seconds() / 3600, dog.dangerous_on(redeemed_on, day), **town.fees)
    identification = rng.choice(IDENTIFICATION)
    imp.update(status="redeemed", ended_on=redeemed_on, ended_at=ended, ended_by_id=town.clerk.id)
    if rng.random() < FEES_WAIVED:  # §8(D): waived by the clerk with a reason, then redeemed
        reason = "Waived by the Town Supervisor: the dog got out when a storm took down the fence."
        for ln in fees.lines:
            town.waived.append(Row(kind=ln.kind, amount=Decimal("0.00"), dog_id=dog.id, impoundment_id=imp,
                                    received_on=redeemed_on, received_by_id=town.clerk.id, waived_reason=reason,
                                    created_at=ended, memo=lambda ln=ln, imp=imp: (
                                        f"{ln.label} {ln.section} — {say_money(ln.amount)} waived — "
                                        f"impoundment no. {imp['id']}")[:200]))
        imp["end_note"] = f"{dog.owner_name}, {identification}"
        return
    receipt = ReceiptRecord(redeemed_on, ended, dog.owner_name, town.clerk.id, *town.method(), lines=[
        Row(kind=ln.kind, amount=ln.amount, dog_id=dog.id, impoundment_id=imp,
             memo=lambda ln=ln, imp=imp: f"{ln.label} {ln.section} — impoundment no. {imp['id']}")
        for ln in fees.lines])
    town.receipts.append(receipt)
    imp["_receipt"] = (receipt, identification)  # the end note names the receipt's number

def seizure_entry(town: Town, imp: Row, officer, payload: dict) -> None:
    payload = {**payload, "seized_at": to_local(imp["seized_at"]).strftime("%Y-%m-%dT%H:%M"),
               "held_at": imp["held_at"]}
    if imp["location_text"]:
        payload["location_text"] = imp["location_text"]
    town.entry("seizure", imp["entry_id"], officer, payload, imp["created_at"],
               lambda: {"impoundment_id": imp["id"], "record_number": imp["record_number"],
                        "redemption_deadline": imp["redemption_deadline"].isoformat(),
                        "owner_known": imp["owner_known"], "owner_known_reason": imp["owner_known_reason"],
                        "skipped": imp["deadline_skipped"], "impounded_on": imp["impounded_on"].isoformat()})

def rabies_request(town: Town, dog: BulkDog, day: date | None = None, officer=None, with_violation: Row | None = None):
    """§5(B)(1) while the dog's vaccination had run out, on its own or with a violation: most
    answered within ten days by the next vaccination, some not (a failure to vaccinate
    recorded after the ten days)."""
    rng = town.rng
    if day is None:  # met on a day its vaccination had run out (a few tries)
        first = max(town.start, dog.old_enough)
        day = next((d for d in (town.day_between(first, town.last_day) for _ in range(3))
                    if d is not None and not dog.vaccinated(d)), None)
        if day is None:
            return
    officer = officer or town.officer()
    asked = with_violation["occurred_at"] if with_violation else town.at(day, rng.randint(8, 18))
    req = Row(entry_id=with_violation["entry_id"] if with_violation else town.uuid(), dog_id=dog.id,
               dog_description=dog.description, requested_of=dog.owner_name, requested_on=day,
               due_on=rabies_vaccination_due(day), violation_id=with_violation, officer_id=officer.id,
               created_at=with_violation["created_at"] if with_violation else asked)
    town.rabies_requests.append(req)
    dog.seen(day)
    if with_violation is None:
        town.entry("rabies_request", req["entry_id"], officer,
                   {"dog_id": str(dog.id), "requested_of": dog.owner_name, "requested_on": day.isoformat()},
                   asked, lambda: {"rabies_request_id": req["id"], "dog_id": dog.id,
                                   "due_on": req["due_on"].isoformat()})
    vaccinated = dog.next_vaccination(day) or town.today
    late = town.day_between(req["due_on"] + timedelta(days=1), min(vaccinated - timedelta(days=1), town.last_day))
    if late is not None and rng.random() < 0.5:
        violation(town, dog, late, codes=["5B1"])  # §5(B)(1): ten days passed, no certificate
