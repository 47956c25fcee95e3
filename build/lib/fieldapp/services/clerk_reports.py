"""The clerk's reports: the cash report of a day or month and the §5(D) remittance (summed by
the pure `fieldapp.law.cashbook`), and the §5(F) record of licenses issued for the State
Commissioner of Agriculture and Markets (the §5(E) fields), as rows, CSV and PDF.

Read-only: nothing here writes."""
import io
from datetime import date

from sqlalchemy.orm import selectinload

from ..csvfile import csv_text
from ..extensions import db
from ..law.cashbook import CashLine, CashReport, Remittance, cash_report, population_control_remittance
from ..law.laws import law_cite
from ..law.laws.cites import cite
from ..law.words import say_date
from ..models import Dog, DogOwner, License, Payment, Receipt
from ..town import current_law, current_town


def cash_lines(starts_on: date, ends_on: date) -> list[CashLine]:
    """The payment lines received from `starts_on` through `ends_on`, as the cash book sees them
    (a line taken before receipts existed has method "unrecorded")."""
    rows = db.session.execute(
        db.select(Payment, Receipt, License.altered)
        .outerjoin(Receipt, Payment.receipt_id == Receipt.id)
        .outerjoin(License, Payment.license_id == License.id)
        .where(Payment.received_on >= starts_on, Payment.received_on <= ends_on)
        .order_by(Payment.received_on, Payment.id)).all()
    return [CashLine(payment_id=p.id, received_on=p.received_on, kind=p.kind, amount=p.amount,
                     method=r.method if r else "unrecorded", reference=r.reference if r else "",
                     receipt=r.number if r else "", payer=r.payer_name if r else "",
                     memo=p.memo or "", license_altered=altered, waived=bool(p.waived_reason))
            for p, r, altered in rows]


def cash_report_for(starts_on: date, ends_on: date) -> CashReport:
    """§5(D): the cash report of the period, reconciled with its lines."""
    return cash_report(cash_lines(starts_on, ends_on), starts_on, ends_on)


def remittance_for(starts_on: date, ends_on: date) -> Remittance:
    """§5(D): the population-control fees collected in the period, to remit to the state."""
    return population_control_remittance(cash_lines(starts_on, ends_on), starts_on, ends_on)


# --- §5(F) the record of licenses for the Commissioner ----------------------------------------

LICENSE_COLUMNS = (
    ("license_number", "License No."), ("issued_on", "Issued"), ("expires_on", "Expires"),
    ("term_years", "Term (years)"), ("kind", "License"), ("id_number", "Dog ID No."),
    ("tag", "Tag No."), ("owners", "Owner(s)"), ("address", "Residence address"),
    ("phone", "Telephone"), ("dog_name", "Dog"), ("sex", "Sex"), ("born_on", "Born (approx.)"),
    ("breed", "Breed"), ("color", "Color"), ("markings", "Markings"),
    ("altered", "Spayed/neutered"), ("rabies", "Rabies certificate"), ("exemption", "Exemption"),
    ("fee_total", "Fee"), ("status", "Status"),
)


def _owners_on(dog: Dog, on: date) -> list:
    links = [link for link in dog.owner_links
             if link.since <= on and (link.until is None or link.until > on)]
    return [link.owner for link in links] or dog.owners


def _rabies_text(lic: License) -> str:
    c = lic.rabies_certificate
    if c is None:
        return ""
    if c.exempt_statement:
        return cite(current_law(), f"Vet's statement in lieu (§5(B)(2)) {c.statement_on or ''}, {c.vet_name}").strip()
    return f"{c.certificate_number or 'no number'}, valid until {c.valid_until}, {c.vet_name}"


