"""The Town Justice's forms. The rules are the services' (services/court/) and the law's:
these forms carry the values typed and each refusal's message next to its field."""
from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, RadioField, SelectField, SelectMultipleField, StringField, TextAreaField
from wtforms.validators import Optional
from wtforms.widgets import CheckboxInput, ListWidget

from ..clerk.payment_fields import PaymentFields
from ..law.orders import DANGEROUS_EXCEPTIONS, NOTICE_METHODS, ORDER_KINDS, VICIOUS_GROUNDS, VICTIMS
from ..models.court import OUTCOMES, PLEAS


class MultiCheckbox(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class SummonsForm(FlaskForm):
    name = StringField("Alleged owner summoned")
    address = StringField("Address")
    appear_on = DateField("Day to appear", validators=[Optional()])
    appear_time = StringField("Time (HH:MM)")


class HearingForm(FlaskForm):
    held_on = DateField("Day of the hearing", validators=[Optional()])
    complainant_appeared = BooleanField("The complainant (or, on a ticket, the officer) appeared")
    owner_appeared = BooleanField("The owner appeared in person")
    came_of_own_accord = BooleanField("Not summoned (on a ticket: not served): the owner came of their own accord")
    appearances = StringField("Others who appeared")
    complainant_counsel = StringField("Counsel for the complainant")
    owner_counsel = StringField("Counsel for the owner")
    evidence = TextAreaField("Evidence presented", render_kw={"rows": 4})
    adjourned_to = DateField("Adjourned to (if adjourned)", validators=[Optional()])


class OrderForm(FlaskForm):
    kind = RadioField("Order", choices=[(k, f"{sec} {label}") for k, (sec, label) in ORDER_KINDS.items()
                                        if k != "lifted"])
    ordered_on = DateField("Date of the order", validators=[Optional()])
    victim = RadioField("§4(C): the dog bit, attacked, injured or killed", choices=list(VICTIMS.items()),
                        validators=[Optional()])
    ruled_out = MultiCheckbox("§4(C) exceptions considered and found NOT to apply",
                              choices=[(c.code, f"{c.section} {c.title}") for c in DANGEROUS_EXCEPTIONS])
    grounds = MultiCheckbox("§4(O) grounds found", choices=[(k, f"{s} {t}") for k, (s, t) in VICIOUS_GROUNDS.items()])
    words = TextAreaField("Terms in the Justice's words (required for another remedy)", render_kw={"rows": 3})


class ChangeOrderForm(FlaskForm):
    kind = SelectField("A later order", choices=[("lifted", "Lift the order"), ("same", "Change its terms"),
                                                 ("confined", "Replace with confinement (§10(B)(2))"),
                                                 ("order", "Replace with another remedy (§10(B)(3))")])
    ordered_on = DateField("Date of the later order", validators=[Optional()])
    words = TextAreaField("Terms", render_kw={"rows": 2})


class FindingNoticeForm(FlaskForm):
    """§4(O)(iii): when and how the owner was given notice of a dangerous finding."""
    notified_on = DateField("Date the owner was given notice", validators=[Optional()])
    how = RadioField("How", choices=list(NOTICE_METHODS.items()), validate_choice=False)


class DispositionForm(FlaskForm):
    """§11: the day's disposition; each offence's plea, verdict and sentence are fields added per
    case by `disposition_form_for` (`plea_6A1`, `outcome_6A1`, ...: services/court/disposition.py offence_field)."""
    decided_on = DateField("Date", validators=[Optional()])
    appeared = BooleanField("The defendant appeared")
    adjourned_to = DateField("Adjourned to (an offence adjourned)", validators=[Optional()])
    notes = TextAreaField("Notes", render_kw={"rows": 2})


def disposition_form_for(codes, defaults: bool = False, **kwargs) -> DispositionForm:
    """The disposition form of a case whose open offences are `codes` (§11 per offence); a
    default among the outcomes only if the town's court records one (`defaults`)."""
    from ..services.court import offence_field
    outcomes = [(k, v) for k, v in OUTCOMES.items() if defaults or k != "default"]
    verdicts = [("", "Nothing decided today")] + outcomes

    class CaseDispositionForm(DispositionForm):
        pass
    only = len(codes) == 1
    for code in codes:
        setattr(CaseDispositionForm, offence_field("plea", code), RadioField("Plea", choices=list(PLEAS.items()),
                                                                             default=""))
        setattr(CaseDispositionForm, offence_field("outcome", code), RadioField(
            "Disposition", choices=outcomes if only else verdicts, default=None if only else ""))
        setattr(CaseDispositionForm, offence_field("fine", code), StringField(
            "Fine ($)", default="0", render_kw={"inputmode": "decimal"}))
        setattr(CaseDispositionForm, offence_field("imprisonment_days", code), StringField(
            "Days of imprisonment", default="0", render_kw={"inputmode": "numeric"}))
        setattr(CaseDispositionForm, offence_field("until", code), DateField(
            "Adjourned in contemplation of dismissal until", validators=[Optional()]))
    return CaseDispositionForm(**kwargs)


class FineForm(PaymentFields, FlaskForm):
    amount = StringField("Amount received ($)", render_kw={"inputmode": "decimal"})
    received_on = DateField("Received on", validators=[Optional()])
