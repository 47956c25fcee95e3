"""The clerk's forms: the §5(E) application (owner, dog), the license particulars, §5(J) notices."""
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, DateField, Form, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import DataRequired, Email, InputRequired, Length, NumberRange, Optional

from ..law import LICENSE_EXEMPTIONS
from ..law.laws.cites import CitesTownLaw
from ..services.licensing import ALTERED_PROOFS, NOTICE_KINDS
from ..town import current_town
from .payment_fields import PaymentFields


def _strip(value):
    return value.strip() if isinstance(value, str) else value


STRIP = [_strip]
BAD_DATE = "Enter a date like 2026-03-14."


class OwnerFields(CitesTownLaw, Form):
    """§5(E)(1): the name, residence address and telephone number of each owner."""
    first_name = StringField("First name", [DataRequired("Enter the owner's first name."), Length(max=80)],
                             filters=STRIP, render_kw={"autocomplete": "off"})
    last_name = StringField("Last name", [DataRequired("Enter the owner's last name."), Length(max=80)],
                            filters=STRIP, render_kw={"autocomplete": "off"})
    address = StringField("Street address (residence)",
                          [DataRequired("Enter the street address where the owner lives."), Length(max=200)],
                          filters=STRIP)
    town = StringField("Town", [DataRequired("Enter the town."), Length(max=80)],
                       default=lambda: current_town().name, filters=STRIP)
    state = StringField("State", [DataRequired("Enter the state."),
                                  Length(min=2, max=2, message="Use the two-letter state, e.g. NY.")],
                        default=lambda: current_town().state, filters=[_strip, lambda v: v.upper() if v else v])
    zip_code = StringField("ZIP code", [DataRequired("Enter the ZIP code."), Length(max=10)],
                           default=lambda: current_town().zip_code,
                           filters=STRIP, render_kw={"inputmode": "numeric"})
    phone = StringField("Telephone", [DataRequired("Enter the owner's telephone number (§5(E)(1))."), Length(max=32)],
                        filters=STRIP, render_kw={"type": "tel", "autocomplete": "off"})
    email = StringField("Email (optional)",
                        [Optional(), Email("That email address doesn't look right."), Length(max=120)],
                        filters=STRIP, render_kw={"type": "email"})
    is_minor = BooleanField("The owner is under 18")
    date_of_birth = DateField("Owner's date of birth (if under 18, or not sure)", [Optional()],
                              render_kw={"type": "date"})
    guardian_name = StringField("Parent, guardian or head of household (§4(I))", [Optional(), Length(max=120)],
                                filters=STRIP)
    show_phone_publicly = BooleanField("The owner agrees that someone who finds the dog may see this phone number")
    phone_optin_on = DateField("Date the owner agreed", [Optional()], render_kw={"type": "date"})

    def owner_data(self) -> dict:
        data = {k: self[k].data for k in ("first_name", "last_name", "address", "town", "state", "zip_code",
                                          "phone", "is_minor", "date_of_birth", "guardian_name", "show_phone_publicly",
                                          "phone_optin_on")}
        data["email"] = self.email.data or None
        data["guardian_name"] = self.guardian_name.data or None
        return data


class DogFields(CitesTownLaw, Form):
    """§5(E)(2)-(3): name, sex, approximate age, breed, color, markings and identifying details."""
    name = StringField("Dog's name", [DataRequired("Enter the dog's name."), Length(max=80)], filters=STRIP)
    sex = RadioField("Sex", choices=[("M", "Male"), ("F", "Female")],
                     validators=[InputRequired("Choose male or female.")])
    born_on = DateField("Date of birth (approximate is fine)", [InputRequired("Enter the dog's date of birth, "
                        "approximate if need be (§5(E)(2)).")], render_kw={"type": "date"})
    breed = StringField("Breed", [DataRequired("Enter the breed (or “mixed breed”)."), Length(max=80)], filters=STRIP)
    color = StringField("Color", [DataRequired("Enter the dog's color."), Length(max=80)], filters=STRIP)
    markings = StringField("Markings and other identifying details", [Optional(), Length(max=200)], filters=STRIP)

    def dog_data(self) -> dict:
        data = {k: self[k].data for k in ("name", "sex", "born_on", "breed", "color")}
        data["markings"] = self.markings.data or ""
        return data


class OwnerForm(FlaskForm, OwnerFields):
    pass


class DogForm(FlaskForm, DogFields):
    photo = FileField("Photo of the dog", render_kw={"accept": "image/*", "capture": "environment"})
    # Checked by the service (services/licensing/people.py: clean_microchip), so the message is one.
    microchip = StringField("Microchip number", filters=STRIP,
                            render_kw={"inputmode": "numeric", "autocomplete": "off"})

    def dog_data(self) -> dict:
        data = super().dog_data()
        data["microchip"] = self.microchip.data or None
        return data


ALTERED_CHOICES = [("no", "Not spayed or neutered")] + [
    (k, ("Spayed/neutered: " + v) if k != "vet_statement" else v) for k, v in ALTERED_PROOFS.items()]


