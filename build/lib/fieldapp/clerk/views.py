"""The clerk's licensing counter (§5): find a dog, its record, license it, file §5(J) notices.

Town staff may look ("read_records"); the Town Clerk's office edits ("issue_license", §5(A)(2),
§5(F)). Views translate forms; fieldapp.services.licensing applies the law and writes; the
request commits (fieldapp.web).
"""
from flask import flash, redirect, render_template, request, url_for
from flask_login import current_user
from sqlalchemy import func, or_

from ..auth import permission_required
from ..extensions import db
from ..models import Dog, Owner, Payment, PurebredLicense
from ..services import licensing
from ..services.enumeration import pending_identification
from ..services.errors import ServiceError
from ..services.search import search_dogs
from ..timeutil import local_today
from ..web import form_page, is_htmx, refusal_on_form
from . import bp
from .forms import CoOwnerForm, DogForm, NoticeForm, OwnerFields, OwnerForm


def _user():
    return current_user._get_current_object()


def _partial_request() -> bool:
    """An htmx request for a fragment (not a boosted page navigation, not a history restore)."""
    return (is_htmx() and request.headers.get("HX-Boosted") != "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


# --- search ---------------------------------------------------------------

@bp.route("/")
@permission_required("read_records")
def search():
    q = request.args.get("q", "").strip()
    dogs = search_dogs(q) if q else []
    ctx = {"q": q, "dogs": dogs, "today": local_today()}
    if _partial_request():
        return render_template("clerk/_results.html", **ctx)
    return render_template("clerk/search.html", **ctx)


def _edit_page(template: str, form, save, **ctx):
    """An edit form's page: on a valid post, `save()` (a service call; it returns the message to
    flash and the URL to go back to); a refusal shows on the form (422)."""
    def saved():
        message, back = save()
        flash(message, "success")
        return redirect(back)
    return form_page(form, saved, lambda: render_template(template, form=form, **ctx))


# --- the dog's record -------------------------------------------------------

@bp.route("/dogs/<int:dog_id>")
@permission_required("read_records")
def dog(dog_id):
    dog = db.get_or_404(Dog, dog_id)
    payments = db.session.scalars(db.select(Payment).filter_by(dog_id=dog.id)
                                  .order_by(Payment.received_on.desc(), Payment.id.desc())).all()
    past_owners = [link for link in dog.owner_links if link.until is not None]
    today = local_today()
    return render_template("clerk/dog.html", dog=dog, payments=payments, past_owners=past_owners,
                           today=today, notice_kinds=licensing.NOTICE_KINDS,
                           resident=licensing.new_resident_status(dog),
                           enumeration_open=(licensing.open_enumeration(today)
                                             if current_user.may("identify_in_enumeration") else None),
                           enumeration_pending=pending_identification(dog),
                           license_block=licensing.license_blocker(dog, today))


@bp.route("/dogs/<int:dog_id>/edit", methods=["GET", "POST"])
@permission_required("issue_license")
def edit_dog(dog_id):
    dog = db.get_or_404(Dog, dog_id)
    form = DogForm(obj=dog)

    def save():
        # The description first: a refused microchip number leaves the photo unsaved too.
        licensing.update_dog(dog, form.dog_data(), _user())
        upload = form.photo.data
        if upload and upload.filename:
            licensing.set_dog_photo(dog, upload.read(), _user())
        return f"{dog.name}'s description is saved.", url_for(".dog", dog_id=dog.id)
    return _edit_page("clerk/dog_edit.html", form, save, dog=dog)


# --- owners ---------------------------------------------------------------

@bp.route("/owners/<int:owner_id>")
@permission_required("read_records")
def owner(owner_id):
    owner = db.get_or_404(Owner, owner_id)
    purebred = db.session.scalars(db.select(PurebredLicense).filter_by(owner_id=owner.id)
                                  .order_by(PurebredLicense.issued_on.desc())).all()
    return render_template("clerk/owner.html", owner=owner, purebred_licenses=purebred, today=local_today())


@bp.route("/owners/<int:owner_id>/edit", methods=["GET", "POST"])
@permission_required("issue_license")
def edit_owner(owner_id):
    owner = db.get_or_404(Owner, owner_id)
    form = OwnerForm(obj=owner)

    def save():
        licensing.update_owner(owner, form.owner_data(), local_today(), _user())
        return f"{owner.full_name}'s details are saved.", url_for(".owner", owner_id=owner.id)
    return _edit_page("clerk/owner_edit.html", form, save, owner=owner)


def _find_owners(q: str, limit: int = 10) -> list[Owner]:
    words = [w for w in q.split() if w]
    if not words:
        return []
    stmt = db.select(Owner)
    for w in words:
        like = f"%{w.lower().replace('%', '').replace('_', '')}%"
        stmt = stmt.where(or_(func.lower(Owner.first_name).like(like), func.lower(Owner.last_name).like(like),
                              func.lower(Owner.address).like(like), Owner.phone.like(like)))
    return list(db.session.scalars(stmt.order_by(Owner.last_name, Owner.first_name).limit(limit)))


@bp.route("/owners/lookup")
@permission_required("issue_license")
def owner_lookup():
    """The owner picker's results (htmx partial): existing owners to choose from."""
    q = request.args.get("owner_q", "").strip()
    return render_template("clerk/_owner_choices.html", owners=_find_owners(q), owner_q=q,
                           chosen=request.args.get("owner_id", ""))


def _chosen_owner(new_owner_fields: OwnerFields, today):
    """The owner picked in the owner picker, or a new one from the fields (None: errors set).
    Creating one may raise ServiceError."""
    chosen = request.form.get("owner_id", "new")
    if chosen and chosen != "new":
        owner = db.session.get(Owner, int(chosen)) if chosen.isdigit() else None
        if owner is None:
            new_owner_fields.first_name.errors = ["That owner was not found; search again."]
        return owner
    if not new_owner_fields.validate():
        return None
    return licensing.create_owner(new_owner_fields.owner_data(), today, _user())


@bp.route("/dogs/<int:dog_id>/owners/add", methods=["GET", "POST"])
@permission_required("issue_license")
def add_co_owner(dog_id):
    dog = db.get_or_404(Dog, dog_id)
    form = CoOwnerForm()
    owner_fields = OwnerFields(request.form if request.method == "POST" else None, prefix="new")
    owner_q = request.values.get("owner_q", "").strip()
    status = 200
    if request.method == "POST" and "find" not in request.form and form.validate_on_submit():
        today = local_today()
        try:
            owner = _chosen_owner(owner_fields, today)
            if owner is not None:
                licensing.add_co_owner(dog, owner, today, _user())
        except ServiceError as exc:
            refusal_on_form(exc, owner_fields, flash_rest=True)  # the picker shows field errors only
        else:
            if owner is not None:
                flash(f"{owner.full_name} is now also an owner of {dog.name}.", "success")
                return redirect(url_for(".dog", dog_id=dog.id))
        status = 422
    return render_template("clerk/co_owner.html", dog=dog, form=form, owner_fields=owner_fields,
                           owner_q=owner_q, owners=_find_owners(owner_q),
                           chosen=request.form.get("owner_id", "new")), status


# --- §5(J) notices ----------------------------------------------------------

@bp.route("/dogs/<int:dog_id>/notices/new", methods=["GET", "POST"])
@permission_required("issue_license")
def new_notice(dog_id):
    dog = db.get_or_404(Dog, dog_id)
    today = local_today()
    form = NoticeForm()
    if request.method == "GET":
        form.kind.data = request.args.get("kind") if request.args.get("kind") in licensing.NOTICE_KINDS else None
        form.occurred_on.data = today
        form.filed_on.data = today
    owner_fields = OwnerFields(request.form if request.method == "POST" else None, prefix="new")
    owner_q = request.values.get("owner_q", "").strip()
    owner_error = None
    status = 200
    if request.method == "POST" and "find" not in request.form:
        status = 422
        if form.validate_on_submit():
            details = {k: v for k, v in (("remarks", form.remarks.data),
                                         ("new_address", form.new_address.data)) if v}
            notice = None
            try:
                new_owner = _chosen_owner(owner_fields, today) if form.kind.data == "transfer" else None
                if form.kind.data != "transfer" or new_owner is not None:
                    notice = licensing.file_notice(dog, form.kind.data, form.occurred_on.data, form.filed_on.data,
                                                   _user(), new_owner=new_owner, details=details,
                                                   upon_renewal_notice=form.upon_renewal_notice.data,
                                                   discovered_on=form.discovered_on.data,
                                                   reported_to_dco_on=form.reported_to_dco_on.data,
                                                   search_made=form.search_made.data or "",
                                                   now_with=form.now_with.data or "")
            except ServiceError as exc:
                owner_error = exc.errors.pop("new_owner", None)
                refusal_on_form(exc, form, owner_fields)
            if notice is not None:
                flash(_notice_message(dog, notice), "success")
                return redirect(url_for(".dog", dog_id=dog.id))
    return render_template("clerk/notice.html", dog=dog, form=form, owner_fields=owner_fields,
                           owner_error=owner_error, owner_q=owner_q, owners=_find_owners(owner_q),
                           chosen=request.form.get("owner_id", "new")), status


def _notice_message(dog, notice) -> str:
    if notice.kind == "transfer":
        return (f"{dog.name} now belongs to {notice.details['to_owner']}. The old license is not "
                "transferable (§5(J)): the new owner must apply for a license now.")
    return f"Notice recorded: {dog.name} — {licensing.NOTICE_KINDS[notice.kind].lower()}."


# The clerk's month, on this blueprint, in their own modules (imported last: they use `bp`).
from . import enumeration as _enumeration_pages  # noqa: E402,F401
from . import follow_up as _follow_up_pages  # noqa: E402,F401
from . import licenses as _license_pages  # noqa: E402,F401
from . import mail_in as _mail_in_pages  # noqa: E402,F401
from . import money as _money_pages  # noqa: E402,F401
from . import renewals as _renewal_pages  # noqa: E402,F401
