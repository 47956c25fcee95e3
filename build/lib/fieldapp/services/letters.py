"""One printed letter from the Town Clerk to an owner (reportlab): the clerk's heading, the
owner's address for a window envelope, the date, a title, paragraphs and a list. Used by the
mail-in hold letter (§5(A)(3)) and the follow-up letters (§5(A)(1), §5(A)(4))."""
import io
from datetime import date

from ..settings import get_setting
from ..town import current_town
from .licensing import say_date


def _esc(text) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def letter_pdf(owner, title: str, paragraphs: list[str], items: list[str], on: date,
               items_heading: str = "", closing: list[str] | None = None) -> bytes:
    from reportlab.lib.pagesizes import letter as LETTER
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    styles = getSampleStyleSheet()
    body = styles["BodyText"]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=LETTER, leftMargin=inch, rightMargin=inch, topMargin=0.75 * inch,
                            title=title)
    story = [Paragraph(f"<b>{_esc(current_town().title)} — Town Clerk</b>", styles["Heading3"]),
             Paragraph(f"{_esc(get_setting('clerk_address'))} · {_esc(get_setting('clerk_phone'))}", body),
             Spacer(1, 18)]
    if owner is not None:
        story.append(Paragraph(f"{_esc(owner.full_name)}<br/>{_esc(owner.address)}<br/>"
                               f"{_esc(owner.town)}, {_esc(owner.state)} {_esc(owner.zip_code)}", body))
    story += [Spacer(1, 18), Paragraph(say_date(on), body), Spacer(1, 8),
              Paragraph(f"<b>{_esc(title)}</b>", styles["Heading2"])]
    if owner is not None:
        story.append(Paragraph(f"Dear {_esc(owner.full_name)},", body))
    story += [Paragraph(_esc(p), body) for p in paragraphs]
    if items_heading:
        story.append(Paragraph(f"<b>{_esc(items_heading)}</b>", body))
    story += [Paragraph(f"• {_esc(i)}", body) for i in items]
    story += [Spacer(1, 8)] + [Paragraph(_esc(p), body) for p in (closing or [])]
    story += [Spacer(1, 12), Paragraph("Town Clerk", body)]
    doc.build(story)
    return buf.getvalue()
