"""The clerk's money pages (§5(D), §5(F)): the daily and monthly cash reports, reconciled with
the payment lines behind them; the §5(D) population-control fees to remit to the state for a
period; and the §5(F) record of licenses issued for the Commissioner (CSV and PDF).

All are GET pages (printable), on the clerk blueprint; the sums are `fieldapp.law.cashbook`'s."""
from datetime import date

from flask import render_template, request

from ..auth import permission_required
from ..law.cashbook import month_bounds
from ..law.words import say_date, say_month
from ..services import clerk_reports
from ..timeutil import local_today
from ..web import file_response
from . import bp


def _date_arg(name: str, errors: dict, label: str) -> date | None:
    raw = request.args.get(name, "").strip()
    if not raw:
        errors[name] = f"Enter the {label}."
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        errors[name] = "Enter a date like 2026-03-14."
        return None


def _period(errors: dict, prefix: str = "") -> tuple[date | None, date | None]:
    start = _date_arg(f"{prefix}from", errors, "first day")
    end = _date_arg(f"{prefix}to", errors, "last day")
    if start and end and end < start:
        errors[f"{prefix}to"] = "The last day can't be before the first day."
    return start, end


def _index(errors: dict | None = None, failed: str = ""):
    today = local_today()
    last_month = month_bounds(today.year - (today.month == 1), (today.month - 2) % 12 + 1)
    this_month = month_bounds(today.year, today.month)
    return render_template("clerk/money/index.html", today=today, this_month=this_month,
                           last_month=last_month, errors=errors or {}, failed=failed, args=request.args), \
        422 if errors else 200


@bp.route("/money/")
@permission_required("keep_accounts")
def money_home():
    """The clerk's money and reports: today's and this month's cash reports, a chosen day or
    month, the §5(D) remittance for a period, the §5(F) record of licenses."""
    return _index()


@bp.route("/money/day")
@permission_required("keep_accounts")
def cash_day():
    """The daily cash report (§5(D)): one day's payment lines, by fee type and method."""
    errors: dict = {}
    on = _date_arg("on", errors, "day") if request.args.get("on") else local_today()
    if errors:
        return _index(errors, "day")
    report = clerk_reports.cash_report_for(on, on)
    return render_template("clerk/money/report.html", report=report, title=f"Cash report, {say_date(on)}",
                           daily=True)


@bp.route("/money/month")
@permission_required("keep_accounts")
def cash_month():
    """The monthly cash report (§5(D)): the month's payment lines, by fee type and method, and
    the population-control fees collected to remit to the state."""
    raw = request.args.get("month", "").strip()
    today = local_today()
    try:
        year, month = (int(x) for x in raw.split("-")) if raw else (today.year, today.month)
        start, end = month_bounds(year, month)
    except ValueError:
        return _index({"month": "Choose a month like 2026-03."}, "month")
    report = clerk_reports.cash_report_for(start, end)
    return render_template("clerk/money/report.html", report=report, title=f"Cash report, {say_month(start)}",
                           daily=False)


@bp.route("/money/remittance")
@permission_required("keep_accounts")
def remittance():
    """§5(D): the population-control fees ($1.00 altered, $3.00 unaltered) collected in the
    period chosen: the amount to remit to the state, with the lines behind it."""
    errors: dict = {}
    start, end = _period(errors)
    if errors:
        return _index(errors, "remittance")
    report = clerk_reports.cash_report_for(start, end)
    lines = [ln for ln in report.lines if ln.kind == "population_surcharge"]
    return render_template("clerk/money/remittance.html", rem=report.remittance, lines=lines)


def _license_period():
    errors: dict = {}
    start, end = _period(errors)
    return start, end, errors


@bp.route("/reports/licenses.csv")
@permission_required("keep_accounts")
def licenses_csv():
    """§5(F): the record of licenses issued in the period, with the §5(E) fields, as CSV."""
    start, end, errors = _license_period()
    if errors:
        return _index(errors, "licenses")
    body = clerk_reports.licenses_csv(clerk_reports.licenses_issued(start, end))
    return file_response(body, "text/csv; charset=utf-8", filename=f"licenses-{start}-{end}.csv")


@bp.route("/reports/licenses.pdf")
@permission_required("keep_accounts")
def licenses_pdf():
    """§5(F): the record of licenses issued in the period, with the §5(E) fields, as PDF."""
    start, end, errors = _license_period()
    if errors:
        return _index(errors, "licenses")
    body = clerk_reports.licenses_pdf(clerk_reports.licenses_issued(start, end), start, end)
    return file_response(body, "application/pdf", filename=f"licenses-{start}-{end}.pdf")
