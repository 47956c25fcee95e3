"""How money came in, as form fields any counter form takes (license, tag, fine, mail-in).

The service (`fieldapp.services.money.check_method`) decides what is missing; the form only
offers the choices and keeps what was typed."""
from wtforms import RadioField, StringField
from wtforms.validators import Length, Optional

COUNTER_METHODS = [("cash", "Cash"), ("check", "Check"), ("money_order", "Money order")]


class PaymentFields:
    """Mixin for a FlaskForm: `method` (default cash) and `reference` (check or money order number)."""
    method = RadioField("How was it paid?", choices=COUNTER_METHODS, default="cash", validate_choice=False)
    reference = StringField("Check or money order number", [Optional(), Length(max=40)],
                            filters=[lambda v: v.strip() if isinstance(v, str) else v],
                            render_kw={"autocomplete": "off"})

    def payment(self) -> dict:
        return {"method": self.method.data or "cash", "reference": self.reference.data or ""}
