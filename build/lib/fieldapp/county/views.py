"""The county administrator's pages: the towns (`/county/`), "Add a town" (`/county/towns/new`)
and "Officers" (`/county/officers`), each dog control officer's and police officer's towns.

These read the town records and the users, never a town's own records: the request sees no town
(fieldapp/auth: serve_towns), so a town's dogs, licenses and settings are not read here even by
mistake. The request commits (fieldapp.web)."""
from flask import abort, flash, redirect, render_template, request, url_for
from flask_login import current_user

from ..admin.forms import settings_form_class
from ..auth import permission_required
from ..extensions import db
from ..law.authority import ROLE_LABELS
from ..law.laws import LAWS
from ..models import Town
from ..services import town_people
from ..services.errors import ServiceError
from ..services.towns import NEW_TOWN_SPECS, REQUIRED, add_town
from ..settings import SPECS
from ..web import autofocus_first_error, form_page
from . import bp
from .forms import TownAdminForm


@bp.route("/")
@permission_required("manage_towns")
def towns():
    """The deployment's towns, each with its law and the officers who serve it."""
    all_towns = town_people.all_towns()
    officers = town_people.shared_officers()
    serving = {town.id: [] for town in all_towns}
    served = town_people.towns_served_by(officers)
    for officer in officers:  # by name
        for town_id in served[officer.id]:
            serving.setdefault(town_id, []).append(officer)
    admins = town_people.admins_by_town()
    return render_template("county/towns.html", towns=all_towns, serving=serving, laws=LAWS,
                           role_labels=ROLE_LABELS, admins=admins)


@bp.route("/towns/new", methods=["GET", "POST"])
@permission_required("manage_towns")
def new_town():
    """A new town: its name and place, its law, its clock, its clerk, its court and the number a
    finder calls; every setting starts from the default, for the town's administrator to change."""
    form = settings_form_class(NEW_TOWN_SPECS, dated=False, required=REQUIRED)()
    if request.method == "GET":  # the law and the clock start as the deployment's; the rest empty
        for key in ("town_law", "town_time_zone"):
            form[key].data = SPECS[key].default

    def add():
        town = add_town({spec.key: form[spec.key].data for spec in NEW_TOWN_SPECS}, current_user)
        flash(f"The Town of {town.name} is added. Assign its officers below, and give it an administrator "
              "(“Add this town's administrator” on the list of towns).", "success")
        return redirect(url_for(".officers"))

    def draw():
        autofocus_first_error(form)  # also when the form itself refused, before any service
        return render_template("county/new_town.html", form=form, specs=NEW_TOWN_SPECS)

    return form_page(form, add, draw)


@bp.route("/towns/<int:town_id>/administrator", methods=["GET", "POST"])
@permission_required("manage_towns")
def town_admin(town_id):
    """A town's administrator (role "admin", serving that town alone): the first of its people,
    who makes its clerk and Justice on their own admin pages. The passwords typed are never drawn
    again; the username and name are kept when the form is refused."""
    town = db.session.get(Town, town_id) or abort(404)
    form = TownAdminForm()

    def add():
        user = town_people.add_town_admin(town.id, form.username.data, form.full_name.data,
                                          form.password.data, current_user)
        flash(f"{user.full_name} can now sign in as “{user.username}”, the Town of {town.name}'s administrator, "
              "and make its clerk and Justice.", "success")
        return redirect(url_for(".towns") + f"#town-{town.id}")

    def draw():
        autofocus_first_error(form)
        return render_template("county/town_admin.html", form=form, the_town=town,
                               admins=town_people.admins_of_town(town.id))

    return form_page(form, add, draw)


@bp.route("/officers", methods=["GET", "POST"])
@permission_required("manage_towns")
def officers():
    """Which towns each dog control officer and police officer serves: a box per town. A change
    ends the officer's sessions (services/town_people.py: assign_towns)."""
    people = town_people.shared_officers()
    all_towns = town_people.all_towns()
    ticked = town_people.towns_served_by(people)
    errors = {}
    if request.method == "POST":
        choices = {}
        for raw in request.form.getlist("officer"):
            if raw.isdigit():
                choices[int(raw)] = {int(t) for t in request.form.getlist(f"towns-{raw}") if t.isdigit()}
        ticked.update(choices)  # what was ticked, kept when the page comes back refused
        try:
            changed = town_people.assign_towns(choices, current_user)
        except ServiceError as exc:
            db.session.rollback()
            errors = exc.errors
        else:
            names = ", ".join(u.full_name for u in changed)
            flash(f"Saved. Signed out everywhere, so their new towns hold at once: {names}." if changed
                  else "Nothing changed.", "success")
            return redirect(url_for(".officers"))
    first_error = next((key for key in (f"officer-{u.id}" for u in people) if key in errors), None)
    return render_template("county/officers.html", people=people, towns=all_towns, ticked=ticked, errors=errors,
                           first_error=first_error, role_labels=ROLE_LABELS), 422 if errors else 200
