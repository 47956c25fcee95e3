"""The finder's forms. Contact: phone and/or email, at least one (the owner must be able to reply).

`website` is a honeypot: hidden from people by CSS, filled in by form-spamming bots.
"""
import re

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional, ValidationError

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
PHONE_DIGITS_MIN = 7


def _phone(form, field):
    if field.data and len(re.sub(r"\D", "", field.data)) < PHONE_DIGITS_MIN:
        raise ValidationError("Enter a phone number with the area code, e.g. 315 555 1234.")


def _email(form, field):
    if field.data and not EMAIL_RE.match(field.data):
        raise ValidationError("This does not look like an email address (name@example.com).")


class FinderContactForm(FlaskForm):
    finder_name = StringField("Your name (optional)", validators=[Optional(), Length(max=120)])
    finder_phone = StringField("Your phone", validators=[Optional(), Length(max=40), _phone],
                               render_kw={"type": "tel", "autocomplete": "tel", "inputmode": "tel"})
    finder_email = StringField("Your email", validators=[Optional(), Length(max=120), _email],
                               render_kw={"type": "email", "autocomplete": "email"})
    photo = FileField("A photo of the dog (optional)", render_kw={"accept": "image/*"})
    # Honeypot: people never see it (public.css hides .hp); bots fill every field.
    website = StringField("Leave this empty", render_kw={"autocomplete": "off", "tabindex": "-1"})

    def validate(self, extra_validators=None):
        ok = super().validate(extra_validators)
        if not (self.finder_phone.data or "").strip() and not (self.finder_email.data or "").strip():
            self.finder_phone.errors = list(self.finder_phone.errors) + [
                "Give a phone number or an email (or both) so the owner can reach you."]
            ok = False
        return ok

    @property
    def is_spam(self) -> bool:
        return bool((self.website.data or "").strip())


class FoundDogMessageForm(FinderContactForm):
    """A message to the owner of a tagged dog (/t/<token>)."""
    location = StringField("Where is the dog now?", validators=[
        DataRequired("Say where the dog is, e.g. \"with me at 12 Lake Rd\" or \"tied up outside the post office\"."),
        Length(max=300)])
    note = TextAreaField("Message for the owner (optional)", validators=[Optional(), Length(max=2000)],
                         render_kw={"rows": 4})


class FoundNoTagForm(FinderContactForm):
    """A report of a dog without a tag (/found)."""
    location = StringField("Where is the dog, or where did you see it?", validators=[
        DataRequired("Say where the dog is or was seen, e.g. \"Lake Rd near the church\"."),
        Length(max=300)])
    description = StringField("What does the dog look like?", validators=[
        DataRequired("Describe the dog: size, colour, breed if you know, collar."), Length(max=300)])
    note = TextAreaField("Anything else (optional)", validators=[Optional(), Length(max=2000)],
                         render_kw={"rows": 4})
