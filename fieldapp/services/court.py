"""The Town Justice's side of a case (§9, §10(B), §11): the docket, summonses, hearings,
orders and dispositions, and fines received into the ledger.

A case is an appearance ticket (§9) or a sworn complaint forwarded to the Justice (§10(A));
`Case` reads either the same way. Every function here checks the law (fieldapp/law/orders.py,
penalties.py), raises ServiceError({field: message}) when it refuses, flushes and never
commits: the view does. Orders are the one source of what the Justice declared: the status
card reads them (services/enforcement/history.py: court_orders), and since a CourtOrder has a
`dog_id`, the before_flush hook bumps the dog's data_version for the phone's copy.
"""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

from sqlalchemy import case as sql_case
from sqlalchemy import func
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..law import VIOLATIONS, penalty_section, validate_sentence
from ..law.court import conviction_refusal, hearing_refusal
from ..law.orders import (
    ORDER_KINDS,
    VICIOUS_GROUNDS,
    dangerous_finding_noticed,
    dangerous_finding_refusal,
    order_terms,
    vicious_finding_refusal,
)
from ..law.words import say_date, say_money
from ..models import Payment, record_event
from ..models.court import OUTCOMES, PLEAS, CourtOrder, Disposition, Hearing, Summons
from ..models.enforcement import AppearanceTicket, SwornComplaint
from ..settings import get_setting
from ..timeutil import to_local
from .enforcement import court_settings
from .errors import ServiceError
from .money import PaymentLine, check_method, record_receipt

# A verdict that ends an offence's case; an adjournment in contemplation of dismissal takes it off
# the calendar (restored only by a later step, which this app does not yet record).
FINAL_OUTCOMES = ("dismissed", "convicted", "acd")


@dataclass
class Case:
    """A ticket or a complaint as the court reads it."""
    record: AppearanceTicket | SwornComplaint

    @property
    def kind(self) -> str:
        return "ticket" if isinstance(self.record, AppearanceTicket) else "complaint"

    @property
    def title(self) -> str:
        if self.kind == "ticket":
            return f"Appearance ticket {self.record.number} (§9)"
        return f"Sworn complaint no. {self.record.id} (§10)"

    @property
    def dog(self):
        return self.record.dog

    @property
    def dog_text(self) -> str:
        dog = self.record.dog
        return f"{dog.name} — {dog.description}" if dog else self.record.dog_description

    @property
    def owner_name(self) -> str:
        return self.record.served_name if self.kind == "ticket" else self.record.owner_name

    @property
    def owner_address(self) -> str:
        return self.record.served_address if self.kind == "ticket" else self.record.owner_residence

    @property
    def codes(self) -> list:
        return list(self.record.codes or [])

    @property
    def offence_codes(self) -> list[str]:
        """§11 per offence: each offence charged, by its code; "" is a complaint's offence said
        only in words."""
        return self.codes or [""]

    @property
    def offences(self) -> list[tuple[str, str]]:
        """(section, title) of each offence charged; a complaint may say it only in words."""
        return [self.offence(c)[1:] for c in self.offence_codes]

    def offence(self, code: str) -> tuple[str, str, str]:
        """(code, section, title) of one offence charged."""
        if code in VIOLATIONS:
            return code, VIOLATIONS[code].section, VIOLATIONS[code].title
        if not code and self.kind == "complaint":
            return "", "§10(A)", self.record.nature
        return code, "", code

    @property
    def penalty_section(self) -> str:
        return penalty_section(self.codes)

    def offence_section(self, code: str) -> str:
        """§11(A) or §11(B): the subsection one offence's sentence falls under."""
        return penalty_section([code] if code else [])

    def summoned(self, on: date | None = None) -> bool:
        """§10(B) the alleged owner summoned (on or before `on`); on a ticket, CPL §150.40(2):
        served personally on the person charged."""
        if self.kind == "ticket":
            t = self.record
            return t.served and (on is None or to_local(t.served_at).date() <= on)
        return any(on is None or s.issued_on <= on for s in self.record.summonses)

    @property
    def came_of_own_accord(self) -> bool:
        return any(h.owner_came_of_own_accord for h in self.record.hearings)

    def latest_for(self, code: str):
        """The latest disposition of one offence (None before any)."""
        found = [d for d in self.record.dispositions if d.code == code]
        return found[-1] if found else None

    @property
    def open_offences(self) -> list[str]:
        """The offences with no final verdict yet."""
        return [c for c in self.offence_codes
                if (self.latest_for(c) is None or self.latest_for(c).outcome not in FINAL_OUTCOMES)]

    @property
    def hearings(self):
        return self.record.hearings

    @property
    def dispositions(self):
        return self.record.dispositions

    @property
    def summonses(self):
        return self.record.summonses if self.kind == "complaint" else []

    @property
    def latest_disposition(self):
        return self.record.dispositions[-1] if self.record.dispositions else None

    @property
    def verdicts(self) -> list:
        """§11 per offence: the latest disposition of each offence charged (None where none)."""
        return [self.latest_for(c) for c in self.offence_codes]

    @property
    def decided(self) -> bool:
        """Every offence charged has its final verdict."""
        return not self.open_offences

    @property
    def next_date(self) -> date | None:
        """The day the case is next before the court: the latest adjournment, else the
        summons' (§10(B)) or the ticket's return date (§9); None for a complaint not summoned."""
        if self.decided:
            return None
        steps = [(h.created_at, h.adjourned_to) for h in self.record.hearings if h.adjourned_to]
        steps += [(d.created_at, d.adjourned_to) for d in self.record.dispositions
                  if d.adjourned_to and d.outcome == "adjourned"]
        if steps:
            return max(steps, key=lambda s: s[0])[1]
        if self.kind == "ticket":
            return self.record.appear_on
        return self.record.summonses[-1].appear_on if self.record.summonses else None

    @property
    def time(self) -> str:
        if self.kind == "ticket":
            return self.record.appear_time
        return self.record.summonses[-1].appear_time if self.record.summonses else ""


