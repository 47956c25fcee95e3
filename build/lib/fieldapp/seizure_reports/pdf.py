"""The DL-18 (Dog Seizure and Disposition Report, AML §113(4)) of one seizure as a PDF page,
filled from `services.impoundment.dl18.dl18_row` (the same row the CSV export writes)."""
import io
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ..services.impoundment.dl18 import DL18_COLUMNS

# The report's sections, each a run of DL18_COLUMNS keys.
SECTIONS = (
    ("Seizure", ("record_number", "seized_on", "seized_time", "place", "reason", "offences", "officer",
                 "shelter", "received_on")),
    ("Dog", ("dog_name", "breed", "sex", "color", "age", "id_number", "tag", "description")),
    ("Owner", ("owner", "owner_address", "owner_notified", "notified_on", "notified_how",
               "impoundments_12_months")),
    ("Disposition", ("disposition", "disposition_on", "disposition_details")),
)
HEADINGS = dict(DL18_COLUMNS)


def dl18_pdf(row: dict, town: str, printed_on: str) -> bytes:
    """One seizure's DL-18 on a US Letter page: the report's fields under four headings."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=letter, leftMargin=0.75 * inch, rightMargin=0.75 * inch,
                            topMargin=0.7 * inch, bottomMargin=0.7 * inch,
                            title=f"DL-18 {row['record_number']}", author=town)
    styles = getSampleStyleSheet()
    cell = styles["BodyText"]
    story = [Paragraph("Dog Seizure and Disposition Report (DL-18)", styles["Title"]),
             Paragraph(escape(f"{town} · Agriculture and Markets Law §113(4) · Record no. {row['record_number']}"),
                       styles["Normal"]),
             Spacer(1, 0.2 * inch)]
    for heading, keys in SECTIONS:
        story.append(Paragraph(heading, styles["Heading2"]))
        data = [[Paragraph(escape(HEADINGS[k]), cell), Paragraph(escape(row.get(k) or "—"), cell)] for k in keys]
        table = Table(data, colWidths=[2.3 * inch, 4.7 * inch])
        table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                                   ("BACKGROUND", (0, 0), (0, -1), colors.whitesmoke),
                                   ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        story.append(table)
    story += [Spacer(1, 0.3 * inch),
              Paragraph(escape(f"Printed {printed_on}. Signature of the dog control officer: "
                               "______________________________"), cell)]
    doc.build(story)
    return buffer.getvalue()
