"""The county administrator's form for a town's first administrator: a username, a name and a
password typed twice (at least 10 characters, as `flask create-user` asks)."""
from flask_wtf import FlaskForm
from wtforms import PasswordField
from wtforms.validators import DataRequired, EqualTo, Length

from ..admin.forms import UserForm
from ..services.town_people import PASSWORD_MIN


class TownAdminForm(FlaskForm):
    username = UserForm.username
    full_name = UserForm.full_name
    password = PasswordField(f"Password (at least {PASSWORD_MIN} characters)",
                             [DataRequired("Enter a password."),
                              Length(min=PASSWORD_MIN, message=f"Use at least {PASSWORD_MIN} characters.")],
                             render_kw={"autocomplete": "new-password"})
    confirm = PasswordField("The password again",
                            [DataRequired("Enter the password again."),
                             EqualTo("password", message="The two passwords differ: type the same one twice.")],
                            render_kw={"autocomplete": "new-password"})
