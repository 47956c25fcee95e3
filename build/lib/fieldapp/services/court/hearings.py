"""The Town Justice's summons, hearings and orders (§10(B), §10(B)(1)-(3)).

Every function here checks the law (fieldapp/law/court.py, orders.py), raises
ServiceError({field: message}) when it refuses, flushes and never commits: the view does. Orders
are the one source of what the Justice declared: the status card reads them
(services/enforcement/record.py: court_orders), and since a CourtOrder has a `dog_id`, the
before_flush hook bumps the dog's data_version for the phone's copy.
"""
from datetime import date

from ...extensions import db
from ...law.court import hearing_refusal
from ...law.orders import (
    ORDER_KINDS,
    VICIOUS_GROUNDS,
    dangerous_finding_noticed,
    dangerous_finding_refusal,
    order_terms,
    vicious_finding_refusal,
)
from ...law.words import say_date
from ...models import record_event
from ...models.court import CourtOrder, Hearing, Summons
from ...models.enforcement import SwornComplaint
from ..enforcement import court_settings
from ..errors import ServiceError
from .case import Case

# --- §10(B) summons -----------------------------------------------------------------------

def summon(complaint: SwornComplaint, *, name: str, address: str, appear_on: date | None,
           appear_time: str, user, today: date) -> Summons:
    """§10(B): "Upon receipt by the Town Justice of any such complaint, he or she shall summon
    the alleged owner to appear in person before him or her for a hearing"."""
    errors = {}
    if complaint.status != "forwarded":
        errors[""] = "§10(A): the complaint has not been forwarded to the Town Justice yet."
    if not (name or "").strip():
        errors["name"] = "Name the alleged owner to summon."
    if appear_on is None:
        errors["appear_on"] = "Give the day to appear."
    elif appear_on < today:
        errors["appear_on"] = "The day to appear has passed."
    if not _is_hhmm(appear_time):
        errors["appear_time"] = "Give the time as HH:MM."
    if errors:
        raise ServiceError(errors)
    court = court_settings()
    s = Summons(complaint=complaint, summoned_name=name.strip(), summoned_address=(address or "").strip(),
                appear_on=appear_on, appear_time=appear_time, court_name=court.name,
                court_address=court.address, issued_on=today, issued_by_id=user.id)
    db.session.add(s)
    db.session.flush()
    record_event("court.summoned", s, actor=user, complaint_id=complaint.id, appear_on=appear_on.isoformat())
    return s


def _is_hhmm(text: str) -> bool:
    parts = (text or "").split(":")
    return (len(parts) == 2 and all(p.isdigit() and len(p) == 2 for p in parts)
            and int(parts[0]) < 24 and int(parts[1]) < 60)


# --- the hearing ---------------------------------------------------------------------------

def record_hearing(case: Case, *, held_on: date | None, complainant_appeared: bool, owner_appeared: bool,
                   appearances: str, complainant_counsel: str, owner_counsel: str, evidence: str,
                   adjourned_to: date | None, user, came_of_own_accord: bool = False) -> Hearing:
    """§10(B): the hearing, "at which both the complainant and owner shall have an opportunity to
    be represented by counsel and to present evidence"; a ticket's appearance (§9) alike. Only
    on a case whose owner was summoned (a ticket: served personally) by the day of the hearing,
    or who came of their own accord (`came_of_own_accord`, recorded as such); a hearing where
    the owner did not appear is recorded as such, and may be adjourned."""
    errors = {}
    if held_on is None:
        errors["held_on"] = "Give the day of the hearing."
    else:
        refusal = hearing_refusal(case.kind, case.summoned(held_on), came_of_own_accord, owner_appeared)
        if refusal:
            errors["came_of_own_accord" if came_of_own_accord else ""] = refusal
    if adjourned_to is not None and held_on is not None and adjourned_to <= held_on:
        errors["adjourned_to"] = "An adjournment is to a later day."
    if case.decided:
        errors[""] = "The case has been disposed of."
    if errors:
        raise ServiceError(errors)
    h = Hearing(held_on=held_on, complainant_appeared=complainant_appeared, owner_appeared=owner_appeared,
                owner_came_of_own_accord=bool(came_of_own_accord and not case.summoned(held_on)),
                appearances=appearances.strip(), complainant_counsel=complainant_counsel.strip(),
                owner_counsel=owner_counsel.strip(), evidence=evidence.strip(), adjourned_to=adjourned_to,
                recorded_by_id=user.id)
    setattr(h, case.kind, case.record)
    db.session.add(h)
    db.session.flush()
    record_event("court.hearing", h, actor=user, case=case.kind, case_id=case.record.id,
                 owner_appeared=owner_appeared, came_of_own_accord=h.owner_came_of_own_accord,
                 adjourned_to=adjourned_to.isoformat() if adjourned_to else None)
    return h


