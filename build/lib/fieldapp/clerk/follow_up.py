"""Follow-up lists (§5(A)(1), §5(A)(4)): dogs known to the town but never licensed, licenses
expired over 30 days; each with its letter to the owner (a PDF, one tap)."""
from flask import abort, render_template, request

from ..auth import permission_required
from ..extensions import db
from ..models import Dog
from ..services import renewal_lists
from ..services.follow_up import expired_letter, expired_over_30, never_licensed, never_licensed_letter
from ..timeutil import local_today
from ..web import file_response
from . import bp


@bp.route("/follow-up/")
@permission_required("issue_license")
def follow_up():
    """Both lists a page of 50 at a time, each its own pager (`never_page`, `expired_page`),
    the counts from SQL."""
    today = local_today()
    listed = renewal_lists.follow_up_page(today, request.args.get("never_page", type=int),
                                  request.args.get("expired_page", type=int))
    return render_template("clerk/follow_up.html", listed=listed, unlicensed=listed.unlicensed,
                           expired=listed.expired, today=today)


@bp.route("/follow-up/dogs/<int:dog_id>/letter.pdf")
@permission_required("issue_license")
def follow_up_letter(dog_id):
    """The dog's follow-up letter: never licensed, or its license expired over 30 days."""
    dog = db.get_or_404(Dog, dog_id)
    today = local_today()
    if dog.primary_owner is None:
        abort(404)
    item = next(iter(expired_over_30(today, dog_id=dog.id)), None)
    if item is not None:
        body = expired_letter(item, today)
    else:
        known = next(iter(never_licensed(today, dog_id=dog.id)), None)
        if known is None:
            abort(404)
        body = never_licensed_letter(known, today)
    return file_response(body, "application/pdf", filename=f"follow-up-{dog.id}.pdf")
