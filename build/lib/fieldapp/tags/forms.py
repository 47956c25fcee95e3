"""The clerk's tag forms: replace a lost tag (§5(G)(2)), make a batch of blank tags."""
from flask_wtf import FlaskForm
from wtforms import IntegerField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..clerk.payment_fields import PaymentFields


def _strip(value):
    return value.strip() if isinstance(value, str) else value


class ReplaceTagForm(PaymentFields, FlaskForm):
    blank_tag = StringField("Blank tag number (optional)", [Optional(), Length(max=40)], filters=[_strip],
                        render_kw={"autocomplete": "off", "inputmode": "text", "autocapitalize": "characters"})
    # §5(G)(2): the fee is charged unless the clerk waives it, with the reason.
    waive_reason = StringField("Waive the fee: reason (optional)", [Optional(), Length(max=200)], filters=[_strip])


class BlankTagsForm(FlaskForm):
    count = IntegerField("How many blank tags", [
        InputRequired("Enter how many blank tags to make."),
        NumberRange(1, 1200, "Make between 1 and 1,200 blank tags at a time (100 sheets).")],
        default=12, render_kw={"inputmode": "numeric", "min": 1, "max": 1200})