# --- §10(B)(1)-(3) orders ----------------------------------------------------------------------

def make_order(complaint: SwornComplaint, *, kind: str, ordered_on: date | None, words: str,
               victim: str | None = None, ruled_out=(), grounds=(), user) -> CourtOrder:
    """§10(B): "If, after such hearing, the Town Justice decides that further action is
    warranted, he may order" (1) the dog declared dangerous (§4(C), every exception that could
    apply considered) or vicious (§4(O)), restrained by collar and leash; (2) confined to the
    owner's premises; (3) another remedy."""
    errors = {}
    if kind not in ORDER_KINDS or kind == "lifted":
        errors["kind"] = "Choose what the Town Justice orders."
    if not complaint.hearings:
        errors[""] = "§10(B): an order is made after the hearing; record the hearing first."
    elif not (Case(complaint).summoned(complaint.hearings[-1].held_on)
              or complaint.hearings[-1].owner_came_of_own_accord):
        errors[""] = "§10(B): the alleged owner was not summoned to the hearing: no order on it."
    if complaint.dog is None:
        errors[""] = "The dog is not on the town's records: identify it on the complaint first."
    if ordered_on is None:
        errors["ordered_on"] = "Give the date of the order."
    findings = {}
    if kind == "dangerous":
        refusal = dangerous_finding_refusal(victim, ruled_out)
        if refusal:
            errors["victim" if victim is None else "ruled_out"] = refusal
        findings = {"victim": victim, "ruled_out": sorted(set(ruled_out))}
    elif kind == "vicious":
        # §4(O)(iii): a dangerous finding in force, the owner given notice of it.
        prior = [o for o in complaint.dog.court_orders if o.kind == "dangerous" and o.in_force] if complaint.dog else []
        noticed = any(dangerous_finding_noticed(bool(o.hearing and o.hearing.owner_appeared),
                                                (o.findings or {}).get("owner_notified_on")) for o in prior)
        refusal = vicious_finding_refusal(list(grounds), bool(prior), owner_given_notice=noticed)
        if refusal:
            errors["grounds"] = refusal
        findings = {"grounds": [g for g in grounds if g in VICIOUS_GROUNDS]}
    terms = ""
    if kind in ORDER_KINDS:
        try:
            terms = order_terms(kind, words)
        except ValueError as e:
            errors["words"] = str(e)
    if errors:
        raise ServiceError(errors)
    order = CourtOrder(dog=complaint.dog, complaint=complaint, hearing=complaint.hearings[-1], kind=kind,
                       ordered_on=ordered_on, terms=terms, findings=findings, ordered_by_id=user.id)
    db.session.add(order)
    db.session.flush()
    record_event("court.order", order, actor=user, order_kind=kind, dog_id=order.dog_id, complaint_id=complaint.id)
    return order


def change_order(order: CourtOrder, *, kind: str, ordered_on: date | None, words: str, user) -> CourtOrder:
    """§10(B): a later order lifts or changes an order in force; the earlier one stays on the
    record as it was. A change keeps the findings of the order it changes; declaring the dog
    vicious after a dangerous finding is a new order on a complaint (§4(O)(iii))."""
    errors = {}
    if not order.in_force:
        errors[""] = "That order is no longer in force."
    if kind not in ("lifted", "confined", "order", order.kind):
        errors["kind"] = "Lift the order, or change its terms, confinement or other remedy."
    if ordered_on is None:
        errors["ordered_on"] = "Give the date of the order."
    elif ordered_on < order.ordered_on:
        errors["ordered_on"] = "A later order can't be dated before the order it changes."
    terms = ""
    try:
        terms = order_terms(kind, words) if kind != "lifted" else (
            (words or "").strip() or f"The order of {say_date(order.ordered_on)} is lifted.")
    except ValueError as e:
        errors["words"] = str(e)
    if errors:
        raise ServiceError(errors)
    new = CourtOrder(dog_id=order.dog_id, complaint_id=order.complaint_id, hearing_id=order.hearing_id,
                     kind=kind, ordered_on=ordered_on, terms=terms,
                     findings=order.findings if kind == order.kind else {}, supersedes=order,
                     ordered_by_id=user.id)
    db.session.add(new)
    db.session.flush()
    record_event("court.order_changed", new, actor=user, order_kind=kind, supersedes_id=order.id, dog_id=new.dog_id)
    return new


def orders_in_force_for(dog) -> list[CourtOrder]:
    """The dog's orders in force (ORM objects, for forms and the dog's record)."""
    return [o for o in (dog.court_orders if dog else []) if o.in_force]