def case_for(kind: str, ident) -> Case | None:
    if kind == "ticket":
        rec = db.session.execute(db.select(AppearanceTicket).filter_by(number=str(ident))).scalar_one_or_none()
    else:
        rec = db.session.get(SwornComplaint, int(ident))
    return Case(rec) if rec is not None else None


def _undecided(case_column, case_id, codes):
    """In SQL, what `Case.decided` says in Python: fewer of the case's offences have a final
    verdict than it charges (a final verdict is never followed by another for the same offence;
    a case charging none in code has one offence, in words). The docket reads only these, so its
    cost follows the open cases, not every case ever heard."""
    decided = (db.select(func.count(func.distinct(Disposition.code)))
               .where(case_column == case_id, Disposition.outcome.in_(FINAL_OUTCOMES))
               .correlate_except(Disposition).scalar_subquery())
    charged = func.json_array_length(codes)
    return decided < sql_case((charged > 0, charged), else_=1)


def docket(today: date) -> dict:
    """The Justice's docket: open tickets by return date and forwarded complaints awaiting a
    hearing, today's session first, then the days ahead, then earlier days not yet disposed
    of, then complaints waiting for a summons (§10(B))."""
    tickets = db.session.execute(db.select(AppearanceTicket).where(_undecided(
        Disposition.ticket_id, AppearanceTicket.id, AppearanceTicket.codes)).options(
        selectinload(AppearanceTicket.dog), selectinload(AppearanceTicket.hearings),
        selectinload(AppearanceTicket.dispositions))).scalars().all()
    complaints = db.session.execute(db.select(SwornComplaint).where(
        SwornComplaint.status == "forwarded",
        _undecided(Disposition.complaint_id, SwornComplaint.id, SwornComplaint.codes)).options(
        selectinload(SwornComplaint.dog), selectinload(SwornComplaint.hearings),
        selectinload(SwornComplaint.dispositions), selectinload(SwornComplaint.summonses))).scalars().all()
    cases = [Case(r) for r in list(tickets) + list(complaints)]
    dated = sorted((c for c in cases if c.next_date), key=lambda c: (c.next_date, c.time, c.title))
    return {
        "today": [c for c in dated if c.next_date == today],
        "ahead": [c for c in dated if c.next_date > today],
        "earlier": [c for c in dated if c.next_date < today],
        "to_summon": [c for c in cases if c.next_date is None],
    }


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


