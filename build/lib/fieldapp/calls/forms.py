"""The call forms. Validation is the entry kinds' own (services/calls.py), so a call taken at the
counter and the same entry from a phone's outbox are judged alike; these forms carry what was
typed and the messages per field."""
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField, StringField, TextAreaField

from ..field.forms import DATETIME, EntryForm
from ..law.calls import CALL_KINDS, OUTCOMES, URGENCIES, kind_label
from ..services.calls import SOURCES

KIND_CHOICES = [(code, kind_label(code)) for code in CALL_KINDS]


class CallForm(EntryForm):
    received_at = StringField("When the call came in", render_kw=DATETIME)
    source = RadioField("How it came in", choices=[(k, v) for k, v in SOURCES.items() if k != "public"],
                        default="phone", validate_choice=False)
    caller_name = StringField("Caller's name", render_kw={"autocomplete": "off"})
    caller_phone = StringField("Caller's telephone", render_kw={"autocomplete": "off", "type": "tel"})
    caller_email = StringField("Caller's email", render_kw={"autocomplete": "off", "type": "email"})
    caller_address = StringField("Caller's mailing address (for a letter)", render_kw={"autocomplete": "off"})
    tell_caller = RadioField("Tell the caller what came of it", choices=[
        ("", "No"), ("email", "By email"), ("letter", "By letter")], default="", validate_choice=False)
    location_text = StringField("Address", render_kw={"autocomplete": "off"})
    place_description = StringField("Or, if the caller does not know the address: the place (road, landmark)",
                                    render_kw={"autocomplete": "off"})
    latitude = HiddenField()
    longitude = HiddenField()
    accuracy = HiddenField()
    about = RadioField("What is happening", choices=KIND_CHOICES, validate_choice=False)
    description = TextAreaField("What the caller says")
    urgency = RadioField("How urgent", choices=list(URGENCIES.items()), default="today", validate_choice=False)
    dog_q = StringField("Find the dog: owner, address, name or looks", render_kw={"autocomplete": "off",
                                                                                  "type": "search"})


class PublicCallForm(FlaskForm):
    caller_name = StringField("Your name")
    caller_phone = StringField("Your telephone", render_kw={"autocomplete": "tel", "type": "tel"})
    caller_email = StringField("Your email (to be told what came of it)", render_kw={"autocomplete": "email",
                                                                                    "type": "email"})
    about = RadioField("What is happening", choices=KIND_CHOICES, validate_choice=False)
    location_text = StringField("Where: the address", render_kw={"autocomplete": "street-address"})
    place_description = StringField("Or, if you do not know the address: the road and a landmark")
    latitude = HiddenField()
    longitude = HiddenField()
    accuracy = HiddenField()
    dog_description = StringField("The dog, if you saw it (colour, size, breed)")
    description = TextAreaField("What you saw or heard")
    tell_me = BooleanField("Email me what came of it")
    website = StringField("Leave this empty", render_kw={"autocomplete": "off", "tabindex": "-1"})  # bots fill it


class StepForm(EntryForm):
    note = StringField("Note", render_kw={"autocomplete": "off"})
    also = BooleanField("Go as well (another officer has taken it)")
    what = HiddenField()
    latitude = HiddenField()
    longitude = HiddenField()
    accuracy = HiddenField()
    outcome = RadioField("What came of it", choices=list(OUTCOMES.items()), validate_choice=False)
    referred_to = StringField("Referred to (who)", render_kw={"autocomplete": "off"})
