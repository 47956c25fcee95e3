"""Renewal notices (§5(A)(4), §5(B), §5(D), §5(J)(2)): who is due, the letters (one per owner,
all of that owner's dogs, the fee of each from the town's fee rules, what to bring or enclose),
mailing labels, email where the owner gave an address and the town has a mail server, and the
record of each notice sent (`RenewalNotice`), to which a death reported "upon receipt of a
renewal notice" (§5(J)(2)) links.

The lists come from `fieldapp.law.renewals` (pure, by date); the fee from
`services.licensing.fee_lines` (the §5(D) schedule in the settings), never constants here."""
import copy
import io
import logging
import smtplib
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy.orm import contains_eager, joinedload, subqueryload

from ..extensions import db
from ..law.laws import law_cite
from ..law.laws.cites import cite
from ..law.renewals import expired_over, renewals_due
from ..law.words import say_money
from ..models import Dog, DogOwner, License, Owner, RenewalNotice, record_event
from ..settings import get_setting
from ..town import current_law, current_town
from .licensing import (
    ONE_DOG,
    PROOF_OF_ALTERING,
    Application,
    Lookups,
    TownLookups,
    fee_lines,
    fee_total,
    prepare_application,
    say_date,
    term_rule,
)
from .notify import mail_configured, send_mail

log = logging.getLogger(__name__)


@dataclass
class RenewalItem:
    license: License
    dog: Dog
    window: str  # expired | 30 | 60 | 90
    needs_rabies: bool
    fee_lines: list  # the law's FeeLine
    fee_total: Decimal
    last_notice: RenewalNotice | None = None


@dataclass
class OwnerLetter:
    owner: Owner
    items: list[RenewalItem] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return sum((i.fee_total for i in self.items), Decimal("0.00"))


def renewal_fee(dog: Dog, lic: License, today: date, lookups: Lookups = ONE_DOG) -> list[dict]:
    """§5(D), §5(C), §5(H), §5(I): the itemized fee of a one-year renewal of the dog as it is on
    file, by the town's fee rules (`services.licensing.fee_lines`); for a list of dogs,
    `lookups` is a `TownLookups` read once."""
    if dog.altered and dog.altered_proof in PROOF_OF_ALTERING:
        proof = "on_file"
    elif dog.altered_proof == "vet_statement":
        proof = "vet_statement"
    else:
        proof = "on_file" if dog.altered else None
    purebred = (lic.purebred_dogs_on_premises or 1) if lic.kind == "purebred" else None
    app = Application(term_years=1, altered_proof=proof, exemption=dog.exemption,
                      purebred_dogs_on_premises=purebred)
    prepare_application(app, dog, None, today, lookups)
    return fee_lines(app, 1, today, lookups)


LIVING = ("active", "lost", "stolen")  # a dog the town still writes to about its license


def due_clauses(today: date, within: int = 90, expired: bool = True) -> list:
    """The list chosen, as SQL (the same rule as `law.renewals.renewals_due`): licenses in force
    of living dogs expiring within `within` days and, with `expired`, those already expired.
    The query joins `Dog` on `License.dog_id`."""
    clauses = [License.status == "active", License.expires_on <= today + timedelta(days=within),
               Dog.status.in_(LIVING)]
    if not expired:
        clauses.append(License.expires_on >= today)
    return clauses


