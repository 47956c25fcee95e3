"""An impoundment's case in order, for its page and the dog's record: the seizure, moves, the
owner's notices, the fees paid or waived, and how it ended (§8(A)-(E))."""
from dataclasses import dataclass
from datetime import date, datetime

from ...law.impoundment import IMPOUNDMENT_OUTCOMES
from ...law.laws.cites import cite_in_town_law
from ...law.words import say_date, say_money
from ...models.enforcement import IMPOUNDMENT_NOTICE_METHODS, Impoundment
from ...timeutil import to_local, town_tz
from .fees import payments_for


@dataclass(frozen=True)
class CaseStep:
    when: datetime | date
    what: str
    detail: str = ""


def case_steps(imp: Impoundment) -> list[CaseStep]:
    """Everything of the case in order: seizure, notices, fees and payments, release."""
    rank = {"seized": 0, "notice": 1, "money": 2, "end": 3}
    steps = [CaseStep(to_local(imp.seized_at), cite_in_town_law("Seized and impounded (§8(A))"),
                      cite_in_town_law(f"Hold until {say_date(imp.redemption_deadline)} (§8(B))")
                      + (f"; held at {imp.held_at}" if imp.held_at else ""))]
    for m in imp.moves:
        steps.append(CaseStep(m.moved_on, "Boarded elsewhere during the hold (case open)",
                              f"Now at {m.to_where}" + (f" (from {m.from_where})" if m.from_where else "")
                              + (f" — {m.note}" if m.note else "")))
    for n in imp.notices:
        steps.append(CaseStep(to_local(n.notified_at), "Owner notified",
                              f"{IMPOUNDMENT_NOTICE_METHODS.get(n.method, n.method)}, to {n.to_whom}"
                              + (f", by {n.by.full_name}" if n.by else "") + (f" — {n.note}" if n.note else "")))
    for p in payments_for(imp):
        when = to_local(p.created_at) if p.created_at else p.received_on
        if p.waived_reason:
            steps.append(CaseStep(when, "Fee waived", f"{p.memo or p.kind} — {p.waived_reason}"))
        else:
            number = p.receipt.number if p.receipt else ""
            steps.append(CaseStep(when, f"Paid {say_money(p.amount)}", f"{p.memo or p.kind}"
                                  + (f" — receipt {number}" if number else "")))
    if imp.status != "held" and imp.ended_on:
        when = to_local(imp.ended_at) if imp.ended_at else imp.ended_on
        steps.append(CaseStep(when, IMPOUNDMENT_OUTCOMES.get(imp.status, imp.status), imp.end_note or ""))

    def key(step):  # to the minute, then seizure, notices, money, the end (one counter visit)
        w = step.when
        w = w if isinstance(w, datetime) else datetime(w.year, w.month, w.day, 23, 59, tzinfo=town_tz())
        kind = ("seized" if step.what.startswith("Seized") else "notice"
                if step.what in ("Owner notified", "Boarded elsewhere during the hold (case open)")
                else "money" if step.what.startswith(("Paid", "Fee waived")) else "end")
        return w.replace(second=0, microsecond=0), rank[kind]
    return sorted(steps, key=key)
