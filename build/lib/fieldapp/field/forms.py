"""Field forms: what the officer's screens render. Validation is the entry kinds' own
(services/enforcement/), so a form posted here and the same entry from the outbox are
judged alike; these forms carry the values typed and the messages per field."""
import uuid
from datetime import datetime

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField, SelectMultipleField, StringField, TextAreaField

from ..law.court import ATTEMPT_METHODS, NOT_SERVED_YET, SERVICE_METHODS
from ..law.laws import ALL_OFFENCES
from ..law.laws.cites import CitesTownLaw
from ..services.enforcement import SERVED_CAPACITIES
from ..timeutil import town_tz

# Every law's offences: the page ticks only the town's law's, the entry kinds judge them by it.
CODE_CHOICES = [(code, r.title) for code, r in ALL_OFFENCES.items()]
DATETIME = {"type": "datetime-local"}


def now_local_input() -> str:
    return datetime.now(town_tz()).strftime("%Y-%m-%dT%H:%M")


class EntryForm(CitesTownLaw, FlaskForm):
    entry_id = HiddenField()
    dog_id = HiddenField()
    call_entry_id = HiddenField()  # made from a call for service (services/calls.py)
    dog_description = StringField("Description of the dog", render_kw={"autocomplete": "off"})
    # The stale-date gate (services/enforcement/payload.py): a date typed days back needs a reason.
    late_reason = StringField("If the date is days back: why it is entered only now",
                              render_kw={"autocomplete": "off", "maxlength": 300})

    def prefill(self, **values):
        """A fresh entry (GET): a new UUID, so a double submit of this page is idempotent."""
        self.entry_id.data = str(uuid.uuid4())
        for name, value in values.items():
            if value not in (None, "") and name in self:
                self[name].data = value
        return self

    def show_errors(self, errors: dict) -> dict:
        """Put the entry's messages next to their fields; returns those with no field here."""
        rest = {}
        for name, message in errors.items():
            if name in self._fields and name != "csrf_token":
                self[name].errors = [message]
            else:
                rest[name] = message
        return rest


class LocationMixin:
    latitude = HiddenField()
    longitude = HiddenField()
    accuracy = HiddenField()
    location_text = StringField("Where (address, or road and landmark)",
                                render_kw={"autocomplete": "street-address", "data-from-query": "place"})


class ViolationForm(LocationMixin, EntryForm):
    supersedes_entry_id = HiddenField()
    codes = SelectMultipleField("Violations", choices=CODE_CHOICES, validate_choice=False)
    ruled_out = SelectMultipleField("Exceptions ruled out", choices=[], validate_choice=False)
    owner_description = StringField("Owner or person in charge (if not on file)")
    occurred_at = StringField("When", render_kw=DATETIME)
    narrative = TextAreaField("What you saw")
    witness = StringField("Witness (name and how to reach them)")
    rabies_request = BooleanField("I asked the owner to have the dog vaccinated against rabies "
                                  "within 10 days (§5(B)(1))")
    court_order_id = RadioField("The order violated (§10(B)(4))", choices=[], validate_choice=False)
    found_in_enumeration = BooleanField("Found unlicensed in the dog enumeration (§5(K)): the surcharge "
                                        "is added to its license")


class SeizureForm(LocationMixin, EntryForm):
    violation_entry_id = HiddenField()
    codes = SelectMultipleField("Seized for", choices=CODE_CHOICES, validate_choice=False)
    ruled_out = SelectMultipleField("Exceptions ruled out", choices=[], validate_choice=False)
    # §8(B): asked only when the dog has no owner of record (the record decides otherwise).
    owner_named = StringField("Owner named by you (if you know who owns the dog)",
                              render_kw={"autocomplete": "off"})
    seized_at = StringField("Time of seizure", render_kw=DATETIME)
    held_at = StringField("Held at (kennel or shelter)")
    received_on = StringField("Date the shelter received the dog (if not the day seized)",
                              render_kw={"type": "date"})
    # DL-18 (AML §113(4)): a dog not on file described as seen (optional: old entries have none).
    dog_breed = StringField("Breed (or “mixed”)", render_kw={"autocomplete": "off", "maxlength": 80})
    dog_sex = RadioField("Sex", choices=[("M", "Male"), ("F", "Female"), ("", "Not known")], default="",
                         validate_choice=False)
    dog_color = StringField("Colour", render_kw={"autocomplete": "off", "maxlength": 80})
    dog_age = StringField("Approximate age", render_kw={"autocomplete": "off", "maxlength": 40})
    dog_id_number = StringField("ID number (from a tag of another town)", render_kw={"autocomplete": "off",
                                                                                   "maxlength": 20})
    dog_tag = StringField("Tag worn (rabies tag, other town's tag)", render_kw={"autocomplete": "off",
                                                                               "maxlength": 80})
    notes = TextAreaField("Notes (condition of the dog, collar, injuries)")


