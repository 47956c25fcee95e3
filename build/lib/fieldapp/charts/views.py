"""The clerk's charts, one page: licenses issued by month, renewals due by month, seizures by
reason, money by fee type. Each chart is SVG drawn here (charts/svg.py) with its numbers as a
table below it; the counting is charts/aggregate.py, fed plain values by the queries here."""
from flask import render_template

from ..auth import permission_required
from ..extensions import db
from ..law.laws import ALL_OFFENCES
from ..law.laws.cites import cite_in_town_law
from ..models import Dog, License, Payment
from ..models.enforcement import Impoundment
from ..services.licensing import FEE_KIND_LABELS
from ..timeutil import local_today
from . import aggregate, bp
from .aggregate import add_months
from .svg import bar_chart, value_text

MONTHS = 12
# Payment kinds besides the license's own lines (services/licensing: FEE_KIND_LABELS).
OTHER_KIND_LABELS = {
    "enumeration": "Enumeration surcharge", "impound": "Impoundment fee", "impoundment": "Impoundment fee",
    "boarding": "Boarding", "redemption": "Redemption fee", "adoption": "Adoption fee", "fine": "Fines (§11)",
}
# Licenses that will want renewing: not replaced by a renewal, closed or void.
IN_FORCE = ("active",)


def _reason_labels() -> dict[str, str]:
    # Every law's offences (their codes are distinct): a seizure is labelled in its own town's law.
    return {code: f"{r.section} {r.title}" for code, r in ALL_OFFENCES.items()}


def clerk_charts(today):
    """The four series of the page, for the 12 months to `today` (renewals: the 12 ahead)."""
    since = add_months(today.replace(day=1), -(MONTHS - 1))
    issued = db.session.scalars(db.select(License.issued_on).where(License.issued_on >= since,
                                                                   License.issued_on <= today)).all()
    ahead_end = add_months(today.replace(day=1), MONTHS)
    expiring = db.session.scalars(db.select(License.expires_on).where(
        License.status.in_(IN_FORCE), License.expires_on >= today.replace(day=1),
        License.expires_on < ahead_end)).all()
    reasons = db.session.scalars(db.select(Impoundment.reason_codes).where(Impoundment.impounded_on >= since,
                                                                           Impoundment.impounded_on <= today)).all()
    lines = db.session.execute(db.select(Payment.kind, Payment.amount).where(Payment.received_on >= since,
                                                                            Payment.received_on <= today)).all()
    return since, [
        ("issued", aggregate.licenses_issued_by_month(issued, today, MONTHS), "Month"),
        ("renewals", aggregate.renewals_due_by_month(expiring, today, MONTHS), "Month"),
        ("seizures", aggregate.seizures_by_reason(reasons, _reason_labels()), "Reason"),
        ("money", aggregate.money_by_fee_type(lines, {kind: cite_in_town_law(label) for kind, label in
                                                      {**OTHER_KIND_LABELS, **FEE_KIND_LABELS}.items()}), "Fee"),
    ]


def calls_charts(today):
    """Calls for service: by day, by kind, the time to arrival and to close, repeat addresses and
    dogs (the town's settings `repeat_dog_calls` within `repeat_call_days`)."""
    from datetime import datetime, time, timedelta

    from ..law.calls import CALL_KINDS, kind_label
    from ..models.calls import Call
    from ..services.calls import repeat_window
    from ..timeutil import to_local, town_tz
    times, days = repeat_window()
    since = datetime.combine(today - timedelta(days=max(days, 30) - 1), time.min, town_tz())
    year = datetime.combine(add_months(today.replace(day=1), -(MONTHS - 1)), time.min, town_tz())
    rows = db.session.execute(db.select(Call.kind, Call.received_at, Call.arrived_at, Call.closed_at,
                                        Call.location_text, Call.dog_id).where(Call.received_at >= year)).all()
    labels = {code: kind_label(code) for code in CALL_KINDS}
    recent = [r for r in rows if r.received_at >= since]
    repeat_since = datetime.combine(today - timedelta(days=days - 1), time.min, town_tz())
    window = [r for r in rows if r.received_at >= repeat_since]
    dog_names = dict(db.session.execute(db.select(Dog.id, Dog.name).where(
        Dog.id.in_({r.dog_id for r in window if r.dog_id}))).all())

    def minutes(start, end):
        return (end - start).total_seconds() / 60 if start and end else None
    return [
        ("calls-by-day", aggregate.calls_by_day([to_local(r.received_at).date() for r in recent], today), "Day"),
        ("calls-by-kind", aggregate.calls_by_kind([r.kind for r in rows], labels), "Kind"),
        ("calls-arrival", aggregate.median_minutes_by_kind(
            [(r.kind, minutes(r.received_at, r.arrived_at)) for r in rows], labels,
            "Minutes from call to arrival (median, by kind)"), "Kind"),
        ("calls-close", aggregate.median_minutes_by_kind(
            [(r.kind, minutes(r.received_at, r.closed_at)) for r in rows], labels,
            "Minutes from call to close (median, by kind)"), "Kind"),
        ("calls-repeat-addresses", aggregate.repeats([r.location_text.strip() for r in window], times,
                                                     f"Repeat addresses ({times} calls or more in {days} days)"),
         "Address"),
        ("calls-repeat-dogs", aggregate.repeats(
            [f"{dog_names.get(r.dog_id, '')} (dog no. {r.dog_id})" for r in window if r.dog_id], times,
            f"Repeat dogs ({times} calls or more in {days} days)"), "Dog"),
    ]


@bp.route("/clerk/charts")
@permission_required("view_charts")
def clerk_page():
    today = local_today()
    since, series = clerk_charts(today)
    series += calls_charts(today)
    charts = [{"id": key, "series": s, "svg": bar_chart(s, f"chart-{key}"), "key_heading": heading,
               "rows": [(b.label, value_text(s, b.value)) for b in s.bars],
               "total": value_text(s, s.total)} for key, s, heading in series]
    return render_template("charts/clerk.html", charts=charts, since=since, today=today,
                           ahead_until=add_months(today.replace(day=1), MONTHS - 1))
