"""Admin: the town's settings (fees by Town Board resolution, with their authority) and users.

The admin holds these two powers ("manage_settings", "manage_users") and no other
(fieldapp/law/authority.py), for their own town: the users listed, made and changed here are
those who serve it (services/town_people.py). The request commits (fieldapp.web)."""
from decimal import Decimal

from flask import abort, flash, redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import end_sessions, permission_required
from ..auth.forms import ResetPasswordForm
from ..auth.views import account_locked, unlock_account
from ..extensions import db
from ..law import validate_fee_schedule
from ..law.authority import ROLE_LABELS, TOWN_ROLES
from ..law.fees import check_surcharges
from ..law.words import say_date
from ..models import EnumerationResolution, Setting, User, record_event
from ..parsing import parse_money
from ..services import licensing, town_people
from ..services.errors import ServiceError
from ..settings import (
    BOARD_SETTINGS,
    SPECS,
    SettingValueError,
    get_setting,
    parse_value,
    pending_changes,
    set_setting,
    stored_form,
)
from ..timeutil import local_today
from ..town import current_law, current_town_id
from ..web import refusal_on_form
from . import bp
from .forms import (
    AUTHORITY_SUFFIX,
    CloseEnumerationForm,
    EnumerationForm,
    UserEditForm,
    UserForm,
    settings_form_class,
)

SURCHARGE_KEYS = ("state_law_surcharge_altered", "state_law_surcharge_unaltered")  # AML §110(3)
FEE_SCHEDULE_ERROR = ("With the $3/$1 population control fees added, the total fee for an unaltered dog must be "
                      "at least $5.00 more than for a spayed or neutered dog (§5(D)).")


def _groups():
    """The settings grouped by the section of the law they come from, in table order."""
    groups = {}
    for spec in BOARD_SETTINGS:
        groups.setdefault(spec.section or "Town", []).append(spec)
    return groups


def _display(spec, value):
    if spec.kind == "dates":
        return "\n".join(d.isoformat() for d in value)
    if spec.kind == "money":
        return f"{value:.2f}"
    if spec.kind == "weekday":
        return str(value)
    return value


@bp.route("/", methods=["GET", "POST"])
@permission_required("manage_settings")
def settings():
    form = settings_form_class()()
    rows = {row.key: row for row in db.session.scalars(db.select(Setting).where(Setting.town_id == current_town_id()))}
    if request.method == "GET":
        for spec in BOARD_SETTINGS:
            form[spec.key].data = _display(spec, get_setting(spec.key))
    if form.validate_on_submit():
        changed = _changed_settings(form, rows)
        errors = _check_settings(form, changed, rows)
        effective_on = form.effective_on.data or local_today()
        if effective_on < local_today():
            # A fee set by resolution applies from its date, never back (§5(D), §8(C)(1)): the days
            # already held and the cases already closed keep what they cost.
            errors["effective_on"] = ("A change applies from today or a later day, never back: the days "
                                      "already passed keep the fees in force on them.")
        if not errors:
            for key, (old, new) in changed.items():
                spec = SPECS[key]
                authority = form[key + AUTHORITY_SUFFIX].data if spec.kind == "money" else None
                set_setting(key, new, authority=authority, user=current_user, effective_on=effective_on)
                record_event("setting.changed", None, actor=current_user, key=key,
                             effective_on=effective_on.isoformat(), old=stored_form(spec, old),
                             new=stored_form(spec, new), authority=authority)
            when = "" if effective_on == local_today() else f", applying from {say_date(effective_on)}"
            flash(f"Saved {len(changed)} setting{'s' if len(changed) != 1 else ''}{when}." if changed
                  else "Nothing changed.", "success")
            return redirect(url_for(".settings"))
        for key, message in errors.items():
            form[key].errors = list(form[key].errors) + [message]
    status = 422 if form.errors else 200
    return render_template("admin/settings.html", form=form, groups=_groups(), rows=rows,
                           authority_suffix=AUTHORITY_SUFFIX, pending=pending_changes()), status