def renewal_items(today: date, within: int = 90, expired: bool = True, dog_id: int | None = None,
                  license_ids=None) -> list[RenewalItem]:
    """Licenses in force of living dogs in the town expiring within `within` days (30, 60, 90)
    and, with `expired`, those already expired; soonest first (`law.renewals.renewals_due`);
    with `dog_id`, only that dog's (its follow-up letter); with `license_ids`, only those (a
    page of the list, or a chunk of owners' letters: `services.renewal_lists`).

    The same few queries for 10 dogs or 50,000: the licenses with their dogs and
    certificates joined, then one query per collection (owners, certificates, tags, notices)
    over the same licenses (`subqueryload`: `selectinload` would send one a 500 parents), and
    the fee rules' lookups for every dog at once (`TownLookups`)."""
    query = db.select(License).join(Dog, License.dog_id == Dog.id)
    if dog_id is not None:
        query = query.where(License.dog_id == dog_id)
    if license_ids is not None:
        query = query.where(License.id.in_(license_ids))
    licenses = db.session.scalars(
        query.where(*due_clauses(today, within, expired))
        .options(joinedload(License.rabies_certificate), subqueryload(License.renewal_notices),
                 contains_eager(License.dog).subqueryload(Dog.owner_links).joinedload(DogOwner.owner),
                 contains_eager(License.dog).subqueryload(Dog.rabies_certificates),
                 contains_eager(License.dog).subqueryload(Dog.tags))).all()
    lookups = TownLookups(today)
    by_id = {lic.id: lic for lic in licenses}

    def rabies_of(lic):
        cert = lic.dog.current_rabies or lic.rabies_certificate
        if cert is None:
            return None, None
        return (None, cert.statement_on or lic.issued_on) if cert.exempt_statement else (cert.valid_until, None)
    due = renewals_due([(lic.id, lic.expires_on, *rabies_of(lic)) for lic in licenses], today, within, expired,
                       term_rule())
    items = []
    for r in due:
        lic = by_id[r.license_id]
        lines = renewal_fee(lic.dog, lic, today, lookups)
        items.append(RenewalItem(lic, lic.dog, r.window, r.needs_rabies, lines, fee_total(lines),
                                 lic.renewal_notices[-1] if lic.renewal_notices else None))
    return items


def owner_letters(items: list[RenewalItem]) -> list[OwnerLetter]:
    """One letter per owner of record (the dog's first owner), with all of that owner's dogs."""
    letters: dict[int, OwnerLetter] = {}
    for item in items:
        owner = item.dog.primary_owner
        if owner is None:
            continue
        letters.setdefault(owner.id, OwnerLetter(owner)).items.append(item)
    return sorted(letters.values(), key=lambda lt: (lt.owner.last_name, lt.owner.first_name, lt.owner.id))


def expired_over_30(today: date, dog_id: int | None = None) -> list[RenewalItem]:
    """The follow-up list: licenses expired more than 30 days ago, not renewed (`dog_id`: that dog's)."""
    return [i for i in renewal_items(today, 30, dog_id=dog_id)
            if i.window == "expired" and expired_over(i.license.expires_on, today)]


# --- the letter's words (shared by the PDF and the email) --------------------------------------

def what_to_bring(letter: OwnerLetter) -> list[str]:
    """§5(A)(3), §5(B), §5(C), §5(D), §5(J)(2): what the owner must bring or enclose."""
    out = []
    for item in letter.items:
        cert = item.dog.current_rabies
        if item.needs_rabies:
            ends = f" (the one on file ends {say_date(cert.valid_until)})" if cert and cert.valid_until else ""
            out.append(f"A current rabies certificate for {item.dog.name}{ends}: a license can't be issued "
                       "past the rabies vaccination (§5(B), §5(A)(4)).")
        if not item.dog.altered and item.dog.altered_proof != "vet_statement":
            out.append(f"If {item.dog.name} has been spayed or neutered, the veterinarian's certificate or "
                       "your signed affidavit (§5(C)): the fee is then lower.")
    out.append("The fee (§5(D)). In person: cash, check or money order. By mail (§5(A)(3)): a check or "
               f"money order payable to the {current_town().title} must come with this letter.")
    out.append("If a dog has died, tell the Town Clerk on receipt of this notice (§5(J)(2)); no fee is due for it.")
    law = current_law()  # written to the local law's sections: the town's law cites its own
    return [cite(law, line) for line in out]


def _terms(total) -> str:
    return cite(current_law(), f"Total for one year: {say_money(total)}. A license may be for 1, 2 or 3 years, "
                "never past the rabies vaccination (§5(A)(4)).")


def letter_text(letter: OwnerLetter, today: date) -> str:
    owner = letter.owner
    lines = [f"Dear {owner.full_name},", ""]
    lines.append("The dog license{} below {} renewal ({}):".format(
        "s" if len(letter.items) > 1 else "", "are due for" if len(letter.items) > 1 else "is due for",
        law_cite(current_law(), "§5(A)(4)", "AML §109(1)(a)")))
    for item in letter.items:
        lic = item.license
        state = "expired" if item.window == "expired" else "expires"
        lines.append(f"- {item.dog.name} ({item.dog.description}), license {lic.number}, {state} "
                     f"{say_date(lic.expires_on)}. One-year renewal: {say_money(item.fee_total)}")
        for ln in item.fee_lines:
            lines.append(f"    {ln.label}: {say_money(ln.amount)}")
    lines += ["", _terms(letter.total), "", "Please bring or enclose:"]
    lines += [f"- {w}" for w in what_to_bring(letter)]
    lines += ["", f"Town Clerk, {current_town().title}, {get_setting('clerk_address')} · {get_setting('clerk_phone')}"]
    return "\n".join(lines)


