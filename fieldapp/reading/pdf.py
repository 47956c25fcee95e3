"""The reading page as a PDF (reportlab), for the town attorney and the Town Board."""
import io
from datetime import date

from ..services.licensing import say_date
from ..town import current_town
from .rows import CHOICE_MARK


def _esc(text) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def reading_pdf(title: str, parts, on: date) -> bytes:
    from reportlab.lib.pagesizes import letter as LETTER
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer

    town = current_town()
    styles = getSampleStyleSheet()
    body = styles["BodyText"]
    quote = ParagraphStyle("quote", parent=body, leftIndent=12, fontName="Times-Italic", fontSize=10.5)
    small = ParagraphStyle("small", parent=body, fontSize=8, leading=10, textColor="#444444")
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=LETTER, leftMargin=0.8 * inch, rightMargin=0.8 * inch,
                            topMargin=0.7 * inch, bottomMargin=0.7 * inch, title=title,
                            author=town.title)
    story = [Paragraph(f"<b>{_esc(title)}</b>", styles["Title"]),
             Paragraph(f"{town.title}, {town.local_law} (dog control). Printed {say_date(on)}, "
                       "with the town's settings as they are that day. Drawn from the app's own table of "
                       "readings (fieldapp/law/readings/); each quote is the law's text.", body),
             Spacer(1, 8)]
    for _, heading, rows in parts:
        story.append(Paragraph(_esc(heading), styles["Heading2"]))
        for row in rows:
            r = row.reading
            block = [Paragraph(f"<b>{_esc(r.section)}</b>"
                               + (f" <i>({_esc(CHOICE_MARK)})</i>" if r.choice else ""), body),
                     Paragraph(f"“{_esc(r.quote)}”", quote),
                     Paragraph(f"<b>The app:</b> {_esc(r.reading)}", body)]
            for s in row.settings:
                line = f"<b>Setting</b> {_esc(s.label)} ({_esc(s.key)}): <b>{_esc(s.value)}</b>"
                if s.choice:
                    line += f". The default protects {_esc(s.protects)}; the other reading: {_esc(s.other_reading)}"
                block.append(Paragraph(line, body))
            block.append(Paragraph("Tests: " + _esc(", ".join(r.tests)), small))
            if r.code:
                block.append(Paragraph("Code: " + _esc(r.code), small))
            block.append(Spacer(1, 6))
            story.append(KeepTogether(block))
    doc.build(story)
    return buf.getvalue()
