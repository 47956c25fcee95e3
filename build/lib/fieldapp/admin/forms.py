"""Admin forms: the town's settings (built from fieldapp.settings.SETTINGS) and users."""
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateField,
    PasswordField,
    SelectField,
    StringField,
    TextAreaField,
    ValidationError,
)
from wtforms.validators import DataRequired, InputRequired, Length, Optional, Regexp

from ..law.authority import ROLE_LABELS, TOWN_ROLES
from ..parsing import parse_money
from ..settings import BOARD_SETTINGS, WEEKDAYS, SettingValueError, parse_value

AUTHORITY_SUFFIX = "__authority"


def _strip(value):
    return value.strip() if isinstance(value, str) else value


def _money_check(form, field):
    value = parse_money(field.data)
    if value is None:
        raise ValidationError("Enter an amount of money in dollars and cents, like 10.00.")
    if value < 0:
        raise ValidationError("Enter an amount of money, like 10.00 (not negative).")


def _setting_check(spec):
    """The setting's own parser and range (fieldapp.settings.parse_value), in its words."""
    def check(form, field):
        try:
            parse_value(spec, field.data)
        except SettingValueError as exc:
            raise ValidationError(str(exc)) from None
    return check


def settings_form_class(specs=None, dated=True, required=()):
    """A form with one field per setting, each checked by the setting's parser and range (its
    rule, the field's hint); money settings also carry their authority. `specs`: those of a page
    other than the settings' (the town's record); `dated`: the day the fees changed apply from;
    `required`: the keys of text fields that may not be left empty (a new town's)."""
    attrs = {}
    for spec in BOARD_SETTINGS if specs is None else specs:
        label, check = spec.label, _setting_check(spec)
        if spec.key in required and spec.kind in ("text", "email", "url", "timezone"):
            attrs[spec.key] = StringField(label, [InputRequired(f"Enter {label[0].lower() + label[1:]}."), check],
                                          filters=[_strip])
            continue
        if spec.kind == "money":
            attrs[spec.key] = StringField(label, [InputRequired("Enter an amount."), check],
                                          filters=[_strip], render_kw={"inputmode": "decimal"})
            attrs[spec.key + AUTHORITY_SUFFIX] = StringField(
                "Authority (Town Board resolution no. / date)", [Optional(), Length(max=200)], filters=[_strip])
        elif spec.kind == "int":
            attrs[spec.key] = StringField(label, [InputRequired("Enter a whole number."), check], filters=[_strip],
                                          render_kw={"inputmode": "numeric"})
        elif spec.kind == "weekday":
            attrs[spec.key] = SelectField(label, [check], choices=[(str(i), day) for i, day in enumerate(WEEKDAYS)])
        elif spec.kind == "time":  # the phone's clock picker; the server still reads "6 pm" (parse_clock)
            attrs[spec.key] = StringField(label, [InputRequired("Enter a time of day."), check], filters=[_strip],
                                          render_kw={"type": "time"})
        elif spec.kind == "choice":
            attrs[spec.key] = SelectField(label, [check], choices=list(spec.choices))
        elif spec.kind == "bool":
            attrs[spec.key] = BooleanField(label)
        elif spec.kind == "dates":
            attrs[spec.key] = TextAreaField(label, [check])
        else:
            attrs[spec.key] = StringField(label, [check], filters=[_strip])
    if dated:
        attrs["effective_on"] = DateField(
            "The fees changed apply from (the resolution's date; today or later)", [Optional()],
            render_kw={"type": "date"})
    return type("SettingsForm", (FlaskForm,), attrs)


class UserForm(FlaskForm):
    username = StringField("Username", [DataRequired("Enter a username."), Length(max=64),
                                        Regexp(r"^[a-z0-9._-]+$",
                                               message="Use lower-case letters, digits, . _ - only.")],
                           filters=[_strip, lambda v: v.lower() if v else v],
                           render_kw={"autocapitalize": "none", "autocomplete": "off"})
    full_name = StringField("Full name (as printed on tickets)", [DataRequired("Enter the person's name."),
                                                                  Length(max=120)], filters=[_strip])
    # No role chosen until the admin picks one: a default would hand someone a role by a missed tap.
    # A town's roles only: the county administrator is the deployment's (`flask create-county-admin`).
    role = SelectField("Role", choices=[("", "Choose a role…")] + [(r, ROLE_LABELS[r]) for r in TOWN_ROLES],
                       default="", validators=[InputRequired("Choose a role.")])
    badge_number = StringField("Badge or officer number", [Optional(), Length(max=32)], filters=[_strip])
    phone = StringField("Telephone", [Optional(), Length(max=32)], filters=[_strip], render_kw={"type": "tel"})
    password = PasswordField("Password (at least 10 characters)",
                             [DataRequired("Enter a password."), Length(min=10, message="Use at least 10 characters.")],
                             render_kw={"autocomplete": "new-password"})


class UserEditForm(FlaskForm):
    """A user's name, badge, phone and role, changed later (the username and password have their
    own ways: a new account, the reset)."""
    full_name = UserForm.full_name
    role = SelectField("Role", choices=[(r, ROLE_LABELS[r]) for r in TOWN_ROLES],
                       validators=[InputRequired("Choose a role.")])
    badge_number = UserForm.badge_number
    phone = UserForm.phone


class EnumerationForm(FlaskForm):
    """§5(K): a dog enumeration declared by resolution of the Town Board."""
    resolution = StringField("Town Board resolution (number)", [DataRequired("Enter the resolution's number."),
                                                               Length(max=120)], filters=[_strip])
    adopted_on = DateField("Date of the resolution", [InputRequired("Enter the resolution's date.")],
                           render_kw={"type": "date"})
    opens_on = DateField("Enumeration's first day", [InputRequired("Enter the first day.")],
                         render_kw={"type": "date"})
    closes_on = DateField("Enumeration's last day (empty: still open)", [Optional()], render_kw={"type": "date"})
    surcharge = StringField("Surcharge on each dog identified as unlicensed", [InputRequired("Enter an amount."),
                            _money_check], filters=[_strip], render_kw={"inputmode": "decimal"})


class CloseEnumerationForm(FlaskForm):
    closes_on = DateField("Last day", [InputRequired("Enter the last day.")], render_kw={"type": "date"})
