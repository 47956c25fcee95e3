"""/law/reading: how this app reads the town's law (the setting `town_law`: Local Law No. 2 of 2011
by default, or the state law alone), rule by rule, for the Town Clerk, the Town Justice and the admin
(power "read_the_law_reading"); /law/reading.pdf the same as a file for the town attorney and the
Town Board."""
from flask import render_template

from ..auth import permission_required
from ..settings import SPECS
from ..timeutil import local_today
from ..web import file_response
from . import bp
from .pdf import reading_pdf
from .rows import CHOICE_MARK, reading_parts, town_law


def title(law) -> str:
    """"How this app reads Local Law No. 2": the heading names the town's law."""
    return f"How this app reads {law.short_name}"


def pdf_name(law) -> str:
    return f"how-this-app-reads-{law.file_slug}.pdf"


@bp.get("/reading")
@permission_required("read_the_law_reading")
def reading():
    law = town_law()
    parts = reading_parts(law)
    return render_template("law/reading.html", title=title(law), law=law, parts=parts, choice_mark=CHOICE_MARK,
                           law_setting_label=SPECS["town_law"].label,
                           count=sum(len(rows) for _, _, rows in parts), today=local_today())


@bp.get("/reading.pdf")
@permission_required("read_the_law_reading")
def reading_pdf_file():
    law = town_law()
    name = pdf_name(law)
    response = file_response(reading_pdf(title(law), law, reading_parts(law), local_today()), "application/pdf",
                             filename=name)
    # A file to keep and send on, not a page to show in the app.
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
