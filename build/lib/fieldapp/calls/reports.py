"""The calls as a CSV for the clerk and the Town Board, and the letter telling a caller what came
of their call (never the owner's name or address)."""
from datetime import timedelta

from flask import abort, render_template, request

from ..auth import permission_required
from ..csvfile import csv_bytes
from ..extensions import db
from ..law.calls import OUTCOMES, URGENCIES, kind_label
from ..models.calls import Call
from ..parsing import parse_date
from ..services.call_caller import caller_message
from ..services.calls import SOURCES
from ..settings import get_setting
from ..timeutil import local_today, to_local, town_tz
from ..web import file_response
from . import bp

CSV_HEADER = ["Call no.", "Received", "How", "Verified", "Kind", "Urgency", "Place", "Dog", "Status",
              "Taken by", "Minutes to arrival", "Minutes to close", "Outcome", "Referred to", "Records"]


def minutes_between(start, end):
    return round((end - start).total_seconds() / 60) if start and end else None


def csv_row(call) -> list:
    records = "; ".join(f"{u.record_kind} {u.record_id}" for u in call.updates if u.kind == "record")
    return [call.id, to_local(call.received_at).strftime("%Y-%m-%d %H:%M"), SOURCES.get(call.source, call.source),
            "yes" if call.verified else "no", kind_label(call.kind), URGENCIES.get(call.urgency, call.urgency),
            call.place, call.dog.name if call.dog else call.dog_description, call.status,
            call.officer.full_name if call.officer else "", minutes_between(call.received_at, call.arrived_at),
            minutes_between(call.received_at, call.closed_at), OUTCOMES.get(call.outcome, ""), call.referred_to,
            records]


def calls_between(start, end) -> list[Call]:
    """Calls received on the local days `start`..`end`."""
    from datetime import datetime, time
    lo = datetime.combine(start, time.min, town_tz())
    hi = datetime.combine(end + timedelta(days=1), time.min, town_tz())
    return db.session.execute(db.select(Call).where(Call.received_at >= lo, Call.received_at < hi)
                              .order_by(Call.received_at)).scalars().all()


@bp.get("/calls.csv")
@permission_required("read_calls")
def calls_csv():
    today = local_today()
    end = parse_date(request.args.get("to", "")) or today
    start = parse_date(request.args.get("from", "")) or end - timedelta(days=365)
    if start > end:
        start, end = end, start
    rows = [csv_row(c) for c in calls_between(start, end)]
    return file_response(csv_bytes(CSV_HEADER, rows), "text/csv; charset=utf-8",
                         filename=f"calls-{start.isoformat()}-{end.isoformat()}.csv")


@bp.get("/<int:call_id>/letter")
@permission_required("read_calls")
def letter(call_id):
    """The printable letter to a caller who asked to be told by letter (no owner's data)."""
    call = db.session.get(Call, call_id) or abort(404)
    if call.is_open:
        abort(404)
    subject, body = caller_message(call)
    return render_template("calls/letter.html", call=call, subject=subject, body=body,
                           clerk_address=get_setting("clerk_address"), today=local_today())
