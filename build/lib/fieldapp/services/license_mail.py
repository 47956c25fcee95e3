"""The license certificate and its receipt as one PDF, and mailed to the owner when the clerk has
their address (§5(F) "a dog license shall be issued": the owner's copy, by email as well as by
hand). Sent through the town's mail setup (services/notify.py); nothing is sent without it."""
import io
import logging
import smtplib
from decimal import Decimal

from ..law.laws.cites import cite_in_town_law
from ..law.words import say_money
from ..models import record_event
from ..settings import get_setting
from .errors import ServiceError
from .licensing import say_date
from .notify import mail_configured, send_mail

log = logging.getLogger(__name__)
METHODS = {"cash": "cash", "check": "check", "money_order": "money order", "card": "card"}


def _esc(text) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def owners_on(lic) -> list:
    """The owners of record on the day the license was issued (the certificate's owners)."""
    return [link.owner for link in lic.dog.owner_links
            if link.since <= lic.issued_on and (link.until is None or link.until > lic.issued_on)] or lic.dog.owners


def addresses(lic) -> list[str]:
    """The owners' email addresses the clerk has, each once."""
    out = []
    for owner in owners_on(lic):
        email = (owner.email or "").strip()
        if email and email not in out:
            out.append(email)
    return out


def certificate_pdf(lic) -> bytes:
    """The certificate's facts, its fee lines and the receipt, on one page."""
    from reportlab.lib.pagesizes import letter as LETTER
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table

    styles = getSampleStyleSheet()
    body = styles["BodyText"]
    dog = lic.dog
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=LETTER, leftMargin=inch, rightMargin=inch, topMargin=0.75 * inch,
                            title=f"Dog license {lic.number}")
    rows = [("License No.", lic.number), ("Dog ID No.", dog.id_number or ""),
            ("Issued", say_date(lic.issued_on)), ("Term", f"{lic.term_years} year{'s' if lic.term_years > 1 else ''}"),
            ("Expires", say_date(lic.expires_on)), ("Dog", f"{dog.name}: {dog.description}")]
    if dog.microchip:
        rows.append(("Microchip", dog.microchip))
    rows.append(("Owner", "; ".join(f"{o.full_name}, {o.full_address}" for o in owners_on(lic))))
    if lic.exemption_marking:
        rows.insert(0, ("Marking", lic.exemption_marking))
    story = [Paragraph("<b>Dog License — Town Clerk</b>", styles["Heading2"]),
             Paragraph(f"{_esc(get_setting('clerk_address'))} · {_esc(get_setting('clerk_phone'))}", body),
             Spacer(1, 12),
             Table([[Paragraph(f"<b>{_esc(k)}</b>", body), Paragraph(_esc(v), body)] for k, v in rows],
                   colWidths=[1.4 * inch, 5 * inch]),
             Spacer(1, 12), Paragraph("<b>Fees</b>", body)]
    fees = [[Paragraph(_esc(f"{ln.get('label', '')} {ln.get('section', '')}".strip()), body),
             f"{say_money(Decimal(str(ln.get('amount', '0'))))}"] for ln in lic.fee_lines or []]
    fees.append([Paragraph("<b>Total paid</b>", body), f"{say_money(Decimal(lic.fee_total))}"])
    story.append(Table(fees, colWidths=[5 * inch, 1.4 * inch]))
    receipt = lic.receipt
    if receipt is not None:
        how = METHODS.get(receipt.method, receipt.method) + (f" No. {receipt.reference}" if receipt.reference else "")
        payer = f", from {_esc(receipt.payer_name)}" if receipt.payer_name else ""
        story += [Spacer(1, 12), Paragraph(
            f"<b>Receipt {_esc(receipt.number)}</b>, {_esc(say_date(receipt.received_on))}: "
            f"{say_money(receipt.total)} by {_esc(how)}{payer}.", body)]
    transfer = cite_in_town_law("This license is not transferable (§5(J)). Tell the Town Clerk within ten days "
                                "of a transfer, loss or theft of the dog.")
    story += [Spacer(1, 12), Paragraph(transfer, body)]
    doc.build(story)
    return buf.getvalue()


def email_certificate(lic, user=None) -> list[str]:
    """Mail the certificate and receipt (PDF attached) to each owner with an email address; the
    addresses it went to. ServiceError when there is no address or no mail setup, or sending failed."""
    to = addresses(lic)
    if not to:
        raise ServiceError({"email": "The owner has no email address on file: add it on the owner's page."})
    if not mail_configured():
        raise ServiceError({"email": "No outbound mail is set up (the administrator's settings: mail server "
                                     "and sender); print the certificate instead."})
    pdf = certificate_pdf(lic)
    subject = f"Dog license {lic.number} for {lic.dog.name}"
    text = (f"Attached: the license certificate for {lic.dog.name} (license {lic.number}, good through "
            f"{say_date(lic.expires_on)}) and the receipt for its fee.\n\n"
            f"Town Clerk · {get_setting('clerk_phone')}")
    sent = []
    for address in to:
        try:
            send_mail(address, subject, text, attachments=[(f"license-{lic.number}.pdf", pdf, "application/pdf")])
            sent.append(address)
        except (OSError, smtplib.SMTPException, ValueError):
            log.exception("Could not email license %s", lic.number)
    if not sent:
        raise ServiceError({"email": "The mail server did not take the message; print the certificate instead."})
    record_event("license.emailed", lic, actor=user, to=sent)
    return sent
