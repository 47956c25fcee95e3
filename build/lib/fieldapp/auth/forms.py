from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, Length


class LoginForm(FlaskForm):
    username = StringField("Username", validators=[DataRequired("Enter your username.")],
                           render_kw={"autocomplete": "username", "autocapitalize": "none"})
    password = PasswordField("Password", validators=[DataRequired("Enter your password.")],
                             render_kw={"autocomplete": "current-password"})


MIN_PASSWORD = 10  # as for a new user (admin/forms.py: UserForm)


class NewPasswordFields:
    """A new password, typed twice, at least MIN_PASSWORD characters."""
    new_password = PasswordField(
        f"New password (at least {MIN_PASSWORD} characters)",
        [DataRequired("Enter the new password."),
         Length(min=MIN_PASSWORD, max=200, message=f"Use at least {MIN_PASSWORD} characters.")],
        render_kw={"autocomplete": "new-password"})
    confirm = PasswordField("New password again",
                            [DataRequired("Type the new password again."),
                             EqualTo("new_password", message="The two new passwords differ.")],
                            render_kw={"autocomplete": "new-password"})


class ChangePasswordForm(NewPasswordFields, FlaskForm):
    current_password = PasswordField("Current password", [DataRequired("Enter your current password.")],
                                     render_kw={"autocomplete": "current-password"})


class ResetPasswordForm(NewPasswordFields, FlaskForm):
    """The administrator's reset: a new password to hand to the person."""