def _changed_settings(form, rows) -> dict:
    """The settings whose value the form changes; and those stored outside their rule (read as the
    default, so the form shows the default), which the save writes again in their shape."""
    changed = {}
    for spec in BOARD_SETTINGS:
        raw = form[spec.key].data
        new = parse_value(spec, raw if raw is not None else "")
        old = get_setting(spec.key)
        if new != old or (spec.key in rows and not _stored_in_shape(spec, rows[spec.key].value)):
            changed[spec.key] = (old, new)
    return changed


def _stored_in_shape(spec, stored) -> bool:
    try:
        parse_value(spec, stored)
    except (SettingValueError, TypeError, AttributeError):
        return False
    return True


def _check_settings(form, changed, rows) -> dict:
    errors = {}
    # §5(D): the unaltered dog's total fee must be at least $5 more than the altered dog's.
    altered = parse_value(SPECS["fee_altered"], changed.get("fee_altered", (None, get_setting("fee_altered")))[1])
    unaltered = parse_value(SPECS["fee_unaltered"],
                            changed.get("fee_unaltered", (None, get_setting("fee_unaltered")))[1])
    surcharges = tuple(Decimal(parse_value(SPECS[key], changed.get(key, (None, get_setting(key)))[1]))
                       for key in SURCHARGE_KEYS)
    for kind, message in check_surcharges(surcharges, current_law()).items():  # AML §110(3): at least
        errors[f"state_law_surcharge_{kind}"] = message
    try:
        validate_fee_schedule(Decimal(altered), Decimal(unaltered), current_law(), surcharges)  # AML §110(1) or §5(D)
    except ValueError:
        errors["fee_unaltered"] = FEE_SCHEDULE_ERROR
    # A fee "by resolution of the Town Board" changes only with the resolution that set it.
    for key in changed:
        if SPECS[key].kind == "money" and not form[key + AUTHORITY_SUFFIX].data:
            errors[key + AUTHORITY_SUFFIX] = ("Enter the Town Board resolution (number and date) that set "
                                              "this amount.")
    return errors


# --- §5(K) enumerations -------------------------------------------------------

@bp.route("/enumerations", methods=["GET", "POST"])
@permission_required("manage_settings")
def enumerations():
    """§5(K): the enumerations the Town Board declared by resolution (date, period, surcharge)."""
    form = EnumerationForm()
    if form.validate_on_submit():
        try:
            enum = licensing.record_enumeration(
                form.resolution.data, form.adopted_on.data, form.opens_on.data, form.closes_on.data,
                parse_money(form.surcharge.data), current_user)
        except ServiceError as exc:
            refusal_on_form(exc, form)
        else:
            flash(f"Enumeration of {enum.resolution} recorded.", "success")
            return redirect(url_for(".enumerations"))
    rows = db.session.scalars(db.select(EnumerationResolution)
                              .order_by(EnumerationResolution.opens_on.desc())).all()
    return render_template("admin/enumerations.html", form=form, rows=rows, today=local_today(),
                           close_form=CloseEnumerationForm(formdata=None)), 422 if form.errors else 200


@bp.route("/enumerations/<int:enum_id>/close", methods=["POST"])
@permission_required("manage_settings")
def close_enumeration(enum_id):
    enum = db.get_or_404(EnumerationResolution, enum_id)
    form = CloseEnumerationForm()
    if form.validate_on_submit():
        try:
            licensing.close_enumeration(enum, form.closes_on.data, current_user)
        except ServiceError as exc:
            for message in exc.errors.values():
                flash(message, "error")
            db.session.rollback()
        else:
            flash(f"The enumeration of {enum.resolution} closes on {say_date(form.closes_on.data)}.", "success")
    else:
        flash("Enter the enumeration's last day.", "error")
    return redirect(url_for(".enumerations"))


# --- users --------------------------------------------------------------------

# The roles a town's administrator gives: the town's (the county administrator is the deployment's).
TOWN_ROLE_LABELS = {role: ROLE_LABELS[role] for role in TOWN_ROLES}


def _shared(user) -> bool:
    """An officer other towns share is not one town's to deactivate or re-role: says so."""
    if town_people.serves_other_towns(user, town_people.town_id_for_write(current_user)):
        flash(town_people.SHARED.format(name=user.full_name), "error")
        return True
    return False


