"""The clerk's renewals (§5(A)(4), §5(B), §5(J)(2)): licenses expiring in the next 30/60/90 days
and already expired, dogs whose rabies certificate ends before a renewal could be issued, the
month's renewal letters as PDFs of up to 1,000 (each notice sent recorded on its license; emailed where the
owner gave an address and the town set a mail server), and mailing labels."""
from datetime import timedelta

from flask import render_template, request

from ..auth import permission_required
from ..services import renewal_lists
from ..services.notify import mail_configured
from ..services.renewals import email_letters, labels_pdf, letters_pdf, record_notices
from ..timeutil import local_today
from ..web import file_response
from .views import _user, bp


def _choice(values) -> tuple[int, bool]:
    within = values.get("within", type=int)
    within = within if within in (30, 60, 90) else 30
    expired = values.get("expired", "1") not in ("0", "")
    return within, expired


@bp.route("/renewals/")
@permission_required("issue_license")
def renewals():
    """The renewal list: by window (expired, 30, 60, 90 days), one line per license, a page of
    50 at a time (`?page=`), the whole list's counts from SQL."""
    today = local_today()
    within, expired = _choice(request.args)
    listed = renewal_lists.renewal_page(today, within, expired, request.args.get("page", type=int))
    return render_template("clerk/renewals/list.html", listed=listed, items=listed.items, within=within,
                           expired=expired, today=today, horizon=today + timedelta(days=within),
                           mail_on=mail_configured(), letters_max=renewal_lists.LETTERS_MAX)


@bp.post("/renewals/letters.pdf")
@permission_required("issue_license")
def renewal_letters():
    """The renewal letters of the list chosen, one PDF (one letter per owner, all of that
    owner's dogs) for the licenses not yet sent a notice ("again": all of them), at most
    `LETTERS_MAX` letters from letter number `start` (the owners in name order); with "email",
    owners who gave an address are emailed instead (when the town set a mail server). Each
    notice sent is recorded on its license (§5(J)(2))."""
    today = local_today()
    within, expired = _choice(request.form)
    start = request.form.get("start", type=int) or 1
    letters = list(renewal_lists.letters(today, within, expired, unsent=not request.form.get("again"), start=start))
    if request.form.get("email") and mail_configured():
        _, letters = email_letters(letters, today, _user())
    record_notices(letters, today, _user(), channel="letter")
    return file_response(letters_pdf(letters, today), "application/pdf",
                         filename=f"renewal-letters-{today}.pdf")


@bp.route("/renewals/labels.pdf")
@permission_required("issue_license")
def renewal_labels():
    """Mailing labels (3 × 10 sheet) for the owners on the list chosen (all of them)."""
    within, expired = _choice(request.args)
    return file_response(labels_pdf(renewal_lists.label_owners(local_today(), within, expired)), "application/pdf",
                         filename="renewal-labels.pdf")
