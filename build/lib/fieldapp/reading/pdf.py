"""The reading page as a PDF (reportlab), for the town attorney and the Town Board."""
import io
from datetime import date

from ..services.licensing import say_date
from ..town import current_town
from .rows import CHOICE_MARK


def _esc(text) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def law_line(law, town_title: str) -> str:
    """Which law the readings are of, for the town: its local law, or the state law alone."""
    if law.local:
        return f"{town_title}, {law.name} (dog control)."
    return f"{town_title}: the state law alone, {law.name}; the town has no local dog law."


def reading_pdf(title: str, law, parts, on: date) -> bytes:
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
             Paragraph(f"{_esc(law_line(law, town.title))} Printed {say_date(on)}, "
                       "with the town's settings as they are that day. Drawn from the app's own table of "
                       f"readings (fieldapp/law/readings/); each quote is the law's text ({_esc(law.text_file)}).",
                       body)]
    if law.not_read:
        story.append(Paragraph("<b>Not read in the law's current text:</b> "
                               + " ".join(_esc(n) for n in law.not_read), body))
    story.append(Spacer(1, 8))
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