# --- PDFs ---------------------------------------------------------------------------------------

def letters_pdf(letters: list[OwnerLetter], today: date) -> bytes:
    """One letter a page (or more) per owner: the address block for a window envelope, each dog
    with its license and fee lines, and what to bring or enclose. What reads the same in many
    letters (the heading, the fee lines, what to bring) is one paragraph, laid out once: a
    PDF of 1,000 letters within a web worker's time."""
    from reportlab.lib.pagesizes import letter as LETTER
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    class SameParagraph(Paragraph):
        """Its text parsed once and its lines broken once for a width (`_laid`, shared by its
        copies); each place it is printed is its own shallow copy (platypus marks a flowable
        it moves to the next page)."""
        def wrap(self, avail_width, avail_height):
            if avail_width not in self._laid:
                size = super().wrap(avail_width, avail_height)
                self._laid[avail_width] = (size, self._wrapWidths, self.blPara)
            (self.width, self.height), self._wrapWidths, self.blPara = self._laid[avail_width]
            return self.width, self.height

    kept: dict[tuple, Paragraph] = {}

    def same(text, style=None):
        """This text in this style, printed again: a copy of the one paragraph laid out once."""
        key = (text, (style or body).name)
        if key not in kept:
            kept[key] = SameParagraph(text, style or body)
            kept[key]._laid = {}
        return copy.copy(kept[key])

    styles = getSampleStyleSheet()
    body = styles["BodyText"]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=LETTER, leftMargin=inch, rightMargin=inch, topMargin=0.75 * inch,
                            bottomMargin=0.75 * inch, title=f"Dog license renewal notices, {today}")
    story = []
    town = current_town()
    clerk = (f"Town Clerk, {_esc(town.title)} · {_esc(get_setting('clerk_address'))} · "
             f"{_esc(get_setting('clerk_phone'))}")
    for n, lt in enumerate(letters):
        if n:
            story.append(PageBreak())
        o = lt.owner
        story += [same(f"<b>{_esc(town.title)} — Town Clerk</b>", styles["Heading3"]),
                  same(clerk), Spacer(1, 18),
                  Paragraph(f"{_esc(o.full_name)}<br/>{_esc(o.address)}<br/>"
                            f"{_esc(o.town)}, {_esc(o.state)} {_esc(o.zip_code)}", body),
                  Spacer(1, 18), same(say_date(today)), Spacer(1, 8),
                  same("<b>Dog license renewal notice</b>", styles["Heading2"]),
                  Paragraph(f"Dear {_esc(o.full_name)},", body),
                  same("Your dog license{} below {} due for renewal ({}).".format(
                      "s" if len(lt.items) > 1 else "", "are" if len(lt.items) > 1 else "is",
                      _esc(law_cite(current_law(), "§5(A)(4)", "AML §109(1)(a)")))),
                  Spacer(1, 6)]
        rows = [["Dog", "License", "Expires", "One-year fee"]]
        for item in lt.items:
            lic = item.license
            fee = "<br/>".join(f"{_esc(ln.label)}: {say_money(ln.amount)}" for ln in item.fee_lines)
            # Every cell a Paragraph, so it wraps inside its column: a plain string runs on
            # into the next ("expired October 31, 2026" printed over the fee).
            expires = ("expired " if item.window == "expired" else "") + say_date(lic.expires_on)
            rows.append([Paragraph(f"<b>{_esc(item.dog.name)}</b><br/>{_esc(item.dog.description)}", body),
                         Paragraph(_esc(lic.number), body), same(_esc(expires)),
                         same(f"{fee}<br/><b>{say_money(item.fee_total)}</b>")])
        table = Table(rows, colWidths=[1.9 * inch, 1.0 * inch, 1.3 * inch, 2.3 * inch], repeatRows=1)
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, 0), 0.75, "black"),
                                   ("LINEBELOW", (0, 1), (-1, -1), 0.25, "grey")]))
        story += [table, Spacer(1, 6),
                  same("<b>{}.</b> {}".format(*_esc(_terms(lt.total)).split(". ", 1))),
                  same("<b>Please bring or enclose:</b>")]
        story += [same(f"• {_esc(w)}") for w in what_to_bring(lt)]
        story += [Spacer(1, 12), same("Town Clerk")]
    if not letters:
        story.append(Paragraph("No renewal notices are due.", body))
    doc.build(story)
    return buf.getvalue()


