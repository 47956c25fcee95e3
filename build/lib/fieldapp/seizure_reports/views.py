"""Reports for the state and the town: the DL-18 (Dog Seizure and Disposition Report,
Agriculture and Markets Law §113(4)) of one seizure as a PDF, and of a period as CSV.

Both are filled by the one row builder `services.impoundment.dl18.dl18_row`. Power "report_seizures"
(the clerk and the DCO, fieldapp/law/authority.py). The URLs are the report's own:
`/impoundments/<id>/dl18.pdf`, `/reports/dl18.csv?from=YYYY-MM-DD&to=YYYY-MM-DD`.
"""
from datetime import date

from flask import render_template, request

from ..auth import permission_required
from ..csvfile import csv_bytes
from ..models.enforcement import Impoundment
from ..services.errors import ServiceError
from ..services.impoundment import dl18
from ..timeutil import local_today
from ..town import current_town, record_or_404
from ..web import file_response
from . import bp
from .pdf import dl18_pdf as render_dl18_pdf


@bp.get("/reports/")
@permission_required("report_seizures")
def index():
    """The clerk's reports page: the DL-18 export for a period (this year so far by default)."""
    today = local_today()
    return render_template("seizure_reports/index.html", start=date(today.year, 1, 1), end=today)


@bp.get("/reports/dl18.csv")
@permission_required("report_seizures")
def dl18_csv():
    """Every seizure of the period (impounded from `from` to `to`, both included), one row each."""
    try:
        start, end = dl18.parse_period(request.args.get("from"), request.args.get("to"))
    except ServiceError as exc:
        # The form again, with what was typed and the reason: not a text file in its place.
        return render_template("seizure_reports/index.html", start=request.args.get("from", ""),
                               end=request.args.get("to", ""), errors=exc.errors), 422
    body = csv_bytes([heading for _, heading in dl18.DL18_COLUMNS],
                     ([row[key] for key, _ in dl18.DL18_COLUMNS] for row in dl18.dl18_rows(start, end)))
    return file_response(body, "text/csv; charset=utf-8", filename=f"dl18-{start}-{end}.csv")


@bp.get("/impoundments/<int:impoundment_id>/dl18.pdf")
@permission_required("report_seizures")
def dl18_pdf(impoundment_id):
    """The DL-18 of one seizure, filled from the record."""
    imp = record_or_404(Impoundment, impoundment_id)  # the town that seized, on its heading
    row = dl18.dl18_row(imp)
    body = render_dl18_pdf(row, current_town().heading.replace(" · ", ", "), local_today().isoformat())
    return file_response(body, "application/pdf", filename=f"DL-18-{row['record_number']}.pdf")
