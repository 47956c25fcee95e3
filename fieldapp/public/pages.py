"""The pages a finder sees after scanning a tag, and the public rate limit.

Contract with the tags area: `/t/<token>` (tags.tag_page) calls, for anyone not signed in,
`found_dog_page(tag)` for an ACTIVE tag and `not_found_page()` for an unknown, retired or
blank token. Both check the public rate limit themselves, so the tag route needs no decorator.

Privacy: the template gets `public_facts(dog)`, a dict of what a finder may know. It never
receives the Dog or Owner objects, so no owner name, address or email can leak into the page.
An owner's phone is in it only when that owner opted in (Owner.show_phone_publicly, dated).
"""
import logging
import re
from functools import wraps

from flask import abort, current_app, make_response, render_template, request, url_for
from flask_limiter.util import get_remote_address
from flask_login import current_user
from limits import parse

from ..errors import MESSAGES
from ..extensions import db, limiter
from ..law import license_status, rabies_status
from ..models.town import Town as TownRecord
from ..services.enforcement.record import orders_in_force
from ..services.town_people import all_towns
from ..settings import get_setting
from ..timeutil import local_today
from ..town import acting_for

log = logging.getLogger(__name__)

# Per client address. Page views: a finder reloads, a household scans; a scraper does not stop.
PAGE_LIMIT = "30/minute"
# Messages: a real finder sends one or two; a spammer sends hundreds.
MESSAGE_LIMIT = "5/hour"
LIMITS = {"page": PAGE_LIMIT, "photo": PAGE_LIMIT, "message": MESSAGE_LIMIT}

PUBLIC_HEADERS = {
    "Cache-Control": "no-store",  # a lost dog's page changes; and nothing is kept on a shared phone
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",  # the token never leaves in a Referer header
    "X-Content-Type-Options": "nosniff",
}


def _public_response(body, status):
    resp = make_response(body, status)
    resp.headers.update(PUBLIC_HEADERS)
    return resp


def check_public_rate_limit(kind: str = "page"):
    """None if this client may go on; else the 429 page to return.

    Uses Flask-Limiter's storage and strategy directly (so it works inside any view,
    including the tags area's /t/<token>). Scopes are shared by all public pages:
    "page" for views, "message" for finder's messages. Off when RATELIMIT_ENABLED is False.
    """
    if not current_app.config.get("RATELIMIT_ENABLED", True) or not limiter.enabled:
        return None
    item = parse(LIMITS[kind])
    try:
        allowed = limiter.limiter.hit(item, "public", kind, get_remote_address())
    except Exception:  # the limit store is down: serve the finder rather than fail
        log.exception("Rate limit storage failed")
        return None
    if allowed:
        return None
    return too_many_requests_page(item.get_expiry())


def too_many_requests_page(retry_after: int = 60):
    body = render_template("public/error.html", code=429, message=MESSAGES[429],
                           dco_phone=get_setting("dco_phone"), dco_tel=tel_href(get_setting("dco_phone")))
    resp = _public_response(body, 429)
    resp.headers["Retry-After"] = str(retry_after)
    return resp


def not_found_page():
    """The one plain 404 for unknown, retired and blank tokens: same body, same headers,
    no work that depends on the token (nothing to learn by trying tokens)."""
    limited = check_public_rate_limit("page")
    if limited is not None:
        return limited
    from .forms import FoundNoTagForm
    dco_phone = get_setting("dco_phone")  # a finder is never left without a number
    # Of several towns, a tag not on file says nothing of whose it was: the finder picks the town.
    body = render_template("public/not_found.html", form=FoundNoTagForm(formdata=None), dco_phone=dco_phone,
                           dco_tel=tel_href(dco_phone), towns=all_towns())
    return _public_response(body, 404)


def tel_href(phone: str) -> str:
    digits = re.sub(r"[^\d+]", "", phone or "")
    if digits and not digits.startswith("+") and len(digits) == 10:
        digits = "+1" + digits  # North American number
    return f"tel:{digits}"


