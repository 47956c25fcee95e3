"""After the seizure, on the field blueprint: the kennel board, the owner's notices and the notice
letter, §8(C) redemption with the fees and its receipt, §8(D) the known owner's balance paid or
waived. The rules are in `services/impoundment/` and `law/impoundment.py`; the impoundment page
(`field.impoundment_detail`) shows these sections from partial templates
(`field/_impound_*.html`), which read `kennel_case(imp)`.
"""
from datetime import datetime

from flask import abort, flash, redirect, render_template, request, url_for
from flask_login import current_user

from ..auth import permission_required
from ..extensions import db
from ..models import Receipt
from ..models.enforcement import IMPOUNDMENT_NOTICE_METHODS, Impoundment
from ..models.licensing import PAYMENT_METHODS
from ..once import once_per_key
from ..services.enforcement import held_now
from ..services.errors import ServiceError
from ..services.impoundment import board, fees, redemption
from ..services.impoundment.steps import case_steps
from ..services.licensing import license_blocker
from ..settings import get_setting
from ..timeutil import local_today, to_local, town_tz, utcnow
from ..town import acting_for, current_law, current_town_id, record_or_404
from ..web import file_response


def _user():
    return current_user._get_current_object()


def kennel_case(imp: Impoundment) -> dict:
    """What the impoundment page's kennel sections show (template global)."""
    today = local_today()
    owed = fees.balance(imp)
    owner = imp.dog.primary_owner if imp.dog is not None else None
    dangerous = fees.held_as_dangerous(imp)
    refusal = redemption.license_refusal(imp, today) if imp.status == "held" else None
    return {"balance": owed, "license_refusal": refusal,
            "license_block": release_blocker(imp, today),
            "allowed": board.allowed_today(imp, today), "notice_methods": IMPOUNDMENT_NOTICE_METHODS,
            "payment_methods": {k: v for k, v in PAYMENT_METHODS.items() if k != "card"},
            "owner": owner, "owner_name": owner.full_name if owner else (imp.owner_named or ""),
            "billed": fees.owner_billed(imp), "number": fees.impoundment_number(imp),
            "dangerous": dangerous, "boarding_daily": get_setting("fee_boarding_daily"),
            # §8(C)(2): the dangerous dog's fee for each further 24 hours, where the town's law sets one.
            "dangerous_daily": current_law().impoundment_fees.dangerous_dog_daily if dangerous else None,
            "now": to_local(utcnow()).strftime("%Y-%m-%dT%H:%M"), "today": today}


def release_blocker(imp: Impoundment, today) -> str | None:
    """§8(C) a dog is released only with a current license: what blocks that license with what is
    on file (services/licensing/blockers.py), said before anyone fills a form."""
    if imp.status != "held" or imp.dog is None or redemption.license_refusal(imp, today) is None:
        return None
    return license_blocker(imp.dog, today)


def _page_again(imp_id: int, errors: dict):
    from .views import impoundment_detail  # the page the forms are on, with their messages (422)
    return impoundment_detail(imp_id, errors, 422)


def _back(imp: Impoundment, anchor: str = ""):
    return redirect(url_for("field.impoundment_detail", impoundment_id=imp.id) + anchor, 303)


def _local_instant(text: str):
    try:
        return datetime.fromisoformat(text.strip()).replace(tzinfo=town_tz()) if text and text.strip() else None
    except ValueError:
        return None