# --- §11 dispositions and fines --------------------------------------------------------------

def parse_money(text) -> Decimal | None:
    try:
        value = Decimal(str(text or "0").replace("$", "").replace(",", "").strip() or "0")
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


@dataclass(frozen=True)
class Verdict:
    """§11 per offence: what the Justice decides on one offence charged today. `outcome` "" is
    nothing decided on it today; `until` is the day an adjournment in contemplation of
    dismissal ends."""
    plea: str = ""
    outcome: str = ""
    fine: object = "0"
    days: object = "0"
    until: date | None = None


def offence_field(name: str, code: str) -> str:
    """The form field of one offence's `name` (plea, outcome, fine, imprisonment_days, until)."""
    return f"{name}_{code or 'words'}"


def record_disposition(case: Case, *, decided_on: date | None, appeared: bool, verdicts: dict,
                       adjourned_to: date | None, notes: str, user) -> list[Disposition]:
    """§11: appeared or not, and for each offence charged (`verdicts`, code -> Verdict) its own
    plea and verdict: adjourned, adjourned in contemplation of dismissal, dismissed or convicted;
    on conviction a fine not over $500.00 and/or imprisonment of not more than 15 days for that
    offence, under §11(A) (failure to license) or §11(B) (any other provision), named on the
    record. A conviction needs a case to convict on: a ticket served personally or an owner
    summoned, and a plea of guilty or a hearing recorded (law/court.py: conviction_refusal)."""
    errors = {}
    if case.decided:
        errors[""] = "The case has been disposed of."
    if decided_on is None:
        errors["decided_on"] = "Give the date."
    open_codes = case.open_offences
    rows = []
    for code, v in verdicts.items():
        f = lambda name, code=code: offence_field(name, code)  # noqa: E731
        if not v.outcome:
            continue
        if code not in case.offence_codes:
            errors[""] = "That offence is not charged in this case."
            continue
        if code not in open_codes:
            errors[f("outcome")] = "This offence has been disposed of."
            continue
        if v.plea not in PLEAS:
            errors[f("plea")] = "Choose the plea."
        if v.outcome not in OUTCOMES:
            errors[f("outcome")] = "Choose adjourned, adjourned in contemplation of dismissal, dismissed or convicted."
            continue
        if v.outcome == "adjourned" and (adjourned_to is None or (decided_on and adjourned_to <= decided_on)):
            errors["adjourned_to"] = "Give the later day the case is adjourned to."
        if v.outcome == "default":
            if not get_setting("court_records_defaults"):
                errors[f("outcome")] = ("The town's court does not record defaults (setting): adjourn the "
                                        "offence instead.")
            elif appeared:
                errors[f("outcome")] = "A default is for a person charged who did not appear."
            elif not case.summoned(decided_on):
                errors[f("outcome")] = ("§11: no default on a ticket never served personally or a complaint "
                                        "whose owner was never summoned.")
            if not (notes or "").strip():
                errors["notes"] = "Give the reason for the default."
        if v.outcome == "acd" and (v.until is None or (decided_on and v.until <= decided_on)):
            errors[f("until")] = "Give the later day the adjournment in contemplation of dismissal ends."
        fine = parse_money(v.fine)
        try:
            days = int(v.days or 0)
        except (TypeError, ValueError):
            days = None
        section = case.offence_section(code)
        if fine is None:
            errors[f("fine")] = "Give the fine in dollars and cents."
        if days is None:
            errors[f("imprisonment_days")] = "Give whole days."
        if v.outcome != "convicted" and ((fine or 0) or (days or 0)):
            errors[f("fine")] = "A fine or imprisonment is imposed only upon conviction (§11)."
        elif v.outcome == "convicted":
            heard = any(decided_on is None or h.held_on <= decided_on for h in case.hearings)
            refusal = conviction_refusal(case.kind, case.summoned(decided_on), v.plea == "guilty", heard)
            if refusal:
                errors[f("outcome")] = refusal
            elif fine is not None and days is not None:
                try:
                    validate_sentence(fine, days, section=section)
                except ValueError as e:
                    errors[f("imprisonment_days") if "days" in str(e) and "fine" not in str(e).lower()
                           else f("fine")] = str(e)
        rows.append((code, v, fine, days, section))
    if not rows and not errors:
        errors[""] = "Give the verdict of at least one offence."
    if errors:
        raise ServiceError(errors)
    made = []
    for code, v, fine, days, section in rows:
        convicted = v.outcome == "convicted"
        d = Disposition(code=code, decided_on=decided_on, appeared=appeared, plea=v.plea, outcome=v.outcome,
                        adjourned_to=adjourned_to if v.outcome == "adjourned" else v.until if v.outcome == "acd"
                        else None,
                        fine=fine if convicted else Decimal("0"), imprisonment_days=days if convicted else 0,
                        section=section if convicted else "", notes=notes.strip(), decided_by_id=user.id)
        setattr(d, case.kind, case.record)
        db.session.add(d)
        made.append(d)
    db.session.flush()
    for d in made:
        record_event("court.disposition", d, actor=user, case=case.kind, case_id=case.record.id, code=d.code,
                     outcome=d.outcome, fine=str(d.fine), days=d.imprisonment_days, section=d.section)
    return made


