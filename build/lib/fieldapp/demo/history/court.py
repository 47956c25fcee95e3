"""The Town Justice: §11 dispositions of tickets and complaints, fines received; §10 sworn complaints
with their summons, hearing and order."""
from datetime import date, timedelta
from decimal import Decimal

from ...law import VIOLATIONS, penalty_section, validate_sentence
from ...law.court import first_court_session
from ...law.orders import exceptions_for, order_terms
from ...law.words import say_date
from .town import BulkDog, ReceiptRecord, Row, Town

COMPLAINED = 0.3  # violations of 6A4 / 6A11 also sworn to before the DCO or constable (§10(A))
ORDERED = 0.6  # complaints heard that end in an order of the Town Justice
LIFTED = 0.3  # orders lifted one or two years later
CONVICTED = 0.7  # tickets and complaints disposed of: convicted (else dismissed)
FINE_PAID = 0.9
FINES = (Decimal("25.00"), Decimal("50.00"), Decimal("50.00"), Decimal("75.00"), Decimal("100.00"),
         Decimal("150.00"), Decimal("250.00"))
OTHER_REMEDY = "To complete an obedience course within 90 days and file the certificate with the Town Clerk."


def court_outcome(town: Town, case: Row, kind: str, dog: BulkDog, codes, day: date, adjourn=True) -> None:
    """§11 on the return day: adjourned first now and then, then dismissed or convicted
    with a fine (§11(A) or §11(B)), most fines paid within a month."""
    rng = town.rng
    court = town.court
    offences = list(codes) or [""]  # §11: each offence charged has its own disposition
    if adjourn and rng.random() < 0.15:
        later = first_court_session(day, court["weekday"], 14, town.closed)
        appeared = rng.random() < 0.7
        at = town.at(day, 20)  # one draw for the day, as when a case had one disposition
        for code in offences:
            town.dispositions.append(Row(_case(kind, case), code=code, decided_on=day, appeared=appeared,
                                          plea="", outcome="adjourned", adjourned_to=later, fine=Decimal("0"),
                                          imprisonment_days=0, section="", notes="Adjourned at the owner's request.",
                                          decided_by_id=town.justice.id, created_at=at))
        if later >= town.today:
            return
        day = later
    licensed_since = "5A1" in codes and dog.licensed_on(day)
    if rng.random() < (0.5 if licensed_since else 1 - CONVICTED):
        at = town.at(day, 20)
        for code in offences:
            town.dispositions.append(Row(
                _case(kind, case), code=code, decided_on=day, appeared=True, plea="not_guilty", outcome="dismissed",
                adjourned_to=None, fine=Decimal("0"), imprisonment_days=0, section="",
                notes="Dismissed: proof of license shown." if licensed_since else "Dismissed.",
                decided_by_id=town.justice.id, created_at=at))
        return
    # Convicted of the first offence on a plea of guilty; any other charge dismissed on that plea.
    fine, section = rng.choice(FINES), penalty_section(offences[:1] if offences[0] else [])
    validate_sentence(fine, 0, section=section)  # §11
    d = Row(_case(kind, case), code=offences[0], decided_on=day, appeared=True, plea="guilty", outcome="convicted",
             adjourned_to=None, fine=fine, imprisonment_days=0, section=section, notes="",
             decided_by_id=town.justice.id, created_at=town.at(day, 20))
    town.dispositions.append(d)
    for code in offences[1:]:
        town.dispositions.append(Row(
            _case(kind, case), code=code, decided_on=day, appeared=True, plea="not_guilty", outcome="dismissed",
            adjourned_to=None, fine=Decimal("0"), imprisonment_days=0, section="",
            notes="Dismissed on the plea to the other charge.", decided_by_id=town.justice.id,
            created_at=d["created_at"]))
    paid = day + timedelta(days=rng.randint(0, 30))
    if paid <= town.last_day and rng.random() < FINE_PAID:
        title = "Appearance ticket {} (§9)" if kind == "ticket" else "Sworn complaint no. {} (§10)"

        def memo(case=case, kind=kind, title=title, section=section):
            return f"Fine ({section}), " + title.format(case["number"] if kind == "ticket" else case["id"])
        town.receipts.append(ReceiptRecord(paid, town.at(paid, rng.randint(9, 16)), dog.owner_name, town.justice.id,
                                      *town.method(), lines=[Row(kind="fine", amount=fine, dog_id=dog.id,
                                                                  disposition_id=d, memo=memo)]))