class LicenseForm(CitesTownLaw, PaymentFields, FlaskForm):
    """The license particulars: rabies (§5(B)), altering (§5(C)), exemptions (§5(I)),
    purebred (§5(H)), the term (§5(A)(4)) and the tag (§5(G))."""
    rabies_kind = RadioField("Rabies", default="certificate", choices=[
        ("certificate", "Rabies certificate (§5(B))"),
        ("vet_statement", "Veterinarian's statement that vaccinating would endanger the dog's life (§5(B)(2))")])
    rabies_vet = StringField("Veterinarian", [Length(max=120)], filters=STRIP)
    rabies_vaccinated_on = DateField("Date vaccinated", [Optional()], render_kw={"type": "date"})
    rabies_valid_until = DateField("Vaccination valid until", [Optional()], render_kw={"type": "date"})
    rabies_number = StringField("Certificate number", [Optional(), Length(max=60)], filters=STRIP)
    rabies_exempt_reason = StringField("Reason given by the veterinarian", [Optional(), Length(max=200)],
                                       filters=STRIP)
    rabies_statement_on = DateField("Date of the veterinarian's statement", [Optional()],
                                    render_kw={"type": "date"})
    altered = RadioField("Spayed or neutered? (§5(C))", choices=ALTERED_CHOICES,
                         validators=[InputRequired("Choose whether the dog is spayed or neutered.")])
    exemption = SelectField("Exempt from license fees (§5(I))", default="",
                            choices=[("", "No exemption")] + [(k, e.label) for k, e in LICENSE_EXEMPTIONS.items()])
    exemption_certificate = StringField("Certificate of training submitted", [Optional(), Length(max=120)],
                                        filters=STRIP)
    license_kind = RadioField("License", default="individual", choices=[
        ("individual", "Individual dog license"), ("purebred", "Purebred license (§5(H))")])
    new_purebred_license = BooleanField("Issue a new purebred license for the premises (renewal, or a "
                                        "new count of dogs)")
    purebred_dogs_on_premises = IntegerField(
        "Purebred dogs over 4 months on the premises",
        [Optional(), NumberRange(min=1, max=10000, message="Enter a number of dogs, 1 or more.")],
        render_kw={"inputmode": "numeric"})
    term_years = RadioField("License term", coerce=int, choices=[(1, "1 year"), (2, "2 years"), (3, "3 years")],
                            validators=[Optional()], validate_choice=False)
    blank_tag = StringField("Blank tag number (optional)", [Optional(), Length(max=64)], filters=STRIP,
                            render_kw={"autocomplete": "off", "autocapitalize": "characters"})
    new_tag = BooleanField("Issue a new tag")
    waive_tag_fee_reason = StringField("Waive the replacement tag fee: reason (optional)",
                                       [Optional(), Length(max=200)], filters=STRIP)
    owner_asks = BooleanField("The owner asks for a license although the puppy is under four months "
                              "(§5(A)(1))")
    identified_in_enumeration = BooleanField("Identified as unlicensed in the open enumeration (§5(K))")
    residence_began_on = DateField("New resident: date residence in the town began (§5(J)(3))", [Optional()],
                                   render_kw={"type": "date"})
    # The dog's chip, read at the counter (services/licensing/people.py: clean_microchip checks it).
    microchip = StringField("Microchip number (optional)", filters=STRIP,
                            render_kw={"inputmode": "numeric", "autocomplete": "off"})
    at_large = BooleanField("The dog was found at large (then a license is needed at any age, §5(A)(1))")

    def process_term(self):
        """term_years as an int or None (the radios come and go with the rabies date)."""
        try:
            return int(self.term_years.raw_data[0]) if self.term_years.raw_data else self.term_years.data
        except (TypeError, ValueError, IndexError):
            return None


class NoticeForm(CitesTownLaw, FlaskForm):
    """§5(J): an owner's notice, dated when it happened and when it was filed."""
    kind = RadioField("Notice", choices=list(NOTICE_KINDS.items()),
                      validators=[InputRequired("Choose what the notice is about.")])
    occurred_on = DateField("Date it happened", [InputRequired(BAD_DATE)], render_kw={"type": "date"})
    filed_on = DateField("Date the notice was filed", [InputRequired(BAD_DATE)], render_kw={"type": "date"})
    # §5(J)(1) ten days from the discovery; §4(I) the loss reported to the DCO and searched for.
    discovered_on = DateField("Date the loss or theft was discovered (§5(J)(1))", [Optional()],
                              render_kw={"type": "date"})
    reported_to_dco_on = DateField("Date the loss was reported to the dog control officer (§4(I))", [Optional()],
                                   render_kw={"type": "date"})
    search_made = StringField("Search made (where, when, by whom)", [Optional(), Length(max=300)], filters=STRIP)
    now_with = StringField("Who has the dog now, if known", [Optional(), Length(max=200)], filters=STRIP)
    new_address = StringField("New address (moved out of town)", [Optional(), Length(max=200)], filters=STRIP)
    remarks = StringField("Remarks", [Optional(), Length(max=200)], filters=STRIP)
    upon_renewal_notice = BooleanField("Death reported upon receipt of a renewal notice (§5(J)(2))")


class CoOwnerForm(FlaskForm):
    """§5(E)(1) "each owner": add an owner of record (an existing owner or a new one)."""


class IdentifiedForm(FlaskForm):
    """§5(K): a dog identified as unlicensed during the enumeration."""
    identified_on = DateField("Day it was identified", [InputRequired("Enter the day the dog was identified.")],
                              render_kw={"type": "date"})
    where = StringField("Where or how (optional)", [Optional(), Length(max=200)], filters=STRIP)


class ExpenseForm(FlaskForm):
    """§5(K): an expense the Town incurred in conducting the enumeration."""
    spent_on = DateField("Date of the expense", [InputRequired("Enter the day of the expense.")],
                         render_kw={"type": "date"})
    description = StringField("What it was for", [DataRequired("Say what the expense was for."), Length(max=200)],
                              filters=STRIP)
    amount = StringField("Amount ($)", [DataRequired("Enter the amount, like 42.50.")], filters=STRIP,
                         render_kw={"inputmode": "decimal"})
    paid_by = StringField("Incurred or paid by", [DataRequired("Say who incurred or paid it."), Length(max=120)],
                          filters=STRIP)