def add_kennel_pages(bp) -> None:
    """Register the kennel pages on the field blueprint."""

    @bp.app_context_processor
    def _kennel_helpers():
        return {"kennel_case": kennel_case, "case_steps": case_steps, "held_impoundment": held_now,
                "owner_balances": fees.open_balances}

    @bp.get("/impoundments")
    @permission_required("read_records")
    def impoundments():
        """The kennel board (§8(B)-(E)): dogs held now first, nearest deadline first, each with its
        hold-until date and the days it skipped, days left, fees owed so far, owner notified or not
        and what is allowed today; then the ended cases, shorter."""
        from .list_filters import officers, read_filters
        today = local_today()
        filters = read_filters()
        held, ended = board.board(today, where=filters.conditions(Impoundment, Impoundment.impounded_on, instant=False))
        paid = fees.payments_of(held + ended)
        rows = [{"imp": imp, "balance": fees.balance(imp, payments=paid[imp.id]),
                 "days_left": board.days_left(imp, today),
                 "allowed": board.allowed_today(imp, today), "last_notice": imp.notices[-1] if imp.notices else None,
                 "license_block": release_blocker(imp, today)}
                for imp in held]
        ended_rows = [{"imp": imp, "balance": fees.balance(imp, payments=paid[imp.id]) if fees.owner_billed(imp)
                       else None} for imp in ended]
        return render_template("field/impoundments.html", held=rows, ended=ended_rows, today=today, now=utcnow(),
                               filters=filters, filter_officers=officers())

    @bp.post("/impoundments/<int:impoundment_id>/notices")
    @permission_required("record_redemption")
    def record_impoundment_notice(impoundment_id):
        """The owner told that the dog is held: how, when, to whom (the DCO or the clerk)."""
        imp = record_or_404(Impoundment, impoundment_id)
        raw = request.form.get("notified_at", "")
        when = _local_instant(raw)
        try:
            if raw.strip() and when is None:
                raise ServiceError({"notified_at": "Give the date and time like 2026-10-19T14:30."})
            board.record_notice(imp, request.form.get("method", ""), when, request.form.get("to_whom", ""),
                              request.form.get("note", ""), _user())
        except ServiceError as exc:
            return _page_again(imp.id, exc.errors)
        flash("The owner's notice is recorded.", "success")
        return _back(imp, "#impound-notices")

    @bp.get("/impoundments/<int:impoundment_id>/notice-letter")
    @permission_required("read_records")
    def impoundment_notice_letter(impoundment_id):
        """The printable notice to the owner: the dog, where it is held, the §8(B) deadline, what to
        bring (§8(C): proof of license and identification) and the fees owed so far."""
        imp = record_or_404(Impoundment, impoundment_id)
        return render_template("field/impoundment_letter.html", imp=imp, case=kennel_case(imp),
                               kennel=imp.held_at or get_setting("kennel_name"),
                               clerk_phone=get_setting("clerk_phone"), dco_phone=get_setting("dco_phone"))

    @bp.get("/impoundments/<int:impoundment_id>/notice-letter.pdf")
    @permission_required("read_records")
    def impoundment_notice_letter_pdf(impoundment_id):
        """The same notice as a PDF, to mail (reportlab): field/notice_pdf.py."""
        from .notice_pdf import notice_letter_pdf
        imp = record_or_404(Impoundment, impoundment_id)
        body = notice_letter_pdf(imp, kennel_case(imp), imp.held_at or get_setting("kennel_name"),
                                 get_setting("clerk_phone"), get_setting("dco_phone"))
        return file_response(body, "application/pdf", filename=f"impoundment-{imp.id}-notice.pdf")

    @bp.post("/impoundments/<int:impoundment_id>/redeem")
    @permission_required("receive_impoundment_fees")
    @once_per_key("redeem")
    def redeem_impoundment(impoundment_id):
        """§8(C): redeemed with proof of a current license and identification, the fees paid
        (§8(C)(1), §8(C)(2)) on one receipt; then the dog is released."""
        imp = record_or_404(Impoundment, impoundment_id)
        f = request.form
        try:
            receipt = redemption.redeem(imp, identification=f.get("identification", ""), method=f.get("method", ""),
                                 reference=f.get("reference", ""), payer_name=f.get("payer_name", ""), user=_user())
        except ServiceError as exc:
            return _page_again(imp.id, exc.errors)
        name = imp.dog.name if imp.dog else "The dog"
        flash(f"{name} is redeemed and released (§8(C)).", "success")
        if receipt is not None:
            return redirect(url_for("field.receipt", number=receipt.number), 303)
        return _back(imp)

    @bp.post("/impoundments/<int:impoundment_id>/pay")
    @permission_required("receive_impoundment_fees")
    @once_per_key("impoundment_fees")
    def pay_impoundment(impoundment_id):
        """§8(D): the known owner pays the impoundment fees, whether or not the dog is redeemed."""
        imp = record_or_404(Impoundment, impoundment_id)
        f = request.form
        try:
            receipt = redemption.pay_balance(imp, method=f.get("pay_method", ""), reference=f.get("pay_reference", ""),
                                      payer_name=f.get("pay_payer_name", ""), user=_user())
        except ServiceError as exc:
            errors = {("pay_" + k if k in ("method", "reference") else k): v for k, v in exc.errors.items()}
            return _page_again(imp.id, errors)
        return redirect(url_for("field.receipt", number=receipt.number), 303)

    @bp.post("/impoundments/<int:impoundment_id>/waive")
    @permission_required("receive_impoundment_fees")
    def waive_impoundment(impoundment_id):
        """§8(D): what is owed waived, with the clerk's reason ($0.00 lines)."""
        imp = record_or_404(Impoundment, impoundment_id)
        try:
            redemption.waive_balance(imp, request.form.get("waive_reason", ""), _user())
        except ServiceError as exc:
            return _page_again(imp.id, exc.errors)
        flash("The impoundment fees are waived.", "success")
        return _back(imp, "#impound-fees")

    @bp.get("/receipts/<number>")
    @permission_required("read_records")
    def receipt(number):
        """A printable receipt: each typed line, how it was paid, by whom, and the total. Each
        town numbers its own receipts: `?town=` says whose, else the town acted for's comes first
        (an officer of several towns may read two of one number). The town's own paper."""
        query = db.select(Receipt).filter_by(number=number)
        town_id = request.args.get("town", type=int)
        if town_id is not None:
            query = query.where(Receipt.town_id == town_id)
        rec = db.session.execute(query.order_by(Receipt.town_id != current_town_id(), Receipt.id)
                                 .limit(1)).scalar_one_or_none()
        if rec is None:
            abort(404)
        with acting_for(rec.town_id):
            imp_ids = {ln.impoundment_id for ln in rec.lines if ln.impoundment_id}
            imp = db.session.get(Impoundment, min(imp_ids)) if imp_ids else None
            return render_template("field/receipt.html", rec=rec, imp=imp, methods=PAYMENT_METHODS,
                                   clerk_phone=get_setting("clerk_phone"))
