"""§8 dogs not on file seized, and how each case ended (§8(E), DL-18)."""
from datetime import timedelta

from ...law import VIOLATIONS, holding_period, owner_known
from ..dogs import BREEDS
from ..people import FIRST, LAST, STREETS
from .enforcement import seizure_entry
from .town import ReceiptRecord, Row, Town

STRAYS = 0.006  # per dog: dogs not on file seized (never redeemed)
SHELTERS = ("Oswego County Humane Society", "SPCA of Jefferson County", "Sandy Creek Animal Rescue")
COLLARS = ("no collar", "red collar, no tag", "blue collar, no tag", "chain collar, a rabies tag from another county")


def strays(town: Town) -> None:
    """§8 dogs not on file, seized for §5(A)(1) (and running at large): never redeemed (a
    dog with no record is licensed first, §8(C)); adopted out or euthanized after the holding
    period (§8(E)), transferred or died in care, or held now."""
    from ...services.impoundment.outcome import Adopter, OutcomeInput, _end_note
    rng = town.rng
    for _ in range(round(len(town.dogs) * STRAYS)):
        day = town.day_between(town.start, town.last_day)
        seized = town.at(day, rng.randint(7, 19))
        breed, color = rng.choice(BREEDS)
        sex, age = rng.choice("MF"), f"about {rng.randint(1, 9)} years"
        collar = rng.choice(COLLARS)
        codes = ["5A1"] + (["6A1"] if rng.random() < 0.7 else [])
        known = owner_known()
        period = holding_period(day, known.known, town.closed, town.open)
        where = town.place()
        officer = town.officer()
        imp = Row(entry_id=town.uuid(), record_number=None, dog_id=None,
                   dog_description=f"{color} {breed.lower()}, {collar}", violation_entry_id=None,
                   violation_id=None, reason_codes=codes, seized_at=seized, impounded_on=day,
                   owner_known=False, owner_known_reason=known.reason, owner_named="",
                   redemption_deadline=period.deadline,
                   deadline_skipped=[[d.isoformat(), why] for d, why in period.skipped],
                   location_text=where.get("location_text", ""), latitude=where.get("latitude"),
                   longitude=where.get("longitude"), accuracy_m=where.get("accuracy_m"), held_at=town.kennel,
                   notes="", status="held", ended_on=None, ended_at=None, ended_by_id=None, end_note="",
                   officer_id=officer.id, created_at=seized, received_on=day, dog_breed=breed, dog_sex=sex,
                   dog_color=color, dog_age=age, dog_id_number="",
                   dog_tag="Rabies tag from another county" if "rabies tag" in collar else "")
        town.impoundments.append(imp)
        payload = {"dog_description": imp["dog_description"], "dog_breed": breed, "dog_sex": sex,
                   "dog_color": color, "dog_age": age, "codes": codes,
                   "ruled_out": list(dict.fromkeys(e.code for c in codes for e in VIOLATIONS[c].exceptions))}
        payload.update({k if k != "accuracy_m" else "accuracy": str(val) for k, val in where.items()
                        if k != "location_text"})
        seizure_entry(town, imp, officer, payload)
        outcome = rng.choices(("adopted", "transferred", "euthanized", "died"), (55, 27, 14, 4))[0]
        if outcome in ("adopted", "euthanized"):  # §8(E): only after the holding period
            on = period.deadline + timedelta(days=rng.randint(1, 25))
        else:
            on = day + timedelta(days=rng.randint(1, max(1, (period.deadline - day).days)))
        if on > town.last_day:
            continue  # held now (past its deadline: available for adoption on the kennel board)
        adopter = None
        if outcome == "adopted":
            adopter = Adopter(rng.choice(FIRST), rng.choice(LAST), f"{rng.randint(1, 9999)} {rng.choice(STREETS)}",
                              f"(315) {rng.randint(200, 999)}-{rng.randint(0, 9999):04d}")
        d = OutcomeInput(outcome, on, adopter=adopter, place="Pulaski Animal Hospital",
                             performed_by="Dr. Anne Hadley, DVM",
                             authority="The dog control officer, after the holding period (§8(E))",
                             transferred_to=rng.choice(SHELTERS), cause="Parvovirus")
        ended = town.at(on, rng.randint(9, 16))
        imp.update(status=outcome, ended_on=on, ended_at=ended, ended_by_id=town.dco.id, end_note=_end_note(d))
        disp = Row(impoundment_id=imp, outcome=outcome, on=on, recorded_by_id=town.dco.id, created_at=ended,
                    place=d.place if outcome == "euthanized" else "",
                    performed_by=d.performed_by if outcome == "euthanized" else "",
                    authority=d.authority if outcome == "euthanized" else "",
                    transferred_to=d.transferred_to if outcome == "transferred" else "",
                    cause=d.cause if outcome == "died" else "", receipt_id=None)
        if adopter is not None:
            disp.update(adopter_first_name=adopter.first_name, adopter_last_name=adopter.last_name,
                        adopter_address=adopter.address, adopter_town=adopter.town, adopter_state=adopter.state,
                        adopter_zip=adopter.zip_code, adopter_phone=adopter.phone)
            if town.adoption_fee > 0:
                receipt = ReceiptRecord(on, ended, f"{adopter.first_name} {adopter.last_name}", town.dco.id,
                                   *town.method(), lines=[Row(
                                       kind="adoption", amount=town.adoption_fee, dog_id=None,
                                       memo=lambda imp=imp: (f"Adoption of {imp['dog_description']} "
                                                             f"(DL-18 {imp['record_number']})"))])
                town.receipts.append(receipt)
                disp["receipt_id"] = receipt
        town.kennel_dispositions.append(disp)
