"""Telling the caller what came of a call (services/calls.py: on close), when the town's setting
`tell_callers` is on and the caller asked: by email, sent once the close is committed, or by a
letter the office prints (`/calls/<id>/letter`). Never the owner's name, address or the dog's name.
"""
from ..extensions import db
from ..law.calls import OUTCOMES, kind_label
from ..law.words import say_date
from ..models.calls import Call, CallUpdate
from ..settings import get_setting
from ..timeutil import to_local, utcnow


def caller_message(call: Call) -> tuple[str, str]:
    """What the caller is told: the call and its outcome, never the owner's name or address."""
    subject = f"Your call about a dog on {say_date(to_local(call.received_at))}"
    lines = [f"You called about: {kind_label(call.kind)}", f"Where: {call.place}", "",
             f"The dog control officer looked into it. Outcome: {OUTCOMES.get(call.outcome, call.outcome)}"
             + (f" (referred to {call.referred_to})" if call.referred_to else "") + ".", "",
             "Thank you for letting us know. For anything new, call the dog control officer at "
             f"{get_setting('dco_phone')}.", "", "The town's dog control officer"]
    return subject, "\n".join(lines)


def tell_caller(call: Call) -> str:
    """On close, when the town's setting says so and the caller asked: email now, or a letter for
    the office to print (`/calls/<id>/letter`). Returns how ("email", "letter") or ""."""
    if not get_setting("tell_callers") or not call.tell_caller:
        return ""
    if call.tell_caller == "email":
        from . import notify
        if not notify.mail_configured():
            return ""
        notify.mail_after_commit(call.caller_email, *caller_message(call), what="the caller")
    call.caller_told_at = utcnow()
    db.session.add(CallUpdate(call=call, kind="told", at=call.caller_told_at,
                              note=f"Caller told by {call.tell_caller}"))
    return call.tell_caller

