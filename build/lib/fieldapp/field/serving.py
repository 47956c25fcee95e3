"""§9 "shall issue and serve an appearance ticket": the officers' list of what is still to do
(violations with no ticket after the town's `ticket_due_days`, tickets not served yet), each a
tap from the ticket form or the "mark served" form, and that form itself.

`add_serving_pages(bp)` adds them to the field blueprint: `field.to_serve` ("follow_up_tickets")
and `field.serve_ticket` ("issue_ticket": the officer who issues a ticket serves it).
"""
from flask import abort, redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import permission_required
from ..models.enforcement import AppearanceTicket
from ..services import enforcement
from ..services.errors import ServiceError
from ..services.ticket_numbers import ticket_by_number
from ..settings import get_setting
from ..timeutil import local_today
from ..web import refusal_on_form
from .forms import ServeTicketForm, now_local_input


def to_serve():
    """§9: violations waiting for their appearance ticket, and tickets not served yet."""
    today = local_today()
    days = get_setting("ticket_due_days")
    return render_template("field/to_serve.html", violations=enforcement.violations_awaiting_ticket(today, days),
                           unserved=enforcement.tickets_not_served(), days=days, today=today)


def _ticket_or_404(number) -> AppearanceTicket:
    ticket = ticket_by_number(number)
    if ticket is None:
        abort(404)
    return ticket


def serve_ticket(number):
    """GET: the form to record how and when a ticket not served yet was served in person (CPL
    §150.40(2)), or an attempt (a note, still not served); POST: records it (303 to the ticket),
    or the form again with its messages and what was typed (422)."""
    ticket = _ticket_or_404(number)
    if ticket.served:
        return redirect(url_for("field.ticket_detail", number=number), 303)
    if request.method == "GET":
        # The date printed on the ticket, unless it is too soon (§9) or too late (CPL §150.40(1))
        # for a ticket served today.
        appear_on = enforcement.serving.appearance_for_serving(ticket, local_today())
        form = ServeTicketForm(formdata=None, served_at=now_local_input(), served_how="personal",
                               appear_on=appear_on.isoformat())
        return render_template("field/serve_ticket.html", t=ticket, form=form, moved=appear_on != ticket.appear_on)
    form = ServeTicketForm()
    form.validate()
    try:
        enforcement.mark_served(ticket, enforcement.read_service(request.form.to_dict()), current_user)
    except ServiceError as exc:
        refusal_on_form(exc, form)
        return render_template("field/serve_ticket.html", t=_ticket_or_404(number), form=form), 422
    return redirect(url_for("field.ticket_detail", number=number), 303)


def add_serving_pages(bp) -> None:
    bp.add_url_rule("/to-serve", endpoint="to_serve",
                    view_func=permission_required("follow_up_tickets")(to_serve))
    bp.add_url_rule("/tickets/<number>/serve", endpoint="serve_ticket", methods=["GET", "POST"],
                    view_func=permission_required("issue_ticket")(serve_ticket))