def _town_user(user_id):
    """A user of the administrator's town, or 404: another town's users are not theirs to see."""
    return town_people.user_of_town(user_id, town_people.town_id_for_write(current_user)) or abort(404)


@bp.route("/users", methods=["GET", "POST"])
@permission_required("manage_users")
def users():
    form = UserForm()
    town_id = town_people.town_id_for_write(current_user)
    if form.validate_on_submit():
        if db.session.scalars(db.select(User).filter_by(username=form.username.data)).first():
            form.username.errors = [f"A user named “{form.username.data}” already exists."]
        else:
            user = User(username=form.username.data, full_name=form.full_name.data, role=form.role.data,
                        badge_number=form.badge_number.data or None, phone=form.phone.data or None)
            user.set_password(form.password.data)
            db.session.add(user)
            db.session.flush()
            town_people.give_town(user, town_id)  # a new user serves the administrator's town
            record_event("user.created", user, actor=current_user, username=user.username, role=user.role)
            flash(f"{user.full_name} can now sign in as “{user.username}”.", "success")
            return redirect(url_for(".users"))
    all_users = town_people.users_of_town(town_id)
    locked = {u.id for u in all_users if account_locked(u.username)}
    return render_template("admin/users.html", form=form, users=all_users, role_labels=TOWN_ROLE_LABELS,
                           locked=locked), 422 if form.errors else 200


@bp.route("/users/<int:user_id>/active", methods=["POST"])
@permission_required("manage_users")
def set_active(user_id):
    user = _town_user(user_id)
    active = request.form.get("active") == "1"
    if user.id == current_user.id and not active:
        flash("You can't deactivate yourself.", "error")
        return redirect(url_for(".users"))
    if not active and _shared(user):
        return redirect(url_for(".users"))
    if user.active != active:
        user.active = active
        ended = 0 if active else end_sessions(user)  # signed out on every device, at once
        record_event("user.activated" if active else "user.deactivated", user, actor=current_user,
                     username=user.username, **({} if active else {"sessions_ended": ended}))
        flash(f"{user.full_name} is {'active again' if active else 'deactivated: they can no longer sign in'}.",
              "success")
    return redirect(url_for(".users"))


@bp.route("/users/<int:user_id>/role", methods=["POST"])
@permission_required("manage_users")
def set_role(user_id):
    """A new role ends the user's open sessions (fieldapp/auth: the session's fingerprint)."""
    user = _town_user(user_id)
    role = request.form.get("role", "")
    if role not in TOWN_ROLE_LABELS:
        flash("Choose one of the roles listed.", "error")
        return redirect(url_for(".users"))
    if user.id == current_user.id:
        flash("You can't change your own role; ask another administrator.", "error")
        return redirect(url_for(".users"))
    if user.role != role and _shared(user):
        return redirect(url_for(".users"))
    if user.role != role:
        record_event("user.role_changed", user, actor=current_user, username=user.username,
                     old=user.role, new=role, sessions_ended=end_sessions(user))
        user.role = role
        town_people.keep_one_town(user, town_people.town_id_for_write(current_user))
        flash(f"{user.full_name} is now {ROLE_LABELS[role]}; they sign in again to use it.", "success")
    return redirect(url_for(".users"))