def complaint(town: Town, dog: BulkDog, v: Row, day: date) -> None:
    """§10(A) sworn and forwarded; §10(B) summons, hearing, maybe an order (some lifted
    later); §11 the disposition."""
    rng = town.rng
    court = town.court
    officer = town.officer("take_sworn_complaint")
    name, residence = town.person()
    sworn = town.at(day, rng.randint(9, 18))
    forward_now = rng.random() < 0.7
    forwarded_on = day if forward_now else day + timedelta(days=rng.randint(1, 2))
    codes = [c for c in v["codes"] if c != "5A1"]
    place = v["location_text"] or residence
    c = Row(entry_id=town.uuid(), complainant_name=name, complainant_residence=residence, sworn=True,
             complainant_phone="", violation_place=place,
             sworn_before_id=officer.id, codes=codes, nature="; ".join(VIOLATIONS[x].title for x in codes),
             violation_on=day, dog_id=dog.id, dog_description=dog.description, owner_name=dog.owner_name,
             owner_residence=dog.owner_address, status="received", forwarded_on=None, forwarded_by_id=None,
             created_at=sworn)
    town.complaints.append(c)
    payload = {"complainant_name": name, "complainant_residence": residence, "sworn": "y", "codes": codes,
               "violation_on": day.isoformat(), "dog_id": str(dog.id), "violation_place": place}
    if forward_now:
        payload["forward_now"] = "y"
    town.entry("complaint", c["entry_id"], officer, payload, sworn,
               lambda: {"complaint_id": c["id"], "status": "forwarded" if forward_now else "received"})
    if forwarded_on > town.last_day:
        return
    c.update(status="forwarded", forwarded_on=forwarded_on, forwarded_by_id=officer.id)
    issued = forwarded_on + timedelta(days=rng.randint(1, 7))
    if issued > town.last_day:
        return
    appear = first_court_session(issued, court["weekday"], court["days"], town.closed)
    town.summonses.append(Row(complaint_id=c, summoned_name=dog.owner_name, summoned_address=dog.owner_address,
                               appear_on=appear, appear_time=court["time"], court_name=court["name"],
                               court_address=court["address"], issued_on=issued, issued_by_id=town.justice.id,
                               created_at=town.at(issued, rng.randint(9, 16))))
    if appear >= town.today:
        return
    hearing = Row(complaint_id=c, ticket_id=None, held_on=appear, complainant_appeared=True,
                   owner_appeared=rng.random() < 0.9, appearances="The dog control officer",
                   complainant_counsel="", owner_counsel="Atty. J. Bice" if rng.random() < 0.25 else "",
                   evidence="The complainant's testimony and photographs; the officer's report.",
                   adjourned_to=None, recorded_by_id=town.justice.id, created_at=town.at(appear, 20))
    town.hearings.append(hearing)
    if rng.random() < ORDERED:
        victim = "person" if "6A4" in codes else rng.choice(("dog_or_cat", "domestic_animal"))
        kind = rng.choices(("confined", "dangerous", "order"), (50, 35, 15))[0]
        findings = ({"victim": victim, "ruled_out": sorted(x.code for x in exceptions_for(victim))}
                    if kind == "dangerous" else {})
        order = Row(dog_id=dog.id, complaint_id=c, hearing_id=hearing, kind=kind, ordered_on=appear,
                     terms=order_terms(kind, OTHER_REMEDY if kind == "order" else ""), findings=findings,
                     supersedes_id=None, ordered_by_id=town.justice.id, created_at=town.at(appear, 20, 30))
        town.orders.append(order)
        kept = [kind, appear, None]
        dog.orders.append(kept)
        lifted = appear + timedelta(days=rng.randint(300, 700))
        if lifted <= town.last_day and rng.random() < LIFTED:
            kept[2] = lifted
            town.lifts.append(Row(dog_id=dog.id, complaint_id=c, hearing_id=hearing, kind="lifted",
                                   ordered_on=lifted, terms=f"The order of {say_date(appear)} is lifted.",
                                   findings={}, supersedes_id=order, ordered_by_id=town.justice.id,
                                   created_at=town.at(lifted, 20)))
    court_outcome(town, c, "complaint", dog, codes, appear, adjourn=False)


def _case(kind: str, case: Row) -> dict:
    """The court record's case: a ticket (§9) or a sworn complaint (§10), the other one None."""
    return {"ticket_id": case if kind == "ticket" else None, "complaint_id": case if kind == "complaint" else None}
