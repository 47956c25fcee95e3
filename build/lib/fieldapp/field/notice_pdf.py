"""The owner's notice of an impounded dog as a US Letter PDF, to mail (reportlab platypus): the
same facts as the printable page `field/impoundment_letter.html` — the dog, where it is held, the
§8(B) redemption deadline, what to bring (§8(C): proof of license and identification) and the
fees owed so far (§8(C)(1), §8(C)(2)), with §8(D) and §8(E) stated."""
import io
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.platypus import ListFlowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ..law.laws import law_cite
from ..law.laws.cites import cite
from ..law.words import say_date, say_datetime, say_money
from ..timeutil import to_local
from ..town import current_law, current_town


def notice_letter_pdf(imp, case: dict, kennel: str, clerk_phone: str, dco_phone: str) -> bytes:
    styles = getSampleStyleSheet()
    body, h1, h2 = styles["BodyText"], styles["Title"], styles["Heading2"]

    law = current_law()

    def p(text, style=body):  # written to the local law's sections: the town's law cites its own
        return Paragraph(escape(cite(law, text)), style)

    owner = case["owner"]
    dog = imp.dog
    seized = to_local(imp.seized_at)
    if dog is not None:
        what = f"{dog.name}" + (f", ID No. {dog.id_number}" if dog.id_number else "") + f": {dog.description}"
    else:
        what = imp.dog_description
    town = current_town()
    story = [p(town.heading),
             p("Notice: your dog has been seized and impounded", h1),
             p(law_cite(current_law(), "Section 8", "AML §117")), Spacer(1, 12), p(say_date(case["today"]))]
    if owner is not None:
        story += [p(f"To {owner.full_name}"), p(owner.full_address)]
    else:
        story.append(p(f"To {case['owner_name']}" if case["owner_name"] else "To the owner of the dog described below"))
    facts = [["Dog", p(what)],
             ["Seized", p(say_datetime(seized)
                          + (f", {imp.location_text}" if imp.location_text else ""))],
             ["Held at", p(kennel)],
             ["Redeem by", p(f"the end of {say_date(imp.redemption_deadline)}")]]
    table = Table(facts, colWidths=[1.2 * inch, 5.3 * inch])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (0, -1), "Helvetica-Bold")]))
    story += [Spacer(1, 12), table, p("To redeem the dog (§8(C)), bring", h2),
              ListFlowable([p("proof of a current dog license for this dog (if it has none, the Town Clerk "
                              "licenses it first: bring its rabies certificate);"),
                            p("identification (for example a driver license);"), p("the impoundment fees.")],
                           bulletType="bullet")]
    owed = case["balance"]
    rows = [["Fees owed as of " + say_date(case["today"]), "Amount"]]
    rows += [[p(f"{ln.label} {ln.section}"), f"{say_money(ln.amount)}"] for ln in owed.owed]
    rows.append(["Total owed", f"{say_money(owed.total_owed)}"])
    fees = Table(rows, colWidths=[5.3 * inch, 1.2 * inch])
    fees.setStyle(TableStyle([("ALIGN", (1, 0), (1, -1), "RIGHT"), ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                              ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
                              ("LINEABOVE", (0, -1), (-1, -1), 1, colors.black),
                              ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black)]))
    story += [Spacer(1, 12), fees, Spacer(1, 8)]
    if imp.status == "held":
        daily = case["dangerous_daily"]
        extra = f", and a dangerous dog {say_money(daily)} for each further 24 hours (§8(C)(2))" if daily else ""
        story.append(p(f"Boarding adds {say_money(case['boarding_daily'])} for each further day the dog is "
                       f"held{extra}."))
    story += [p("§8(D): the known owner of a dog that is not redeemed must still pay the impoundment fees. "
                f"§8(E): a dog not redeemed by the end of {say_date(imp.redemption_deadline)} will be made "
                "available for adoption or euthanized."), Spacer(1, 12),
              p(f"Town Clerk's office {clerk_phone} · Dog control officer {dco_phone} · impoundment no. {imp.id}")]
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=letter, leftMargin=inch, rightMargin=inch, topMargin=0.8 * inch,
                            bottomMargin=0.8 * inch, title=f"Impoundment notice no. {imp.id}",
                            author=town.title)
    doc.build(story)
    return out.getvalue()