class TicketForm(LocationMixin, EntryForm):
    violation_entry_id = HiddenField()
    # When and where the offence happened (from the violation it follows, or as typed).
    occurred_at = StringField("When the offence happened", render_kw=DATETIME)
    served_email = StringField("Their email, for a copy (if they give one)",
                               render_kw={"type": "email", "autocomplete": "off", "inputmode": "email"})
    ticket_number = StringField("Ticket number", render_kw={"autocomplete": "off", "inputmode": "text"})
    codes = SelectMultipleField("Offence", choices=CODE_CHOICES, validate_choice=False)
    ruled_out = SelectMultipleField("Exceptions ruled out", choices=[], validate_choice=False)
    served_capacity = RadioField("Person served is", choices=list(SERVED_CAPACITIES.items()),
                                 validate_choice=False)
    served_name = StringField("Full name of the person served", render_kw={"autocomplete": "off"})
    served_address = StringField("Their address", render_kw={"autocomplete": "off"})
    minor_owner_name = StringField("Name of the minor who owns the dog")
    # §9 "issue and serve", CPL §150.40(2): handed in person to the person charged, or written
    # now and served later; left at the residence or mailed is an attempt, not service.
    served_how = RadioField("How the ticket was served", choices=list(SERVICE_METHODS.items()) + [
        (NOT_SERVED_YET, "Not served yet: I will serve it later (from the ticket's page)")]
        + list(ATTEMPT_METHODS.items()), validate_choice=False)
    service_note = StringField("Service note (where, or of the attempt: with whom it was left, how it was mailed)",
                               render_kw={"autocomplete": "off"})
    served_at = StringField("Date and time served", render_kw=DATETIME)
    appear_on = StringField("Appearance date", render_kw={"type": "date"})


class ServeTicketForm(FlaskForm):
    """§9: a ticket written and not served yet, marked served from its page."""
    served_how = RadioField("How the ticket was served", choices=list(SERVICE_METHODS.items())
                            + list(ATTEMPT_METHODS.items()), validate_choice=False)
    served_at = StringField("Date and time served (or tried)", render_kw=DATETIME)
    service_note = StringField("Service note (where, or of the attempt: with whom it was left, how it was mailed)",
                               render_kw={"autocomplete": "off"})
    appear_on = StringField("Appearance date", render_kw={"type": "date"})


class ComplaintForm(EntryForm):
    complainant_name = StringField("Complainant's full name", render_kw={"autocomplete": "off"})
    complainant_residence = StringField("Complainant's residence (address)", render_kw={"autocomplete": "off"})
    complainant_phone = StringField("Complainant's phone", render_kw={"type": "tel", "autocomplete": "off"})
    sworn = BooleanField("Sworn under oath before me")
    codes = SelectMultipleField("Violation (if it is one of these)", choices=CODE_CHOICES, validate_choice=False)
    nature = TextAreaField("Nature of the violation, in the complainant's words")
    violation_on = StringField("Date of the violation", render_kw={"type": "date"})
    violation_place = StringField("Where it happened (address, or road and landmark)",
                                  render_kw={"autocomplete": "off"})
    owner_name = StringField("Owner's name, if known")
    owner_residence = StringField("Owner's residence, if known")
    forward_now = BooleanField("Forward to the Town Justice now")


class RabiesRequestForm(EntryForm):
    requested_of = StringField("Person asked (owner or person in charge)")
    requested_on = StringField("Date of the request", render_kw={"type": "date"})
