"""/law/reading: how this app reads Local Law No. 2, rule by rule, for the Town Clerk, the Town
Justice and the admin (power "read_the_law_reading"); /law/reading.pdf the same as a file for the
town attorney and the Town Board."""
from flask import render_template

from ..auth import permission_required
from ..timeutil import local_today
from ..web import file_response
from . import bp
from .pdf import reading_pdf
from .rows import CHOICE_MARK, reading_parts

TITLE = "How this app reads Local Law No. 2"
PDF_NAME = "how-this-app-reads-local-law-2.pdf"


@bp.get("/reading")
@permission_required("read_the_law_reading")
def reading():
    parts = reading_parts()
    return render_template("law/reading.html", title=TITLE, parts=parts, choice_mark=CHOICE_MARK,
                           count=sum(len(rows) for _, _, rows in parts), today=local_today())


@bp.get("/reading.pdf")
@permission_required("read_the_law_reading")
def reading_pdf_file():
    response = file_response(reading_pdf(TITLE, reading_parts(), local_today()), "application/pdf",
                             filename=PDF_NAME)
    # A file to keep and send on, not a page to show in the app.
    response.headers["Content-Disposition"] = f'attachment; filename="{PDF_NAME}"'
    return response
