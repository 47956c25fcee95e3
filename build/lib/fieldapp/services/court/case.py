"""The Town Justice's cases (§9, §10, §11): a ticket or a complaint read the same way (`Case`),
the docket, and everything of the court about one dog.

A case is an appearance ticket (§9) or a sworn complaint forwarded to the Justice (§10(A)).
Read-only: nothing here writes.
"""
from dataclasses import dataclass
from datetime import date

from sqlalchemy import case as sql_case
from sqlalchemy import func
from sqlalchemy.orm import selectinload

from ...extensions import db
from ...law import penalty_section
from ...law.laws import ALL_OFFENCES as VIOLATIONS
from ...law.laws import law_of_offence
from ...models.court import Disposition
from ...models.enforcement import AppearanceTicket, SwornComplaint
from ...settings import setting_on
from ...timeutil import to_local
from ...town import current_law
from ..ticket_numbers import ticket_by_number

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
    def law(self):
        """The law the case is judged by: its offences' (a record keeps the law it was charged
        under), or, with none by code (a complaint in words), the town's law."""
        for code in self.codes:
            law = law_of_offence(code)
            if law is not None:
                return law
        return current_law()

    @property
    def penalty_section(self) -> str:
        law = self.law
        return penalty_section(self.codes) if law.local else law.penalties.section

    @property
    def offence_day(self) -> date:
        """The day of the offence: a ticket's (else the day it was written), a complaint's."""
        return self.record.offence_day if self.kind == "ticket" else self.record.violation_on

    @property
    def prosecution(self) -> str:
        """The town's election under AML §118(2) in force on the day of the offence."""
        return setting_on("state_law_prosecution", self.offence_day)

    @property
    def penalty_words(self) -> str:
        """What a conviction may bring, under the case's law and the town's election (AML §118(2))."""
        return self.law.penalties.words(self.prosecution)

    @property
    def most_days(self) -> int:
        """The most days of imprisonment a sentence may give (none in an action for a civil penalty)."""
        return self.law.penalties.most_days(self.prosecution)

    def offence_section(self, code: str) -> str:
        """§11(A) or §11(B): the subsection one offence's sentence falls under."""
        law = self.law
        return penalty_section([code] if code else []) if law.local else law.penalties.section

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
        rec = ticket_by_number(str(ident))  # as stored, or typed with any town's letters or none
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