def public_facts(dog, today) -> dict:
    """All a finder may know about a dog. Yes/no answers only: no dates, no numbers."""
    lic = dog.current_license
    rab = dog.current_rabies
    licensed = license_status(lic.expires_on if lic else None, today) in ("valid", "expiring")
    # A vet's §5(B)(2) statement is not a vaccination: to a finder it is "not on file".
    rabies = rabies_status(rab.valid_until if rab else None, bool(rab and rab.exempt_statement), today)
    owner_phones = []
    for owner in dog.owners:
        if owner.show_phone_publicly and owner.phone_optin_on and owner.phone:
            owner_phones.append({"phone": owner.phone, "tel": tel_href(owner.phone)})
    return {
        "name": dog.name,
        "breed": dog.breed,
        "color": dog.color,
        "sex": {"M": "Male", "F": "Female"}.get(dog.sex, ""),
        "markings": dog.markings or "",
        "has_photo": dog.has_photo,
        "licensed": licensed,
        "rabies_current": rabies == "valid",
        "missing": dog.status in ("lost", "stolen"),
        # §10(B)(1): declared dangerous or vicious by the Town Justice: the finder is told to
        # keep away and call the DCO, and nothing else of the order (not its date or terms).
        "keep_away": any(o.status in ("dangerous", "vicious") for o in orders_in_force(dog)),
        "owner_phones": owner_phones,
    }


def found_dog_page(tag, form=None, status=200):
    """The finder's page for an ACTIVE tag. Logs a public scan (never an officer's)."""
    limited = check_public_rate_limit("page")
    if limited is not None:
        return limited
    if request.method == "GET" and not current_user.is_authenticated:
        from ..services.found_reports import coarse_client_info, record_tag_scan
        record_tag_scan(tag, coarse_client_info(request.user_agent.string, get_remote_address()))
    return render_found_dog_page(tag, form, status)


def render_found_dog_page(tag, form=None, status=200):
    from .forms import FoundDogMessageForm
    form = form or FoundDogMessageForm()
    dco_phone = get_setting("dco_phone")
    body = render_template(
        "public/found_dog.html", dog=public_facts(tag.dog, local_today()), token=tag.token, form=form,
        dco_phone=dco_phone, dco_tel=tel_href(dco_phone), clerk_phone=get_setting("clerk_phone"),
        clerk_tel=tel_href(get_setting("clerk_phone")),
        photo_url=url_for("public.tag_photo", token=tag.token) if tag.dog.has_photo else None,
        action=url_for("public.message", token=tag.token))
    return _public_response(body, status)


# ---- Which town, for a page without a tag ---------------------------------------------------

def chosen_town_id():
    """The town a finder chose for a page with no tag to tell it (`?town=<id>`: the choice below,
    or the link from a tag's page), or None when none was chosen or it is no town of ours."""
    raw = request.args.get("town", "")
    if not raw.isdigit() or len(raw) > 9:
        return None
    return int(raw) if db.session.get(TownRecord, int(raw)) is not None else None


def in_the_finders_town(view=None, *, offered=None):
    """A public page without a tag (a dog found with none, a dog problem reported) is a town's:
    its dog control officer's number, its report queue. A deployment of one town needs no choice;
    of several, the finder picks the town where they are, and the page then acts for it.
    `offered()`, asked while acting for each town: whether that town offers the page (a town's
    setting); the choice lists only those."""
    if view is None:
        return lambda v: in_the_finders_town(v, offered=offered)

    @wraps(view)
    def wrapper(*args, **kwargs):
        town_id = chosen_town_id()
        if town_id is not None:
            with acting_for(town_id):
                return view(*args, **kwargs)
        towns = all_towns()
        if len(towns) <= 1:
            return view(*args, **kwargs)
        limited = check_public_rate_limit("page")
        if limited is not None:
            return limited
        if offered is not None:
            towns = [t for t in towns if _offered_in(t.id, offered)]
            if not towns:
                abort(404)
        # A form sent from a page without its town (one opened before the town was asked): what
        # was typed goes back with the choice, so picking the town sends it (a photo cannot).
        kept = [(k, v) for k, v in request.form.items(multi=True)] if request.method == "POST" else []
        photo_dropped = any(f.filename for f in request.files.values()) if kept else False
        return _public_response(render_template("public/choose_town.html", towns=towns, kept=kept,
                                                photo_dropped=photo_dropped, endpoint=request.endpoint), 200)
    return wrapper


def _offered_in(town_id, offered) -> bool:
    with acting_for(town_id):
        return bool(offered())
