"""The clerk's renewals (§5(A)(4), §5(B), §5(J)(2)): licenses expiring in the next 30/60/90 days
and already expired, dogs whose rabies certificate ends before a renewal could be issued, the
month's renewal letters as one PDF (each notice sent recorded on its license; emailed where the
owner gave an address and the town set a mail server), and mailing labels."""
from datetime import timedelta

from flask import render_template, request

from ..auth import permission_required
from ..services.notify import mail_configured
from ..services.renewals import email_letters, labels_pdf, letters_pdf, owner_letters, record_notices, renewal_items
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
    """The renewal list: by window (expired, 30, 60, 90 days), one line per license."""
    today = local_today()
    within, expired = _choice(request.args)
    items = renewal_items(today, within, expired)
    letters = owner_letters(items)
    return render_template("clerk/renewals/list.html", items=items, letters=letters, within=within,
                           expired=expired, today=today, horizon=today + timedelta(days=within),
                           mail_on=mail_configured())


@bp.post("/renewals/letters.pdf")
@permission_required("issue_license")
def renewal_letters():
    """The renewal letters of the list chosen, one PDF (one letter per owner, all of that
    owner's dogs) for the licenses not yet sent a notice ("again": all of them); with "email",
    owners who gave an address are emailed instead (when the town set a mail server). Each
    notice sent is recorded on its license (§5(J)(2))."""
    today = local_today()
    within, expired = _choice(request.form)
    items = renewal_items(today, within, expired)
    if not request.form.get("again"):  # the month's letters: licenses not yet sent a notice
        items = [i for i in items if i.last_notice is None]
    letters = owner_letters(items)
    if request.form.get("email") and mail_configured():
        _, letters = email_letters(letters, today, _user())
    record_notices(letters, today, _user(), channel="letter")
    return file_response(letters_pdf(letters, today), "application/pdf",
                         filename=f"renewal-letters-{today}.pdf")


@bp.route("/renewals/labels.pdf")
@permission_required("issue_license")
def renewal_labels():
    """Mailing labels (3 × 10 sheet) for the owners on the list chosen."""
    within, expired = _choice(request.args)
    letters = owner_letters(renewal_items(local_today(), within, expired))
    return file_response(labels_pdf([lt.owner for lt in letters]), "application/pdf",
                         filename="renewal-labels.pdf")
