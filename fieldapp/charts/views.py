"""The clerk's charts, one page: licenses issued by month, renewals due by month, seizures by
reason, money by fee type. Each chart is SVG drawn here (charts/svg.py) with its numbers as a
table below it; the counting is charts/aggregate.py, fed plain values by the queries here."""
from flask import Blueprint, render_template

from ..auth import permission_required
from ..extensions import db
from ..law.restrictions import VIOLATIONS
from ..models import License, Payment
from ..models.enforcement import Impoundment
from ..services.licensing import FEE_KIND_LABELS
from ..timeutil import local_today
from . import aggregate
from .aggregate import add_months
from .svg import bar_chart, value_text

bp = Blueprint("charts", __name__)

MONTHS = 12
# Payment kinds besides the license's own lines (services/licensing: FEE_KIND_LABELS).
OTHER_KIND_LABELS = {
    "enumeration": "Enumeration surcharge", "impound": "Impoundment fee", "impoundment": "Impoundment fee",
    "boarding": "Boarding", "redemption": "Redemption fee", "adoption": "Adoption fee", "fine": "Fines (§11)",
}
# Licenses that will want renewing: not replaced by a renewal, closed or void.
IN_FORCE = ("active",)


def _reason_labels() -> dict[str, str]:
    return {code: f"{v.section} {v.title}" for code, v in VIOLATIONS.items()}


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
        ("money", aggregate.money_by_fee_type(lines, {**OTHER_KIND_LABELS, **FEE_KIND_LABELS}), "Fee"),
    ]


@bp.route("/clerk/charts")
@permission_required("view_charts")
def clerk_page():
    today = local_today()
    since, series = clerk_charts(today)
    charts = [{"id": key, "series": s, "svg": bar_chart(s, f"chart-{key}"), "key_heading": heading,
               "rows": [(b.label, value_text(s, b.value)) for b in s.bars],
               "total": value_text(s, s.total)} for key, s, heading in series]
    return render_template("charts/clerk.html", charts=charts, since=since, today=today,
                           ahead_until=add_months(today.replace(day=1), MONTHS - 1))
