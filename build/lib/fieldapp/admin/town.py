"""Admin: the town's record, the page "The town" (`/admin/town`): its name and place, its law,
time zone, the Town Clerk's office, the Town Court and the contact finders are given. Written by
`services/towns.py: update_town`; the town acted for (the county administrator adds the others,
fieldapp/county)."""
from flask import flash, redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import permission_required
from ..services.errors import ServiceError
from ..services.towns import TOWN_SPECS, update_town
from ..settings import get_setting
from ..web import refusal_on_form
from . import bp
from .forms import settings_form_class
from .views import _display


@bp.route("/town", methods=["GET", "POST"])
@permission_required("manage_settings")
def town():
    form = settings_form_class(TOWN_SPECS, dated=False)()
    if request.method == "GET":
        for spec in TOWN_SPECS:
            form[spec.key].data = _display(spec, get_setting(spec.key))
    if form.validate_on_submit():
        try:
            changed = update_town({spec.key: form[spec.key].data for spec in TOWN_SPECS}, current_user)
        except ServiceError as exc:
            refusal_on_form(exc, form)
        else:
            flash(f"Saved the town's record ({len(changed)} field{'s' if len(changed) != 1 else ''} changed)."
                  if changed else "Nothing changed.", "success")
            return redirect(url_for(".town"))
    return render_template("admin/town.html", form=form, specs=TOWN_SPECS), 422 if form.errors else 200
