"""QR tags: /t/<token> (the URL in every tag's QR code), /api/tags/<token>, the clerk's tag
images, printing (PDF label sheets) and replacing lost tags (§4(H), §5(G))."""
from datetime import date

from flask import (
    abort,
    current_app,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_login import current_user
from sqlalchemy import or_
from sqlalchemy.orm import joinedload

from ..auth import permission_required
from ..extensions import db
from ..field.card import load_card_dog
from ..law.words import say_date, say_money
from ..models import Dog, Tag, record_event
from ..models.town_owned import seen
from ..once import once_per_key
from ..services.errors import ServiceError
from ..services.status import dog_status
from ..services.tags import make_blank_tags, replace_tag
from ..services.tags.qr import tag_face, tag_png, tag_svg
from ..services.tags.sheets import STOCK, render_sheet
from ..services.tags.tokens import normalize_token
from ..settings import get_setting
from ..timeutil import local_today
from ..town import acting_for, current_town, slug
from ..web import file_response, is_htmx, refusal_on_form
from . import bp
from .forms import BlankTagsForm, ReplaceTagForm

MAX_SHEET_TAGS = 5000


def tag_by_token(token: str) -> Tag | None:
    """Case-insensitive: tokens are stored upper case; a person may type lower case. The tag of
    any town (a finder's tag may be any town's), with `tag.served` set: whether the signed-in
    person reads that town's records (fieldapp/town.py: towns_seen). One statement."""
    text = normalize_token(token)
    if not text or len(text) > 32:
        return None
    row = db.session.execute(
        db.select(Tag, seen(Tag.town_id).label("served")).options(joinedload(Tag.dog))
        .where(Tag.token == text).execution_options(all_towns=True)).first()
    if row is None:
        return None
    tag, tag.served = row[0], bool(row[1])
    return tag


def _not_found():
    """The one plain 404 for unknown tokens (and, to the public, retired and blank tags)."""
    from ..public.pages import not_found_page
    return not_found_page()


def _private(response):
    response = make_response(response)
    response.headers["Cache-Control"] = "private, no-store"
    return response


def retired_message(tag: Tag) -> str:
    return f"Tag replaced on {say_date(tag.retired_on)} — not valid" if tag.retired_on else "Tag retired — not valid"


# --- the URL in every QR code -------------------------------------------------------------

@bp.route("/t/<token>")
def tag_page(token):
    """Town staff who read the records of the tag's town: the dog's status card (or why the tag
    is not valid), judged by that town's law and clock. Anyone else (signed out, the admin, who
    does not read them, staff of another town): the finder's page for an active tag, in the
    name of the dog's own town; for anything else the same 404 as an unknown token, so trying
    tokens tells nothing."""
    tag = tag_by_token(token)
    staff = tag is not None and tag.served and current_user.is_authenticated and current_user.may("read_records")
    if not staff and (tag is None or tag.status != "active" or tag.dog is None):
        return _not_found()  # in no town's name: an unknown token and a retired one look alike
    with acting_for(tag.town_id):
        if not staff:
            from ..public.pages import found_dog_page
            return found_dog_page(tag)
        if tag.status == "active" and tag.dog is not None:
            from ..field.card import render_status_card
            return render_status_card(tag.dog, tag=tag)
        return _private(render_template("tags/not_valid.html", tag=tag,
                                        message=retired_message(tag) if tag.status == "retired" else None))


@bp.route("/api/tags/<token>")
@permission_required("enforce")
def api_tag(token):
    """The roadside status of the dog wearing this tag, for the officer's phone (JSON), judged by
    the dog's own town. A tag of a town the officer does not serve is not theirs to read."""
    tag = tag_by_token(token)
    if tag is None or not tag.served:
        return _private(jsonify(error="tag_unknown", message="No tag with this code.")), 404
    if tag.status == "retired":
        return _private(jsonify(error="tag_retired", message=retired_message(tag),
                                tag={"status": "retired", "serial": tag.serial,
                                     "retired_on": tag.retired_on.isoformat() if tag.retired_on else None})), 410
    if tag.dog is None:
        return _private(jsonify(error="tag_not_issued", message="This tag has not been issued to a dog.",
                                tag={"status": tag.status, "serial": tag.serial, "retired_on": None})), 404
    # The status card's one query (field/card.py), not the Dog's lazy relationships one by one:
    # the user's query, the tag's and this one (benchmarks/bench_county.py counts them).
    with acting_for(tag.town_id):
        status = dog_status(load_card_dog(tag.dog_id), local_today())
    lic = dict(status["license"])
    # The shape: valid|expired|none, and "expiring" as a flag on a valid license.
    lic["expiring"] = lic["status"] == "expiring"
    if lic["status"] == "expiring":
        lic["status"] = "valid"
    status["license"] = lic
    status["tag"] = {"status": tag.status, "serial": tag.serial, "token": tag.token,
                     "bound_on": tag.bound_on.isoformat() if tag.bound_on else None, "retired_on": None}
    return _private(jsonify(status))


# --- one tag as an image ------------------------------------------------------------------

@bp.route("/tags/<int:tag_id>.png")
@permission_required("manage_tags")
def tag_png_view(tag_id):
    face = tag_face(db.get_or_404(Tag, tag_id))
    scale = request.args.get("scale", 8, type=int)
    return file_response(tag_png(face, module_px=max(2, min(scale, 20))), "image/png", max_age=300)


@bp.route("/tags/<int:tag_id>.svg")
@permission_required("manage_tags")
def tag_svg_view(tag_id):
    tag = db.get_or_404(Tag, tag_id)
    return file_response(tag_svg(tag_face(tag)), "image/svg+xml", max_age=300,
                         filename=f"sandy-creek-tag-{tag.serial}.svg")


# --- printing -----------------------------------------------------------------------------

def _parse_serials(text: str) -> tuple[int, int] | None:
    try:
        first, _, last = (text or "").partition("-")
        first, last = int(first), int(last or first)
    except ValueError:
        return None
    return (first, last) if 0 < first <= last else None


def _search_tags(q: str, limit: int = 60) -> list[Tag]:
    query = db.select(Tag).outerjoin(Dog, Tag.dog_id == Dog.id).options(joinedload(Tag.dog))
    q = (q or "").strip()
    if q:
        conds = [Dog.name.ilike(f"%{q}%"), Tag.token == normalize_token(q)]
        digits = q.lstrip("#").removeprefix("ID").removeprefix("TAG").strip()
        if digits.isdigit() and len(digits) < 10:
            conds += [Dog.id_number == int(digits), Tag.serial == int(digits)]
        query = query.where(or_(*conds))
    else:
        query = query.where(Tag.status != "retired")
    return db.session.execute(query.order_by(Tag.id.desc()).limit(limit)).scalars().all()


@bp.route("/tags/print")
@permission_required("manage_tags")
def print_page(form=None, status=200):
    today = local_today()
    q = request.args.get("q", "")
    batch = _parse_serials(request.args.get("batch", ""))
    today_count = db.session.execute(
        db.select(db.func.count(Tag.id)).filter_by(status="active", bound_on=today)).scalar()
    blank_count = db.session.execute(db.select(db.func.count(Tag.id)).filter_by(status="blank")).scalar()
    tags = _search_tags(q)
    ctx = dict(today=today, today_count=today_count, blank_count=blank_count, tags=tags, q=q,
               batch=batch, form=form or BlankTagsForm(), stock=STOCK)
    if is_htmx() and request.headers.get("HX-Boosted") != "true" and request.headers.get("HX-Target") == "tag-choices":
        return render_template("tags/_tag_choices.html", **ctx)
    return render_template("tags/print.html", **ctx), status


@bp.route("/tags/blanks", methods=["POST"])
@permission_required("manage_tags")
def make_blanks():
    """A batch of blank pre-printed tags (bound to dogs later, §5(G)), then print them."""
    form = BlankTagsForm()
    if not form.validate_on_submit():
        return print_page(form=form, status=422)
    try:
        tags = make_blank_tags(form.count.data, current_user)
    except ServiceError as exc:
        refusal_on_form(exc, form)
        return print_page(form=form, status=422)
    first, last = tags[0].serial, tags[-1].serial
    flash(f"Made {len(tags)} blank tags, numbers {first} to {last}. Print them now.", "info")
    return redirect(url_for("tags.print_page", batch=f"{first}-{last}"))


@bp.route("/tags/sheet.pdf")
@permission_required("manage_tags")
def sheet_pdf():
    """A sheet of tags: ?bound_on=YYYY-MM-DD (tags issued that day), ?id=..&id=.. (a selection),
    ?serials=first-last (a batch of blanks). ?skip=N leaves the first N labels of a part-used
    sheet empty."""
    query = db.select(Tag).options(joinedload(Tag.dog)).where(Tag.status != "retired")
    what = []
    if request.args.get("bound_on"):
        try:
            day = date.fromisoformat(request.args["bound_on"])
        except ValueError:
            abort(400)
        query = query.where(Tag.status == "active", Tag.bound_on == day)
        what.append(f"issued {say_date(day)}")
    ids = [int(i) for i in request.args.getlist("id") if i.isdigit()]
    if ids:
        query = query.where(Tag.id.in_(ids[:MAX_SHEET_TAGS]))
        what.append(f"{len(ids)} chosen")
    serials = _parse_serials(request.args.get("serials", ""))
    if serials:
        query = query.where(Tag.serial.between(*serials))
        what.append(f"tags {serials[0]} to {serials[1]}")
    if not what:
        abort(400)
    tags = db.session.execute(query.order_by(Tag.serial).limit(MAX_SHEET_TAGS)).scalars().all()
    if not tags:
        flash("No tags to print for that choice.", "warning")
        return redirect(url_for("tags.print_page"))
    skip = max(0, min(request.args.get("skip", 0, type=int), STOCK.per_sheet - 1))
    base, phone = None, get_setting("clerk_phone")
    faces = [None] * skip + [tag_face(t, base, phone) for t in tags]
    town = current_town()
    pdf = render_sheet(faces, title=f"{town.name} dog tags, " + ", ".join(what))
    record_event("export.tag_sheet", None, actor=current_user, what=", ".join(what), tags=len(tags))
    return file_response(pdf, "application/pdf", filename=f"{slug(town.name)}-tags-{local_today():%Y%m%d}.pdf")


# --- replacing a lost tag (§5(G)(2)) ------------------------------------------------------

def dog_page_url(dog) -> str:
    if "clerk.dog" in current_app.view_functions:
        return url_for("clerk.dog", dog_id=dog.id)
    return url_for("tags.replace_form", dog_id=dog.id)


@bp.route("/tags/replace/<int:dog_id>", methods=["GET"])
@permission_required("manage_tags")
def replace_form(dog_id, form=None, error=None, status=200):
    dog = db.get_or_404(Dog, dog_id)
    ctx = dict(dog=dog, replace_form=form or ReplaceTagForm(), replace_error=error)
    if is_htmx() and request.headers.get("HX-Boosted") != "true":
        return render_template("tags/_dog_tags.html", **ctx), status
    return render_template("tags/replace.html", **ctx), status


@bp.route("/tags/replace/<int:dog_id>", methods=["POST"])
@permission_required("manage_tags")
@once_per_key("replacement_tag")
def replace(dog_id):
    """§5(G)(2): charge the replacement fee, issue a new tag (or bind a blank), retire the old."""
    dog = db.get_or_404(Dog, dog_id)
    form = ReplaceTagForm()
    error = None
    if form.validate_on_submit():
        try:
            tag = replace_tag(dog, local_today(), current_user, blank=form.blank_tag.data or None,
                              waive_reason=form.waive_reason.data or "", **form.payment())
        except ServiceError as exc:
            error = " ".join(refusal_on_form(exc, form)) or None  # shown above the form
        else:
            fee = get_setting("fee_replacement_tag")
            paid = (f"replacement fee waived ({form.waive_reason.data})" if form.waive_reason.data
                    else f"replacement fee {say_money(fee)} recorded")
            flash(f"New tag {tag.serial} issued to {dog.name} (ID {dog.id_number}); "
                  f"{paid}. The old tag is no longer valid.", "info")
            return redirect(dog_page_url(dog))
    return replace_form(dog_id, form=form, error=error, status=422)


@bp.app_template_global()
def replacement_tag_fee():
    """§5(G)(2): the fee set by resolution of the Town Board, for the replace form."""
    return get_setting("fee_replacement_tag")
