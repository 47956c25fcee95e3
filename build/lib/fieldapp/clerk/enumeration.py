"""§5(K) the dog enumeration, on the clerk blueprint: the enumerations the Town Board declared
(the admin records the resolution), each with its dogs identified as unlicensed (the surcharge
each owes, whether it was charged and paid, whether the dog is licensed now) and the Town's
expenses of conducting it; a dog marked identified (the clerk, or the DCO from the dog's record);
the year's account, printable.

The rules are `law/enumeration.py`'s; the writes `services/enumeration.py`'s."""
from flask import abort, flash, redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import permission_required
from ..extensions import db
from ..law.words import say_money
from ..models import Dog, EnumerationResolution
from ..services.enumeration import enumerations as enumeration_rows  # the view has the service's name
from ..services.enumeration import (
    identified_dogs,
    identify_unlicensed,
    is_open,
    parse_amount,
    record_expense,
    year_report,
)
from ..services.errors import ServiceError
from ..services.licensing import open_enumeration
from ..services.search import search_dogs
from ..timeutil import local_today
from ..web import form_page, refusal_on_form
from . import bp
from .forms import ExpenseForm, IdentifiedForm


def _user():
    return current_user._get_current_object()


@bp.route("/enumerations/")
@permission_required("keep_enumeration")
def enumerations():
    """§5(K): the enumerations the Town Board declared, the open one first."""
    today = local_today()
    return render_template("clerk/enumeration/index.html", rows=enumeration_rows(), today=today,
                           is_open=is_open)


def _page(enum: EnumerationResolution, expense_form: ExpenseForm | None = None, status: int = 200):
    today = local_today()
    if expense_form is None:
        expense_form = ExpenseForm(formdata=None, spent_on=today)
    q = request.args.get("q", "").strip()
    marked = {i.dog_id for i in enum.identifications}
    found = [d for d in search_dogs(q)] if q else []
    return render_template("clerk/enumeration/page.html", enum=enum, today=today, open=is_open(enum, today),
                           dogs=identified_dogs(enum, today), expense_form=expense_form, q=q,
                           found=found, marked=marked, total_expenses=sum((x.amount for x in enum.expenses), 0)), status


@bp.route("/enumerations/<int:enum_id>")
@permission_required("keep_enumeration")
def enumeration(enum_id):
    """§5(K): one enumeration: its period and surcharge, the dogs identified as unlicensed in it
    and the Town's expenses; find a dog to mark."""
    return _page(db.get_or_404(EnumerationResolution, enum_id))


@bp.route("/enumerations/<int:enum_id>/expenses", methods=["POST"])
@permission_required("keep_enumeration")
def enumeration_expense(enum_id):
    """§5(K): record an expense of conducting the enumeration."""
    enum = db.get_or_404(EnumerationResolution, enum_id)
    form = ExpenseForm()

    def recorded():
        exp = record_expense(enum, form.spent_on.data, form.description.data, parse_amount(form.amount.data),
                             form.paid_by.data, local_today(), _user())
        flash(f"Expense recorded: {exp.description}, {say_money(exp.amount)}.", "success")
        return redirect(url_for(".enumeration", enum_id=enum.id) + "#expenses")
    return form_page(form, recorded, lambda: _page(enum, form, 422)[0])


@bp.route("/dogs/<int:dog_id>/enumeration", methods=["GET", "POST"])
@permission_required("identify_in_enumeration")
def identify_in_enumeration(dog_id):
    """§5(K): mark the dog identified as unlicensed during the enumeration (the one named by
    ?enumeration=, else the one open today)."""
    dog = db.get_or_404(Dog, dog_id)
    today = local_today()
    enum_id = request.values.get("enumeration", type=int)
    enum = db.session.get(EnumerationResolution, enum_id) if enum_id else open_enumeration(today)
    if enum_id and enum is None:
        abort(404)
    form = IdentifiedForm(identified_on=today)
    status = 200
    if enum is not None and form.validate_on_submit():
        try:
            identify_unlicensed(enum, dog, form.identified_on.data, today, _user(), form.where.data)
        except ServiceError as exc:
            refusal_on_form(exc, form)
        else:
            flash(f"{dog.name} is marked identified as unlicensed in the enumeration of {enum.resolution}: "
                  f"the {say_money(enum.surcharge)} surcharge is added to its license (§5(K)).", "success")
            if current_user.may("keep_enumeration"):
                return redirect(url_for(".enumeration", enum_id=enum.id))
            return redirect(url_for(".dog", dog_id=dog.id))
    if request.method == "POST":
        status = 422
    return render_template("clerk/enumeration/identify.html", dog=dog, enum=enum, form=form), status


@bp.route("/enumerations/report")
@permission_required("keep_enumeration")
def enumeration_report():
    """§5(K) "in any year": the year's surcharges charged and collected, the expenses of
    conducting the enumeration and the balance (an excess the Town may use as §5(K) says)."""
    today = local_today()
    raw = request.args.get("year", "").strip()
    error = None
    year = today.year
    if raw:
        if raw.isdigit() and 2000 <= int(raw) <= today.year + 1:
            year = int(raw)
        else:
            error = f"Enter a year like {today.year}."
    report = year_report(year, today)
    from ..law.enumeration import EXCESS_USES
    return render_template("clerk/enumeration/report.html", report=report, year=year, raw=raw, error=error,
                           excess_uses=EXCESS_USES, today=today), 422 if error else 200