# Avery 5160 and the like: letter paper, 3 × 10 labels of 2-5/8" × 1".
LABEL_COLS, LABEL_ROWS = 3, 10


def labels_pdf(owners) -> bytes:
    """Mailing labels, one per owner, on a 3 × 10 sheet (Avery 5160-like); `owners` may be an
    iterator (read in chunks, `renewal_lists.label_owners`)."""
    from reportlab.lib.pagesizes import letter as LETTER
    from reportlab.lib.units import inch
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    c.setTitle("Mailing labels")
    width, height = LETTER
    left, top, pitch_x, pitch_y = 0.1875 * inch, 0.5 * inch, 2.75 * inch, 1.0 * inch
    per_page = LABEL_COLS * LABEL_ROWS
    n = -1
    for n, o in enumerate(owners):
        if n and n % per_page == 0:
            c.showPage()
        slot = n % per_page
        row, col = divmod(slot, LABEL_COLS)
        x = left + col * pitch_x + 0.15 * inch
        y = height - top - row * pitch_y - 0.3 * inch
        c.setFont("Helvetica", 10)
        for i, text in enumerate((o.full_name, o.address, f"{o.town}, {o.state} {o.zip_code}")):
            c.drawString(x, y - i * 12, text[:40])
    if n < 0:
        c.setFont("Helvetica", 10)
        c.drawString(inch, height - inch, "No labels.")
    c.showPage()
    c.save()
    return buf.getvalue()


def _esc(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --- sending ----------------------------------------------------------------------------------

def record_notices(letters: list[OwnerLetter], today: date, user, channel: str = "letter") -> list[RenewalNotice]:
    """§5(J)(2): each notice sent, recorded on its license."""
    made = []
    for lt in letters:
        for item in lt.items:
            notice = RenewalNotice(license_id=item.license.id, dog_id=item.dog.id, owner_id=lt.owner.id,
                                   sent_on=today, channel=channel, needs_rabies=item.needs_rabies,
                                   fee_quoted=item.fee_total, sent_by_id=getattr(user, "id", None))
            db.session.add(notice)
            made.append(notice)
    db.session.flush()
    if made:
        record_event("renewal.notices_sent", None, actor=user, channel=channel, count=len(made),
                     licenses=[n.license_id for n in made])
    return made


def email_letters(letters: list[OwnerLetter], today: date, user) -> tuple[list[OwnerLetter], list[OwnerLetter]]:
    """Email the letter to each owner who gave an address, when the town set a mail server
    (settings `mail_server`, `mail_from`). Returns (emailed, to print): those without an email,
    or whose mail failed, are printed instead. Each email sent is recorded (channel "email")."""
    if not mail_configured():
        return [], list(letters)
    sent, rest = [], []
    for lt in letters:
        if not lt.owner.email:
            rest.append(lt)
            continue
        try:
            send_mail(lt.owner.email, f"Dog license renewal notice — {current_town().title}", letter_text(lt, today))
        except (OSError, smtplib.SMTPException, ValueError):
            log.exception("Could not email the renewal notice to owner %s", lt.owner.id)
            rest.append(lt)
        else:
            sent.append(lt)
    record_notices(sent, today, user, channel="email")
    return sent, rest


def latest_renewal_notice(dog: Dog) -> RenewalNotice | None:
    """§5(J)(2): the last renewal notice sent for the dog (a death reported on its receipt links to it)."""
    return db.session.scalars(db.select(RenewalNotice).filter_by(dog_id=dog.id)
                              .order_by(RenewalNotice.sent_on.desc(), RenewalNotice.id.desc()).limit(1)).first()