def licenses_issued(starts_on: date, ends_on: date) -> list[dict]:
    """§5(F): each license issued from `starts_on` through `ends_on`, with the §5(E) fields of
    its application: each owner's name, residence address and telephone (§5(E)(1)); the dog's
    name, sex, approximate age, breed, color and markings (§5(E)(2)); spayed or neutered
    (§5(E)(3)); and the license, ID number, tag and rabies certificate (§5(E)(4))."""
    licenses = db.session.scalars(
        db.select(License).where(License.issued_on >= starts_on, License.issued_on <= ends_on)
        .options(selectinload(License.dog).selectinload(Dog.owner_links).selectinload(DogOwner.owner),
                 selectinload(License.dog).selectinload(Dog.tags), selectinload(License.rabies_certificate))
        .order_by(License.issued_on, License.number)).all()
    purebred = cite(current_law(), "Purebred (§5(H))")
    rows = []
    for lic in licenses:
        dog = lic.dog
        owners = _owners_on(dog, lic.issued_on)
        tag = dog.active_tag
        rows.append({
            "license_number": lic.number, "issued_on": lic.issued_on.isoformat(),
            "expires_on": lic.expires_on.isoformat(), "term_years": lic.term_years,
            "kind": purebred if lic.kind == "purebred" else "Individual",
            "id_number": dog.id_number or "", "tag": tag.serial if tag else "",
            "owners": "; ".join(o.full_name for o in owners),
            "address": "; ".join(dict.fromkeys(o.full_address for o in owners)),
            "phone": "; ".join(dict.fromkeys(o.phone for o in owners)),
            "dog_name": dog.name, "sex": {"M": "Male", "F": "Female"}.get(dog.sex, dog.sex),
            "born_on": dog.born_on.isoformat() if dog.born_on else "", "breed": dog.breed,
            "color": dog.color, "markings": dog.markings or "",
            "altered": "Yes" if lic.altered else "No", "rabies": _rabies_text(lic),
            "exemption": lic.exemption_marking or "", "fee_total": f"{lic.fee_total:.2f}",
            "status": lic.status,
        })
    return rows


def licenses_csv(rows: list[dict]) -> str:
    """§5(F) the record as CSV; typed cells are kept as text (fieldapp/csvfile.py)."""
    return csv_text([label for _, label in LICENSE_COLUMNS], ([row[key] for key, _ in LICENSE_COLUMNS] for row in rows))


def licenses_pdf(rows: list[dict], starts_on: date, ends_on: date) -> bytes:
    """The same record as a landscape PDF table (reportlab), one license a row."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, legal
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    small = styles["BodyText"].clone("small", fontSize=6.5, leading=7.5)
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=landscape(legal), leftMargin=0.4 * inch, rightMargin=0.4 * inch,
                            topMargin=0.5 * inch, bottomMargin=0.5 * inch,
                            title=f"Dog licenses issued {starts_on} to {ends_on}")
    keys = ("license_number", "issued_on", "expires_on", "id_number", "tag", "owners", "address", "phone",
            "dog_name", "sex", "born_on", "breed", "color", "markings", "altered", "rabies", "exemption",
            "fee_total")
    labels = dict(LICENSE_COLUMNS)
    data = [[Paragraph(f"<b>{labels[k]}</b>", small) for k in keys]]
    for row in rows:
        data.append([Paragraph(_escape(str(row[k])), small) for k in keys])
    widths = [0.7, 0.65, 0.65, 0.45, 0.45, 1.0, 1.4, 0.8, 0.6, 0.4, 0.6, 0.75, 0.6, 0.9, 0.45, 1.3, 0.5, 0.4]
    table = Table(data, colWidths=[w * inch for w in widths], repeatRows=1)
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("BACKGROUND", (0, 0), (-1, 0), colors.whitesmoke)]))
    town = current_town().title
    story = [Paragraph(f"{town}: dog licenses issued {say_date(starts_on)} to {say_date(ends_on)}",
                       styles["Heading2"]),
             Paragraph(f"Record of licenses kept by the Town Clerk ({law_cite(current_law(), '§5(F)')}), "
                       + cite(current_law(), "with the application's information (§5(E)).")
                       + f" {len(rows)} license{'s' if len(rows) != 1 else ''}.",
                       styles["BodyText"]),
             Spacer(1, 8), table]
    doc.build(story)
    return buf.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