def fine_outstanding(d: Disposition) -> Decimal:
    return Decimal(d.fine or 0) - sum((Decimal(p.amount) for p in d.payments), Decimal("0"))


def receive_fine(d: Disposition, *, amount, received_on: date | None, user, method: str = "cash",
                 reference: str = "", payer_name: str = "") -> Payment:
    """A fine received: a typed line of the ledger (Payment kind "fine"), never over what is owed,
    on a receipt that says how it was paid (`services.money.record_receipt`)."""
    amount = parse_money(amount)
    errors = {}
    if d.outcome != "convicted" or not d.fine:
        errors[""] = "No fine was imposed."
    elif amount is None or amount <= 0:
        errors["amount"] = "Give the amount received."
    elif amount > fine_outstanding(d):
        errors["amount"] = f"Only {say_money(fine_outstanding(d))} of the fine is outstanding."
    if received_on is None:
        errors["received_on"] = "Give the date received."
    errors.update(check_method(method, reference))
    if errors:
        raise ServiceError(errors)
    case = Case(d.ticket or d.complaint)
    offence = case.offence(d.code)[1]
    receipt = record_receipt([PaymentLine(kind="fine", amount=amount, dog_id=case.dog.id if case.dog else None,
                                          memo=f"Fine ({d.section}), {case.title}"
                                               f"{', ' + offence if offence and d.code else ''}"[:200])],
                             method=method, reference=reference, payer_name=payer_name,
                             received_on=received_on, user=user)
    p = receipt.lines[0]
    p.disposition_id = d.id
    db.session.flush()
    db.session.expire(d, ["payments"])
    record_event("court.fine_received", p, actor=user, disposition_id=d.id, amount=str(amount))
    return p


def dog_court_record(dog) -> list[dict]:
    """Everything of the court about the dog, in order of date: summonses, hearings, orders,
    dispositions and fines of its tickets and complaints (the clerk's dog page)."""
    items = []
    cases = [Case(t) for t in dog.tickets] + [Case(c) for c in dog.complaints]
    for case in cases:
        for s in case.summonses:
            items.append({"on": s.issued_on, "what": "summons", "case": case, "record": s})
        for h in case.hearings:
            items.append({"on": h.held_on, "what": "hearing", "case": case, "record": h})
        for d in case.dispositions:
            items.append({"on": d.decided_on, "what": "disposition", "case": case, "record": d})
            for p in d.payments:
                items.append({"on": p.received_on, "what": "fine_paid", "case": case, "record": p})
    for o in dog.court_orders:
        case = Case(o.complaint) if o.complaint else None
        items.append({"on": o.ordered_on, "what": "order", "case": case, "record": o})
    order = {"summons": 0, "hearing": 1, "order": 2, "disposition": 3, "fine_paid": 4}
    return sorted(items, key=lambda i: (i["on"], order[i["what"]], i["record"].id))