@bp.route("/users/<int:user_id>/edit", methods=["GET", "POST"])
@permission_required("manage_users")
def edit_user(user_id):
    """A user's name (as printed on tickets), badge, phone and role. A new role ends their
    sessions, as `set_role` does; no one changes their own role."""
    user = _town_user(user_id)
    form = UserEditForm(obj=user)
    own = user.id == current_user.id
    if own:
        form.role.render_kw = {"disabled": True}
    if request.method == "POST" and own:
        form.role.data = user.role  # a disabled field is not sent
    if form.validate_on_submit():
        if own and form.role.data != user.role:
            form.role.errors = ["You can't change your own role; ask another administrator."]
        elif form.role.data != user.role and town_people.serves_other_towns(
                user, town_people.town_id_for_write(current_user)):
            form.role.errors = [town_people.SHARED.format(name=user.full_name)]
        else:
            changed = {name: [getattr(user, name), value] for name, value in (
                ("full_name", form.full_name.data), ("badge_number", form.badge_number.data or None),
                ("phone", form.phone.data or None)) if getattr(user, name) != value}
            for name, (_, value) in changed.items():
                setattr(user, name, value)
            if changed:
                record_event("user.edited", user, actor=current_user, username=user.username,
                             changed=sorted(changed))
            if form.role.data != user.role:
                record_event("user.role_changed", user, actor=current_user, username=user.username,
                             old=user.role, new=form.role.data, sessions_ended=end_sessions(user))
                user.role = form.role.data
                town_people.keep_one_town(user, town_people.town_id_for_write(current_user))
                flash(f"{user.full_name} is now {ROLE_LABELS[user.role]}; they sign in again to use it.", "success")
            else:
                flash(f"{user.full_name} is saved." if changed else "Nothing changed.", "success")
            return redirect(url_for(".users"))
    return render_template("admin/user_edit.html", form=form, user=user, own=own), 422 if form.errors else 200


@bp.route("/users/<int:user_id>/password", methods=["GET", "POST"])
@permission_required("manage_users")
def reset_password(user_id):
    """A new password for someone who forgot theirs: it ends all their sessions and unlocks the
    account. The administrator changes their own on the page everyone uses."""
    user = _town_user(user_id)
    if user.id == current_user.id:
        return redirect(url_for("auth.change_password"))
    form = ResetPasswordForm()
    if form.validate_on_submit():
        user.set_password(form.new_password.data)
        ended = end_sessions(user)
        unlock_account(user.username)
        record_event("user.password_reset", user, actor=current_user, username=user.username, sessions_ended=ended)
        flash(f"{user.full_name} has a new password; they are signed out everywhere. Give it to them in person.",
              "success")
        return redirect(url_for(".users"))
    return render_template("admin/reset_password.html", form=form, user=user,
                           locked=account_locked(user.username)), 422 if form.errors else 200


@bp.route("/users/<int:user_id>/unlock", methods=["POST"])
@permission_required("manage_users")
def unlock(user_id):
    """After too many wrong passwords: the account may sign in again at once (the count of the
    address they came from is left to run out; it may be someone else's)."""
    user = _town_user(user_id)
    unlock_account(user.username)
    record_event("user.unlocked", user, actor=current_user, username=user.username)
    flash(f"{user.full_name} can sign in again.", "success")
    return redirect(url_for(".users"))


# --- the sign-in log -----------------------------------------------------------

SIGN_IN_KINDS = {
    "user.signed_in": "Signed in",
    "user.sign_in_failed": "Wrong username or password",
    "user.sign_in_refused": "Refused: too many wrong passwords",
    "user.signed_out": "Signed out",
    "user.role_changed": "Role changed",
    "user.deactivated": "Deactivated",
    "user.activated": "Reactivated",
    "user.created": "Created",
    "user.edited": "Name, badge or phone changed",
    "user.password_changed": "Changed their password",
    "user.password_change_failed": "Wrong current password (password change)",
    "user.password_reset": "Password reset by the administrator",
    "user.unlocked": "Unlocked by the administrator",
    "user.towns_changed": "Towns changed by the county administrator",
}


@bp.route("/sign-ins")
@permission_required("manage_users")
def sign_ins():
    """Every sign-in, failure and refusal of the town's users, newest first (the last 300), with the
    address."""
    from ..models import Event
    # The town's users' (a wrong username is no one's, and shown to every town's administrator).
    users = {u.id: u for u in town_people.users_of_town(town_people.town_id_for_write(current_user))}
    theirs = db.or_(db.and_(Event.subject_type == "User", Event.subject_id.in_(list(users))),
                    Event.subject_type.is_(None))
    events = db.session.scalars(db.select(Event).where(Event.kind.in_(SIGN_IN_KINDS), theirs)
                                .order_by(Event.at.desc(), Event.id.desc()).limit(300)).all()
    return render_template("admin/sign_ins.html", events=events, users=users, kinds=SIGN_IN_KINDS)
